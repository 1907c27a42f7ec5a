// A helper whose lane mask parameter one caller fills with a mask nothing
// proves: the shuffle's mask is not known to hold the running lanes.
#include <hip/hip_runtime.h>

__device__ float group_sum(unsigned long long mask, float v) {
  for (int off = 16; off > 0; off /= 2) v += __shfl_down(v, off, 32);
  return v;
}

__device__ float group_max(unsigned long long mask, float v) {
  mask &= 0xffffull; // the parameter changes before its use
  for (int off = 16; off > 0; off /= 2) v = fmaxf(v, __shfl_down(v, off, 32));
  return v;
}

__global__ void sums(const float *in, float *out, unsigned long long given) {
  float v = in[threadIdx.x];
  v = group_sum(0xffffffff, v);
  v = group_sum(given, v);
  v = group_max(0xffffffff, v);
  out[threadIdx.x] = v;
}
