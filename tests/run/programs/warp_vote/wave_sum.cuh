// Sum over a warp (warpSize lanes) by halving shuffles: after the loop
// lane 0 holds it.
#pragma once
__device__ inline int wave_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}
