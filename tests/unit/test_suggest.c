/* "Did you mean": edit distance and which names are close enough. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/suggest.h"

static void distance(void **state) {
  (void)state;
  assert_int_equal(c2h_edit_distance("rocm-verison", "rocm-version", 3), 1); /* a swap */
  assert_int_equal(c2h_edit_distance("cudamalloc", "cudaMalloc", 3), 0);    /* case */
  assert_int_equal(c2h_edit_distance("cudaMallocc", "cudaMalloc", 3), 1);
  assert_int_equal(c2h_edit_distance("kitten", "sitting", 5), 3);
  assert_int_equal(c2h_edit_distance("", "abc", 5), 3);
  /* Beyond the limit: limit + 1, whatever the real distance. */
  assert_int_equal(c2h_edit_distance("kitten", "sitting", 1), 2);
  assert_int_equal(c2h_edit_distance("a", "abcdefgh", 2), 3);
}

static void closest_names_only(void **state) {
  (void)state;
  c2h_suggest s;
  c2h_suggest_init(&s, "cudaMemcopy");
  const char *names[] = {"cudaMemcpy", "cudaMemset", "cudaMemcpyAsync", "cudaMalloc", "cudaMemcopy"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) c2h_suggest_add(&s, names[i]);
  /* The exact name is not a suggestion; only the nearest are kept. */
  assert_int_equal(s.n, 1);
  assert_string_equal(s.names[0], "cudaMemcpy");

  c2h_suggest_init(&s, "frobnicate");
  c2h_suggest_add(&s, "format");
  c2h_suggest_add(&s, "rename");
  assert_int_equal(s.n, 0);

  /* Short names: only a difference of case. */
  c2h_suggest_init(&s, "Q");
  c2h_suggest_add(&s, "p");
  c2h_suggest_add(&s, "q");
  assert_int_equal(s.n, 1);
  assert_string_equal(s.names[0], "q");

  /* Ties: up to C2H_SUGGEST_MAX, in the order added. */
  c2h_suggest_init(&s, "no-cop");
  const char *opts[] = {"no-copy", "no-config", "no-cap", "no-co", "no-coq"};
  for (size_t i = 0; i < sizeof opts / sizeof *opts; i++) c2h_suggest_add(&s, opts[i]);
  assert_int_equal(s.best, 1);
  assert_int_equal(s.n, C2H_SUGGEST_MAX);
  assert_string_equal(s.names[0], "no-copy");
  assert_string_equal(s.names[1], "no-cap");
}

/* The text messages built before printing carry: that of c2h_suggest_print. */
static void formatted(void **state) {
  (void)state;
  c2h_suggest s;
  char buf[64];
  c2h_suggest_init(&s, "functons");
  c2h_suggest_add(&s, "functions");
  c2h_suggest_add(&s, "types");
  assert_int_equal(c2h_suggest_format(buf, sizeof buf, &s, ""), 1);
  assert_string_equal(buf, "; did you mean functions?");
  c2h_suggest_init(&s, "no-cop");
  c2h_suggest_add(&s, "no-copy");
  c2h_suggest_add(&s, "no-cap");
  c2h_suggest_format(buf, sizeof buf, &s, "--");
  assert_string_equal(buf, "; did you mean --no-copy or --no-cap?");
  /* Nothing close: nothing written. */
  c2h_suggest_init(&s, "frobnicate");
  c2h_suggest_add(&s, "format");
  assert_int_equal(c2h_suggest_format(buf, sizeof buf, &s, ""), 0);
  assert_string_equal(buf, "");
  /* A short buffer is cut, never overrun. */
  c2h_suggest_init(&s, "functons");
  c2h_suggest_add(&s, "functions");
  c2h_suggest_format(buf, 8, &s, "");
  assert_int_equal(strlen(buf), 7);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(distance), cmocka_unit_test(closest_names_only),
                                     cmocka_unit_test(formatted)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
