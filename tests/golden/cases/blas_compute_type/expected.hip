// cublasGemmEx with the compute type spelt as a cudaDataType (the form
// before CUDA 11), as a cublasComputeType_t, and from a variable.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

int gemm(hipblasHandle_t h, int m, int n, int k, const float *alpha, const float *A, const float *B,
         const float *beta, float *C, hipblasComputeType_t ct, long long stride) {
  hipblasStatus_t s = hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, alpha, A, HIP_R_32F, m, B, HIP_R_32F, k,
                                  beta, C, HIP_R_32F, m, HIP_R_32F, HIPBLAS_GEMM_DEFAULT);
  s = hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, alpha, A, HIP_R_32F, m, B, HIP_R_32F, k, beta, C,
                   HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  s = hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, alpha, A, HIP_R_32F, m, B, HIP_R_32F, k, beta, C,
                   HIP_R_32F, m, ct, HIPBLAS_GEMM_DEFAULT);
  s = hipblasGemmStridedBatchedEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, alpha, A, HIP_R_16F, m, stride, B,
                                 HIP_R_16F, k, stride, beta, C, HIP_R_16F, m, stride, 8, HIP_R_16F,
                                 HIPBLAS_GEMM_DEFAULT);
  return s == HIPBLAS_STATUS_SUCCESS;
}
