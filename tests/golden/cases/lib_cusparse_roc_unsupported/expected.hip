// What --library-target cusparse=roc cannot translate: a data type held in
// a variable, a value type rocSPARSE 2.3 lacks, SpSV's descriptor, the
// untyped transposition and a cuSPARSE status rocSPARSE does not report.
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

int solve(rocsparse_handle h, rocsparse_spmat_descr A, void *xv, void *yv, int n, hipDataType kind) {
  rocsparse_dnvec_descr xVec;
  rocsparse_dnvec_descr yVec;
  rocsparse_create_dnvec_descr(&xVec, n, xv, kind);
  rocsparse_create_dnvec_descr(&yVec, n, yv, HIP_R_16F);
  cusparseSpSVDescr_t sv;
  cusparseSpSV_createDescr(&sv);
  float one = 1.0f;
  size_t bytes = 0;
  cusparseSpSV_bufferSize(h, rocsparse_operation_none, &one, A, xVec, yVec, HIP_R_32F, rocsparse_spsv_alg_default,
                          sv, &bytes);
  rocsparse_status s = cusparseCsr2cscEx2_bufferSize(h, n, n, 0, nullptr, nullptr, nullptr, nullptr, nullptr,
                                                     nullptr, HIP_R_32F, rocsparse_action_numeric,
                                                     rocsparse_index_base_zero, CUSPARSE_CSR2CSC_ALG1, &bytes);
  return s == CUSPARSE_STATUS_EXECUTION_FAILED;
}
