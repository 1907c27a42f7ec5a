#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

int main() {
  const int n = 4;
  float *a, *b, *c;
  hipMalloc(&a, n * n * sizeof(float));
  hipMalloc(&b, n * n * sizeof(float));
  hipMalloc(&c, n * n * sizeof(float));
  hipblasHandle_t handle;
  if (hipblasCreate(&handle) != HIPBLAS_STATUS_SUCCESS) {
    std::printf("cublasCreate failed\n");
    return 1;
  }
  const float alpha = 1.0f, beta = 0.0f;
  hipblasStatus_t st = hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  if (st != HIPBLAS_STATUS_SUCCESS) std::printf("%s\n", hipblasStatusToString(st));
  float result = 0.0f;
  hipblasSdot(handle, n, a, 1, b, 1, &result);
  cublasSgemmEx(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &alpha, a, HIP_R_32F, n, b, HIP_R_32F, n, &beta, c, HIP_R_32F, n);
  hipblasSetMathMode(handle, HIPBLAS_DEFAULT_MATH);
  hipblasDestroy(handle);
  hipFree(a);
  hipFree(b);
  hipFree(c);
  return 0;
}
