// 32-lane warp code that stays right on a 64-lane wavefront, and code
// written for the wavefront from the start: nothing to report.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kWarp = 32;

// Butterfly: every lane ends with the max of its 32-lane group.
__device__ int group_max(int v) {
  for (int m = 1; m < 32; m <<= 1) v = max(v, __shfl_xor(v, m));
  return v;
}

// Broadcast with the width CUDA implies: lane 0 of each 32-lane group.
__device__ float from_first(float v) { return __shfl(v, 0, 32); }

// Inclusive scan over 32 lanes, guarded by the 32-lane lane number.
__global__ void scan32(const int *in, int *out, int *totals) {
  int lane = threadIdx.x & 31;
  int v = in[threadIdx.x];
  for (int d = 1; d < kWarp; d *= 2) {
    int up = __shfl_up(v, d, 32);
    if (lane >= d) v += up;
  }
  out[threadIdx.x] = v;
  if (lane == 31) totals[threadIdx.x / kWarp] = v;
}

// Cooperative-groups tiles of 32 and their members.
__global__ void tiles(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  v = from_first(v);
  if (tile.thread_rank() == 0) out[block.thread_rank() / 32] = v + (float)group_max((int)v);
}

// Written for the wavefront: lanes, warps and offsets from warpSize.
__global__ void wave_sum(const float *in, float *out) {
  __shared__ float partial[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  float v = in[threadIdx.x];
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  v = __shfl(v, 0);
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  if (wid == 0) out[blockIdx.x] = lane < blockDim.x / warpSize ? partial[lane] : 0.0f;
}

// A source lane taken from the thread index, not an absolute lane.
__global__ void rotate(const int *in, int *out) {
  int v = in[threadIdx.x];
  out[threadIdx.x] = __shfl(v, threadIdx.x + 1);
}
