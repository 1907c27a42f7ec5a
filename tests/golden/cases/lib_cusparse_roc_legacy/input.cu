// cuSPARSE's classic API with --library-target cusparse=roc: a matrix
// descriptor, incomplete LU with its info object, a zero-pivot check, a
// complex block SpMV and a sparse matrix sum.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <cusparse.h>

int factor(cusparseHandle_t h, int n, int nnz, float *val, const int *rowPtr, const int *colInd) {
  cusparseMatDescr_t descr;
  csrilu02Info_t info;
  cusparseCreateMatDescr(&descr);
  cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ZERO);
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL);
  if (cusparseGetMatIndexBase(descr) != CUSPARSE_INDEX_BASE_ZERO) return -2;
  cusparseCreateCsrilu02Info(&info);
  size_t bytes = 0;
  cusparseScsrilu02_bufferSizeExt(h, n, nnz, descr, val, rowPtr, colInd, info, &bytes);
  void *scratch = nullptr;
  cudaMalloc(&scratch, bytes);
  cusparseScsrilu02_analysis(h, n, nnz, descr, val, rowPtr, colInd, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, scratch);
  int pivot = -1;
  if (cusparseXcsrilu02_zeroPivot(h, info, &pivot) == CUSPARSE_STATUS_ZERO_PIVOT) return pivot;
  cusparseScsrilu02(h, n, nnz, descr, val, rowPtr, colInd, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, scratch);
  cusparseDestroyCsrilu02Info(info);
  cusparseDestroyMatDescr(descr);
  cudaFree(scratch);
  return -1;
}

void block_multiply(cusparseHandle_t h, cusparseMatDescr_t descr, int mb, int nb, int nnzb, const cuComplex *bsrVal,
                    const int *bsrRowPtr, const int *bsrColInd, int blockDim, const cuComplex *x, cuComplex *y) {
  cuComplex one = make_cuComplex(1.0f, 0.0f), zero = make_cuComplex(0.0f, 0.0f);
  cusparseCbsrmv(h, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, mb, nb, nnzb, &one, descr, bsrVal,
                 bsrRowPtr, bsrColInd, blockDim, x, &zero, y);
}

void add(cusparseHandle_t h, int m, int n, const double *alpha, cusparseMatDescr_t dA, int nnzA, const double *aVal,
         const int *aRow, const int *aCol, const double *beta, cusparseMatDescr_t dB, int nnzB, const double *bVal,
         const int *bRow, const int *bCol, cusparseMatDescr_t dC, double *cVal, int *cRow, int *cCol, void *buf) {
  cusparseDcsrgeam2(h, m, n, alpha, dA, nnzA, aVal, aRow, aCol, beta, dB, nnzB, bVal, bRow, bCol, dC, cVal, cRow,
                    cCol, buf);
}
