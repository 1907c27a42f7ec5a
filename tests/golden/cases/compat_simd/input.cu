// SIMD within a word: per-byte and per-halfword arithmetic on 32-bit words.
#include <cuda_runtime.h>

__global__ void bytes(const unsigned *a, const unsigned *b, unsigned *out) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i];
  out[i] = __vadd4(x, y) ^ __vsub4(x, y) ^ __vmaxs4(x, y) ^ __vmins4(x, y);
  out[i] ^= __vmaxu4(x, y) ^ __vminu4(x, y) ^ __vabsdiffs4(x, y) ^ __vabsdiffu4(x, y);
  out[i] ^= __vaddss4(x, y) ^ __vaddus4(x, y) ^ __vsubss4(x, y) ^ __vsubus4(x, y);
  out[i] ^= __vadd2(x, y) ^ __vmaxs2(x, y) ^ __vabsdiffu2(x, y) ^ __vsubss2(x, y);
  out[i] ^= __vcmpgts4(x, y) ^ __vcmpltu2(x, y) ^ __vsadu4(x, y) ^ __vneg2(x) ^ __vavgu4(x, y);
}
