// A full lane mask is full however it is spelt: casts of -1, ~0, suffixed
// literals, and names a project header defines (lanes.h; its 16-lane mask
// is not used here: every translation of this case must compile for
// ROCm 7.0, where a partial 32-bit mask does not).
#include <hip/hip_runtime.h>
#include <stdint.h>
#include "lanes.h"

__device__ float reduce(float v) {
  v += __shfl_xor(v, 1);
  v += __shfl_xor(v, 2);
  v += __shfl_xor(v, 4);
  v += __shfl_xor(v, 8);
  v += __shfl_xor(v, 16);
  v += __shfl_xor(v, 1);
  v += __shfl_xor(v, 2);
  v += __shfl_xor(v, 4);
  v += __shfl_xor(v, 8);
  v += __shfl_xor(v, 16);
  return v;
}
