// Shuffles in code written for 32-lane warps. CUDA's width is 32; HIP's,
// left out, is the 64-lane wavefront, so a source lane or delta that can
// reach the other half gets the width of 32. An xor whose lane mask stays
// below 32, and a shuffle that names its width, stay as they are.
#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  return __shfl_sync(0xffffffff, v, 0);
}

__device__ int warp_max(int v) {
  for (int m = 1; m < 32; m <<= 1) v = max(v, __shfl_xor_sync(0xffffffff, v, m));
  return v;
}

__global__ void scan(const int *in, int *out, int *totals, float *sums) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[tid];
  for (int d = 1; d < 32; d *= 2) {
    int u = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += u;
  }
  out[tid] = v;
  if (lane == 0) totals[tid / 32] = __shfl_sync(0xffffffff, v, 31, 32);
  v = __shfl_xor_sync(0xffffffff, v, 16);
  v = warp_max(v + __shfl_xor_sync(0xffffffff, v, lane));
  if (lane == 0) sums[tid / 32] = warp_sum((float)v);
  __syncwarp();
}
