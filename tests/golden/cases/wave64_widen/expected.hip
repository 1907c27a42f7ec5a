// Code written for the hardware warp (warpSize) that keeps lane masks in
// 32 bits: the rewrites widen them to 64 bits (type, __popc, 1u << lane).
#include <hip/hip_runtime.h>
__global__ void compact_wave(const int *in, int *out, int *counts) {
  int lane = threadIdx.x % warpSize;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  bool keep = v % 2 == 0;
  unsigned long long mask = __ballot(keep);
  int pos = __popcll(mask & ((1ull << lane) - 1));
  if (keep) out[warp * warpSize + pos] = v;
  if (lane == 0) counts[warp] = __popcll(mask);
}
