// Checks the arithmetic of cu2hip_compat.h on the host against plain
// references: the integer functions lane by lane on edge values and random
// words, the directed-rounding functions against the FPU run in the same
// rounding mode (fesetround), on edge values and random operands.
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "cu2hip_compat.h"
#include "host_check.h"

// Built with -frounding-math: the references change the rounding mode.

// Words whose lanes hit the edges: 0, 1, -1, the signed extremes.
static const uint32_t edge_words[] = {0x00000000u, 0xffffffffu, 0x7f7f7f7fu, 0x80808080u, 0x01010101u,
                                      0x7fff8000u, 0x80007fffu, 0x00ff00ffu, 0xff00ff00u, 0x12345678u,
                                      0xfedcba98u, 0x7f80017fu, 0x8001ff80u};

// ---- integer references: the CUDA definitions, lane by lane -------------
static int64_t lane(uint32_t w, int bits, int k, bool is_signed) {
  uint32_t v = (w >> (bits * k)) & ((1u << bits) - 1);
  if (is_signed && (v >> (bits - 1))) return (int64_t)v - (1ll << bits);
  return v;
}

static void check_dot(uint32_t a, uint32_t b, uint32_t c) {
  int64_t s = (int32_t)c, u = c;
  for (int k = 0; k < 4; k++) s += lane(a, 8, k, true) * lane(b, 8, k, true), u += lane(a, 8, k, false) * lane(b, 8, k, false);
  EXPECT(cu2hip_dp4a((int)a, (int)b, (int)c) == (int32_t)(uint32_t)s, "dp4a s %08x %08x %08x\n", a, b, c);
  EXPECT(cu2hip_dp4a(a, b, c) == (uint32_t)u, "dp4a u %08x %08x %08x\n", a, b, c);
  for (int half = 0; half < 2; half++) {
    int64_t s2 = (int32_t)c, u2 = c;
    for (int k = 0; k < 2; k++)
      s2 += lane(a, 16, k, true) * lane(b, 8, 2 * half + k, true),
          u2 += lane(a, 16, k, false) * lane(b, 8, 2 * half + k, false);
    int rs = half ? cu2hip_dp2a_hi((int)a, (int)b, (int)c) : cu2hip_dp2a_lo((int)a, (int)b, (int)c);
    unsigned ru = half ? cu2hip_dp2a_hi(a, b, c) : cu2hip_dp2a_lo(a, b, c);
    EXPECT(rs == (int32_t)(uint32_t)s2, "dp2a_%s s %08x %08x %08x\n", half ? "hi" : "lo", a, b, c);
    EXPECT(ru == (uint32_t)u2, "dp2a_%s u %08x %08x %08x\n", half ? "hi" : "lo", a, b, c);
  }
}

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// A one-operand function in the table of two-operand ones.
template <unsigned (*F)(unsigned)> static unsigned unary(unsigned a, unsigned) { return F(a); }

static void check_sad(uint32_t a, uint32_t b) {
  for (int bits = 8; bits <= 16; bits += 8) {
    int64_t ss = 0, su = 0;
    for (int k = 0; k < 32 / bits; k++) {
      int64_t d = lane(a, bits, k, true) - lane(b, bits, k, true), e = lane(a, bits, k, false) - lane(b, bits, k, false);
      ss += d < 0 ? -d : d;
      su += e < 0 ? -e : e;
    }
    unsigned gs = bits == 8 ? cu2hip_vsads4(a, b) : cu2hip_vsads2(a, b);
    unsigned gu = bits == 8 ? cu2hip_vsadu4(a, b) : cu2hip_vsadu2(a, b);
    EXPECT(gs == (uint32_t)ss, "vsads%d(%08x, %08x) = %u, want %lld\n", bits == 8 ? 4 : 2, a, b, gs, (long long)ss);
    EXPECT(gu == (uint32_t)su, "vsadu%d(%08x, %08x) = %u, want %lld\n", bits == 8 ? 4 : 2, a, b, gu, (long long)su);
  }
}

