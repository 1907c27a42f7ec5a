// A helper that takes its lane mask as a parameter, with a specialisation
// for int under an #if the translation unit does not compile. The
// specialisation's parameter list is a definition, not a call that passes
// an unknown mask: every call passes the full mask, so dropping it before
// ROCm 7.0 loses no lane (the #if itself gets its own warning).
#include <hip/hip_runtime.h>

template <class T> __device__ T lane_sum(unsigned long long lanes, T v) {
  for (int step = 16; step > 0; step >>= 1) v += __shfl_down(v, step, 32);
  return v;
}

#if __CUDA_ARCH__ >= 800
template <> __device__ int lane_sum<int>(unsigned long long lanes, int v) {
  return __reduce_add_sync(lanes, v);
}
#endif

__global__ void sums(const float *in, float *out) {
  float v = lane_sum<float>(0xffffffffu, in[threadIdx.x]);
  if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}
