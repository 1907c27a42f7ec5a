/* cu2hip_compat.h: CUDA device functions that HIP lacks, written for AMD GPUs
 * (64-lane wavefronts, gfx942). cu2hip writes this file beside the sources it
 * translates when they use one of these functions and includes it there.
 *
 * Copyright (c) the cu2hip authors. MIT License: permission is hereby granted,
 * free of charge, to any person obtaining a copy of this file, to deal in it
 * without restriction, including without limitation the rights to use, copy,
 * modify, merge, publish, distribute, sublicense, and/or sell copies of it,
 * subject to this notice being included in all copies. THE FILE IS PROVIDED
 * "AS IS", WITHOUT WARRANTY OF ANY KIND.
 *
 * Every function is named cu2hip_<CUDA name without the leading underscores>
 * so that it never collides with a name a later HIP release defines.
 * Without HIP (a plain C++ compiler) the arithmetic functions are ordinary
 * inline functions, so that they can be tested on the host. */
#ifndef CU2HIP_COMPAT_H
#define CU2HIP_COMPAT_H

#if defined(__HIPCC__) || defined(__HIP__)
#include <hip/hip_runtime.h>
#define CU2HIP_HD __host__ __device__ inline
#else
#define CU2HIP_HD inline
#endif

/* ---- integer dot products (__dp4a, __dp2a_lo, __dp2a_hi) ------------------
 * Products and sums wrap modulo 2^32 as CUDA's do: the arithmetic is done on
 * unsigned values, where wrapping is defined. */

/* Byte k of x as a signed or unsigned number. */
CU2HIP_HD int cu2hip_sbyte_(unsigned x, int k) { return (int)(signed char)(unsigned char)(x >> (8 * k)); }
CU2HIP_HD unsigned cu2hip_ubyte_(unsigned x, int k) { return (x >> (8 * k)) & 0xffu; }
CU2HIP_HD int cu2hip_shalf_(unsigned x, int k) { return (int)(short)(unsigned short)(x >> (16 * k)); }
CU2HIP_HD unsigned cu2hip_uhalf_(unsigned x, int k) { return (x >> (16 * k)) & 0xffffu; }

CU2HIP_HD int cu2hip_dp4a(int a, int b, int c) {
  unsigned r = (unsigned)c;
  for (int k = 0; k < 4; k++)
    r += (unsigned)(cu2hip_sbyte_((unsigned)a, k) * cu2hip_sbyte_((unsigned)b, k));
  return (int)r;
}
CU2HIP_HD unsigned cu2hip_dp4a(unsigned a, unsigned b, unsigned c) {
  unsigned r = c;
  for (int k = 0; k < 4; k++) r += cu2hip_ubyte_(a, k) * cu2hip_ubyte_(b, k);
  return r;
}
/* srcA: two 16-bit numbers; srcB: the two bytes of its low (lo) or high
 * (hi) half. */
CU2HIP_HD int cu2hip_dp2a_(int a, int b, int c, int half) {
  unsigned r = (unsigned)c;
  for (int k = 0; k < 2; k++)
    r += (unsigned)(cu2hip_shalf_((unsigned)a, k) * cu2hip_sbyte_((unsigned)b, 2 * half + k));
  return (int)r;
}
CU2HIP_HD unsigned cu2hip_dp2a_(unsigned a, unsigned b, unsigned c, int half) {
  unsigned r = c;
  for (int k = 0; k < 2; k++) r += cu2hip_uhalf_(a, k) * cu2hip_ubyte_(b, 2 * half + k);
  return r;
}
CU2HIP_HD int cu2hip_dp2a_lo(int a, int b, int c) { return cu2hip_dp2a_(a, b, c, 0); }
CU2HIP_HD int cu2hip_dp2a_hi(int a, int b, int c) { return cu2hip_dp2a_(a, b, c, 1); }
CU2HIP_HD unsigned cu2hip_dp2a_lo(unsigned a, unsigned b, unsigned c) { return cu2hip_dp2a_(a, b, c, 0); }
CU2HIP_HD unsigned cu2hip_dp2a_hi(unsigned a, unsigned b, unsigned c) { return cu2hip_dp2a_(a, b, c, 1); }

/* ---- SIMD within a word (__vadd4, __vmaxs2, ...) ---------------------------
 * The word is split into 4 bytes (...4) or 2 halfwords (...2); each lane is
 * computed on its own and the results are packed again. */

enum cu2hip_simd_op_ { CU2HIP_ADD_, CU2HIP_SUB_, CU2HIP_MAXS_, CU2HIP_MINS_, CU2HIP_MAXU_, CU2HIP_MINU_,
                       CU2HIP_ABSDIFFS_, CU2HIP_ABSDIFFU_, CU2HIP_ADDSS_, CU2HIP_ADDUS_, CU2HIP_SUBSS_,
                       CU2HIP_SUBUS_, CU2HIP_CMPEQ_, CU2HIP_CMPNE_, CU2HIP_CMPGES_, CU2HIP_CMPGTS_,
                       CU2HIP_CMPLES_, CU2HIP_CMPLTS_, CU2HIP_CMPGEU_, CU2HIP_CMPGTU_, CU2HIP_CMPLEU_,
                       CU2HIP_CMPLTU_, CU2HIP_NEG_, CU2HIP_NEGSS_, CU2HIP_ABSSS_, CU2HIP_AVGU_, CU2HIP_HADDU_ };

CU2HIP_HD unsigned cu2hip_simd_(unsigned a, unsigned b, int bits, int op) {
  unsigned lane_mask = bits == 8 ? 0xffu : 0xffffu, r = 0;
  int smax = bits == 8 ? 127 : 32767, smin = -smax - 1;
  for (int shift = 0; shift < 32; shift += bits) {
    unsigned ua = (a >> shift) & lane_mask, ub = (b >> shift) & lane_mask;
    /* The lane as a signed number (two's complement). */
    int sa = (int)ua - (ua > (unsigned)smax ? (int)lane_mask + 1 : 0);
    int sb = (int)ub - (ub > (unsigned)smax ? (int)lane_mask + 1 : 0);
    long v = 0;
    switch (op) {
    case CU2HIP_ADD_: v = (long)ua + ub; break;
    case CU2HIP_SUB_: v = (long)ua - (long)ub; break;
    case CU2HIP_MAXS_: v = sa > sb ? sa : sb; break;
    case CU2HIP_MINS_: v = sa < sb ? sa : sb; break;
    case CU2HIP_MAXU_: v = ua > ub ? ua : ub; break;
    case CU2HIP_MINU_: v = ua < ub ? ua : ub; break;
    case CU2HIP_ABSDIFFS_: v = sa > sb ? sa - sb : sb - sa; break;
    case CU2HIP_ABSDIFFU_: v = ua > ub ? (long)(ua - ub) : (long)(ub - ua); break;
    case CU2HIP_ADDSS_: v = sa + sb; v = v > smax ? smax : v < smin ? smin : v; break;
    case CU2HIP_ADDUS_: v = (long)ua + ub; v = v > (long)lane_mask ? (long)lane_mask : v; break;
    case CU2HIP_SUBSS_: v = sa - sb; v = v > smax ? smax : v < smin ? smin : v; break;
    case CU2HIP_SUBUS_: v = (long)ua - (long)ub; v = v < 0 ? 0 : v; break;
    /* comparisons: all ones in the lane where true */
    case CU2HIP_CMPEQ_: v = ua == ub ? -1 : 0; break;
    case CU2HIP_CMPNE_: v = ua != ub ? -1 : 0; break;
    case CU2HIP_CMPGES_: v = sa >= sb ? -1 : 0; break;
    case CU2HIP_CMPGTS_: v = sa > sb ? -1 : 0; break;
    case CU2HIP_CMPLES_: v = sa <= sb ? -1 : 0; break;
    case CU2HIP_CMPLTS_: v = sa < sb ? -1 : 0; break;
    case CU2HIP_CMPGEU_: v = ua >= ub ? -1 : 0; break;
    case CU2HIP_CMPGTU_: v = ua > ub ? -1 : 0; break;
    case CU2HIP_CMPLEU_: v = ua <= ub ? -1 : 0; break;
    case CU2HIP_CMPLTU_: v = ua < ub ? -1 : 0; break;
    /* one operand (a) */
    case CU2HIP_NEG_: v = -(long)ua; break;
    case CU2HIP_NEGSS_: v = sa == smin ? smax : -sa; break;
    case CU2HIP_ABSSS_: v = sa == smin ? smax : sa < 0 ? -sa : sa; break;
    /* averages: rounded up (avg) and truncated (hadd) */
    case CU2HIP_AVGU_: v = ((long)ua + ub + 1) >> 1; break;
    case CU2HIP_HADDU_: v = ((long)ua + ub) >> 1; break;
    }
    r |= ((unsigned)v & lane_mask) << shift;
  }
  return r;
}

