// The cuRAND device API translated to rocRAND (--library-target curand=roc):
// one kernel per generator state.
#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void xorwow(unsigned long long seed, float *out, unsigned int *bits, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, id, 0, &state);
  if (id < n) {
    bits[id] = curand(&state);
    float2 pair = curand_normal2(&state);
    out[id] = curand_uniform(&state) + curand_normal(&state) + pair.x * pair.y +
              curand_log_normal(&state, 0.0f, 1.0f) + (float)curand_poisson(&state, 4.0);
  }
}

__global__ void philox(curandStatePhilox4_32_10_t *states, float4 *out, double2 *pairs) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(7ULL, id, 0, &states[id]);
  curandStatePhilox4_32_10_t local = states[id];
  out[id] = curand_uniform4(&local);
  float4 g = curand_normal4(&local);
  out[id].x += g.x;
  pairs[id] = curand_normal2_double(&local);
  double2 u = curand_uniform2_double(&local);
  pairs[id].x += u.y;
  uint4 raw = curand4(&local);
  out[id].w += (float)(raw.x & 1u);
  states[id] = local;
}

__global__ void mrg(curandStateMRG32k3a *states, double *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(99ULL, id, 0, &states[id]);
  out[id] = curand_uniform_double(&states[id]) + curand_normal_double(&states[id]) +
            curand_log_normal_double(&states[id], 0.0, 0.5);
}

__global__ void sobol(unsigned int *directions, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateSobol32_t state;
  curand_init(directions, id, &state);
  out[id] = curand_uniform(&state);
}

__global__ void discrete(curandStateXORWOW_t *states, curandDiscreteDistribution_t dist, unsigned int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_discrete(&states[id], dist);
}
