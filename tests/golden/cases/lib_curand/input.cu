#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

__global__ void setup(curandState_t *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void sample(curandState_t *states, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState_t local = states[id];
  out[id] = curand_uniform(&local) + curand_normal(&local);
  states[id] = local;
}

__global__ void philox(curandStatePhilox4_32_10_t *states, float4 *out) {
  int id = threadIdx.x;
  curand_init(1234ULL, id, 0, &states[id]);
  out[id] = curand_uniform4(&states[id]);
}

int main() {
  curandGenerator_t gen;
  float *data;
  cudaMalloc(&data, 1024 * sizeof(float));
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 42ULL);
  if (curandGenerateUniform(gen, data, 1024) != CURAND_STATUS_SUCCESS) return 1;
  curandSetGeneratorOrdering(gen, CURAND_ORDERING_PSEUDO_DEFAULT);
  curandDestroyGenerator(gen);
  cudaFree(data);
  return 0;
}
