// CUDA overloads of device functions that HIP has under the same name but
// not for these types. The parse knows which overload each call picks.
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"
__global__ void flags_and_angles(long long *flags, const ushort4 *packed, ushort4 *out, float *s, float *c,
                                 double *sd, double *cd) {
  int i = threadIdx.x;
  long long old = cu2hip_atomicAnd(flags, ~(1ll << i));   // signed: the same bits as unsigned
  cu2hip_atomicOr(flags + 1, 1ll << i);
  cu2hip_atomicXor_system(flags + 2, old);
  unsigned long long plain = 7;
  atomicAnd((unsigned long long *)flags + 3, plain); // HIP's own overload: unchanged
  out[i] = (*(packed + i));                        // HIP's __ldg has no ushort4
  float angle = 0.25f * i;
  sincosf(angle, s + i, c + i);                       // CUDA's float overload
  sincospif(angle, s + i, c + i);
  sincos(0.5 * i, sd + i, cd + i);                   // the double one HIP has
}
