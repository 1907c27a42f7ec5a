// Handles that are unsigned long long in CUDA and pointers in HIP, used as
// integers: driver-API device pointers offset by arithmetic, a kernel
// argument slot written through a cast, a texture object split into
// halves. Copies, zero and comparisons are fine.
#include <cuda.h>
#include <cuda_runtime.h>

void pack(char *slots, size_t width, CUdeviceptr base, CUdeviceptr *out) {
  *(reinterpret_cast<CUdeviceptr *>(slots)) = width;
  CUdeviceptr row = 0;
  row = base + width * sizeof(float);
  row += 64;
  CUdeviceptr same = base;
  same = 0;
  if (row != base) same = row;
  *out = same;
}

__device__ uint2 split(cudaTextureObject_t tex) {
  return make_uint2((unsigned)(tex & 0xFFFFFFFFu), (unsigned)(tex >> 32));
}
