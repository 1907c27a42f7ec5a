// A ballot kept in 32 bits that only ever names lanes: it is passed, through
// a helper, as the mask of a shuffle. Before ROCm 7.0 the translation drops
// masks, so no lane is lost and nothing is reported; the helper's mask is
// the ballot of the guard around its call, so dropping it is exact too. The
// count below does read the ballot's bits, and stays reported.
#include <hip/hip_runtime.h>
template <typename T> __device__ T sum_lanes(unsigned long long lanes, T v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset, 32);
  return v;
}

__global__ void partial_sums(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  float v = tid < n ? in[tid] : 0.0f;
  const unsigned int active = __ballot(tid < n);
  if (tid < n) v = sum_lanes<float>(active, v);
  if (tid == 0) out[blockIdx.x] = v;
}

__global__ void count_active(const int *flags, int *count) {
  unsigned int votes = __ballot(flags[threadIdx.x] != 0);
  if (threadIdx.x == 0) *count = __popc(votes);
}