#define CU2HIP_SIMD_(name, op)                                                                     \
  CU2HIP_HD unsigned cu2hip_##name##4(unsigned a, unsigned b) { return cu2hip_simd_(a, b, 8, op); } \
  CU2HIP_HD unsigned cu2hip_##name##2(unsigned a, unsigned b) { return cu2hip_simd_(a, b, 16, op); }
CU2HIP_SIMD_(vadd, CU2HIP_ADD_)
CU2HIP_SIMD_(vsub, CU2HIP_SUB_)
CU2HIP_SIMD_(vmaxs, CU2HIP_MAXS_)
CU2HIP_SIMD_(vmins, CU2HIP_MINS_)
CU2HIP_SIMD_(vmaxu, CU2HIP_MAXU_)
CU2HIP_SIMD_(vminu, CU2HIP_MINU_)
CU2HIP_SIMD_(vabsdiffs, CU2HIP_ABSDIFFS_)
CU2HIP_SIMD_(vabsdiffu, CU2HIP_ABSDIFFU_)
CU2HIP_SIMD_(vaddss, CU2HIP_ADDSS_)
CU2HIP_SIMD_(vaddus, CU2HIP_ADDUS_)
CU2HIP_SIMD_(vsubss, CU2HIP_SUBSS_)
CU2HIP_SIMD_(vsubus, CU2HIP_SUBUS_)
CU2HIP_SIMD_(vcmpeq, CU2HIP_CMPEQ_)
CU2HIP_SIMD_(vcmpne, CU2HIP_CMPNE_)
CU2HIP_SIMD_(vcmpges, CU2HIP_CMPGES_)
CU2HIP_SIMD_(vcmpgts, CU2HIP_CMPGTS_)
CU2HIP_SIMD_(vcmples, CU2HIP_CMPLES_)
CU2HIP_SIMD_(vcmplts, CU2HIP_CMPLTS_)
CU2HIP_SIMD_(vcmpgeu, CU2HIP_CMPGEU_)
CU2HIP_SIMD_(vcmpgtu, CU2HIP_CMPGTU_)
CU2HIP_SIMD_(vcmpleu, CU2HIP_CMPLEU_)
CU2HIP_SIMD_(vcmpltu, CU2HIP_CMPLTU_)
CU2HIP_SIMD_(vavgu, CU2HIP_AVGU_)
CU2HIP_SIMD_(vhaddu, CU2HIP_HADDU_)
#undef CU2HIP_SIMD_
#define CU2HIP_SIMD1_(name, op)                                                         \
  CU2HIP_HD unsigned cu2hip_##name##4(unsigned a) { return cu2hip_simd_(a, 0, 8, op); } \
  CU2HIP_HD unsigned cu2hip_##name##2(unsigned a) { return cu2hip_simd_(a, 0, 16, op); }
CU2HIP_SIMD1_(vneg, CU2HIP_NEG_)
CU2HIP_SIMD1_(vnegss, CU2HIP_NEGSS_)
CU2HIP_SIMD1_(vabsss, CU2HIP_ABSSS_)
#undef CU2HIP_SIMD1_

/* Sums of absolute differences of the lanes (one number, not packed). */
CU2HIP_HD unsigned cu2hip_sad_(unsigned a, unsigned b, int bits, int op) {
  unsigned d = cu2hip_simd_(a, b, bits, op), lane_mask = bits == 8 ? 0xffu : 0xffffu, sum = 0;
  for (int shift = 0; shift < 32; shift += bits) sum += (d >> shift) & lane_mask;
  return sum;
}
CU2HIP_HD unsigned cu2hip_vsads4(unsigned a, unsigned b) { return cu2hip_sad_(a, b, 8, CU2HIP_ABSDIFFS_); }
CU2HIP_HD unsigned cu2hip_vsads2(unsigned a, unsigned b) { return cu2hip_sad_(a, b, 16, CU2HIP_ABSDIFFS_); }
CU2HIP_HD unsigned cu2hip_vsadu4(unsigned a, unsigned b) { return cu2hip_sad_(a, b, 8, CU2HIP_ABSDIFFU_); }
CU2HIP_HD unsigned cu2hip_vsadu2(unsigned a, unsigned b) { return cu2hip_sad_(a, b, 16, CU2HIP_ABSDIFFU_); }

/* ---- directed rounding (__fadd_rd, __fmul_ru, __dsqrt_rz, ...) -------------
 * Exact, without changing the rounding mode: the result rounded to nearest
 * is moved one step when the exact result lies on the other side of it.
 * For sums the rounding error is computed exactly (Fast2Sum on the operands
 * ordered by magnitude); a float product is exact in double. Assumes the
 * default floating-point environment (round to nearest, denormals kept: the
 * gfx942 default for float and double) and no -ffast-math. */

enum cu2hip_dir_ { CU2HIP_DOWN_, CU2HIP_UP_, CU2HIP_ZERO_ };

/* The next representable value above (up) or below x; x is not NaN. */
CU2HIP_HD float cu2hip_step_(float x, int up) {
  unsigned u;
  __builtin_memcpy(&u, &x, sizeof u);
  if (x == 0.0f) u = up ? 0x00000001u : 0x80000001u;
  else if ((x > 0.0f) == (up != 0)) u = x == (up ? __builtin_inff() : -__builtin_inff()) ? u : u + 1;
  else u -= 1;
  __builtin_memcpy(&x, &u, sizeof u);
  return x;
}
CU2HIP_HD double cu2hip_step_(double x, int up) {
  unsigned long long u;
  __builtin_memcpy(&u, &x, sizeof u);
  if (x == 0.0) u = up ? 0x1ull : 0x8000000000000001ull;
  else if ((x > 0.0) == (up != 0)) u = x == (up ? __builtin_inf() : -__builtin_inf()) ? u : u + 1;
  else u -= 1;
  __builtin_memcpy(&x, &u, sizeof u);
  return x;
}

/* r is the sum or product rounded to nearest; err > 0 (< 0) when the exact
 * result is above (below) r. */
template <class T> CU2HIP_HD T cu2hip_direct_(T r, int err, int dir) {
  if (err > 0 && (dir == CU2HIP_UP_ || (dir == CU2HIP_ZERO_ && r < 0))) return cu2hip_step_(r, 1);
  if (err < 0 && (dir == CU2HIP_DOWN_ || (dir == CU2HIP_ZERO_ && r > 0))) return cu2hip_step_(r, 0);
  return r;
}

/* r is an infinity that finite operands gave: the exact result lies beyond
 * the largest finite value, which is the result unless the rounding goes
 * away from zero. */
template <class T> CU2HIP_HD T cu2hip_overflow_(T r, int dir) {
  if (r > 0) return dir == CU2HIP_UP_ ? r : cu2hip_step_(r, 0);
  return dir == CU2HIP_DOWN_ ? r : cu2hip_step_(r, 1);
}

