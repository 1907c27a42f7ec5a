// Handles that are unsigned long long in CUDA and pointers in HIP, used as
// integers: driver-API device pointers offset by arithmetic, a kernel
// argument slot written through a cast, a texture object split into
// halves. Copies, zero and comparisons are fine.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

void pack(char *slots, size_t width, hipDeviceptr_t base, hipDeviceptr_t *out) {
  *(reinterpret_cast<hipDeviceptr_t *>(slots)) = (hipDeviceptr_t)(uintptr_t)(width);
  hipDeviceptr_t row = 0;
  row = (hipDeviceptr_t)((char *)(base) + width * sizeof(float));
  row = (hipDeviceptr_t)((char *)(row) + (64));
  hipDeviceptr_t same = base;
  same = 0;
  if (row != base) same = row;
  *out = same;
}

__device__ uint2 split(hipTextureObject_t tex) {
  return make_uint2((unsigned)(tex & 0xFFFFFFFFu), (unsigned)(tex >> 32));
}
