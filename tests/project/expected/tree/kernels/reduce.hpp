// Block-wide sum.
#pragma once
#include "common/config.h"

__device__ inline float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset, 32);
  return v;
}

void launch_reduce(const float *in, float *out, int n, hipStream_t stream);
