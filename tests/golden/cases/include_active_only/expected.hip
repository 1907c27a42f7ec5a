// Error helpers for several libraries; only what this file includes is on.
#include <hipsparse/hipsparse.h>
#include <hip/hip_runtime.h>

#ifdef HIPBLAS_H
static const char *blas_status(hipblasStatus_t s) {
  return s == HIPBLAS_STATUS_SUCCESS ? "ok" : "failed";
}
#endif

#if 0
static void never(hipfftHandle plan) { hipfftDestroy(plan); }
#endif

// A helper macro nobody expands here.
#define RAND_CHECK(x) do { if ((x) != HIPRAND_STATUS_SUCCESS) return 1; } while (0)

extern "C" {
int device_count(void) {
  int n = 0;
  hipGetDeviceCount(&n);
  hipsparseHandle_t h;
  hipsparseCreate(&h);
  return n;
}
}
