// cuSPARSE's generic API with --library-target cusparse=roc: handle and
// descriptors, y = A x with a size query, C = A B, and status checks.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

#define SPARSE_CHECK(call)                                                   \
  do {                                                                       \
    rocsparse_status s_ = (call);                                            \
    if (s_ != rocsparse_status_success) {                                     \
      std::printf("sparse call failed at line %d\n", __LINE__);             \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static const char *describe(rocsparse_status s) {
  switch (s) {
    case rocsparse_status_success: return "ok";
    case rocsparse_status_invalid_value: return "bad value";
    case rocsparse_status_not_implemented: return "not supported";
    default: return "other";
  }
}

int multiply(int rows, int cols, int nnz, int *rowOffsets, int *columns, double *values, double *dx,
             double *dy, double *dB, double *dC, int k) {
  rocsparse_handle sparse;
  rocsparse_spmat_descr matA;
  rocsparse_dnvec_descr vecIn, vecOut;
  rocsparse_dnmat_descr matB, matC;
  double one = 1.0, zero = 0.0;
  size_t need = 0;
  void *work = nullptr;
  SPARSE_CHECK(rocsparse_create_handle(&sparse));
  SPARSE_CHECK(rocsparse_set_pointer_mode(sparse, rocsparse_pointer_mode_host));
  SPARSE_CHECK(rocsparse_create_csr_descr(&matA, rows, cols, nnz, rowOffsets, columns, values, rocsparse_indextype_i32,
                                 rocsparse_indextype_i32, rocsparse_index_base_zero, rocsparse_datatype_f64_r));
  SPARSE_CHECK(rocsparse_create_dnvec_descr(&vecIn, cols, dx, rocsparse_datatype_f64_r));
  SPARSE_CHECK(rocsparse_create_dnvec_descr(&vecOut, rows, dy, rocsparse_datatype_f64_r));
  SPARSE_CHECK(rocsparse_spmv(sparse, rocsparse_operation_none, &one, matA, vecIn, &zero, vecOut, rocsparse_datatype_f64_r, rocsparse_spmv_alg_csr_stream, &need, nullptr));
  hipMalloc(&work, need > 0 ? need : 1);
  rocsparse_status st = [&] { size_t cu2hip_buffer_size = 0; return rocsparse_spmv(sparse, rocsparse_operation_none, &one, matA, vecIn, &zero, vecOut, rocsparse_datatype_f64_r, rocsparse_spmv_alg_csr_stream, &cu2hip_buffer_size, work); }();
  std::printf("spmv: %s\n", describe(st));

  SPARSE_CHECK(rocsparse_create_dnmat_descr(&matB, cols, k, cols, dB, rocsparse_datatype_f64_r, rocsparse_order_column));
  SPARSE_CHECK(rocsparse_create_dnmat_descr(&matC, rows, k, rows, dC, rocsparse_datatype_f64_r, rocsparse_order_column));
  size_t needMM = 0;
  SPARSE_CHECK(rocsparse_spmm(sparse, rocsparse_operation_none, rocsparse_operation_none, &one, matA, matB, &zero, matC, rocsparse_datatype_f64_r, rocsparse_spmm_alg_default, rocsparse_spmm_stage_buffer_size, &needMM, nullptr));
  void *workMM = nullptr;
  hipMalloc(&workMM, needMM > 0 ? needMM : 1);
  SPARSE_CHECK([&] { size_t cu2hip_buffer_size = 0; return rocsparse_spmm(sparse, rocsparse_operation_none, rocsparse_operation_none, &one, matA, matB, &zero, matC, rocsparse_datatype_f64_r, rocsparse_spmm_alg_default, rocsparse_spmm_stage_compute, &cu2hip_buffer_size, workMM); }());

  SPARSE_CHECK(rocsparse_destroy_dnmat_descr(matB));
  SPARSE_CHECK(rocsparse_destroy_dnmat_descr(matC));
  SPARSE_CHECK(rocsparse_destroy_dnvec_descr(vecIn));
  SPARSE_CHECK(rocsparse_destroy_dnvec_descr(vecOut));
  SPARSE_CHECK(rocsparse_destroy_spmat_descr(matA));
  SPARSE_CHECK(rocsparse_destroy_handle(sparse));
  hipFree(work);
  hipFree(workMM);
  return 0;
}
