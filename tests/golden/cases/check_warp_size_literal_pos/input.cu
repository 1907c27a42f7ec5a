#include <cuda_runtime.h>

#define WARP_SIZE 32
constexpr int kWarpSize = 32;

// Sum over one warp with shuffles.
__device__ float warp_reduce(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__device__ int warp_max(int v) {
  for (int mask = 1; mask < 32; mask <<= 1)
    v = max(v, __shfl_xor_sync(0xffffffff, v, mask));
  return v;
}

__device__ float warp_reduce_const(float v) {
#pragma unroll
  for (int o = WARP_SIZE / 2; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[WARP_SIZE];
  int tid = threadIdx.x;
  int lane = tid % 32;
  int warp = tid / 32;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = gid < n ? in[gid] : 0.0f;
  v = warp_reduce(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  int nwarps = blockDim.x >> 5;
  if (warp == 0) {
    v = lane < nwarps ? partial[lane] : 0.0f;
    v = warp_reduce(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

__global__ void per_lane_scratch(int *out) {
  __shared__ int scratch[4][32];
  __shared__ int last[32];
  unsigned laneId = threadIdx.x & 0x1f;
  unsigned w = threadIdx.x / kWarpSize;
  scratch[w][laneId] = (int)threadIdx.x;
  last[laneId] = (int)w;
  out[threadIdx.x] = scratch[w][(laneId + 1) & (WARP_SIZE - 1)] + last[laneId];
}
