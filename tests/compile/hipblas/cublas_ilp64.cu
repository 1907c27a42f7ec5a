// cuBLAS ILP64 program for the HIP 6.3 compile test: the _64 calls become
// hipBLAS's (ROCm 6.1 and newer).
#include <cstdint>
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>

int main() {
  const int64_t n = 1024;
  float *x = nullptr;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(x, 0, n * sizeof(float));
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) return 1;
  const float two = 2.0f;
  float result = -1.0f;
  cublasStatus_t st = cublasSscal_64(h, n, &two, x, 1);
  if (st == CUBLAS_STATUS_SUCCESS) st = cublasSnrm2_64(h, n, x, 1, &result);
  std::printf("%d %f\n", (int)st, result);
  cublasDestroy(h);
  cudaFree(x);
  return st == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}
