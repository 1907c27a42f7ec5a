// Lane masks judged by value, whatever names spell them.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffff
#define LOW_HALF 0x00000000ffffffffull
#define ALL_BITS 0xffffffffu
const unsigned long long kAllLanes = 0xffffffffffffffffULL;
enum { kEveryLane = -1 };

__device__ float group_sum(float v) {
  for (int off = 16; off > 0; off /= 2) v += __shfl_down(v, off, 32);
  return v;
}

// A mask the caller passes in: its only caller passes __activemask(), so
// dropping it loses no lane.
__device__ int group_max(int v, unsigned long long mask) {
  for (int m = 1; m < 32; m <<= 1) v = max(v, __shfl_xor(v, m));
  return v;
}

__global__ void masks(const int *in, int *out, float *sums) {
  unsigned int mask = 0xffffffff;
  unsigned active = __activemask();
  int x = in[threadIdx.x];
  x += __shfl_xor_sync(0xffffffffffffffffULL, x, 1);
  x += __shfl_xor_sync(kAllLanes, x, 2);
  x += __shfl_xor_sync(0xffffffffffffffffULL, x, 4);
  x += __shfl_xor(x, 8);
  x += __shfl_xor(x, 16);
  // ALL_BITS is also a data mask: its definition must stay 32 bits.
  x += __shfl_down(x, 1, 32) & (int)ALL_BITS;
  if (threadIdx.x < 32) x += __shfl_down(x, 1, 32);
  out[threadIdx.x] = group_max(x, cu2hip_half_activemask());
  sums[threadIdx.x] = group_sum((float)x);
}
