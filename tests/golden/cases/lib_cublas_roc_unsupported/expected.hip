// What --library-target cublas=roc reports: a status rocBLAS never returns,
// a compute type and an algorithm rocBLAS lacks, a data type held in a
// variable, the ILP64 API, cublasXt and the version query.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <cublasXt.h>

const char *name(rocblas_status s) {
  switch (s) {
    case rocblas_status_success: return "success";
    return "execution failed";
    default: return "other";
  }
}

int gemms(rocblas_handle h, int n, const void *a, void *c, hipDataType kind, const float *alpha, const float *beta) {
  rocblas_gemm_ex(h, rocblas_operation_none, rocblas_operation_none, n, n, n, alpha, a, kind, n, a, kind, n, beta, c, rocblas_datatype_f32_r, n, c, rocblas_datatype_f32_r, n, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_ALGO3, 0, 0);
  cublasSgemm_64(h, rocblas_operation_none, rocblas_operation_none, n, n, n, alpha, (const float *)a, n, (const float *)a, n, beta,
                 (float *)c, n);
  int version = 0;
  cublasGetVersion(h, &version);
  cublasXtHandle_t xt;
  cublasXtCreate(&xt);
  return version;
}
