// cuSPARSE calls that CUDA 11 to 13 removed (CSR and HYB products, the
// csrsv2 solve, the first generic API's algorithm names): hipSPARSE keeps
// them with the same arguments, so each is renamed.
#include <cuda_runtime.h>
#include <cusparse.h>

// y = A x with the CSR matrix and with its HYB copy.
int multiply(cusparseHandle_t h, cusparseMatDescr_t a, int rows, int cols, int nnz, const float *val,
             const int *row_ptr, const int *col_ind, const float *x, float *y) {
  const float one = 1.0f, zero = 0.0f;
  if (cusparseScsrmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, rows, cols, nnz, &one, a, val, row_ptr, col_ind, x,
                     &zero, y) != CUSPARSE_STATUS_SUCCESS)
    return 1;
  cusparseHybMat_t hyb;
  cusparseCreateHybMat(&hyb);
  cusparseHybPartition_t part = CUSPARSE_HYB_PARTITION_AUTO;
  cusparseScsr2hyb(h, rows, cols, a, val, row_ptr, col_ind, hyb, 0, part);
  cusparseShybmv(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, hyb, x, &zero, y);
  cusparseDestroyHybMat(hyb);
  return 0;
}

// Solves L x = b for a lower triangular CSR matrix; returns the zero pivot, or -1.
int lower_solve(cusparseHandle_t h, cusparseMatDescr_t l, int n, int nnz, const double *val, const int *row_ptr,
                const int *col_ind, const double *b, double *x) {
  csrsv2Info_t info;
  cusparseCreateCsrsv2Info(&info);
  const cusparseSolvePolicy_t policy = CUSPARSE_SOLVE_POLICY_USE_LEVEL;
  int bytes = 0;
  cusparseDcsrsv2_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, l, const_cast<double *>(val), row_ptr,
                             col_ind, info, &bytes);
  void *work = nullptr;
  cudaMalloc(&work, bytes);
  cusparseDcsrsv2_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, l, val, row_ptr, col_ind, info, policy,
                           work);
  int pivot = -1;
  if (cusparseXcsrsv2_zeroPivot(h, info, &pivot) == CUSPARSE_STATUS_ZERO_PIVOT) return pivot;
  const double one = 1.0;
  cusparseDcsrsv2_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, &one, l, val, row_ptr, col_ind, info, b, x,
                        policy, work);
  cudaFree(work);
  cusparseDestroyCsrsv2Info(info);
  return -1;
}

// The first generic API's algorithm names, as CUDA 11 spelled them.
cusparseSpMVAlg_t spmv_algorithm(bool merge) { return merge ? CUSPARSE_CSRMV_ALG2 : CUSPARSE_MV_ALG_DEFAULT; }
cusparseSpMMAlg_t spmm_algorithm() { return CUSPARSE_MM_ALG_DEFAULT; }
