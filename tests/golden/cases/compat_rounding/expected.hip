// Directed rounding: exact bounds of a sum, a difference and a product.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

__global__ void bounds(const float *a, const float *b, float *lo, float *hi, double *d) {
  int i = threadIdx.x;
  lo[i] = cu2hip_fadd_rd(a[i], b[i]);
  hi[i] = cu2hip_fadd_ru(a[i], b[i]);
  lo[i] += cu2hip_fsub_rz(a[i], b[i]) + cu2hip_fmul_rd(a[i], b[i]);
  hi[i] += cu2hip_fmul_ru(a[i], b[i]) + cu2hip_fmul_rz(a[i], b[i]);
  d[i] = cu2hip_dadd_rd(d[i], 1.0) + cu2hip_dsub_ru(d[i], 0.5);
  lo[i] += cu2hip_fdiv_rd(a[i], b[i]) + cu2hip_fsqrt_rd(a[i]);
  d[i] += cu2hip_dmul_ru(d[i], 3.0) + cu2hip_ddiv_rz(d[i], 3.0) + cu2hip_dsqrt_ru(d[i]);
  // Round to nearest is HIP's own.
  lo[i] = __fadd_rn(lo[i], 0.0f);
}
