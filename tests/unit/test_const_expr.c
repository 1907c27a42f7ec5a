/* The one evaluator of integer constant expressions (src/scan/const_expr.c)
 * over text, with C's types: literals, operators and their precedence,
 * promotions and conversions, the one overflow rule, sizeof, casts, and
 * the hook that names go through. The same parser reads the file's tokens
 * (tests/unit/test_constants.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scan/const_expr.h"

/* Evaluates text; fails the test when it does not evaluate. */
static c2h_const eval(const char *text) {
  c2h_const c = {0, 0, 0};
  int ok = c2h_const_eval(NULL, text, strlen(text), NULL, NULL, 0, &c);
  if (!ok) fail_msg("'%s' did not evaluate", text);
  return c;
}

static int evaluates(const char *text) {
  c2h_const c;
  return c2h_const_eval(NULL, text, strlen(text), NULL, NULL, 0, &c);
}

/* The value as a long long, failing the test when there is none. */
static long long value(const char *text) {
  c2h_const c = eval(text);
  long long v = 0;
  if (!c2h_const_to_ll(&c, &v)) fail_msg("'%s' does not fit a long long", text);
  return v;
}

static void literal_types(void **state) {
  (void)state;
  c2h_const c = eval("0xffffffff"); /* hex: unsigned int */
  assert_int_equal(c.width, 32);
  assert_true(c.is_unsigned);
  c = eval("4294967295"); /* decimal: long */
  assert_int_equal(c.width, 64);
  assert_false(c.is_unsigned);
  assert_true(c2h_const_as_u64(&c) == 0xffffffffULL);
  c = eval("0xFFFFFFFFFFFFFFFFull");
  assert_true(c.is_unsigned && c.width == 64 && c.bits == ~0ULL);
  c = eval("0x7fffffff");
  assert_false(c.is_unsigned);
  assert_false(evaluates("1.0f"));
  assert_false(evaluates("0x1p3"));
  assert_true(eval("1'000").bits == 1000);
}

static void full_masks(void **state) {
  (void)state;
  /* 32 unsigned one bits: stay 32 lanes in a 64-bit mask. */
  const char *const full32[] = {"uint32_t(-1)", "(unsigned)-1", "static_cast<unsigned>(-1)", "~0u", "0xffffffffu",
                                "std::uint32_t{~0u}", "(unsigned int)(-1)", "static_cast<const unsigned int>(~0)",
                                "0xffffffff >> 0", "(1ull << 32) - 1"};
  for (size_t i = 0; i < sizeof full32 / sizeof *full32; i++) {
    c2h_const c = eval(full32[i]);
    if (c2h_const_as_u64(&c) != 0xffffffffULL) fail_msg("'%s' is not 0xffffffff", full32[i]);
  }
  /* Signed -1 sign-extends: every lane of 64. */
  const char *const full64[] = {"-1", "~0", "(int)0xffffffff", "~0ull", "(long long)-1", "uint64_t(-1)",
                                "(unsigned long long)~0"};
  for (size_t i = 0; i < sizeof full64 / sizeof *full64; i++) {
    c2h_const c = eval(full64[i]);
    if (c2h_const_as_u64(&c) != ~0ULL) fail_msg("'%s' is not every bit of 64", full64[i]);
  }
  c2h_const c = eval("(unsigned short)-1"); /* promoted to int 65535 */
  assert_true(c2h_const_as_u64(&c) == 0xffffULL);
  c = eval("(uint8_t)0x1ff");
  assert_true(c.bits == 0xff);
}

static void operators(void **state) {
  (void)state;
  assert_true(eval("(1 << 16) - 1").bits == 0xffff);
  assert_true(eval("0xffffffffu >> 16").bits == 0xffff);
  assert_true(c2h_const_as_u64(&(c2h_const){eval("-8 >> 1").bits, 32, 0}) == (unsigned long long)-4);
  assert_true(eval("3 < 4 && 2 == 2").bits == 1);
  assert_true(eval("1 ? 5 : 6").bits == 5);
  assert_true(eval("-1 < 0u").bits == 0); /* converted to unsigned */
  assert_true(eval("-1 < 0").bits == 1);
  assert_true(eval("/* all */ 0xffff // low\n").bits == 0xffff);
  assert_false(evaluates("1 / 0"));
  assert_false(evaluates("1 << 32"));
  assert_false(evaluates("f(1)"));
  assert_false(evaluates("a.b"));
  assert_false(evaluates("1 +"));
  assert_false(evaluates(""));
}

static void literals(void **state) {
  (void)state;
  assert_int_equal(value("0b101"), 5);
  assert_int_equal(value("017"), 15);
  assert_int_equal(value("0"), 0);
  assert_int_equal(value("1'000'000"), 1000000);
  c2h_const c = eval("0x10ULL");
  assert_true(c.width == 64 && c.is_unsigned && c.bits == 16);
  c = eval("10uz"); /* C++23 size_t */
  assert_true(c.width == 64 && c.is_unsigned);
  c = eval("2147483648"); /* decimal without suffix: long */
  assert_true(c.width == 64 && !c.is_unsigned);
  c = eval("0x80000000"); /* hex: unsigned int */
  assert_true(c.width == 32 && c.is_unsigned);
  assert_int_equal(value("true + true"), 2);
  assert_int_equal(value("false"), 0);
  assert_false(evaluates("1.5"));
  assert_false(evaluates("1e3"));
  assert_false(evaluates("'a'"));
  assert_false(evaluates("08")); /* not an octal digit */
  assert_false(evaluates("18446744073709551616")); /* too large for any type */
  assert_false(evaluates("1 2"));
}

