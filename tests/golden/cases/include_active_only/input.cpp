// Error helpers for several libraries; only what this file includes is on.
#include <cuda_runtime.h>

#ifdef CUBLAS_API_H_
static const char *blas_status(cublasStatus_t s) {
  return s == CUBLAS_STATUS_SUCCESS ? "ok" : "failed";
}
#endif

#if 0
static void never(cufftHandle plan) { cufftDestroy(plan); }
#endif

// A helper macro nobody expands here.
#define RAND_CHECK(x) do { if ((x) != CURAND_STATUS_SUCCESS) return 1; } while (0)

extern "C" {
int device_count(void) {
  int n = 0;
  cudaGetDeviceCount(&n);
  cusparseHandle_t h;
  cusparseCreate(&h);
  return n;
}
}
