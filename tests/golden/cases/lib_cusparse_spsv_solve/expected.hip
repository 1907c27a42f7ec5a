// The generic triangular solves: CUDA's solve step takes no buffer (the
// analysis keeps it); hipSPARSE's takes the analysis buffer once more, which
// the call does not name. The other steps are renamed; each solve is
// reported.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void solve_vector(hipsparseHandle_t h, hipsparseSpMatDescr_t a, hipsparseDnVecDescr_t x, hipsparseDnVecDescr_t y,
                  hipsparseSpSVDescr_t sv, void *buffer) {
  const float one = 1.0f;
  hipsparseSpSV_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, HIP_R_32F, HIPSPARSE_SPSV_ALG_DEFAULT,
                        sv, buffer);
  cusparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, HIP_R_32F, HIPSPARSE_SPSV_ALG_DEFAULT, sv);
}

void solve_matrix(hipsparseHandle_t h, hipsparseSpMatDescr_t a, hipsparseDnMatDescr_t b, hipsparseDnMatDescr_t c,
                  hipsparseSpSMDescr_t sm, void *buffer) {
  const float one = 1.0f;
  hipsparseSpSM_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b, c,
                        HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, sm, buffer);
  cusparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b, c, HIP_R_32F,
                     HIPSPARSE_SPSM_ALG_DEFAULT, sm);
}