static void precedence(void **state) {
  (void)state;
  assert_int_equal(value("1 + 2 * 3"), 7);
  assert_int_equal(value("(1 + 2) * 3"), 9);
  assert_int_equal(value("1 << 2 + 1"), 8);
  assert_int_equal(value("6 & 3 | 8"), 10);
  assert_int_equal(value("1 | 2 ^ 3"), 1);
  assert_int_equal(value("2 > 1 == 1"), 1);
  assert_int_equal(value("1 || 0 && 0"), 1);
  assert_int_equal(value("10 - 4 - 3"), 3); /* left to right */
  assert_int_equal(value("64 / 4 / 2"), 8);
  assert_int_equal(value("1 ? 2 : 3 ? 4 : 5"), 2);
  assert_int_equal(value("0 ? 1 : 0 ? 2 : 3"), 3);
  assert_int_equal(value("-3 * -3"), 9);
  assert_int_equal(value("!5 + !0"), 1);
  assert_int_equal(value("~5 & 0xf"), 10);
  assert_int_equal(value("7 / -2"), -3); /* truncates toward zero */
  assert_int_equal(value("-7 % 3"), -1);
  assert_int_equal(value("+4"), 4);
}

static void types(void **state) {
  (void)state;
  c2h_const c = eval("uint32_t(-1)");
  assert_true(c.width == 32 && c.is_unsigned && c2h_const_as_u64(&c) == 0xffffffffULL);
  c = eval("~0u");
  assert_true(c.width == 32 && c.is_unsigned && c.bits == 0xffffffffULL);
  c = eval("-1"); /* into 64 bits it sign-extends */
  assert_true(c.width == 32 && !c.is_unsigned && c2h_const_as_u64(&c) == ~0ULL);
  c = eval("0xffffffffu + 1"); /* unsigned arithmetic wraps */
  assert_true(c.bits == 0 && c.is_unsigned);
  assert_int_equal(value("4294967295 + 1"), 4294967296LL); /* long */
  c = eval("1 + 1u"); /* usual arithmetic conversions */
  assert_true(c.is_unsigned && c.width == 32);
  c = eval("1u + 1LL"); /* long long holds every unsigned int */
  assert_true(!c.is_unsigned && c.width == 64);
  c = eval("1ull - 2"); /* wraps in 64 bits */
  assert_true(c.is_unsigned && c.bits == ~0ULL);
  c = eval("(short)-1"); /* promoted to int */
  assert_true(c.width == 32 && !c.is_unsigned && c2h_const_as_u64(&c) == ~0ULL);
}

/* One rule: a signed result that does not fit its type, a division by
 * zero and a shift out of range have no value. */
static void overflow(void **state) {
  (void)state;
  assert_false(evaluates("2147483647 + 1"));
  assert_false(evaluates("-2147483647 - 2"));
  assert_false(evaluates("65536 * 65536")); /* int */
  assert_int_equal(value("65536LL * 65536"), 4294967296LL);
  assert_true(eval("65536u * 65536u").bits == 0); /* unsigned: wraps */
  assert_false(evaluates("9223372036854775807 + 1"));
  assert_false(evaluates("0x7fffffffffffffff * 2"));
  assert_false(evaluates("-(-2147483647 - 1)"));
  assert_false(evaluates("(-2147483647 - 1) / -1"));
  assert_false(evaluates("(-2147483647 - 1) % -1"));
  assert_int_equal(value("-9223372036854775807 - 1"), LLONG_MIN);
  assert_false(evaluates("-9223372036854775807 - 2"));
  assert_int_equal(value("2147483647 + 1LL"), 2147483648LL);
  assert_false(evaluates("1 / 0"));
  assert_false(evaluates("1 % 0"));
  assert_false(evaluates("1u / 0u"));
  /* Operands whose value does not count may have none. */
  assert_int_equal(value("0 && 1 / 0"), 0);
  assert_int_equal(value("1 || 1 / 0"), 1);
  assert_int_equal(value("1 ? 2 : 1 / 0"), 2);
  assert_int_equal(value("0 ? 2147483647 + 1 : 3"), 3);
  assert_false(evaluates("1 ? 1 / 0 : 2"));
  assert_false(evaluates("1 && 1 / 0"));
  /* Shifts: by less than the width, as C++20 defines them. */
  c2h_const c = eval("1 << 31");
  assert_true(c.width == 32 && !c.is_unsigned && c2h_const_as_u64(&c) == 0xffffffff80000000ULL);
  assert_false(evaluates("1 << 32"));
  assert_false(evaluates("1 << -1"));
  assert_false(evaluates("1u >> 32"));
  assert_true(eval("1ull << 63").bits == 0x8000000000000000ULL);
}

