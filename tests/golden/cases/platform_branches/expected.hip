// Code in a branch only HIP compiles is HIP code already: not translated
// again, not reported. Code in a branch HIP never compiles is the CUDA
// build's: not translated, and its inline PTX gets one note per branch.
#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_AMD__) || defined(__HIPCC__)
#define PROJ_ON_HIP 1
#else
#define PROJ_ON_HIP 0
#endif

__device__ unsigned lane_id() {
#ifndef USE_ROCM
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
#else
  return __lane_id();
#endif
}

__device__ float reduce(float v) {
#ifdef USE_ROCM
  // Written for ROCm 7's 64-bit masks by the project itself.
  v += __shfl_xor_sync(0xffffffffffffffffULL, v, 32);
#endif
#if PROJ_ON_HIP
  v += __shfl_xor(v, 16, 64);
#else
  v += __shfl_xor_sync(0xffffffff, v, 16);
  asm("bar.sync 0;");
#endif
  return v;
}

void sync_all() {
#if !defined(__HIP_PLATFORM_AMD__)
  cudaDeviceSynchronize();
#elif defined(__HIP_PLATFORM_AMD__) && HIP_VERSION >= 60000000
  (void)hipDeviceSynchronize();
#else
  hipDeviceSynchronize();
#endif
  // Code of both builds is translated as always.
  hipFree(0);
}

// A build switch that setup.py defines for ROCm builds only (no file of the
// project defines it): its #else is the CUDA build's.
__device__ unsigned group_or(unsigned s) {
#ifdef PROJ_WITH_HIP
  s |= __shfl_xor(s, 1);
#else
  unsigned groupMask = 15u << ((threadIdx.x & 31) & ~3);
  s |= __shfl_xor_sync(groupMask, s, 1);
#endif
  return s;
}

__global__ void k(float *out) {
  // Not a platform test: both branches are CUDA code to translate.
#if __CUDA_ARCH__ >= 700
  out[threadIdx.x] = __shfl_down(out[threadIdx.x], 1);
#endif
}