template <class T> CU2HIP_HD bool cu2hip_isinf_(T x) { return x == (T)__builtin_inf() || x == -(T)__builtin_inf(); }
CU2HIP_HD float cu2hip_fma_(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
CU2HIP_HD double cu2hip_fma_(double a, double b, double c) { return __builtin_fma(a, b, c); }
CU2HIP_HD float cu2hip_frexp_(float x, int *e) { return __builtin_frexpf(x, e); }
CU2HIP_HD double cu2hip_frexp_(double x, int *e) { return __builtin_frexp(x, e); }
CU2HIP_HD float cu2hip_ldexp_(float x, int e) { return __builtin_ldexpf(x, e); }
CU2HIP_HD double cu2hip_ldexp_(double x, int e) { return __builtin_ldexp(x, e); }
CU2HIP_HD float cu2hip_sqrt_nearest_(float x) { return __builtin_sqrtf(x); }
CU2HIP_HD double cu2hip_sqrt_nearest_(double x) { return __builtin_sqrt(x); }
template <class T> CU2HIP_HD int cu2hip_sign_(T x) { return (x > 0) - (x < 0); }

template <class T> CU2HIP_HD T cu2hip_add_(T a, T b, int dir) {
  T s = a + b;
  if (s != s) return s;
  T inf = (T)__builtin_inf();
  if (s == inf || s == -inf) {
    if (a == inf || a == -inf || b == inf || b == -inf) return s; /* exact */
    return cu2hip_overflow_(s, dir);
  }
  if (s == 0) {
    /* An exact zero: rounding down gives -0 unless both operands are +0. */
    if (dir == CU2HIP_DOWN_ && !(a == 0 && b == 0 && !__builtin_signbit(a) && !__builtin_signbit(b)))
      return -(T)0;
    return s;
  }
  T big = a, small = b;
  if ((a < 0 ? -a : a) < (b < 0 ? -b : b)) big = b, small = a;
  T err = small - (s - big); /* exact: s + err == a + b */
  return cu2hip_direct_(s, err > 0 ? 1 : err < 0 ? -1 : 0, dir);
}

CU2HIP_HD float cu2hip_mul_(float a, float b, int dir) {
  double exact = (double)a * (double)b; /* 24 + 24 bits fit in 53 */
  float r = (float)exact;
  if (r != r) return r;
  return cu2hip_direct_(r, exact > (double)r ? 1 : exact < (double)r ? -1 : 0, dir);
}

/* Double products, quotients and square roots: the error of the result
 * rounded to nearest is found with one fma on the operands scaled to
 * [0.5, 1) (frexp), where it cannot underflow: its sign is exact. The
 * nearest results come from IEEE division and square root, which HIP gives
 * by default (not with -ffast-math or -fno-hip-fp32-correctly-rounded-divide-sqrt). */
template <class T> CU2HIP_HD T cu2hip_mul_fma_(T a, T b, int dir) {
  T p = a * b;
  if (p != p || a == 0 || b == 0 || cu2hip_isinf_(a) || cu2hip_isinf_(b)) return p; /* exact */
  if (cu2hip_isinf_(p)) return cu2hip_overflow_(p, dir);
  int ea, eb;
  T ma = cu2hip_frexp_(a, &ea), mb = cu2hip_frexp_(b, &eb);
  /* (a * b - p) / 2^(ea + eb) */
  T r = cu2hip_fma_(ma, mb, -cu2hip_ldexp_(p, -(ea + eb)));
  return cu2hip_direct_(p, cu2hip_sign_(r), dir);
}

template <class T> CU2HIP_HD T cu2hip_div_(T a, T b, int dir) {
  T q = a / b;
  if (q != q || a == 0 || b == 0 || cu2hip_isinf_(a) || cu2hip_isinf_(b)) return q; /* exact */
  if (cu2hip_isinf_(q)) return cu2hip_overflow_(q, dir);
  int ea, eb;
  T ma = cu2hip_frexp_(a, &ea), mb = cu2hip_frexp_(b, &eb);
  /* (a - q * b) / 2^ea, whose sign times b's is that of a / b - q */
  T r = cu2hip_fma_(-cu2hip_ldexp_(q, eb - ea), mb, ma);
  return cu2hip_direct_(q, cu2hip_sign_(r) * cu2hip_sign_(b), dir);
}

template <class T> CU2HIP_HD T cu2hip_sqrt_(T a, int dir) {
  T s = cu2hip_sqrt_nearest_(a);
  if (!(a > 0) || cu2hip_isinf_(a)) return s; /* NaN, negative, zero, infinity: exact */
  int e;
  T m = cu2hip_frexp_(a, &e);
  if (e & 1) m *= 2, e -= 1; /* a = m * 2^e, e even, m in [0.5, 2) */
  T ss = cu2hip_ldexp_(s, -e / 2);
  /* (a - s * s) / 2^e, whose sign is that of sqrt(a) - s */
  return cu2hip_direct_(s, cu2hip_sign_(cu2hip_fma_(-ss, ss, m)), dir);
}

#define CU2HIP_ROUNDED_(suffix, dir)                                                              \
  CU2HIP_HD float cu2hip_fadd_##suffix(float a, float b) { return cu2hip_add_(a, b, dir); }      \
  CU2HIP_HD float cu2hip_fsub_##suffix(float a, float b) { return cu2hip_add_(a, -b, dir); }     \
  CU2HIP_HD float cu2hip_fmul_##suffix(float a, float b) { return cu2hip_mul_(a, b, dir); }      \
  CU2HIP_HD double cu2hip_dadd_##suffix(double a, double b) { return cu2hip_add_(a, b, dir); }   \
  CU2HIP_HD double cu2hip_dsub_##suffix(double a, double b) { return cu2hip_add_(a, -b, dir); }   \
  CU2HIP_HD float cu2hip_fdiv_##suffix(float a, float b) { return cu2hip_div_(a, b, dir); }      \
  CU2HIP_HD float cu2hip_fsqrt_##suffix(float a) { return cu2hip_sqrt_(a, dir); }                \
  CU2HIP_HD double cu2hip_dmul_##suffix(double a, double b) { return cu2hip_mul_fma_(a, b, dir); } \
  CU2HIP_HD double cu2hip_ddiv_##suffix(double a, double b) { return cu2hip_div_(a, b, dir); }   \
  CU2HIP_HD double cu2hip_dsqrt_##suffix(double a) { return cu2hip_sqrt_(a, dir); }
CU2HIP_ROUNDED_(rd, CU2HIP_DOWN_)
CU2HIP_ROUNDED_(ru, CU2HIP_UP_)
CU2HIP_ROUNDED_(rz, CU2HIP_ZERO_)
#undef CU2HIP_ROUNDED_

/* ---- loads and stores with a cache operator (__ldcs, __ldcg, __ldca, __ldlu,
 * __ldcv, __stcs, __stcg, __stwb, __stwt) ----------------------------------
 * CUDA's are volatile loads and stores with a cache operator: every call
 * reads or writes memory when it runs, in program order with the others, so
 * a loop that polls with __ldcg or __ldcv sees what other blocks write. HIP
 * has no cache operators (its __ldcs and __ldcg take __half only). These are
 * volatile accesses, which keep that; on gfx942 a volatile load also goes
 * past the compute unit's cache, as .cg and .cv do. A value moves in the
 * widest of 8, 4, 2 or 1-byte units that its size divides (a HIP vector
 * type cannot be read through a volatile pointer as a whole). */
template <unsigned Size> struct cu2hip_word_ { typedef unsigned char type; };
template <> struct cu2hip_word_<2> { typedef unsigned short type; };
template <> struct cu2hip_word_<4> { typedef unsigned int type; };
template <> struct cu2hip_word_<8> { typedef unsigned long long type; };
template <class T> struct cu2hip_unit_ {
  typedef typename cu2hip_word_<sizeof(T) % 8 == 0 ? 8 : sizeof(T) % 4 == 0 ? 4 : sizeof(T) % 2 == 0 ? 2 : 1>::type type;
};
template <class T> struct cu2hip_same_ { typedef T type; };

template <class T> CU2HIP_HD T cu2hip_load_volatile_(const T *p) {
  typedef typename cu2hip_unit_<T>::type W;
  W w[sizeof(T) / sizeof(W)];
  const volatile W *from = (const volatile W *)(const void *)p;
  for (unsigned k = 0; k < sizeof(T) / sizeof(W); k++) w[k] = from[k];
  T r;
  __builtin_memcpy((void *)&r, w, sizeof(T));
  return r;
}
template <class T> CU2HIP_HD void cu2hip_store_volatile_(T *p, const T &v) {
  typedef typename cu2hip_unit_<T>::type W;
  W w[sizeof(T) / sizeof(W)];
  __builtin_memcpy(w, (const void *)&v, sizeof(T));
  volatile W *to = (volatile W *)(void *)p;
  for (unsigned k = 0; k < sizeof(T) / sizeof(W); k++) to[k] = w[k];
}
/* The value converts to the pointee's type, as with CUDA's overloads. */
#define CU2HIP_CACHE_OP_(load, store)                                                                    \
  template <class T> CU2HIP_HD T cu2hip_##load(const T *p) { return cu2hip_load_volatile_(p); }         \
  template <class T> CU2HIP_HD void cu2hip_##store(T *p, typename cu2hip_same_<T>::type v) {            \
    cu2hip_store_volatile_(p, v);                                                                        \
  }
