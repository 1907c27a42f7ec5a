#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__device__ float warp_max(float v) {
  for (int offset = 1; offset < 32; offset <<= 1)
    v = fmaxf(v, __shfl_xor_sync(0xFFFFFFFFu, v, offset, 32));
  return __shfl_sync(~0u, v, 0);
}

__global__ void vote(const int *flags, int *out) {
  int lane = threadIdx.x % 32;
  int f = flags[threadIdx.x];
  unsigned active = __activemask();
  unsigned ballot = __ballot_sync(0xffffffff, f != 0);
  int any = __any_sync(0xffffffffU, f > 1);
  int all = __all_sync(0xffffffff, f >= 0);
  __syncwarp();
  __syncwarp(0xffffffff);
  // Only the lower half of the warp takes part, and the mask names it.
  unsigned half = 0x0000ffff;
  if (lane < 16) {
    int prev = __shfl_up_sync(half, f, 1);
    unsigned lower = __ballot_sync(half, prev > 0);
    __syncwarp(active);
    out[threadIdx.x] = prev + (int)lower;
  }
  out[blockDim.x + threadIdx.x] = (int)ballot + any + all;
}
