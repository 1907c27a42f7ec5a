#include <cstdio>
#include <cuda_runtime.h>
#include <cublas_v2.h>

int main() {
  const int n = 4;
  float *a, *b, *c;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
    std::printf("cublasCreate failed\n");
    return 1;
  }
  const float alpha = 1.0f, beta = 0.0f;
  cublasStatus_t st = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  if (st != CUBLAS_STATUS_SUCCESS) std::printf("%s\n", cublasGetStatusString(st));
  float result = 0.0f;
  cublasSdot(handle, n, a, 1, b, 1, &result);
  cublasSgemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &beta, c, CUDA_R_32F, n);
  cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH);
  cublasDestroy(handle);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
