// A project's own float/double atomicMax/atomicMin (CAS loops CUDA lacks)
// collide with the overloads HIP's headers declare: reported at the
// definition, without --verify. One guarded for HIP, or of other
// parameters, is fine.
#include <cuda_runtime.h>

__device__ float atomicMax(float* address, float val) {
  int* a = reinterpret_cast<int*>(address);
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

static __inline__ __device__ double atomicMin(double *address, const double val) { return val; }

#ifndef __HIP_PLATFORM_AMD__
__device__ float atomicMin(float* address, float val) { return val; }
#endif

__device__ int atomicMax(int *a, int v, int extra) { return v; }

__global__ void k(float *m, float v) { atomicMax(m, v); }
