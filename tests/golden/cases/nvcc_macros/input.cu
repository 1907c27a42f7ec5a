#include <cuda_runtime.h>
#include <cufft.h>

#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline float sq(float x) { return x * x; }

#if defined(__DRIVER_TYPES_H__) && defined(_CUFFT_H_)
static const char *fft_error(cufftResult r) { return r == CUFFT_SUCCESS ? "ok" : cudaGetErrorString(cudaGetLastError()); }
#endif

#ifdef __cuda_cuda_h__
static int driver_api_available = 1;
#endif

// Already written for both compilers: the tests stay as they are.
#if defined(__CUDACC__) && !defined(__HIP_PLATFORM_AMD__)
#define LANES 32
#elif defined(__HIPCC__)
#define LANES 64
#endif

#ifndef __NVCC__
#error "compile with nvcc"
#endif
