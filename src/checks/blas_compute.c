/* blas-compute-type: a cudaDataType constant as the compute type of
 * cublasGemmEx and its batched forms.
 *
 * cuBLAS took a cudaDataType there before CUDA 11 and its C++ header still
 * accepts one (`cublasGemmEx(..., CUDA_R_32F, CUBLAS_GEMM_DEFAULT)`).
 * hipBLAS's _v2 functions, which these calls become from ROCm 6.0, take a
 * hipblasComputeType_t, and the renamed constant (HIP_R_32F, a hipDataType)
 * does not convert to it in C++: the call does not compile. The compute
 * type that means the same is HIPBLAS_COMPUTE_*; it is offered as the
 * replacement. A call the rule table sends elsewhere (rocBLAS, whose rules
 * convert the value themselves) is left to that table. */
#include <string.h>

#include "checks.h"

typedef struct gemm_form {
  const char *name;
  size_t compute_arg; /* 1-based */
} gemm_form;

static const gemm_form gemm_forms[] = {
    {"cublasGemmEx", 18},
    {"cublasGemmBatchedEx", 19},
    {"cublasGemmStridedBatchedEx", 22},
};

/* cudaDataType constants and the hipBLAS compute type of the same
 * arithmetic (complex types compute in their real precision). */
static const char *const compute_of[][2] = {
    {"CUDA_R_16F", "HIPBLAS_COMPUTE_16F"}, {"CUDA_R_32F", "HIPBLAS_COMPUTE_32F"},
    {"CUDA_R_64F", "HIPBLAS_COMPUTE_64F"}, {"CUDA_R_32I", "HIPBLAS_COMPUTE_32I"},
    {"CUDA_C_32F", "HIPBLAS_COMPUTE_32F"}, {"CUDA_C_64F", "HIPBLAS_COMPUTE_64F"},
};

/* Whether the rule table turns the function into a hipBLAS _v2 call for
 * the target. */
static int becomes_hipblas_v2(const c2h_scan *s, const char *name) {
  const c2h_rule *r = c2h_rules_lookup(s->rules, name, strlen(name));
  if (!r || r->unsupported || !r->form.hip || s->target < r->rocm) return 0;
  size_t n = strlen(r->form.hip);
  return strncmp(r->form.hip, "hipblas", 7) == 0 && n > 3 && strcmp(r->form.hip + n - 3, "_v2") == 0;
}

static int check_call(c2h_scan *s, size_t call, const gemm_form *g) {
  size_t close = c2h_tok_match(s, call + 1);
  if (close >= s->facts->n_toks) return 0;
  c2h_tok_span args[24];
  size_t n = c2h_tok_split(s, call + 1, close, args, 24);
  if (n < g->compute_arg) return 0;
  const c2h_tok_span *a = &args[g->compute_arg - 1];
  if (a->first != a->last) return 0;
  for (size_t k = 0; k < sizeof compute_of / sizeof *compute_of; k++) {
    if (!c2h_tok_ident_is(s, a->first, compute_of[k][0])) continue;
    return c2h_scan_diag(s, a->first, a->first, C2H_SEV_ERROR, C2H_CHECK_BLAS_COMPUTE_TYPE, compute_of[k][1],
                         "'%s' as the compute type of %s: hipBLAS takes a hipblasComputeType_t there, and the "
                         "renamed data type (a hipDataType) does not convert to it, so the call does not "
                         "compile; write %s (CUBLAS_COMPUTE_%s in CUDA)",
                         compute_of[k][0], g->name, compute_of[k][1], compute_of[k][1] + strlen("HIPBLAS_COMPUTE_"));
  }
  return 0;
}

int c2h_check_blas_compute(c2h_scan *s) {
  for (size_t g = 0; g < sizeof gemm_forms / sizeof *gemm_forms; g++) {
    if (!becomes_hipblas_v2(s, gemm_forms[g].name)) continue;
    for (size_t i = 0; i < s->facts->n_toks; i++) {
      if (!c2h_tok_is_call(s, i, gemm_forms[g].name)) continue;
      if (c2h_tok_platform(s, i) == C2H_PLATFORM_HIP) continue; /* the project's own HIP code */
      int rc = check_call(s, i, &gemm_forms[g]);
      if (rc) return rc;
    }
  }
  return 0;
}
