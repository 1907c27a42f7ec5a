// Ballots used as masks where the lanes that run the call are not the lanes
// of the ballot: each stays reported.
#include <cuda_runtime.h>

__global__ void mismatched(const float *in, float *out, int n, unsigned long long given) {
  int tid = threadIdx.x;
  float v = in[tid];
  unsigned long long live = __ballot_sync(0xffffffff, tid < n);
  // The guard tests another predicate.
  if (tid < n - 1) v += __shfl_down_sync(live, v, 1);
  // No guard: lanes with tid >= n run the call too.
  v += __shfl_down_sync(live, v, 2);
  // The ballot's own mask is not known, so neither are its lanes.
  unsigned long long some = __ballot_sync(given, tid < n);
  if (tid < n) v += __shfl_down_sync(some, v, 4);
  // A ballot taken only by some lanes, under a condition of its own.
  unsigned long long late = 0;
  if (v > 0.0f) late = __ballot_sync(0xffffffff, tid < n);
  if (tid < n) v += __shfl_down_sync(late, v, 8);
  out[tid] = v;
}

// A ballot taken with a mask that is not known, whose result only ever serves
// as a mask that is dropped: the ballot's own mask does not matter, and it is
// not reported; the shuffle that takes the result as its mask is.
__device__ float add_down(unsigned long long lanes, float v) {
  return v + __shfl_down_sync(lanes, v, 1);
}

__global__ void pairs(const float *in, float *out, unsigned long long given) {
  float v = in[threadIdx.x];
  const unsigned long long voted = __ballot_sync(given, v > 0.0f);
  out[threadIdx.x] = add_down(voted, v);
}