CU2HIP_CACHE_OP_(ldcs, stcs)
CU2HIP_CACHE_OP_(ldcg, stcg)
CU2HIP_CACHE_OP_(ldca, stwb)
CU2HIP_CACHE_OP_(ldcv, stwt)
#undef CU2HIP_CACHE_OP_
template <class T> CU2HIP_HD T cu2hip_ldlu(const T *p) { return cu2hip_load_volatile_(p); }

/* ---- cusparseGetErrorName / cusparseGetErrorString before ROCm 6.0 -------
 * hipSPARSE has hipsparseGetErrorName and hipsparseGetErrorString from ROCm
 * 6.0 on. For older targets these give the name of a hipsparseStatus_t
 * value and a short description of it. They take the status as a template
 * argument, so that the header needs no hipSPARSE header; the numbers are
 * those of hipsparseStatus_t (hipsparse.h). */
template <class Status> inline const char *cu2hip_cusparseGetErrorName(Status status) {
  switch ((int)status) {
    case 0: return "HIPSPARSE_STATUS_SUCCESS";
    case 1: return "HIPSPARSE_STATUS_NOT_INITIALIZED";
    case 2: return "HIPSPARSE_STATUS_ALLOC_FAILED";
    case 3: return "HIPSPARSE_STATUS_INVALID_VALUE";
    case 4: return "HIPSPARSE_STATUS_ARCH_MISMATCH";
    case 5: return "HIPSPARSE_STATUS_MAPPING_ERROR";
    case 6: return "HIPSPARSE_STATUS_EXECUTION_FAILED";
    case 7: return "HIPSPARSE_STATUS_INTERNAL_ERROR";
    case 8: return "HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
    case 9: return "HIPSPARSE_STATUS_ZERO_PIVOT";
    case 10: return "HIPSPARSE_STATUS_NOT_SUPPORTED";
    case 11: return "HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES";
    default: return "HIPSPARSE_STATUS_UNKNOWN";
  }
}
template <class Status> inline const char *cu2hip_cusparseGetErrorString(Status status) {
  switch ((int)status) {
    case 0: return "success";
    case 1: return "hipSPARSE was not initialized";
    case 2: return "a resource allocation failed";
    case 3: return "an invalid value was passed to the function";
    case 4: return "the device architecture is not supported";
    case 5: return "access to GPU memory failed";
    case 6: return "a GPU program failed to execute";
    case 7: return "an internal hipSPARSE operation failed";
    case 8: return "the matrix type is not supported";
    case 9: return "a zero pivot was found";
    case 10: return "the operation is not supported";
    case 11: return "the resources are insufficient";
    default: return "unknown hipSPARSE status";
  }
}

/* ---- cooperative_groups::reduce, inclusive_scan, exclusive_scan ------------
 * HIP's cooperative groups have neither these collectives (CUDA's
 * <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>) nor their
 * operators. They take any group with CUDA's shuffle members, shfl(v, rank)
 * and shfl_up(v, delta): a thread_block_tile<N> (N = 1, 2, 4, ..., 64: its
 * lanes are within one 64-lane wavefront) or a coalesced_group. Every
 * thread of the group calls them together, as in CUDA. The value moves
 * through the shuffles as 32-bit words, so T may be any trivially copyable
 * type, as in CUDA. The results are CUDA's: a tile reduces by the xor
 * butterfly (lane k combines with lane k ^ m, m = N/2 ... 1), a scan is the
 * Hillis-Steele one (the lane combines its value with the one d lanes
 * lower, d = 1, 2, 4, ...), so that a floating-point sum adds in the same
 * order; lane 0 of an exclusive scan gets T(). Without HIP they are plain
 * templates, which the host test runs on an emulated group. */
#if defined(__HIPCC__) || defined(__HIP__)
#define CU2HIP_D __device__ inline
#else
#define CU2HIP_D inline
#endif

/* cg::plus, cg::less (the smaller), cg::greater (the larger), cg::bit_and,
 * cg::bit_or, cg::bit_xor; `cu2hip_cg_plus<>` deduces its type per call. */
#define CU2HIP_CG_OP_(name, expr)                                                     \
  template <class T = void> struct cu2hip_cg_##name {                                 \
    CU2HIP_HD T operator()(const T &a, const T &b) const { return expr; }             \
  };                                                                                  \
  template <> struct cu2hip_cg_##name<void> {                                         \
    template <class T> CU2HIP_HD T operator()(const T &a, const T &b) const { return expr; } \
  };
CU2HIP_CG_OP_(plus, a + b)
CU2HIP_CG_OP_(less, b < a ? b : a)
CU2HIP_CG_OP_(greater, a < b ? b : a)
CU2HIP_CG_OP_(bit_and, a & b)
CU2HIP_CG_OP_(bit_or, a | b)
CU2HIP_CG_OP_(bit_xor, a ^ b)
#undef CU2HIP_CG_OP_

/* g.shfl_up / shfl_down / shfl_xor / shfl of a value of any trivially
 * copyable type, a 32-bit word at a time (HIP's group shuffles take
 * arithmetic types only). CUDA demands a trivially copyable type; HIP 5.x's
 * vector types (uint4, ...) are not, in C++ terms (their components are
 * accessor objects), but are plain bits with a trivial destructor. */
#define CU2HIP_CG_SHFL_(name, member, arg_type)                                            \
  template <class G, class T> CU2HIP_D T cu2hip_cg_##name##_(const G &g, const T &v, arg_type arg) { \
    static_assert(__is_trivially_copyable(T) || __is_trivially_destructible(T),            \
                  "cooperative-group collectives move trivially copyable values");         \
    unsigned w[(sizeof(T) + 3) / 4] = {};                                                  \
    __builtin_memcpy(w, &v, sizeof(T));                                                    \
    for (unsigned k = 0; k < sizeof w / sizeof *w; k++) w[k] = g.member(w[k], arg);        \
    T r = v;                                                                               \
    __builtin_memcpy((void *)&r, w, sizeof(T));                                            \
    return r;                                                                              \
  }
CU2HIP_CG_SHFL_(shfl_up, shfl_up, unsigned)
CU2HIP_CG_SHFL_(shfl_down, shfl_down, unsigned)
CU2HIP_CG_SHFL_(shfl_xor, shfl_xor, unsigned)
CU2HIP_CG_SHFL_(shfl, shfl, int)
#undef CU2HIP_CG_SHFL_

/* CUDA's g.shfl(v, src), g.shfl_up(v, d), g.shfl_down(v, d) and
 * g.shfl_xor(v, m) of a value that is not of an integer or floating-point
 * type (a uint4, a struct), which cu2hip writes as cu2hip_cg_shfl(g, v, src)
 * and so on: every lane reads the same lane as CUDA's, and gets its bits. */
template <class G, class T> CU2HIP_D T cu2hip_cg_shfl(const G &g, const T &v, int src) {
  return cu2hip_cg_shfl_(g, v, src);
}
template <class G, class T> CU2HIP_D T cu2hip_cg_shfl_up(const G &g, const T &v, unsigned d) {
  return cu2hip_cg_shfl_up_(g, v, d);
}
template <class G, class T> CU2HIP_D T cu2hip_cg_shfl_down(const G &g, const T &v, unsigned d) {
  return cu2hip_cg_shfl_down_(g, v, d);
}
template <class G, class T> CU2HIP_D T cu2hip_cg_shfl_xor(const G &g, const T &v, unsigned m) {
  return cu2hip_cg_shfl_xor_(g, v, m);
}

template <class G, class T, class Op> CU2HIP_D T cu2hip_cg_inclusive_scan(const G &g, T value, Op &&op) {
  const unsigned n = (unsigned)g.size(), rank = (unsigned)g.thread_rank();
  for (unsigned d = 1; d < n; d <<= 1) {
    T lower = cu2hip_cg_shfl_up_(g, value, d);
    if (rank >= d) value = op(value, lower); /* CUDA's order of the operands */
  }
  return value;
}
template <class G, class T> CU2HIP_D T cu2hip_cg_inclusive_scan(const G &g, T value) {
  return cu2hip_cg_inclusive_scan(g, value, cu2hip_cg_plus<T>());
}
template <class G, class T, class Op> CU2HIP_D T cu2hip_cg_exclusive_scan(const G &g, T value, Op &&op) {
  T inclusive = cu2hip_cg_inclusive_scan(g, value, op);
  T lower = cu2hip_cg_shfl_up_(g, inclusive, 1u);
  return g.thread_rank() == 0 ? T() : lower;
}
template <class G, class T> CU2HIP_D T cu2hip_cg_exclusive_scan(const G &g, T value) {
  return cu2hip_cg_exclusive_scan(g, value, cu2hip_cg_plus<T>());
}

