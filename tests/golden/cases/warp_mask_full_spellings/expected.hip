// A full lane mask is full however it is spelt: casts of -1, ~0, suffixed
// literals, and names a project header defines. Only the 16-lane mask
// leaves lanes out.
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
  v += __shfl_down(v, 1);
  return v;
}
