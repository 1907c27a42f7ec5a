// Warp code that breaks on a 64-lane wavefront.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

#define FULL 0xffffffff

__device__ float group_sum(float v) {
  for (int off = 16; off > 0; off /= 2) v += __shfl_down(v, off, 32);
  return v;
}

// The sum is broadcast from lane 0 without a width: lanes 32-63 read the
// lower group's sum.
__global__ void normalize(float *x) {
  float s = group_sum(x[threadIdx.x]);
  s = __shfl(s, 0, 32);
  x[threadIdx.x] /= s;
}

// Every lane reads each lane of its warp in turn: absolute lanes 0-31.
__global__ void all_pairs(const float *in, float *out) {
  float v = in[threadIdx.x], acc = 0.0f;
  for (int src = 0; src < 32; ++src) acc += v * __shfl(v, src, 32);
  out[threadIdx.x] = acc;
}

// 32-lane warp numbers with a reduction over the whole wavefront: lanes
// 0 and 32 both write sums, and the entries overlap.
__device__ float wave_sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  return v;
}

__global__ void mixed(const float *in, float *out) {
  __shared__ float partial[32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = wave_sum(in[threadIdx.x]);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0] + partial[1];
}

// Wavefront lane numbers: 32 entries per warp are too few, and lane 31 is
// not the last lane.
__global__ void wave_lanes(const int *in, int *out) {
  __shared__ int scratch[4][32];
  int lane = threadIdx.x % warpSize;
  int v = in[threadIdx.x];
  scratch[threadIdx.x / warpSize][lane] = v;
  for (int d = 1; d < warpSize; d *= 2) {
    int up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  if (lane == 31) out[blockIdx.x] = v;
  unsigned long long votes = __ballot(v > 0);
  unsigned below = FULL >> (32 - lane);
  out[threadIdx.x] = scratch[0][lane] + __popcll(votes & below);
}

// Ballots kept in 32 bits.
__global__ void count_wave(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = __popcll(votes);
}

__global__ void count_groups(const int *in, int *out) {
  unsigned votes = cu2hip_half_ballot_sync(FULL, in[threadIdx.x] > 0);
  if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = __popc(votes);
}
