#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset, 32);
  return v;
}

__device__ float warp_max(float v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v = fmaxf(v, __shfl_xor(v, offset, 32));
  return __shfl(v, 0, 32);
}

__global__ void vote(const int *flags, int *out) {
  int lane = threadIdx.x % 32;
  int f = flags[threadIdx.x];
  unsigned active = __ballot(1);
  unsigned ballot = cu2hip_half_ballot_sync(0xffffffff, f != 0);
  int any = cu2hip_half_any_sync(0xffffffffU, f > 1);
  int all = cu2hip_half_all_sync(0xffffffff, f >= 0);
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
  // Only the lower half of the warp takes part, and the mask names it.
  unsigned half = 0x0000ffff;
  if (lane < 16) {
    int prev = __shfl_up(f, 1, 32);
    unsigned lower = cu2hip_half_ballot_sync(half, prev > 0);
    (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
    out[threadIdx.x] = prev + (int)lower;
  }
  out[blockDim.x + threadIdx.x] = (int)ballot + any + all;
}
