// CUDA overloads of device functions that HIP has under the same name but
// not for these types. The parse knows which overload each call picks.
__global__ void flags_and_angles(long long *flags, const ushort4 *packed, ushort4 *out, float *s, float *c,
                                 double *sd, double *cd) {
  int i = threadIdx.x;
  long long old = atomicAnd(flags, ~(1ll << i));   // signed: the same bits as unsigned
  atomicOr(flags + 1, 1ll << i);
  atomicXor_system(flags + 2, old);
  unsigned long long plain = 7;
  atomicAnd((unsigned long long *)flags + 3, plain); // HIP's own overload: unchanged
  out[i] = __ldg(packed + i);                        // HIP's __ldg has no ushort4
  float angle = 0.25f * i;
  sincos(angle, s + i, c + i);                       // CUDA's float overload
  sincospi(angle, s + i, c + i);
  sincos(0.5 * i, sd + i, cd + i);                   // the double one HIP has
}
