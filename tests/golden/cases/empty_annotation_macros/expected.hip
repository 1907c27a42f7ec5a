// Annotations nvcc's headers define and HIP does not need: CUDART_CB on a
// stream callback, __grid_constant__ on a kernel parameter. Their uses are
// removed; a test of the macro in #ifndef stays.
#include <hip/hip_runtime.h>
#include <cstdio>

#ifndef CUDART_CB
#define CUDART_CB
#endif

static void on_done(hipStream_t stream, hipError_t status, void *user) {
  printf("stream done: %d\n", (int)status);
}

struct Coeffs {
  float c[32];
};

__global__ void apply(const Coeffs k, float *v) {
  v[threadIdx.x] *= k.c[threadIdx.x % 32];
}

#define CALLBACK_KIND void 
static CALLBACK_KIND on_host(void *user) { printf("host fn\n"); }

void enqueue(hipStream_t s, float *v, Coeffs k) {
  apply<<<1, 64, 0, s>>>(k, v);
  hipStreamAddCallback(s, on_done, nullptr, 0);
  hipLaunchHostFunc(s, on_host, nullptr);
}

// The driver API's calling-convention macros go the same way.
typedef hipError_t entry_t(unsigned int);
static void on_driver_host(void *user) {}
