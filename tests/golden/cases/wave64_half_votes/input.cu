// Votes, ballots and lane masks in code written for 32-lane warps (lanes
// numbered threadIdx.x & 31, warps threadIdx.x / 32). On a 64-lane gfx942
// wavefront each half acts as one CUDA warp: the votes become the half-wave
// functions of cu2hip_compat.h, and the code's own 32-bit masks, __popc and
// __ffs stay as they are.
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void compact(const int *in, int *out, int *counts, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = tid / 32;
  int v = tid < n ? in[tid] : 0;
  bool keep = tid < n && v % 3 == 0;
  unsigned mask = __ballot_sync(FULL, keep);
  int pos = __popc(mask & ((1u << lane) - 1));
  if (keep) out[warp * 32 + pos] = v;
  if (lane == 0) counts[warp] = __popc(mask);
}

__global__ void votes(const int *in, int *any_out, int *all_out, int *first_out, unsigned *active_out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = tid % 32;
  int v = in[tid];
  int a = __any_sync(FULL, v > 100);
  int b = __all_sync(FULL, v >= 0);
  unsigned m = __ballot_sync(FULL, v > 50);
  unsigned live = __activemask();
  if (lane == 0) {
    any_out[tid / 32] = a;
    all_out[tid / 32] = b;
    first_out[tid / 32] = __ffs(m);
    active_out[tid / 32] = live;
  }
}

__global__ void groups(const int *in, unsigned *same, int *sum) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int key = in[tid] % 4;
  int pred = 0;
  unsigned peers = __match_any_sync(FULL, key);
  unsigned all = __match_all_sync(FULL, key, &pred);
  int total = __reduce_add_sync(FULL, in[tid]);
  if (lane == 0) sum[tid >> 5] = total;
  same[tid] = peers ^ all;
}

// A ballot whose only use is the mask of a shuffle: masks are dropped, so
// it stays as it is.
__global__ void tail_sum(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  float v = tid < n ? in[tid] : 0.0f;
  unsigned live = __ballot_sync(FULL, tid < n);
  if (tid < n)
    for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(live, v, off);
  if ((tid & 31) == 0) out[tid / 32] = v;
}
