// cuSPARSE calls that CUDA 11 to 13 removed (CSR and HYB products, the
// csrsv2 solve, the first generic API's algorithm names): hipSPARSE keeps
// them with the same arguments, so each is renamed.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

// y = A x with the CSR matrix and with its HYB copy.
int multiply(hipsparseHandle_t h, hipsparseMatDescr_t a, int rows, int cols, int nnz, const float *val,
             const int *row_ptr, const int *col_ind, const float *x, float *y) {
  const float one = 1.0f, zero = 0.0f;
  if (hipsparseScsrmv(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, rows, cols, nnz, &one, a, val, row_ptr, col_ind, x,
                     &zero, y) != HIPSPARSE_STATUS_SUCCESS)
    return 1;
  hipsparseHybMat_t hyb;
  hipsparseCreateHybMat(&hyb);
  hipsparseHybPartition_t part = HIPSPARSE_HYB_PARTITION_AUTO;
  hipsparseScsr2hyb(h, rows, cols, a, val, row_ptr, col_ind, hyb, 0, part);
  hipsparseShybmv(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, a, hyb, x, &zero, y);
  hipsparseDestroyHybMat(hyb);
  return 0;
}

// Solves L x = b for a lower triangular CSR matrix; returns the zero pivot, or -1.
int lower_solve(hipsparseHandle_t h, hipsparseMatDescr_t l, int n, int nnz, const double *val, const int *row_ptr,
                const int *col_ind, const double *b, double *x) {
  csrsv2Info_t info;
  hipsparseCreateCsrsv2Info(&info);
  const hipsparseSolvePolicy_t policy = HIPSPARSE_SOLVE_POLICY_USE_LEVEL;
  int bytes = 0;
  hipsparseDcsrsv2_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, l, const_cast<double *>(val), row_ptr,
                             col_ind, info, &bytes);
  void *work = nullptr;
  hipMalloc(&work, bytes);
  hipsparseDcsrsv2_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, l, val, row_ptr, col_ind, info, policy,
                           work);
  int pivot = -1;
  if (hipsparseXcsrsv2_zeroPivot(h, info, &pivot) == HIPSPARSE_STATUS_ZERO_PIVOT) return pivot;
  const double one = 1.0;
  hipsparseDcsrsv2_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, &one, l, val, row_ptr, col_ind, info, b, x,
                        policy, work);
  hipFree(work);
  hipsparseDestroyCsrsv2Info(info);
  return -1;
}

// The first generic API's algorithm names, as CUDA 11 spelled them.
hipsparseSpMVAlg_t spmv_algorithm(bool merge) { return merge ? HIPSPARSE_CSRMV_ALG2 : HIPSPARSE_MV_ALG_DEFAULT; }
hipsparseSpMMAlg_t spmm_algorithm() { return HIPSPARSE_MM_ALG_DEFAULT; }
