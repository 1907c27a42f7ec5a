// Directed rounding: exact bounds of a sum, a difference and a product.
#include <cuda_runtime.h>

__global__ void bounds(const float *a, const float *b, float *lo, float *hi, double *d) {
  int i = threadIdx.x;
  lo[i] = __fadd_rd(a[i], b[i]);
  hi[i] = __fadd_ru(a[i], b[i]);
  lo[i] += __fsub_rz(a[i], b[i]) + __fmul_rd(a[i], b[i]);
  hi[i] += __fmul_ru(a[i], b[i]) + __fmul_rz(a[i], b[i]);
  d[i] = __dadd_rd(d[i], 1.0) + __dsub_ru(d[i], 0.5);
  lo[i] += __fdiv_rd(a[i], b[i]) + __fsqrt_rd(a[i]);
  d[i] += __dmul_ru(d[i], 3.0) + __ddiv_rz(d[i], 3.0) + __dsqrt_ru(d[i]);
  // Round to nearest is HIP's own.
  lo[i] = __fadd_rn(lo[i], 0.0f);
}
