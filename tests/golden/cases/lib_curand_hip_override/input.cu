// --library-target roc, then curand=hip: the later value wins for cuRAND,
// which keeps the hipRAND wrappers.
#include <curand.h>
#include <curand_kernel.h>

__global__ void draw(curandState *states, float *out) {
  out[threadIdx.x] = curand_uniform(&states[threadIdx.x]);
}

int seed(curandGenerator_t gen) {
  return curandSetPseudoRandomGeneratorSeed(gen, 5ULL) == CURAND_STATUS_SUCCESS ? 0 : 1;
}
