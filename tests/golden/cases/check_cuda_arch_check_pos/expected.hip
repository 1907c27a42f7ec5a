// Code paths chosen by NVIDIA architecture: __CUDA_ARCH__ tests and
// compute-capability checks on the host.
#include <cstdio>
#include <hip/hip_runtime.h>

__host__ __device__ inline float fast_div(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fdividef(a, b);
#else
  return a / b;
#endif
}

__device__ float combine(float v) {
#if __CUDA_ARCH__ >= 700
  return v * 2.0f;
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
  return v;
#else
  return v + 1.0f;
#endif
}

#if !defined(__CUDA_ARCH__)
static int host_threads() { return 8; }
#endif

int choose_kernel(int dev) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, dev);
  if (prop.major >= 7) return 1;
  int cc = prop.major * 10 + prop.minor;
  if (cc < 80) return 2;
  int major = 0;
  hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev);
  if (major == 8) return 3;
  switch (prop.major) {
    case 9: return 4;
    default: break;
  }
  return prop.major * 10 + prop.minor >= 90 ? host_threads() : 0;
}
