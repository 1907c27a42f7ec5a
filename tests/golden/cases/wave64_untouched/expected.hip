// Code the half-wave rewrites leave alone: code written for the wavefront
// (warpSize, 64-bit masks), and a kernel whose blocks are one 32-lane warp
// at most, whose lanes 0-31 are the whole block.
#include <hip/hip_runtime.h>

__global__ void wave(const int *in, int *out) {
  int lane = threadIdx.x % warpSize;
  unsigned long long m = __ballot(in[threadIdx.x] > 0);
  int below = __popcll(m & ((1ull << lane) - 1));
  int any = __any(in[threadIdx.x] > 9);
  out[threadIdx.x] = below + any + __shfl(in[threadIdx.x], 0);
}

__global__ void __launch_bounds__(32) one_warp(const int *in, int *out) {
  int lane = threadIdx.x & 31;
  unsigned m = __ballot(in[lane] > 0);
  out[lane] = __popc(m) + __shfl(in[lane], 0);
}
