#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

__global__ void setup(hiprandState_t *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(seed, id, 0, &states[id]);
}

__global__ void sample(hiprandState_t *states, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState_t local = states[id];
  out[id] = hiprand_uniform(&local) + hiprand_normal(&local);
  states[id] = local;
}

__global__ void philox(hiprandStatePhilox4_32_10_t *states, float4 *out) {
  int id = threadIdx.x;
  hiprand_init(1234ULL, id, 0, &states[id]);
  out[id] = hiprand_uniform4(&states[id]);
}

int main() {
  hiprandGenerator_t gen;
  float *data;
  hipMalloc(&data, 1024 * sizeof(float));
  hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
  hiprandSetPseudoRandomGeneratorSeed(gen, 42ULL);
  if (hiprandGenerateUniform(gen, data, 1024) != HIPRAND_STATUS_SUCCESS) return 1;
  hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_PSEUDO_DEFAULT);
  hiprandDestroyGenerator(gen);
  hipFree(data);
  return 0;
}
