// Integer dot products: HIP has no __dp4a/__dp2a; cu2hip_compat.h has them,
// for the int, unsigned and vector-type overloads.
#include <cuda_runtime.h>

__global__ void dots(const int *a, const int *b, int *s, unsigned *u) {
  int i = threadIdx.x;
  s[i] = __dp4a(a[i], b[i], s[i]);
  u[i] = __dp4a((unsigned)a[i], (unsigned)b[i], u[i]);
  s[i] += __dp2a_lo(a[i], b[i], 0) + __dp2a_hi(a[i], b[i], 0);
  char4 x = make_char4(1, -2, 3, -4), y = make_char4(5, 6, 7, 8);
  s[i] += __dp4a(x, y, 0);
  u[i] += __dp2a_hi(make_ushort2(1, 2), make_uchar4(1, 2, 3, 4), 0u);
}
