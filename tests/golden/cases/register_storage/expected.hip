// 'register' is gone from C++17; clang rejects it there.
#include <hip/hip_runtime.h>

#define REG

__global__ void scale(float *v, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= a;
}

static int sum_to(int n) {
  int s = 0, k;
  for (int j = 0; j < n; j++) s += j;
  k = s;
  return k;
}

int host_check(void) {
  REG int r = sum_to(4);
  /* a "register" in a comment, and in a string: */
  const char *msg = "register int";
  (void)msg;
  return r - 6;
}

#if defined(__x86_64__)
/* An explicit-register variable means something: it is kept. */
int stack_pointer_low(void) {
  register unsigned long sp asm("rsp");
  return (int)(sp & 0xf);
}
#endif
