// The legacy cuBLAS API (cublas.h): no handle, scalars by value, errors
// kept by the library. hipBLAS has only the handle-based API, so every
// call is reported and left as written; the names cublas_v2.h also has
// (cublasSscal, cublasSdot) are not turned into the v2 calls, which take
// other arguments. Status values and the cuBLAS types are the same in both
// APIs and are renamed.
#include <cstdio>
#include <cublas.h>

static int check(const char *what) {
  hipblasStatus_t st = cublasGetError();
  if (st != HIPBLAS_STATUS_SUCCESS) {
    std::printf("%s failed: %d\n", what, (int)st);
    return 1;
  }
  return 0;
}

int scale_and_dot(const float *host, int n, float *result) {
  float *x = nullptr;
  cublasInit();
  cublasAlloc(n, sizeof(float), (void **)&x);
  hipblasSetVector(n, sizeof(float), host, 1, x, 1);
  cublasSscal(n, 0.5f, x, 1);
  if (check("scal")) return 1;
  *result = cublasSdot(n, x, 1, x, 1);
  int best = cublasIsamax(n, x, 1);
  cublasFree(x);
  cublasShutdown();
  return best;
}
