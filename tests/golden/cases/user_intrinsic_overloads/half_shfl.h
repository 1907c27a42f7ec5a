// A project header with its own overloads of CUDA's shuffle names.
#pragma once
#include <cuda_runtime.h>

namespace proj {
struct Half {
  unsigned short x;
};
}  // namespace proj

// For the project's half type, which CUDA's shuffles do not take.
__device__ __forceinline__ proj::Half __shfl_down_sync(unsigned mask, proj::Half var, unsigned delta,
                                                       int width = 32) {
  proj::Half h;
  h.x = (unsigned short)__shfl_down_sync(mask, (int)var.x, delta, width);
  return h;
}

// A generic wrapper for any type, spelt like the intrinsic.
template <typename T>
__device__ __forceinline__ T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width, int /*tag*/) {
  return __shfl_xor_sync(mask, var, lane_mask, width);
}