static void check_simd(uint32_t a, uint32_t b) {
  struct {
    const char *name;
    unsigned (*f4)(unsigned, unsigned), (*f2)(unsigned, unsigned);
    int op;
  } fs[] = {{"vadd", cu2hip_vadd4, cu2hip_vadd2, 0},        {"vsub", cu2hip_vsub4, cu2hip_vsub2, 1},
            {"vmaxs", cu2hip_vmaxs4, cu2hip_vmaxs2, 2},     {"vmins", cu2hip_vmins4, cu2hip_vmins2, 3},
            {"vmaxu", cu2hip_vmaxu4, cu2hip_vmaxu2, 4},     {"vminu", cu2hip_vminu4, cu2hip_vminu2, 5},
            {"vabsdiffs", cu2hip_vabsdiffs4, cu2hip_vabsdiffs2, 6}, {"vabsdiffu", cu2hip_vabsdiffu4, cu2hip_vabsdiffu2, 7},
            {"vaddss", cu2hip_vaddss4, cu2hip_vaddss2, 8},  {"vaddus", cu2hip_vaddus4, cu2hip_vaddus2, 9},
            {"vsubss", cu2hip_vsubss4, cu2hip_vsubss2, 10}, {"vsubus", cu2hip_vsubus4, cu2hip_vsubus2, 11},
            {"vcmpeq", cu2hip_vcmpeq4, cu2hip_vcmpeq2, 12},   {"vcmpne", cu2hip_vcmpne4, cu2hip_vcmpne2, 13},
            {"vcmpges", cu2hip_vcmpges4, cu2hip_vcmpges2, 14}, {"vcmpgts", cu2hip_vcmpgts4, cu2hip_vcmpgts2, 15},
            {"vcmples", cu2hip_vcmples4, cu2hip_vcmples2, 16}, {"vcmplts", cu2hip_vcmplts4, cu2hip_vcmplts2, 17},
            {"vcmpgeu", cu2hip_vcmpgeu4, cu2hip_vcmpgeu2, 18}, {"vcmpgtu", cu2hip_vcmpgtu4, cu2hip_vcmpgtu2, 19},
            {"vcmpleu", cu2hip_vcmpleu4, cu2hip_vcmpleu2, 20}, {"vcmpltu", cu2hip_vcmpltu4, cu2hip_vcmpltu2, 21},
            {"vavgu", cu2hip_vavgu4, cu2hip_vavgu2, 22},       {"vhaddu", cu2hip_vhaddu4, cu2hip_vhaddu2, 23},
            {"vneg", unary<cu2hip_vneg4>, unary<cu2hip_vneg2>, 24},
            {"vnegss", unary<cu2hip_vnegss4>, unary<cu2hip_vnegss2>, 25},
            {"vabsss", unary<cu2hip_vabsss4>, unary<cu2hip_vabsss2>, 26}};
  for (auto &f : fs)
    for (int bits = 8; bits <= 16; bits += 8) {
      uint32_t want = 0;
      int64_t smin = -(1ll << (bits - 1)), smax = (1ll << (bits - 1)) - 1, umax = (1ll << bits) - 1;
      for (int k = 0; k < 32 / bits; k++) {
        int64_t sa = lane(a, bits, k, true), sb = lane(b, bits, k, true);
        int64_t ua = lane(a, bits, k, false), ub = lane(b, bits, k, false), v = 0;
        switch (f.op) {
        case 0: v = ua + ub; break;
        case 1: v = ua - ub; break;
        case 2: v = sa > sb ? sa : sb; break;
        case 3: v = sa < sb ? sa : sb; break;
        case 4: v = ua > ub ? ua : ub; break;
        case 5: v = ua < ub ? ua : ub; break;
        case 6: v = (sa > sb ? sa - sb : sb - sa); break;
        case 7: v = (ua > ub ? ua - ub : ub - ua); break;
        case 8: v = clamp(sa + sb, smin, smax); break;
        case 9: v = clamp(ua + ub, 0, umax); break;
        case 10: v = clamp(sa - sb, smin, smax); break;
        case 11: v = clamp(ua - ub, 0, umax); break;
        case 12: v = ua == ub ? umax : 0; break;
        case 13: v = ua != ub ? umax : 0; break;
        case 14: v = sa >= sb ? umax : 0; break;
        case 15: v = sa > sb ? umax : 0; break;
        case 16: v = sa <= sb ? umax : 0; break;
        case 17: v = sa < sb ? umax : 0; break;
        case 18: v = ua >= ub ? umax : 0; break;
        case 19: v = ua > ub ? umax : 0; break;
        case 20: v = ua <= ub ? umax : 0; break;
        case 21: v = ua < ub ? umax : 0; break;
        case 22: v = (ua + ub + 1) / 2; break;
        case 23: v = (ua + ub) / 2; break;
        case 24: v = -ua; break;
        case 25: v = clamp(-sa, smin, smax); break;
        case 26: v = clamp(sa < 0 ? -sa : sa, smin, smax); break;
        }
        want |= ((uint32_t)v & (uint32_t)umax) << (bits * k);
      }
      uint32_t got = bits == 8 ? f.f4(a, b) : f.f2(a, b);
      EXPECT(got == want, "%s%d(%08x, %08x) = %08x, want %08x\n", f.name, bits == 8 ? 4 : 2, a, b, got, want);
    }
}