/* A group without shfl_xor (coalesced_group), or of a size that is no
 * power of two: the last lane's inclusive scan, from that lane. */
template <class G, class T, class Op> CU2HIP_D T cu2hip_cg_reduce_by_scan_(const G &g, T value, Op &op) {
  T all = cu2hip_cg_inclusive_scan(g, value, op);
  return cu2hip_cg_shfl_(g, all, (int)g.size() - 1);
}
template <class X, class T> struct cu2hip_cg_if_ { typedef T type; };
template <class G, class T, class Op>
CU2HIP_D typename cu2hip_cg_if_<decltype(((const G *)0)->shfl_xor(0u, 1u)), T>::type
cu2hip_cg_reduce_(const G &g, T value, Op &op, int) {
  const unsigned n = (unsigned)g.size();
  if (n & (n - 1)) return cu2hip_cg_reduce_by_scan_(g, value, op);
  for (unsigned m = n >> 1; m > 0; m >>= 1) value = op(value, cu2hip_cg_shfl_xor_(g, value, m));
  return value;
}
template <class G, class T, class Op> CU2HIP_D T cu2hip_cg_reduce_(const G &g, T value, Op &op, long) {
  return cu2hip_cg_reduce_by_scan_(g, value, op);
}
template <class G, class T, class Op> CU2HIP_D T cu2hip_cg_reduce(const G &g, T value, Op &&op) {
  return cu2hip_cg_reduce_(g, value, op, 0);
}
#undef CU2HIP_D

