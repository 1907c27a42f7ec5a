#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

#ifdef __HIPCC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline float sq(float x) { return x * x; }

#if defined(HIP_INCLUDE_HIP_DRIVER_TYPES_H) && defined(HIPFFT_H_)
static const char *fft_error(hipfftResult r) { return r == HIPFFT_SUCCESS ? "ok" : hipGetErrorString(hipGetLastError()); }
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
static int driver_api_available = 1;
#endif

// Already written for both compilers: the tests stay as they are.
#if defined(__CUDACC__) && !defined(__HIP_PLATFORM_AMD__)
#define LANES 32
#elif defined(__HIPCC__)
#define LANES 64
#endif

#ifndef __HIPCC__
#error "compile with nvcc"
#endif
