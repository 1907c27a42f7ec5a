// cuSPARSE calls that CUDA 11 removed and hipSPARSE never had: the v1
// triangular solve with its analysis object and the tridiagonal solver
// without a buffer. Each is reported with the hipSPARSE calls to use.
#include <cusparse.h>

void solve_v1(cusparseHandle_t h, cusparseMatDescr_t l, int n, int nnz, const float *val, const int *row_ptr,
              const int *col_ind, const float *b, float *x) {
  cusparseSolveAnalysisInfo_t info;
  cusparseCreateSolveAnalysisInfo(&info);
  cusparseScsrsv_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, n, nnz, l, val, row_ptr, col_ind, info);
  const float one = 1.0f;
  cusparseScsrsv_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, n, &one, l, val, row_ptr, col_ind, info, b, x);
  cusparseDestroySolveAnalysisInfo(info);
}

void tridiagonal(cusparseHandle_t h, int m, int columns, const float *lower, const float *diag, const float *upper,
                 float *rhs) {
  cusparseSgtsv(h, m, columns, lower, diag, upper, rhs, m);
}
