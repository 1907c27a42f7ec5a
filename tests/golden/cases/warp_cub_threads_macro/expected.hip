// A lane number masked to 32 lanes next to CUB's name of the hardware
// warp size, which hipCUB makes 64 on gfx942.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#define HW_THREADS HIPCUB_WARP_THREADS

__global__ void scan_rows(const float *in, float *out) {
  unsigned lane = threadIdx.x & 0x1f;
  unsigned warps = blockDim.x / HW_THREADS;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    float up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + warps;
}
