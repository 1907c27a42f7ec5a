// A helper that takes its lane mask as a parameter: every call in the file
// passes a mask that names exactly the lanes running that call (the full
// mask, __activemask(), a guard's lanes, or a parameter that is itself such
// a mask), so dropping it before ROCm 7.0 loses no lane.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffffu

template <typename T> __device__ T group_sum(unsigned long long mask, T v) {
  for (int off = 16; off > 0; off /= 2) v += __shfl_down(v, off, 32);
  return v;
}

__device__ float pass_on(unsigned long long mask, float v); // declared first

__device__ float pass_on(unsigned long long mask, float v) { return group_sum<float>(mask, v) * 0.5f; }

__global__ void sums(const float *in, float *out, int k) {
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  v = group_sum(FULL_MASK, v);
  v = group_sum<float>(cu2hip_half_activemask(), v);
  if (lane < k) v = group_sum((1ull << k) - 1, v);
  v = pass_on(FULL_MASK, v);
  out[threadIdx.x] = v;
}
