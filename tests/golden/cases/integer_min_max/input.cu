// CUDA's integer min/max helpers become HIP's min/max with CUDA's
// parameter types, so mixed signed/unsigned arguments compare as in CUDA.
#include <cuda_runtime.h>

__global__ void clamp_counts(unsigned int *count, int limit, long long *big, unsigned long long *ubig) {
  unsigned int i = threadIdx.x;
  count[i] = umin(count[i], limit);
  count[i] = umax(count[i] + 1, 2u);
  big[i] = llmin(big[i], -1) + llmax(big[i], 7);
  ubig[i] = ullmin(ubig[i], 1ull << 40) - ullmax(ubig[i], i);
  // A count above INT_MAX stays the larger value, as with CUDA's umax.
  count[i] = umax(count[i], -1 < 0 ? 0x80000000u : 0u);
}
