// What --library-target cusparse=roc cannot translate: a data type held in
// a variable, a value type rocSPARSE 2.3 lacks, SpSV's descriptor, the
// untyped transposition and a cuSPARSE status rocSPARSE does not report.
#include <cuda_runtime.h>
#include <cusparse.h>

int solve(cusparseHandle_t h, cusparseSpMatDescr_t A, void *xv, void *yv, int n, cudaDataType kind) {
  cusparseDnVecDescr_t xVec;
  cusparseDnVecDescr_t yVec;
  cusparseCreateDnVec(&xVec, n, xv, kind);
  cusparseCreateDnVec(&yVec, n, yv, CUDA_R_16F);
  cusparseSpSVDescr_t sv;
  cusparseSpSV_createDescr(&sv);
  float one = 1.0f;
  size_t bytes = 0;
  cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, xVec, yVec, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT,
                          sv, &bytes);
  cusparseStatus_t s = cusparseCsr2cscEx2_bufferSize(h, n, n, 0, nullptr, nullptr, nullptr, nullptr, nullptr,
                                                     nullptr, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC,
                                                     CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &bytes);
  return s == CUSPARSE_STATUS_EXECUTION_FAILED;
}
