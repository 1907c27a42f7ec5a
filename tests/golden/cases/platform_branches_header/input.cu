// A platform switch from a project header: `#if !PROJ_HIP` is code HIP
// never compiles, like `#ifndef __HIP_PLATFORM_AMD__`, so its own
// atomicMax (which HIP's headers declare) is no collision there.
#include <cuda_runtime.h>
#include "platform.h"

#if !PROJ_HIP
__device__ float atomicMax(float* address, float val) {
  int* a = reinterpret_cast<int*>(address);
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
#endif

#if PROJ_HIP
__device__ unsigned lane() { return __lane_id(); }
#else
__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
#endif

__global__ void k(float *m, float v) { atomicMax(m, v + lane()); }
