// CUDA's integer min/max helpers become HIP's min/max with CUDA's
// parameter types, so mixed signed/unsigned arguments compare as in CUDA.
#include <hip/hip_runtime.h>

__global__ void clamp_counts(unsigned int *count, int limit, long long *big, unsigned long long *ubig) {
  unsigned int i = threadIdx.x;
  count[i] = min((unsigned int)(count[i]), (unsigned int)(limit));
  count[i] = max((unsigned int)(count[i] + 1), (unsigned int)(2u));
  big[i] = min((long long)(big[i]), (long long)(-1)) + max((long long)(big[i]), (long long)(7));
  ubig[i] = min((unsigned long long)(ubig[i]), (unsigned long long)(1ull << 40)) - max((unsigned long long)(ubig[i]), (unsigned long long)(i));
  // A count above INT_MAX stays the larger value, as with CUDA's umax.
  count[i] = max((unsigned int)(count[i]), (unsigned int)(-1 < 0 ? 0x80000000u : 0u));
}
