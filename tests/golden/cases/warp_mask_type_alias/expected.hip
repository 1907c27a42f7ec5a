// A project's own lane-mask type, used by its overloads of the _sync
// shuffles for its half type and to keep a ballot.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

using warp_mask_t = unsigned int;
typedef uint32_t vote_mask_t;
typedef unsigned long long wide_mask_t;  // 64 bits: fine
using counter_t = unsigned int;           // not a mask

__device__ __inline__ __half __shfl_down_sync(const warp_mask_t mask, const __half var, const unsigned int delta) {
  return __ushort_as_half(__shfl_down_sync(mask, __half_as_ushort(var), delta));
}

__device__ __inline__ float __shfl_xor_sync(wide_mask_t mask, float var, int lane, int width, int) {
  return __shfl_xor_sync(mask, var, lane, width);
}

__global__ void count(const int *flags, int *out) {
  vote_mask_t votes = __ballot_sync(0xffffffffffffffffULL, flags[threadIdx.x] != 0);
  counter_t c = 0;
  if (threadIdx.x == 0) out[blockIdx.x] = __popc(votes) + c;
}
