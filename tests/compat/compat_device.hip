// Every function of cu2hip_compat.h, called from a kernel: the header must
// compile for gfx942 (tests/compat/run_device_test.sh).
#include "../../src/compat/cu2hip_compat.h"

__global__ void every_function(int *o, unsigned *u, float *f, double *d, unsigned long long *m) {
  int t = threadIdx.x;
  o[t] = cu2hip_dp4a(t, t * 3, 7) + cu2hip_dp2a_lo(t, 5, 1) + cu2hip_dp2a_hi(t, 5, 1);
  u[t] = cu2hip_dp4a((unsigned)t, 3u, 1u) + cu2hip_dp2a_lo((unsigned)t, 3u, 1u) + cu2hip_dp2a_hi((unsigned)t, 3u, 1u);
  o[t] += cu2hip_dp4a(make_char4(1, 2, 3, 4), make_char4(1, 1, 1, 1), 0) +
          cu2hip_dp2a_lo(make_short2(1, 2), make_char4(1, 2, 3, 4), 0) +
          cu2hip_dp2a_hi(make_short2(1, 2), make_char4(1, 2, 3, 4), 0);
  u[t] += cu2hip_dp4a(make_uchar4(1, 2, 3, 4), make_uchar4(1, 1, 1, 1), 0u) +
          cu2hip_dp2a_lo(make_ushort2(1, 2), make_uchar4(1, 2, 3, 4), 0u) +
          cu2hip_dp2a_hi(make_ushort2(1, 2), make_uchar4(1, 2, 3, 4), 0u);
  unsigned a = u[t], b = (unsigned)o[t];
  u[t] ^= cu2hip_vadd4(a, b) ^ cu2hip_vsub4(a, b) ^ cu2hip_vmaxs4(a, b) ^ cu2hip_vmins4(a, b) ^ cu2hip_vmaxu4(a, b) ^
          cu2hip_vminu4(a, b) ^ cu2hip_vabsdiffs4(a, b) ^ cu2hip_vabsdiffu4(a, b) ^ cu2hip_vaddss4(a, b) ^
          cu2hip_vaddus4(a, b) ^ cu2hip_vsubss4(a, b) ^ cu2hip_vsubus4(a, b);
  u[t] ^= cu2hip_vadd2(a, b) ^ cu2hip_vsub2(a, b) ^ cu2hip_vmaxs2(a, b) ^ cu2hip_vmins2(a, b) ^ cu2hip_vmaxu2(a, b) ^
          cu2hip_vminu2(a, b) ^ cu2hip_vabsdiffs2(a, b) ^ cu2hip_vabsdiffu2(a, b) ^ cu2hip_vaddss2(a, b) ^
          cu2hip_vaddus2(a, b) ^ cu2hip_vsubss2(a, b) ^ cu2hip_vsubus2(a, b);
  u[t] ^= cu2hip_vcmpeq4(a, b) ^ cu2hip_vcmpne2(a, b) ^ cu2hip_vcmpges4(a, b) ^ cu2hip_vcmpgts2(a, b) ^
          cu2hip_vcmples4(a, b) ^ cu2hip_vcmplts2(a, b) ^ cu2hip_vcmpgeu4(a, b) ^ cu2hip_vcmpgtu2(a, b) ^
          cu2hip_vcmpleu4(a, b) ^ cu2hip_vcmpltu2(a, b) ^ cu2hip_vavgu4(a, b) ^ cu2hip_vhaddu2(a, b) ^
          cu2hip_vneg4(a) ^ cu2hip_vnegss2(a) ^ cu2hip_vabsss4(a) ^ cu2hip_vsads4(a, b) ^ cu2hip_vsadu2(a, b);
  float x = f[t], y = f[t + 1];
  f[t] = cu2hip_fadd_rd(x, y) + cu2hip_fadd_ru(x, y) + cu2hip_fadd_rz(x, y) + cu2hip_fsub_rd(x, y) +
         cu2hip_fsub_ru(x, y) + cu2hip_fsub_rz(x, y) + cu2hip_fmul_rd(x, y) + cu2hip_fmul_ru(x, y) +
         cu2hip_fmul_rz(x, y) + cu2hip_fdiv_rd(x, y) + cu2hip_fdiv_ru(x, y) + cu2hip_fdiv_rz(x, y) +
         cu2hip_fsqrt_rd(x) + cu2hip_fsqrt_ru(x) + cu2hip_fsqrt_rz(x);
  double p = d[t], q = d[t + 1];
  d[t] = cu2hip_dadd_rd(p, q) + cu2hip_dadd_ru(p, q) + cu2hip_dadd_rz(p, q) + cu2hip_dsub_rd(p, q) +
         cu2hip_dsub_ru(p, q) + cu2hip_dsub_rz(p, q) + cu2hip_dmul_rd(p, q) + cu2hip_dmul_ru(p, q) +
         cu2hip_dmul_rz(p, q) + cu2hip_ddiv_rd(p, q) + cu2hip_ddiv_ru(p, q) + cu2hip_ddiv_rz(p, q) +
         cu2hip_dsqrt_rd(p) + cu2hip_dsqrt_ru(p) + cu2hip_dsqrt_rz(p);
  int pred = 0;
  m[t] = cu2hip_match_any_sync(~0ull, t % 3) ^ cu2hip_match_any_sync(~0ull, (long long)t) ^
         cu2hip_match_any_sync(~0ull, x) ^ cu2hip_match_any_sync(~0ull, p) ^
         cu2hip_match_all_sync(~0ull, 1u, &pred) ^ cu2hip_match_all_sync(0xffffffffull, q, &pred);
  o[t] += pred;
}
