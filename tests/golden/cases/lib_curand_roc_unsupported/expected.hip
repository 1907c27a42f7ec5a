// What rocRAND lacks (ROCm 5.2, rocRAND 2.10) is reported, not guessed:
// with --library-target roc every library with a ROCm-native table
// (cuRAND) targets it.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>
#include <rocrand/rocrand_kernel.h>

__global__ void scrambled(curandStateScrambledSobol32_t *states, float *out) {
  out[threadIdx.x] = rocrand_uniform(&states[threadIdx.x]);
}

int host_side(unsigned long long *out, size_t n) {
  rocrand_generator gen;
  if (curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_MT19937) != ROCRAND_STATUS_SUCCESS) return 1;
  curandSetGeneratorOrdering(gen, CURAND_ORDERING_PSEUDO_BEST);
  rocrand_status s = curandGenerateLongLong(gen, out, n);
  rocrand_destroy_generator(gen);
  return s == CURAND_STATUS_ARCH_MISMATCH ? 2 : 0;
}