#if defined(__HIPCC__) || defined(__HIP__)
/* ---- vector-type overloads of the dot products ---------------------------- */
CU2HIP_HD unsigned cu2hip_pack_(unsigned char x, unsigned char y, unsigned char z, unsigned char w) {
  return x | (unsigned)y << 8 | (unsigned)z << 16 | (unsigned)w << 24;
}
CU2HIP_HD int cu2hip_dp4a(char4 a, char4 b, int c) {
  return cu2hip_dp4a((int)cu2hip_pack_(a.x, a.y, a.z, a.w), (int)cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}
CU2HIP_HD unsigned cu2hip_dp4a(uchar4 a, uchar4 b, unsigned c) {
  return cu2hip_dp4a(cu2hip_pack_(a.x, a.y, a.z, a.w), cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}
CU2HIP_HD int cu2hip_dp2a_lo(short2 a, char4 b, int c) {
  return cu2hip_dp2a_lo((int)((unsigned short)a.x | (unsigned)(unsigned short)a.y << 16),
                        (int)cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}
CU2HIP_HD int cu2hip_dp2a_hi(short2 a, char4 b, int c) {
  return cu2hip_dp2a_hi((int)((unsigned short)a.x | (unsigned)(unsigned short)a.y << 16),
                        (int)cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}
CU2HIP_HD unsigned cu2hip_dp2a_lo(ushort2 a, uchar4 b, unsigned c) {
  return cu2hip_dp2a_lo(a.x | (unsigned)a.y << 16, cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}
CU2HIP_HD unsigned cu2hip_dp2a_hi(ushort2 a, uchar4 b, unsigned c) {
  return cu2hip_dp2a_hi(a.x | (unsigned)a.y << 16, cu2hip_pack_(b.x, b.y, b.z, b.w), c);
}

/* ---- __match_any_sync / __match_all_sync on a 64-lane wavefront ------------
 * The lane masks are 64-bit (unsigned long long), as HIP's __ballot is:
 * CUDA's functions return a 32-bit unsigned int, which cannot name the upper
 * 32 lanes of a wavefront. Every lane of `mask` must call the function
 * together, as in CUDA. Values are compared bit for bit (CUDA compares the
 * 32 or 64 bits of int, long long, float or double values). */
template <class T> __device__ inline unsigned long long cu2hip_match_bits_(T value) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "__match_*_sync takes 32- or 64-bit values");
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &value, sizeof value);
  return bits;
}
__device__ inline unsigned long long cu2hip_match_read_(unsigned long long bits, int lane) {
  unsigned lo = (unsigned)__shfl((int)(unsigned)bits, lane);
  unsigned hi = (unsigned)__shfl((int)(unsigned)(bits >> 32), lane);
  return (unsigned long long)hi << 32 | lo;
}
template <class T> __device__ inline unsigned long long cu2hip_match_any_sync(unsigned long long mask, T value) {
  unsigned long long bits = cu2hip_match_bits_(value), mine = 0;
  /* Lane by lane: at step k every lane votes whether its value is lane k's,
   * and lane k keeps the vote. Every lane runs the same 64 steps, whatever
   * the values, so no lane waits on a vote others have left. */
  for (int k = 0; k < 64; k++) {
    unsigned long long same = __ballot(bits == cu2hip_match_read_(bits, k)) & mask;
    if (__lane_id() == (unsigned)k) mine = same;
  }
  return mine;
}
template <class T>
__device__ inline unsigned long long cu2hip_match_all_sync(unsigned long long mask, T value, int *pred) {
  if (!mask) {
    *pred = 1;
    return 0;
  }
  unsigned long long bits = cu2hip_match_bits_(value);
  unsigned long long v = cu2hip_match_read_(bits, __builtin_ctzll(mask));
  int all = (__ballot(bits == v) & mask) == mask;
  *pred = all;
  return all ? mask : 0;
}

/* ---- half-wave warp operations: 32-lane CUDA code on a 64-lane wavefront --
 * A CUDA warp is 32 consecutive linear thread ids and a gfx942 wavefront 64,
 * so each half of a wavefront (lanes 0-31, 32-63) holds exactly one CUDA
 * warp, whatever the block's shape. Code written for 32-lane warps (lanes
 * numbered `tid & 31`, warps `tid / 32`) keeps its CUDA meaning when every
 * wavefront-wide operation is narrowed to the caller's half: these functions
 * take CUDA's arguments and answer as CUDA does for the caller's warp, with
 * 32-bit lane masks in which bit i is lane i of the half (CUDA's lane i of
 * the warp). Lanes of the other half never affect the answer. cu2hip emits
 * them for code its warp model finds written for 32-lane warps
 * (warp-half-wave in docs/checks.md). As in CUDA, every lane named in
 * `mask` must make the call together. */

/* The caller's half of a 64-bit wavefront mask, and a half's mask placed
 * at the caller's half of the wavefront. */
__device__ inline unsigned cu2hip_half_bits_(unsigned long long wave) {
  return (unsigned)(wave >> (__lane_id() & 32));
}
__device__ inline unsigned long long cu2hip_half_wave_mask_(unsigned mask) {
  return (unsigned long long)mask << (__lane_id() & 32);
}
/* __activemask(): the lanes of the caller's warp that execute the call. */
__device__ inline unsigned cu2hip_half_activemask() { return cu2hip_half_bits_(__ballot(1)); }
/* __ballot_sync(mask, pred): bit i set when lane i of the caller's warp is
 * in mask, active, and has pred non-zero. */
__device__ inline unsigned cu2hip_half_ballot_sync(unsigned mask, int pred) {
  return cu2hip_half_bits_(__ballot(pred)) & mask;
}
/* __any_sync / __all_sync: pred over the active lanes of mask in the
 * caller's warp (__all_sync of no lane is true, as in CUDA). */
__device__ inline int cu2hip_half_any_sync(unsigned mask, int pred) { return cu2hip_half_ballot_sync(mask, pred) != 0; }
__device__ inline int cu2hip_half_all_sync(unsigned mask, int pred) {
  return cu2hip_half_ballot_sync(mask, pred) == (mask & cu2hip_half_activemask());
}
/* __match_any_sync / __match_all_sync over the lanes of mask in the
 * caller's warp. match_any visits the 32 lanes of the half in turn: at step
 * k every lane votes whether its value is lane k's, and lane k keeps the
 * vote. Every lane runs the same 32 steps (no loop whose length depends on
 * the data), so the two halves never diverge. match_all is the 64-lane
 * function above with the mask moved to the caller's half, and the answer
 * moved back. */
template <class T> __device__ inline unsigned cu2hip_half_match_any_sync(unsigned mask, T value) {
  unsigned long long bits = cu2hip_match_bits_(value);
  unsigned mine = 0;
  for (int k = 0; k < 32; k++) {
    unsigned lo = (unsigned)__shfl((int)(unsigned)bits, k, 32);
    unsigned hi = (unsigned)__shfl((int)(unsigned)(bits >> 32), k, 32);
    unsigned same = cu2hip_half_bits_(__ballot(bits == ((unsigned long long)hi << 32 | lo)));
    if ((__lane_id() & 31) == k) mine = same;
  }
  return mine & mask;
}
template <class T> __device__ inline unsigned cu2hip_half_match_all_sync(unsigned mask, T value, int *pred) {
  return cu2hip_half_bits_(cu2hip_match_all_sync(cu2hip_half_wave_mask_(mask), value, pred));
}
/* __reduce_{add,min,max}_sync (int and unsigned) and
 * __reduce_{and,or,xor}_sync (unsigned): the value of every lane of mask in
 * the caller's warp, combined in lane order; add wraps modulo 2^32 as
 * CUDA's does. Each lane reads the others with width-32 shuffles, one per
 * lane of the warp: exact for any mask, slower than a butterfly. */
#define CU2HIP_HALF_REDUCE_(NAME, T, OP)                                              \
  __device__ inline T cu2hip_half_reduce_##NAME##_sync(unsigned mask, T value) {      \
    T acc = 0;                                                                        \
    int first = 1;                                                                    \
    for (int lane = 0; lane < 32; lane++) {                                           \
      T x = (T)__shfl((int)value, lane, 32);                                          \
      if (!((mask >> lane) & 1u)) continue;                                           \
      acc = first ? x : OP(acc, x);                                                   \
      first = 0;                                                                      \
    }                                                                                 \
    return acc;                                                                       \
  }
__device__ inline unsigned cu2hip_add_u_(unsigned a, unsigned b) { return a + b; }
__device__ inline int cu2hip_add_i_(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
__device__ inline unsigned cu2hip_min_u_(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ inline int cu2hip_min_i_(int a, int b) { return a < b ? a : b; }
__device__ inline unsigned cu2hip_max_u_(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ inline int cu2hip_max_i_(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned cu2hip_and_u_(unsigned a, unsigned b) { return a & b; }
__device__ inline unsigned cu2hip_or_u_(unsigned a, unsigned b) { return a | b; }
__device__ inline unsigned cu2hip_xor_u_(unsigned a, unsigned b) { return a ^ b; }
CU2HIP_HALF_REDUCE_(add, unsigned, cu2hip_add_u_)
CU2HIP_HALF_REDUCE_(add, int, cu2hip_add_i_)
CU2HIP_HALF_REDUCE_(min, unsigned, cu2hip_min_u_)
CU2HIP_HALF_REDUCE_(min, int, cu2hip_min_i_)
CU2HIP_HALF_REDUCE_(max, unsigned, cu2hip_max_u_)
CU2HIP_HALF_REDUCE_(max, int, cu2hip_max_i_)
CU2HIP_HALF_REDUCE_(and, unsigned, cu2hip_and_u_)
CU2HIP_HALF_REDUCE_(or, unsigned, cu2hip_or_u_)
CU2HIP_HALF_REDUCE_(xor, unsigned, cu2hip_xor_u_)
#undef CU2HIP_HALF_REDUCE_

/* ---- __nv_atomic_* (CUDA 12.8's atomic builtins with order and scope) -----
 * They become clang's __hip_atomic_* builtins, which every ROCm compiler
 * since 5.0 has, whatever the HIP headers. The orders are numbered as the
 * compiler's __ATOMIC_* are (CUDA's __NV_ATOMIC_* count the same way); the
 * scopes map as CUDA implements them: thread and block scope to the
 * workgroup, cluster (gfx942 has none) and device scope to the agent,
 * system scope to the system. Orders and scopes may be literals, as in CUDA;
 * after inlining the builtins see constants. Values of 1, 2, 4 or 8 bytes:
 * gfx942 has no 16-byte atomics. */
enum {
  cu2hip_NV_ATOMIC_RELAXED = __ATOMIC_RELAXED,
  cu2hip_NV_ATOMIC_CONSUME = __ATOMIC_CONSUME,
  cu2hip_NV_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,
  cu2hip_NV_ATOMIC_RELEASE = __ATOMIC_RELEASE,
  cu2hip_NV_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,
  cu2hip_NV_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST
};
enum {
  cu2hip_NV_THREAD_SCOPE_THREAD,
  cu2hip_NV_THREAD_SCOPE_BLOCK,
  cu2hip_NV_THREAD_SCOPE_CLUSTER,
  cu2hip_NV_THREAD_SCOPE_DEVICE,
  cu2hip_NV_THREAD_SCOPE_SYSTEM
};
__device__ inline constexpr int cu2hip_nv_scope_(int scope) {
  return scope <= cu2hip_NV_THREAD_SCOPE_BLOCK    ? __HIP_MEMORY_SCOPE_WORKGROUP
         : scope == cu2hip_NV_THREAD_SCOPE_SYSTEM ? __HIP_MEMORY_SCOPE_SYSTEM
                                                  : __HIP_MEMORY_SCOPE_AGENT;
}

/* fetch_add, fetch_sub, fetch_and, fetch_or, fetch_xor, fetch_min,
 * fetch_max (returning the old value) and add, sub, ... (returning
 * nothing); the value converts to the pointee's type, as in CUDA. */
#define CU2HIP_NV_RMW_(op)                                                                                \
  template <class T, class U>                                                                             \
  __device__ inline T cu2hip_nv_atomic_fetch_##op(T *p, U v, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) { \
    return __hip_atomic_fetch_##op(p, (T)v, order, cu2hip_nv_scope_(scope));                              \
  }                                                                                                       \
  template <class T, class U>                                                                             \
  __device__ inline void cu2hip_nv_atomic_##op(T *p, U v, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) { \
    (void)__hip_atomic_fetch_##op(p, (T)v, order, cu2hip_nv_scope_(scope));                               \
  }
CU2HIP_NV_RMW_(add)
CU2HIP_NV_RMW_(sub)
CU2HIP_NV_RMW_(and)
CU2HIP_NV_RMW_(or)
CU2HIP_NV_RMW_(xor)
CU2HIP_NV_RMW_(min)
CU2HIP_NV_RMW_(max)
#undef CU2HIP_NV_RMW_

template <class T> __device__ inline T cu2hip_nv_atomic_load_n(T *p, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  return __hip_atomic_load(p, order, cu2hip_nv_scope_(scope));
}
template <class T, class U>
__device__ inline void cu2hip_nv_atomic_store_n(T *p, U v, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  __hip_atomic_store(p, (T)v, order, cu2hip_nv_scope_(scope));
}
template <class T, class U>
__device__ inline T cu2hip_nv_atomic_exchange_n(T *p, U v, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  return __hip_atomic_exchange(p, (T)v, order, cu2hip_nv_scope_(scope));
}

/* Compare-exchange runs with the stronger of the two orders (CUDA ignores
 * `weak` and does so); the failure order is that one without its release
 * part, as the compiler requires. */
__device__ inline constexpr int cu2hip_nv_cas_order_(int success, int failure) {
  return (success == __ATOMIC_RELEASE && (failure == __ATOMIC_ACQUIRE || failure == __ATOMIC_CONSUME)) ||
                 (failure == __ATOMIC_RELEASE && (success == __ATOMIC_ACQUIRE || success == __ATOMIC_CONSUME))
             ? __ATOMIC_ACQ_REL
             : success > failure ? success : failure;
}
__device__ inline constexpr int cu2hip_nv_cas_failure_(int order) {
  return order == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : order == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : order;
}
template <class T, class U>
__device__ inline bool cu2hip_nv_atomic_compare_exchange_n(T *p, T *expected, U desired, bool weak, int success,
                                                           int failure, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  (void)weak;
  const int order = cu2hip_nv_cas_order_(success, failure);
  return __hip_atomic_compare_exchange_strong(p, expected, (T)desired, order, cu2hip_nv_cas_failure_(order),
                                              cu2hip_nv_scope_(scope));
}

/* The forms that pass values through pointers take any type of 1, 2, 4 or
 * 8 bytes (a struct too): it moves as the unsigned integer of its size. */
template <int N> struct cu2hip_nv_word_;
template <> struct cu2hip_nv_word_<1> { typedef unsigned char __attribute__((may_alias)) type; };
template <> struct cu2hip_nv_word_<2> { typedef unsigned short __attribute__((may_alias)) type; };
template <> struct cu2hip_nv_word_<4> { typedef unsigned __attribute__((may_alias)) type; };
template <> struct cu2hip_nv_word_<8> { typedef unsigned long long __attribute__((may_alias)) type; };
#define CU2HIP_NV_WORD_(T)                                                                                   \
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,                      \
                "gfx942 atomics take 1, 2, 4 or 8 bytes (no 16-byte atomics)");                             \
  typedef typename cu2hip_nv_word_<sizeof(T)>::type W
template <class T> __device__ inline void cu2hip_nv_atomic_load(T *p, T *ret, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  CU2HIP_NV_WORD_(T);
  W w = __hip_atomic_load((W *)p, order, cu2hip_nv_scope_(scope));
  __builtin_memcpy((void *)ret, &w, sizeof(T));
}
template <class T> __device__ inline void cu2hip_nv_atomic_store(T *p, T *val, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  CU2HIP_NV_WORD_(T);
  W w;
  __builtin_memcpy(&w, (const void *)val, sizeof(T));
  __hip_atomic_store((W *)p, w, order, cu2hip_nv_scope_(scope));
}
template <class T>
__device__ inline void cu2hip_nv_atomic_exchange(T *p, T *val, T *ret, int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  CU2HIP_NV_WORD_(T);
  W w;
  __builtin_memcpy(&w, (const void *)val, sizeof(T));
  w = __hip_atomic_exchange((W *)p, w, order, cu2hip_nv_scope_(scope));
  __builtin_memcpy((void *)ret, &w, sizeof(T));
}
template <class T>
__device__ inline bool cu2hip_nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success,
                                                         int failure, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  CU2HIP_NV_WORD_(T);
  (void)weak;
  W e, d;
  __builtin_memcpy(&e, (const void *)expected, sizeof(T));
  __builtin_memcpy(&d, (const void *)desired, sizeof(T));
  const int order = cu2hip_nv_cas_order_(success, failure);
  bool done = __hip_atomic_compare_exchange_strong((W *)p, &e, d, order, cu2hip_nv_cas_failure_(order),
                                                   cu2hip_nv_scope_(scope));
  if (!done) __builtin_memcpy((void *)expected, &e, sizeof(T));
  return done;
}
#undef CU2HIP_NV_WORD_

/* The fence wants constant arguments: one case per order and scope. */
#define CU2HIP_NV_FENCE_(order)                                                                  \
  (scope <= cu2hip_NV_THREAD_SCOPE_BLOCK    ? __builtin_amdgcn_fence(order, "workgroup")        \
   : scope == cu2hip_NV_THREAD_SCOPE_SYSTEM ? __builtin_amdgcn_fence(order, "")                 \
                                            : __builtin_amdgcn_fence(order, "agent"))
__device__ inline void cu2hip_nv_atomic_thread_fence(int order, int scope = cu2hip_NV_THREAD_SCOPE_SYSTEM) {
  switch (order) {
    case __ATOMIC_RELAXED: break; /* orders nothing, as in C++ */
    case __ATOMIC_CONSUME:
    case __ATOMIC_ACQUIRE: CU2HIP_NV_FENCE_(__ATOMIC_ACQUIRE); break;
    case __ATOMIC_RELEASE: CU2HIP_NV_FENCE_(__ATOMIC_RELEASE); break;
    case __ATOMIC_ACQ_REL: CU2HIP_NV_FENCE_(__ATOMIC_ACQ_REL); break;
    default: CU2HIP_NV_FENCE_(__ATOMIC_SEQ_CST); break;
  }
}
#undef CU2HIP_NV_FENCE_
#endif

/* ---- cuda::atomic_ref and cuda::atomic (libcu++, <cuda/atomic>) -----------
 * cuda::atomic_ref<T, cuda::thread_scope_X> becomes cu2hip_atomic_ref<T,
 * cu2hip_thread_scope_X>, cuda::atomic cu2hip_atomic; cuda::memory_order_X
 * becomes __ATOMIC_X. The scopes keep libcu++'s values and map as the
 * __nv_atomic_* ones do: thread and block scope to the workgroup (libcu++
 * implements thread scope as block scope), device scope to the agent,
 * system scope to the system. On the device (and the host side of a HIP
 * compile) the operations are clang's __hip_atomic_* builtins; with a plain
 * C++ compiler they are the compiler's __atomic_* builtins, so that the
 * single-thread semantics can be tested on the host. A compare-exchange is
 * always strong (a weak one may fail spuriously, never must). */
enum cu2hip_thread_scope {
  cu2hip_thread_scope_system = 0,
  cu2hip_thread_scope_device = 1,
  cu2hip_thread_scope_block = 2,
  cu2hip_thread_scope_thread = 10
};
/* The failure order of a one-order compare-exchange: no release part. */
CU2HIP_HD constexpr int cu2hip_cas_failure_(int order) {
  return order == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : order == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : order;
}
#if defined(__HIPCC__) || defined(__HIP__)
CU2HIP_HD constexpr int cu2hip_hip_scope_(int scope) {
  return scope == cu2hip_thread_scope_system   ? __HIP_MEMORY_SCOPE_SYSTEM
         : scope == cu2hip_thread_scope_device ? __HIP_MEMORY_SCOPE_AGENT
                                               : __HIP_MEMORY_SCOPE_WORKGROUP;
}
#define CU2HIP_AT_LOAD_(p, o) __hip_atomic_load(p, o, cu2hip_hip_scope_(S))
#define CU2HIP_AT_STORE_(p, v, o) __hip_atomic_store(p, v, o, cu2hip_hip_scope_(S))
#define CU2HIP_AT_XCHG_(p, v, o) __hip_atomic_exchange(p, v, o, cu2hip_hip_scope_(S))
#define CU2HIP_AT_CAS_(p, e, d, s, f) __hip_atomic_compare_exchange_strong(p, e, d, s, f, cu2hip_hip_scope_(S))
#define CU2HIP_AT_RMW_(op, p, v, o) __hip_atomic_fetch_##op(p, v, o, cu2hip_hip_scope_(S))
#else
/* The generic (pointer) forms, which take floating point as well; every
 * read-modify-write as a compare-exchange loop, as the host compiler's
 * __atomic_fetch_* take neither floating point nor min/max everywhere. */
template <class T> inline T cu2hip_host_load_(T *p, int o) {
  T v;
  __atomic_load(p, &v, o);
  return v;
}
template <class T> inline T cu2hip_host_xchg_(T *p, T v, int o) {
  T old;
  __atomic_exchange(p, &v, &old, o);
  return old;
}
#define CU2HIP_AT_LOAD_(p, o) cu2hip_host_load_(p, o)
#define CU2HIP_AT_STORE_(p, v, o) __atomic_store(p, &v, o)
#define CU2HIP_AT_XCHG_(p, v, o) cu2hip_host_xchg_(p, v, o)
#define CU2HIP_AT_CAS_(p, e, d, s, f) __atomic_compare_exchange(p, e, &d, false, s, f)
#define CU2HIP_AT_RMW_(op, p, v, o) cu2hip_host_rmw_(p, v, o, cu2hip_op_##op##_())
struct cu2hip_op_add_ { template <class T> T operator()(T a, T b) const { return a + b; } };
struct cu2hip_op_sub_ { template <class T> T operator()(T a, T b) const { return a - b; } };
struct cu2hip_op_and_ { template <class T> T operator()(T a, T b) const { return a & b; } };
struct cu2hip_op_or_ { template <class T> T operator()(T a, T b) const { return a | b; } };
struct cu2hip_op_xor_ { template <class T> T operator()(T a, T b) const { return a ^ b; } };
struct cu2hip_op_min_ { template <class T> T operator()(T a, T b) const { return b < a ? b : a; } };
struct cu2hip_op_max_ { template <class T> T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T, class F> inline T cu2hip_host_rmw_(T *p, T v, int order, F f) {
  T old = cu2hip_host_load_(p, __ATOMIC_RELAXED), want;
  do
    want = f(old, v);
  while (!__atomic_compare_exchange(p, &old, &want, false, order, __ATOMIC_RELAXED));
  return old;
}
#endif

/* The operations, on the object D::cu2hip_ptr_() names, at scope S. */
template <class D, class T, int S> struct cu2hip_atomic_ops_ {
  CU2HIP_HD T *cu2hip_at_() const { return static_cast<const D *>(this)->cu2hip_ptr_(); }
  CU2HIP_HD T load(int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_LOAD_(cu2hip_at_(), order); }
  CU2HIP_HD operator T() const noexcept { return load(); }
  CU2HIP_HD void store(T v, int order = __ATOMIC_SEQ_CST) const noexcept { CU2HIP_AT_STORE_(cu2hip_at_(), v, order); }
  CU2HIP_HD T exchange(T v, int order = __ATOMIC_SEQ_CST) const noexcept {
    return CU2HIP_AT_XCHG_(cu2hip_at_(), v, order);
  }
  CU2HIP_HD bool compare_exchange_strong(T &expected, T desired, int success, int failure) const noexcept {
    return CU2HIP_AT_CAS_(cu2hip_at_(), &expected, desired, success, failure);
  }
  CU2HIP_HD bool compare_exchange_strong(T &expected, T desired, int order = __ATOMIC_SEQ_CST) const noexcept {
    return compare_exchange_strong(expected, desired, order, cu2hip_cas_failure_(order));
  }
  CU2HIP_HD bool compare_exchange_weak(T &expected, T desired, int success, int failure) const noexcept {
    return compare_exchange_strong(expected, desired, success, failure);
  }
  CU2HIP_HD bool compare_exchange_weak(T &expected, T desired, int order = __ATOMIC_SEQ_CST) const noexcept {
    return compare_exchange_strong(expected, desired, order, cu2hip_cas_failure_(order));
  }
  CU2HIP_HD T fetch_add(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(add, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_sub(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(sub, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_and(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(and, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_or(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(or, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_xor(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(xor, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_min(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(min, cu2hip_at_(), v, order); }
  CU2HIP_HD T fetch_max(T v, int order = __ATOMIC_SEQ_CST) const noexcept { return CU2HIP_AT_RMW_(max, cu2hip_at_(), v, order); }
  CU2HIP_HD T operator++(int) const noexcept { return fetch_add(T(1)); }
  CU2HIP_HD T operator--(int) const noexcept { return fetch_sub(T(1)); }
  CU2HIP_HD T operator++() const noexcept { return fetch_add(T(1)) + T(1); }
  CU2HIP_HD T operator--() const noexcept { return fetch_sub(T(1)) - T(1); }
  CU2HIP_HD T operator+=(T v) const noexcept { return fetch_add(v) + v; }
  CU2HIP_HD T operator-=(T v) const noexcept { return fetch_sub(v) - v; }
  CU2HIP_HD T operator&=(T v) const noexcept { return fetch_and(v) & v; }
  CU2HIP_HD T operator|=(T v) const noexcept { return fetch_or(v) | v; }
  CU2HIP_HD T operator^=(T v) const noexcept { return fetch_xor(v) ^ v; }
};
#undef CU2HIP_AT_LOAD_
#undef CU2HIP_AT_STORE_
#undef CU2HIP_AT_XCHG_
#undef CU2HIP_AT_CAS_
#undef CU2HIP_AT_RMW_

/* cuda::atomic_thread_fence(order, scope): on the device the
 * __nv_atomic_thread_fence stand-in at that scope, on the host a fence of
 * the host compiler. */
CU2HIP_HD void cu2hip_atomic_thread_fence(int order, cu2hip_thread_scope scope = cu2hip_thread_scope_system) {
#if defined(__HIP_DEVICE_COMPILE__)
  cu2hip_nv_atomic_thread_fence(order, scope == cu2hip_thread_scope_system   ? cu2hip_NV_THREAD_SCOPE_SYSTEM
                                       : scope == cu2hip_thread_scope_device ? cu2hip_NV_THREAD_SCOPE_DEVICE
                                                                             : cu2hip_NV_THREAD_SCOPE_BLOCK);
#else
  (void)scope;
  __atomic_thread_fence(order);
#endif
}

/* A reference to an object that outlives it, as cuda::atomic_ref. */
template <class T, cu2hip_thread_scope S = cu2hip_thread_scope_system>
class cu2hip_atomic_ref : public cu2hip_atomic_ops_<cu2hip_atomic_ref<T, S>, T, S> {
  T *ptr_;

 public:
  typedef T value_type;
  CU2HIP_HD explicit cu2hip_atomic_ref(T &object) noexcept : ptr_(&object) {}
  CU2HIP_HD cu2hip_atomic_ref(const cu2hip_atomic_ref &) noexcept = default;
  cu2hip_atomic_ref &operator=(const cu2hip_atomic_ref &) = delete;
  CU2HIP_HD T operator=(T v) const noexcept {
    this->store(v);
    return v;
  }
  CU2HIP_HD T *cu2hip_ptr_() const noexcept { return ptr_; }
};

/* An object of its own, as cuda::atomic (constant-initialisable, so a
 * __device__ variable of it needs no constructor call). */
template <class T, cu2hip_thread_scope S = cu2hip_thread_scope_system>
class cu2hip_atomic : public cu2hip_atomic_ops_<cu2hip_atomic<T, S>, T, S> {
  mutable T value_;

 public:
  typedef T value_type;
  CU2HIP_HD constexpr cu2hip_atomic() noexcept : value_() {}
  CU2HIP_HD constexpr cu2hip_atomic(T v) noexcept : value_(v) {}
  cu2hip_atomic(const cu2hip_atomic &) = delete;
  cu2hip_atomic &operator=(const cu2hip_atomic &) = delete;
  CU2HIP_HD T operator=(T v) noexcept {
    this->store(v);
    return v;
  }
  CU2HIP_HD T *cu2hip_ptr_() const noexcept { return &value_; }
};

/* ---- atomicAnd, atomicOr, atomicXor on long long --------------------------
 * CUDA declares them for long long; HIP for unsigned long long only. A
 * bitwise operation does the same to the bits whatever their sign, so each
 * is HIP's call on the same word, with the old value read back as signed. */
#if defined(__HIPCC__) || defined(__HIP__)
#define CU2HIP_ATOMIC_BITS_(name)                                                                \
  __device__ inline long long cu2hip_##name(long long *p, long long v) {                        \
    return (long long)name((unsigned long long *)p, (unsigned long long)v);                      \
  }
CU2HIP_ATOMIC_BITS_(atomicAnd)
CU2HIP_ATOMIC_BITS_(atomicOr)
CU2HIP_ATOMIC_BITS_(atomicXor)
CU2HIP_ATOMIC_BITS_(atomicAnd_system)
CU2HIP_ATOMIC_BITS_(atomicOr_system)
CU2HIP_ATOMIC_BITS_(atomicXor_system)
#undef CU2HIP_ATOMIC_BITS_
#endif

/* ---- cudaMemAdvise and cudaMemPrefetchAsync taking a cudaMemLocation ----
 * CUDA 13 passes a memory location where CUDA 12, and HIP before ROCm 7.1
 * (which adds hipMemAdvise_v2 and hipMemPrefetchAsync_v2), pass a device
 * number. A device location passes its id. HIP has no other location type
 * before ROCm 7.1, so any other is refused with hipErrorInvalidValue, never
 * guessed; so are prefetch flags, which CUDA reserves (they must be 0). */
#if defined(__HIPCC__) || defined(__HIP__)
inline hipError_t cu2hip_memAdvise(const void *ptr, size_t count, hipMemoryAdvise advice, hipMemLocation location) {
  if (location.type != hipMemLocationTypeDevice) return hipErrorInvalidValue;
  return hipMemAdvise(ptr, count, advice, location.id);
}
inline hipError_t cu2hip_memPrefetchAsync(const void *ptr, size_t count, hipMemLocation location, unsigned int flags,
                                          hipStream_t stream = 0) {
  if (location.type != hipMemLocationTypeDevice || flags != 0) return hipErrorInvalidValue;
  return hipMemPrefetchAsync(ptr, count, location.id, stream);
}
#endif

#undef CU2HIP_HD
#endif
