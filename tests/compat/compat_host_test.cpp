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

// Built with -frounding-math: the references change the rounding mode.


static int failures = 0;
#define EXPECT(cond, ...)                                  \
  do {                                                     \
    if (!(cond)) {                                         \
      if (++failures <= 20) std::printf(__VA_ARGS__);      \
    }                                                      \
  } while (0)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd32() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}

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
            {"vsubss", cu2hip_vsubss4, cu2hip_vsubss2, 10}, {"vsubus", cu2hip_vsubus4, cu2hip_vsubus2, 11}};
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
  r = op == 0 ? va + vb : op == 1 ? va - vb : va * vb;
  std::fesetround(FE_TONEAREST);
  return r;
}

static void check_float(float a, float b) {
  float (*add[])(float, float) = {cu2hip_fadd_rd, cu2hip_fadd_ru, cu2hip_fadd_rz};
  float (*sub[])(float, float) = {cu2hip_fsub_rd, cu2hip_fsub_ru, cu2hip_fsub_rz};
  float (*mul[])(float, float) = {cu2hip_fmul_rd, cu2hip_fmul_ru, cu2hip_fmul_rz};
  for (int m = 0; m < 3; m++) {
    float g0 = add[m](a, b), g1 = sub[m](a, b), g2 = mul[m](a, b);
    float w0 = ref(0, a, b, modes[m]), w1 = ref(1, a, b, modes[m]), w2 = ref(2, a, b, modes[m]);
    EXPECT(same(g0, w0), "fadd_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g0, w0);
    EXPECT(same(g1, w1), "fsub_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g1, w1);
    EXPECT(same(g2, w2), "fmul_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g2, w2);
  }
}

static void check_double(double a, double b) {
  double (*add[])(double, double) = {cu2hip_dadd_rd, cu2hip_dadd_ru, cu2hip_dadd_rz};
  double (*sub[])(double, double) = {cu2hip_dsub_rd, cu2hip_dsub_ru, cu2hip_dsub_rz};
  for (int m = 0; m < 3; m++) {
    double g0 = add[m](a, b), g1 = sub[m](a, b);
    double w0 = ref(0, a, b, modes[m]), w1 = ref(1, a, b, modes[m]);
    EXPECT(same(g0, w0), "dadd_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g0, w0);
    EXPECT(same(g1, w1), "dsub_%s(%a, %a) = %a, want %a\n", mode_names[m], a, b, g1, w1);
  }
}

static float rnd_float() {
  uint32_t u = rnd32();
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

int main() {
  size_t n_edge = sizeof edge_words / sizeof *edge_words;
  for (size_t i = 0; i < n_edge; i++)
    for (size_t j = 0; j < n_edge; j++) {
      check_simd(edge_words[i], edge_words[j]);
      for (size_t k = 0; k < n_edge; k++) check_dot(edge_words[i], edge_words[j], edge_words[k]);
    }
  for (int i = 0; i < 200000; i++) {
    uint32_t a = rnd32(), b = rnd32();
    check_simd(a, b);
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
  }
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("cu2hip_compat.h: all checks match the references\n");
  return 0;
}
