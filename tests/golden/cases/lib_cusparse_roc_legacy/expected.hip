// cuSPARSE's classic API with --library-target cusparse=roc: a matrix
// descriptor, incomplete LU with its info object, a zero-pivot check, a
// complex block SpMV and a sparse matrix sum.
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

int factor(rocsparse_handle h, int n, int nnz, float *val, const int *rowPtr, const int *colInd) {
  rocsparse_mat_descr descr;
  rocsparse_mat_info info;
  rocsparse_create_mat_descr(&descr);
  rocsparse_set_mat_index_base(descr, rocsparse_index_base_zero);
  rocsparse_set_mat_type(descr, rocsparse_matrix_type_general);
  if (rocsparse_get_mat_index_base(descr) != rocsparse_index_base_zero) return -2;
  rocsparse_create_mat_info(&info);
  size_t bytes = 0;
  rocsparse_scsrilu0_buffer_size(h, n, nnz, descr, val, rowPtr, colInd, info, &bytes);
  void *scratch = nullptr;
  hipMalloc(&scratch, bytes);
  rocsparse_scsrilu0_analysis(h, n, nnz, descr, val, rowPtr, colInd, info, rocsparse_analysis_policy_force, rocsparse_solve_policy_auto, scratch);
  int pivot = -1;
  if (rocsparse_csrilu0_zero_pivot(h, info, &pivot) == rocsparse_status_zero_pivot) return pivot;
  rocsparse_scsrilu0(h, n, nnz, descr, val, rowPtr, colInd, info, rocsparse_solve_policy_auto, scratch);
  rocsparse_destroy_mat_info(info);
  rocsparse_destroy_mat_descr(descr);
  hipFree(scratch);
  return -1;
}

void block_multiply(rocsparse_handle h, rocsparse_mat_descr descr, int mb, int nb, int nnzb, const hipComplex *bsrVal,
                    const int *bsrRowPtr, const int *bsrColInd, int blockDim, const hipComplex *x, hipComplex *y) {
  hipComplex one = make_hipComplex(1.0f, 0.0f), zero = make_hipComplex(0.0f, 0.0f);
  rocsparse_cbsrmv(h, rocsparse_direction_row, rocsparse_operation_none, mb, nb, nnzb, reinterpret_cast<const rocsparse_float_complex *>(&one), descr, reinterpret_cast<const rocsparse_float_complex *>(bsrVal),
                 bsrRowPtr, bsrColInd, blockDim, reinterpret_cast<const rocsparse_float_complex *>(x), reinterpret_cast<const rocsparse_float_complex *>(&zero), reinterpret_cast<rocsparse_float_complex *>(y));
}

void add(rocsparse_handle h, int m, int n, const double *alpha, rocsparse_mat_descr dA, int nnzA, const double *aVal,
         const int *aRow, const int *aCol, const double *beta, rocsparse_mat_descr dB, int nnzB, const double *bVal,
         const int *bRow, const int *bCol, rocsparse_mat_descr dC, double *cVal, int *cRow, int *cCol, void *buf) {
  rocsparse_dcsrgeam(h, m, n, alpha, dA, nnzA, aVal, aRow, aCol, beta, dB, nnzB, bVal, bRow, bCol, dC, cVal, cRow,
                    cCol);
}