static void sizes_and_casts(void **state) {
  (void)state;
  c2h_const c = eval("sizeof(float4)");
  assert_true(c.width == 64 && c.is_unsigned && c.bits == 16);
  assert_int_equal(value("sizeof(unsigned long long)"), 8);
  assert_int_equal(value("sizeof(const double) * 3"), 24);
  assert_int_equal(value("sizeof(char *)"), 8);
  assert_int_equal(value("sizeof(__half)"), 2);
  assert_int_equal(value("sizeof(int3)"), 12);
  assert_int_equal(value("sizeof(bool)"), 1);
  assert_int_equal(value("(128 + 2) * 128 * sizeof(float)"), 66560);
  assert_false(evaluates("sizeof(my_struct)"));
  assert_false(evaluates("sizeof x")); /* no variable sizes in text */
  c = eval("(size_t)-1");
  assert_true(c.width == 64 && c.is_unsigned && c.bits == ~0ULL);
  assert_int_equal(value("(unsigned char)257"), 1);
  assert_int_equal(value("(bool)5 + (bool)0"), 1);
  c = eval("static_cast<int>(3u)");
  assert_true(!c.is_unsigned && c.bits == 3);
  assert_int_equal(value("int{7}"), 7);
  assert_int_equal(value("(long long)1 << 40"), 1LL << 40);
  assert_int_equal(value("std::size_t(4) * 2"), 8);
  assert_false(evaluates("(float)3"));
  assert_false(evaluates("(int)"));
}

/* A hook that knows `prop.major` and `prop.minor` (three tokens each) and
 * a name it hides from everything else. */
static int device_props(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  const char *t[3];
  size_t n[3];
  (void)ctx;
  if (name->len == 6 && memcmp(name->text, "hidden", 6) == 0) return C2H_CONST_UNKNOWN;
  if (name->len != 4 || memcmp(name->text, "prop", 4) != 0) return C2H_CONST_PASS;
  for (size_t k = 0; k < 3; k++)
    if (!c2h_const_name_token(name, k, &t[k], &n[k])) return C2H_CONST_PASS;
  if (n[1] != 1 || t[1][0] != '.' || n[2] != 5) return C2H_CONST_PASS;
  int major = memcmp(t[2], "major", 5) == 0;
  if (!major && memcmp(t[2], "minor", 5) != 0) return C2H_CONST_PASS;
  *out = (c2h_const){major ? 9 : 4, 32, 0};
  *used = 3;
  return C2H_CONST_VALUE;
}

static void hook_several_tokens(void **state) {
  (void)state;
  c2h_const c;
  const char *text = "prop.major * 10 + prop . /* spaced */ minor";
  assert_true(c2h_const_eval(NULL, text, strlen(text), device_props, NULL, 0, &c));
  assert_int_equal(c.bits, 94);
  text = "prop.major >= 7 ? 1 : 2";
  assert_true(c2h_const_eval(NULL, text, strlen(text), device_props, NULL, 0, &c));
  assert_int_equal(c.bits, 1);
  text = "prop.multiProcessorCount"; /* the hook passes; a member is no constant */
  assert_false(c2h_const_eval(NULL, text, strlen(text), device_props, NULL, 0, &c));
  text = "hidden + 1";
  assert_false(c2h_const_eval(NULL, text, strlen(text), device_props, NULL, 0, &c));
}

/* Names go through the hook. */
static int names(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  (void)ctx;
  *used = 1;
  if (name->len == 4 && memcmp(name->text, "FULL", 4) == 0)
    return c2h_const_eval(NULL, "0xffffffff", 10, names, NULL, name->depth + 1, out) ? C2H_CONST_VALUE
                                                                                    : C2H_CONST_UNKNOWN;
  if (name->len == 4 && memcmp(name->text, "LOOP", 4) == 0)
    return c2h_const_eval(NULL, "LOOP", 4, names, NULL, name->depth + 1, out) ? C2H_CONST_VALUE : C2H_CONST_UNKNOWN;
  return C2H_CONST_PASS;
}

static void named(void **state) {
  (void)state;
  c2h_const c;
  assert_true(c2h_const_eval(NULL, "FULL >> 16", 10, names, NULL, 0, &c));
  assert_true(c.bits == 0xffff && c.is_unsigned);
  assert_false(c2h_const_eval(NULL, "LOOP", 4, names, NULL, 0, &c)); /* recursion stops */
  assert_false(c2h_const_eval(NULL, "OTHER", 5, names, NULL, 0, &c));
  assert_false(c2h_const_eval(NULL, "FULL", 4, NULL, NULL, 0, &c));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(literal_types),
      cmocka_unit_test(full_masks),
      cmocka_unit_test(operators),
      cmocka_unit_test(named),
      cmocka_unit_test(literals),
      cmocka_unit_test(precedence),
      cmocka_unit_test(types),
      cmocka_unit_test(overflow),
      cmocka_unit_test(sizes_and_casts),
      cmocka_unit_test(hook_several_tokens),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
