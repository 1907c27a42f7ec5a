// The cuRAND device API translated to rocRAND (--library-target curand=roc):
// one kernel per generator state.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand_kernel.h>

__global__ void xorwow(unsigned long long seed, float *out, unsigned int *bits, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_xorwow state;
  rocrand_init(seed, id, 0, &state);
  if (id < n) {
    bits[id] = rocrand(&state);
    float2 pair = rocrand_normal2(&state);
    out[id] = rocrand_uniform(&state) + rocrand_normal(&state) + pair.x * pair.y +
              rocrand_log_normal(&state, 0.0f, 1.0f) + (float)rocrand_poisson(&state, 4.0);
  }
}

__global__ void philox(rocrand_state_philox4x32_10 *states, float4 *out, double2 *pairs) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(7ULL, id, 0, &states[id]);
  rocrand_state_philox4x32_10 local = states[id];
  out[id] = rocrand_uniform4(&local);
  float4 g = rocrand_normal4(&local);
  out[id].x += g.x;
  pairs[id] = rocrand_normal_double2(&local);
  double2 u = rocrand_uniform_double2(&local);
  pairs[id].x += u.y;
  uint4 raw = rocrand4(&local);
  out[id].w += (float)(raw.x & 1u);
  states[id] = local;
}

__global__ void mrg(rocrand_state_mrg32k3a *states, double *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(99ULL, id, 0, &states[id]);
  out[id] = rocrand_uniform_double(&states[id]) + rocrand_normal_double(&states[id]) +
            rocrand_log_normal_double(&states[id], 0.0, 0.5);
}

__global__ void sobol(unsigned int *directions, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_sobol32 state;
  rocrand_init(directions, id, &state);
  out[id] = rocrand_uniform(&state);
}

__global__ void discrete(rocrand_state_xorwow *states, rocrand_discrete_distribution dist, unsigned int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = rocrand_discrete(&states[id], dist);
}
