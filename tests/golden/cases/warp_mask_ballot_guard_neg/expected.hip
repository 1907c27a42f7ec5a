// A ballot of a predicate, used as the mask of a call under a guard of the
// same predicate: the lanes of the ballot are the lanes that run the call.
// Before ROCm 7.0 the mask is dropped and nothing is lost.
#include <hip/hip_runtime.h>

#define ALL_LANES 0xffffffff

__global__ void tail_sum(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  float v = tid < n ? in[tid] : 0.0f;
  unsigned long long live = __ballot(tid < n);
  if (tid < n) {
    for (int off = 16; off > 0; off /= 2) v += __shfl_down(v, off, 32);
  }
  if (tid == 0) out[blockIdx.x] = v;
}
