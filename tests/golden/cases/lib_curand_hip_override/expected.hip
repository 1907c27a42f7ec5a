// --library-target roc, then curand=hip: the later value wins for cuRAND,
// which keeps the hipRAND wrappers.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

__global__ void draw(hiprandState *states, float *out) {
  out[threadIdx.x] = hiprand_uniform(&states[threadIdx.x]);
}

int seed(hiprandGenerator_t gen) {
  return hiprandSetPseudoRandomGeneratorSeed(gen, 5ULL) == HIPRAND_STATUS_SUCCESS ? 0 : 1;
}
