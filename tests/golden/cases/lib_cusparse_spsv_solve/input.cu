// The generic triangular solves: CUDA's solve step takes no buffer (the
// analysis keeps it); hipSPARSE's takes the analysis buffer once more, which
// the call does not name. The other steps are renamed; each solve is
// reported.
#include <cusparse.h>

void solve_vector(cusparseHandle_t h, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y,
                  cusparseSpSVDescr_t sv, void *buffer) {
  const float one = 1.0f;
  cusparseSpSV_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT,
                        sv, buffer);
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, x, y, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, sv);
}

void solve_matrix(cusparseHandle_t h, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, cusparseDnMatDescr_t c,
                  cusparseSpSMDescr_t sm, void *buffer) {
  const float one = 1.0f;
  cusparseSpSM_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b, c,
                        CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm, buffer);
  cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, b, c, CUDA_R_32F,
                     CUSPARSE_SPSM_ALG_DEFAULT, sm);
}
