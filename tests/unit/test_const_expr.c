/* Integer constant expressions with C's types (lane mask values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scan/const_expr.h"

/* Evaluates text; fails the test when it does not evaluate. */
static c2h_const eval(const char *text) {
  c2h_const c = {0, 0, 0};
  int ok = c2h_const_eval(text, strlen(text), NULL, NULL, 0, &c);
  if (!ok) fail_msg("'%s' did not evaluate", text);
  return c;
}

static int evaluates(const char *text) {
  c2h_const c;
  return c2h_const_eval(text, strlen(text), NULL, NULL, 0, &c);
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

/* Names go through the callback. */
static int names(void *ctx, const char *at, size_t len, int depth, c2h_const *out) {
  (void)ctx;
  if (len == 4 && memcmp(at, "FULL", 4) == 0) return c2h_const_eval("0xffffffff", 10, names, NULL, depth, out);
  if (len == 4 && memcmp(at, "LOOP", 4) == 0) return c2h_const_eval("LOOP", 4, names, NULL, depth, out);
  return 0;
}

static void named(void **state) {
  (void)state;
  c2h_const c;
  assert_true(c2h_const_eval("FULL >> 16", 10, names, NULL, 0, &c));
  assert_true(c.bits == 0xffff && c.is_unsigned);
  assert_false(c2h_const_eval("LOOP", 4, names, NULL, 0, &c)); /* recursion stops */
  assert_false(c2h_const_eval("OTHER", 5, names, NULL, 0, &c));
  assert_false(c2h_const_eval("FULL", 4, NULL, NULL, 0, &c));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(literal_types),
      cmocka_unit_test(full_masks),
      cmocka_unit_test(operators),
      cmocka_unit_test(named),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
