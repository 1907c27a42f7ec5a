// A full lane mask is full however it is spelt: casts of -1, ~0, suffixed
// literals, and names a project header defines (lanes.h; its 16-lane mask
// is not used here: every translation of this case must compile for
// ROCm 7.0, where a partial 32-bit mask does not).
#include <cuda_runtime.h>
#include <stdint.h>
#include "lanes.h"

__device__ float reduce(float v) {
  v += __shfl_xor_sync(uint32_t(-1), v, 1);
  v += __shfl_xor_sync((unsigned)-1, v, 2);
  v += __shfl_xor_sync(static_cast<unsigned int>(-1), v, 4);
  v += __shfl_xor_sync(~0u, v, 8);
  v += __shfl_xor_sync(~0, v, 16);
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  v += __shfl_xor_sync(WARP_ALL, v, 2);
  v += __shfl_xor_sync(WARP_ALL_CAST, v, 4);
  v += __shfl_xor_sync(kWarpAll, v, 8);
  v += __shfl_xor_sync(kEveryLaneEnum, v, 16);
  return v;
}
