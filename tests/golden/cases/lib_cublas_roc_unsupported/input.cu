// What --library-target cublas=roc reports: a status rocBLAS never returns,
// a compute type and an algorithm rocBLAS lacks, a data type held in a
// variable, the ILP64 API, cublasXt and the version query.
#include <cublas_v2.h>
#include <cublasXt.h>

const char *name(cublasStatus_t s) {
  switch (s) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "execution failed";
    default: return "other";
  }
}

int gemms(cublasHandle_t h, int n, const void *a, void *c, cudaDataType kind, const float *alpha, const float *beta) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, a, kind, n, a, kind, n, beta, c, CUDA_R_32F, n,
               CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_ALGO3);
  cublasSgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, (const float *)a, n, (const float *)a, n, beta,
                 (float *)c, n);
  int version = 0;
  cublasGetVersion(h, &version);
  cublasXtHandle_t xt;
  cublasXtCreate(&xt);
  return version;
}
