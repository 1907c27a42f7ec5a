// Compute capability printed or compared between devices, and compiler
// tests that mean the same under HIP.
#include <cstdio>
#include <hip/hip_runtime.h>

#ifdef __HIPCC__
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

#if defined(__CUDACC__) && !defined(__HIPCC__)
#define HAVE_GRAPHS 1
#endif

struct Version {
  int major, minor;
};

HOST_DEVICE inline int twice(int x) { return 2 * x; }

int best_device(int count) {
  int best = 0;
  hipDeviceProp_t best_prop;
  hipGetDeviceProperties(&best_prop, 0);
  for (int d = 1; d < count; d++) {
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, d);
    printf("device %d: %s, compute capability %d.%d\n", d, prop.name, prop.major, prop.minor);
    if (prop.major > best_prop.major) {
      best = d;
      best_prop = prop;
    }
  }
  Version v = {2, 1};
  if (v.major >= 2 && v.minor > 0) best = twice(best);
  if (best_prop.multiProcessorCount >= 80 && best_prop.warpSize == 64) best = 0;
  return best;
}

// A comment about __CUDA_ARCH__ >= 700, and a string: "__CUDA_ARCH__".
const char *arch_note = "__CUDA_ARCH__ >= 800";