// ---- rounding references: the FPU in the rounding mode asked for ----------
static const int modes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
static const char *const mode_names[] = {"rd", "ru", "rz"};

template <class T> static bool same(T x, T y) {
  return (std::isnan(x) && std::isnan(y)) || (x == y && std::signbit(x) == std::signbit(y));
}

template <class T> static T ref(int op, T a, T b, int mode) {
  volatile T va = a, vb = b, r;
  std::fesetround(mode);
  r = op == 0 ? va + vb : op == 1 ? va - vb : op == 2 ? va * vb : op == 3 ? va / vb : std::sqrt(va);
  std::fesetround(FE_TONEAREST);
  return r;
}

static void check_float(float a, float b) {
  float (*add[])(float, float) = {cu2hip_fadd_rd, cu2hip_fadd_ru, cu2hip_fadd_rz};
  float (*sub[])(float, float) = {cu2hip_fsub_rd, cu2hip_fsub_ru, cu2hip_fsub_rz};
  float (*mul[])(float, float) = {cu2hip_fmul_rd, cu2hip_fmul_ru, cu2hip_fmul_rz};
  float (*div[])(float, float) = {cu2hip_fdiv_rd, cu2hip_fdiv_ru, cu2hip_fdiv_rz};
  float (*sqrt_[])(float) = {cu2hip_fsqrt_rd, cu2hip_fsqrt_ru, cu2hip_fsqrt_rz};
  for (int m = 0; m < 3; m++) {
    float g0 = add[m](a, b), g1 = sub[m](a, b), g2 = mul[m](a, b);
    float w0 = ref(0, a, b, modes[m]), w1 = ref(1, a, b, modes[m]), w2 = ref(2, a, b, modes[m]);
    EXPECT(same(g0, w0), "fadd_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g0, w0);
    EXPECT(same(g1, w1), "fsub_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g1, w1);
    EXPECT(same(g2, w2), "fmul_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g2, w2);
    float g3 = div[m](a, b), w3 = ref(3, a, b, modes[m]), g4 = sqrt_[m](a), w4 = ref(4, a, b, modes[m]);
    EXPECT(same(g3, w3), "fdiv_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g3, w3);
    EXPECT(same(g4, w4), "fsqrt_%s(%a) = %a, want %a\n", mode_names[m], a, g4, w4);
  }
}

static void check_double(double a, double b) {
  double (*add[])(double, double) = {cu2hip_dadd_rd, cu2hip_dadd_ru, cu2hip_dadd_rz};
  double (*sub[])(double, double) = {cu2hip_dsub_rd, cu2hip_dsub_ru, cu2hip_dsub_rz};
  double (*mul[])(double, double) = {cu2hip_dmul_rd, cu2hip_dmul_ru, cu2hip_dmul_rz};
  double (*div[])(double, double) = {cu2hip_ddiv_rd, cu2hip_ddiv_ru, cu2hip_ddiv_rz};
  double (*sqrt_[])(double) = {cu2hip_dsqrt_rd, cu2hip_dsqrt_ru, cu2hip_dsqrt_rz};
  static const char *const names[] = {"dadd", "dsub", "dmul", "ddiv", "dsqrt"};
  for (int m = 0; m < 3; m++) {
    double got[] = {add[m](a, b), sub[m](a, b), mul[m](a, b), div[m](a, b), sqrt_[m](a)};
    for (int op = 0; op < 5; op++) {
      double want = ref(op, a, b, modes[m]);
      EXPECT(same(got[op], want), "%s_%s(%a, %a) = %a, want %a\n", names[op], mode_names[m], a, b, got[op], want);
    }
  }
}

static float rnd_float() {
  uint32_t u = rnd32();
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// Any double, NaNs, infinities and subnormals included.
static double rnd_double() {
  uint64_t u = (uint64_t)rnd32() << 32 | rnd32();
  double d;
  std::memcpy(&d, &u, sizeof d);
  return d;
}

// The cache-operator loads and stores move every byte of values of each
// size class (8-, 4-, 2- and 1-byte units; 16, 12, 6 and 3-byte structs),
// and a store converts its value to the pointee's type.
template <unsigned N> struct bytes_of {
  unsigned char b[N];
};
template <unsigned N> static void check_cache_ops() {
  bytes_of<N> in[4], out[4];
  for (auto &v : in)
    for (unsigned k = 0; k < N; k++) v.b[k] = (unsigned char)rnd32();
  for (int i = 0; i < 4; i++) {
    bytes_of<N> v = i % 2 ? cu2hip_ldcs(&in[i]) : i % 3 ? cu2hip_ldcg(&in[i]) : cu2hip_ldcv(&in[i]);
    if (i % 2) cu2hip_stcs(&out[i], v);
    else cu2hip_stwt(&out[i], cu2hip_ldlu(&v));
    EXPECT(std::memcmp(&out[i], &in[i], N) == 0, "cache-operator load/store of %u bytes changed the value\n", N);
  }
}

static void check_cache_conversions() {
  float f = 0;
  cu2hip_stcg(&f, 2.5); // a double stored to a float, as CUDA's float overload does
  long long l = 0;
  cu2hip_stwb(&l, -7);
  const double d = 0x1.23456789abcdep-3;
  EXPECT(f == 2.5f && l == -7 && cu2hip_ldca(&d) == d, "cache-operator conversions\n");
}

int main() {
  check_cache_ops<16>();
  check_cache_ops<12>();
  check_cache_ops<8>();
  check_cache_ops<6>();
  check_cache_ops<4>();
  check_cache_ops<3>();
  check_cache_ops<2>();
  check_cache_ops<1>();
  check_cache_conversions();
  // The example of CUDA's documentation of __vcmpges4.
  EXPECT(cu2hip_vcmpges4(0x1234aba5u, 0x1234aba6u) == 0xffffff00u, "vcmpges4 documented example\n");
  size_t n_edge = sizeof edge_words / sizeof *edge_words;
  for (size_t i = 0; i < n_edge; i++)
    for (size_t j = 0; j < n_edge; j++) {
      check_simd(edge_words[i], edge_words[j]);
      check_sad(edge_words[i], edge_words[j]);
      for (size_t k = 0; k < n_edge; k++) check_dot(edge_words[i], edge_words[j], edge_words[k]);
    }
  for (int i = 0; i < 200000; i++) {
    uint32_t a = rnd32(), b = rnd32();
    check_simd(a, b);
    check_simd(a, a ^ (rnd32() & 0x01010101u)); // lanes often equal
    check_sad(a, b);
    check_dot(a, b, rnd32());
  }
  const float fe[] = {0.0f, -0.0f, 1.0f, -1.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f, 0x1.fffffep-127f, FLT_MAX, -FLT_MAX,
                      0x1.fffffep127f, 0x1p127f, INFINITY, -INFINITY, NAN, 3.0f, 0x1p-24f, 0x1.000002p0f, 1e-30f,
                      -1e30f, 0x1p-75f, 0x1.8p-75f, 0x1p-100f, 0x1p100f};
  size_t n_fe = sizeof fe / sizeof *fe;
  for (size_t i = 0; i < n_fe; i++)
    for (size_t j = 0; j < n_fe; j++) {
      check_float(fe[i], fe[j]);
      check_double(fe[i], fe[j]);
      check_double((double)fe[i] * 0x1p900, (double)fe[j] * 0x1p123);
      check_double((double)fe[i] * 0x1p-960, (double)fe[j]);
      check_double((double)fe[i] * 0x1p-540, (double)fe[j] * 0x1p-530);
      check_double((double)fe[i] * 0x1p-1000, (double)fe[j] * 0x1p900);
    }
  for (int i = 0; i < 300000; i++) {
    float a = rnd_float(), b = rnd_float();
    check_float(a, b);
    // Operands close in magnitude, where cancellation and ties happen.
    float c = a * (1.0f + (float)(rnd32() % 64) * 0x1p-23f);
    check_float(a, -c);
    check_float(a, c);
    double da = a, db = (double)b * 0x1p-30 + (double)rnd32();
    check_double(da, db);
    check_double(da * 0x1p990, db * 0x1p980);
    // Products and quotients near and below the smallest normal double.
    double dc = (double)rnd_float() * 0x1p-500, dd = (double)(rnd32() | 1) * 0x1p-560;
    check_double(dc, dd);
    check_double(dd, dc);
    check_double(dc * (1.0 + (double)rnd32() * 0x1p-52), dc);
    // Full 53-bit significands, any exponents; and exponents that meet.
    double e = rnd_double(), f = rnd_double();
    check_double(e, f);
    check_double(std::fabs(e), std::ldexp(std::fabs(f), -std::ilogb(std::fabs(f)) + std::ilogb(std::fabs(e)) / 2));
  }
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("cu2hip_compat.h: all checks match the references\n");
  return 0;
}
