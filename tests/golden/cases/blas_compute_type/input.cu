// cublasGemmEx with the compute type spelt as a cudaDataType (the form
// before CUDA 11), as a cublasComputeType_t, and from a variable.
#include <cublas_v2.h>

int gemm(cublasHandle_t h, int m, int n, int k, const float *alpha, const float *A, const float *B,
         const float *beta, float *C, cublasComputeType_t ct, long long stride) {
  cublasStatus_t s = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
                                  beta, C, CUDA_R_32F, m, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  s = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, A, CUDA_R_32F, m, B, CUDA_R_32F, k, beta, C,
                   CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  s = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, A, CUDA_R_32F, m, B, CUDA_R_32F, k, beta, C,
                   CUDA_R_32F, m, ct, CUBLAS_GEMM_DEFAULT);
  s = cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, A, CUDA_R_16F, m, stride, B,
                                 CUDA_R_16F, k, stride, beta, C, CUDA_R_16F, m, stride, 8, CUDA_R_16F,
                                 CUBLAS_GEMM_DEFAULT);
  return s == CUBLAS_STATUS_SUCCESS;
}
