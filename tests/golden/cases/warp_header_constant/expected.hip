// A warp size of 32 from a project header, next to a CUB warp reduction
// left at its default logical warp (64 lanes with hipCUB on gfx942): the
// warp numbering and the reduction disagree there.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
#include "warp_config.h"

template <int THREADS>
__global__ void row_sums(const float *x, float *out) {
  typedef hipcub::WarpReduce<float> WarpReduce;
  __shared__ typename WarpReduce::TempStorage tmp[THREADS / PROJ_WARP_SIZE];
  const int warp_idx = threadIdx.x / PROJ_WARP_SIZE;
  float s = WarpReduce(tmp[warp_idx]).Sum(x[blockIdx.x * THREADS + threadIdx.x]);
  if (threadIdx.x % PROJ_WARP_SIZE == 0) out[blockIdx.x * (THREADS / PROJ_WARP_SIZE) + warp_idx] = s;
}

template __global__ void row_sums<256>(const float *, float *);
