// cuSPARSE's generic API with --library-target cusparse=roc: handle and
// descriptors, y = A x with a size query, C = A B, and status checks.
#include <cstdio>
#include <cuda_runtime.h>
#include <cusparse.h>

#define SPARSE_CHECK(call)                                                   \
  do {                                                                       \
    cusparseStatus_t s_ = (call);                                            \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                     \
      std::printf("sparse call failed at line %d\n", __LINE__);             \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static const char *describe(cusparseStatus_t s) {
  switch (s) {
    case CUSPARSE_STATUS_SUCCESS: return "ok";
    case CUSPARSE_STATUS_INVALID_VALUE: return "bad value";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "not supported";
    default: return "other";
  }
}

int multiply(int rows, int cols, int nnz, int *rowOffsets, int *columns, double *values, double *dx,
             double *dy, double *dB, double *dC, int k) {
  cusparseHandle_t sparse;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecIn, vecOut;
  cusparseDnMatDescr_t matB, matC;
  double one = 1.0, zero = 0.0;
  size_t need = 0;
  void *work = nullptr;
  SPARSE_CHECK(cusparseCreate(&sparse));
  SPARSE_CHECK(cusparseSetPointerMode(sparse, CUSPARSE_POINTER_MODE_HOST));
  SPARSE_CHECK(cusparseCreateCsr(&matA, rows, cols, nnz, rowOffsets, columns, values, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  SPARSE_CHECK(cusparseCreateDnVec(&vecIn, cols, dx, CUDA_R_64F));
  SPARSE_CHECK(cusparseCreateDnVec(&vecOut, rows, dy, CUDA_R_64F));
  SPARSE_CHECK(cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matA, vecIn, &zero,
                                       vecOut, CUDA_R_64F, CUSPARSE_SPMV_CSR_ALG2, &need));
  cudaMalloc(&work, need > 0 ? need : 1);
  cusparseStatus_t st = cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matA, vecIn, &zero, vecOut,
                                     CUDA_R_64F, CUSPARSE_SPMV_CSR_ALG2, work);
  std::printf("spmv: %s\n", describe(st));

  SPARSE_CHECK(cusparseCreateDnMat(&matB, cols, k, cols, dB, CUDA_R_64F, CUSPARSE_ORDER_COL));
  SPARSE_CHECK(cusparseCreateDnMat(&matC, rows, k, rows, dC, CUDA_R_64F, CUSPARSE_ORDER_COL));
  size_t needMM = 0;
  SPARSE_CHECK(cusparseSpMM_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                       &one, matA, matB, &zero, matC, CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT,
                                       &needMM));
  void *workMM = nullptr;
  cudaMalloc(&workMM, needMM > 0 ? needMM : 1);
  SPARSE_CHECK(cusparseSpMM(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one,
                            matA, matB, &zero, matC, CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT, workMM));

  SPARSE_CHECK(cusparseDestroyDnMat(matB));
  SPARSE_CHECK(cusparseDestroyDnMat(matC));
  SPARSE_CHECK(cusparseDestroyDnVec(vecIn));
  SPARSE_CHECK(cusparseDestroyDnVec(vecOut));
  SPARSE_CHECK(cusparseDestroySpMat(matA));
  SPARSE_CHECK(cusparseDestroy(sparse));
  cudaFree(work);
  cudaFree(workMM);
  return 0;
}
