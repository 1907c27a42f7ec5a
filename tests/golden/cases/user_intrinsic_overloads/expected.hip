// Functions of the project's named like CUDA's intrinsics are the
// project's: their declarations stay, their calls stay, and the calls
// that the parse resolves to CUDA's intrinsics are translated as always.
#include <hip/hip_runtime.h>
#include "half_shfl.h"

#define SHFL_DOWN(v, d) __shfl_down_sync(0xffffffff, v, d)

#if OLD_CUDA_TOOLKIT
// An overload in a branch the parse does not take: a declaration all the
// same, not a call to rewrite.
__device__ inline proj::Half __shfl_xor_sync(unsigned mask, proj::Half var, int lane_mask, int width) {
  return var;
}
#endif

__device__ float reduce(float v, proj::Half h, int i) {
  v += __shfl_down(v, 1, 32);         // CUDA's: translated
  proj::Half g = __shfl_down_sync(0xffffffff, h, 1);  // the project's: stays
  i += __shfl_xor_sync(0xffffffff, i, 2, 32, 0);   // the project's wrapper: stays
  i += __shfl_xor(i, 2, 32);      // CUDA's: translated
  v += SHFL_DOWN(v, 2);                            // cannot tell: reported
  return v + g.x + i;
}

#if OLD_CUDA_TOOLKIT
// Only here, in a branch the parse does not take: still a declaration.
__device__ inline proj::Half __shfl_up_sync(unsigned mask, proj::Half var, unsigned delta, int width) {
  return var;
}
#endif
