// SIMD within a word: per-byte and per-halfword arithmetic on 32-bit words.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

__global__ void bytes(const unsigned *a, const unsigned *b, unsigned *out) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i];
  out[i] = cu2hip_vadd4(x, y) ^ cu2hip_vsub4(x, y) ^ cu2hip_vmaxs4(x, y) ^ cu2hip_vmins4(x, y);
  out[i] ^= cu2hip_vmaxu4(x, y) ^ cu2hip_vminu4(x, y) ^ cu2hip_vabsdiffs4(x, y) ^ cu2hip_vabsdiffu4(x, y);
  out[i] ^= cu2hip_vaddss4(x, y) ^ cu2hip_vaddus4(x, y) ^ cu2hip_vsubss4(x, y) ^ cu2hip_vsubus4(x, y);
  out[i] ^= cu2hip_vadd2(x, y) ^ cu2hip_vmaxs2(x, y) ^ cu2hip_vabsdiffu2(x, y) ^ cu2hip_vsubss2(x, y);
  out[i] ^= cu2hip_vcmpgts4(x, y) ^ cu2hip_vcmpltu2(x, y) ^ cu2hip_vsadu4(x, y) ^ cu2hip_vneg2(x) ^ cu2hip_vavgu4(x, y);
}
