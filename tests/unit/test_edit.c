/* Edit lists: application, ordering of inserts, overlap detection, and
 * rendering of a range with the edits inside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "edit/edit.h"
#include "util/buf.h"

static char *apply(c2h_edit_list *l, const char *src) {
  size_t bad = 0, len = 0;
  char *out = NULL;
  assert_int_equal(c2h_edit_list_finish(l, &bad), 0);
  assert_int_equal(c2h_edit_apply(l, src, strlen(src), &out, &len), 0);
  assert_int_equal(strlen(out), len);
  return out;
}

static void replaces_and_inserts(void **state) {
  (void)state;
  const char *src = "cudaMalloc(&p, n);\r\n";
  c2h_edit_list l;
  c2h_edit_list_init(&l);
  assert_int_equal(c2h_edit_add(&l, 0, 10, "hipMalloc", 9), 0);
  assert_int_equal(c2h_edit_add(&l, 11, 11, "(", 1), 0);
  assert_int_equal(c2h_edit_add(&l, 13, 13, ")", 1), 0);
  char *out = apply(&l, src);
  assert_string_equal(out, "hipMalloc((&p), n);\r\n");
  free(out);
  c2h_edit_list_dispose(&l);
}

static void inserts_at_one_point_keep_their_order(void **state) {
  (void)state;
  c2h_edit_list l;
  c2h_edit_list_init(&l);
  assert_int_equal(c2h_edit_add(&l, 0, 1, "X", 1), 0);
  assert_int_equal(c2h_edit_add(&l, 0, 0, "a", 1), 0);
  assert_int_equal(c2h_edit_add(&l, 0, 0, "b", 1), 0);
  char *out = apply(&l, "k<");
  assert_string_equal(out, "abX<");
  free(out);
  c2h_edit_list_dispose(&l);
}

static void overlaps_are_rejected(void **state) {
  (void)state;
  size_t bad = 99;
  c2h_edit_list l;
  c2h_edit_list_init(&l);
  assert_int_equal(c2h_edit_add(&l, 0, 5, "a", 1), 0);
  assert_int_equal(c2h_edit_add(&l, 3, 8, "b", 1), 0);
  assert_int_not_equal(c2h_edit_list_finish(&l, &bad), 0);
  assert_int_equal(bad, 1);
  c2h_edit_list_dispose(&l);
  c2h_edit_list_init(&l);
  assert_int_equal(c2h_edit_add(&l, 0, 5, "a", 1), 0);
  assert_int_equal(c2h_edit_add(&l, 2, 2, "b", 1), 0); /* an insert inside a replacement */
  assert_int_not_equal(c2h_edit_list_finish(&l, &bad), 0);
  c2h_edit_list_dispose(&l);
}

static void render_and_remove_inside(void **state) {
  (void)state;
  const char *src = "f(cudaA, g(cudaB))";
  c2h_edit_list l;
  c2h_edit_list_init(&l);
  assert_int_equal(c2h_edit_add(&l, 2, 7, "hipA", 4), 0);
  assert_int_equal(c2h_edit_add(&l, 11, 16, "hipB", 4), 0);
  c2h_buf b;
  c2h_buf_init(&b);
  assert_int_equal(c2h_edit_render_range(&l, src, 9, 17, &b), 0);
  assert_string_equal(b.data, "g(hipB)");
  assert_int_equal(l.len, 2); /* rendering does not consume */
  c2h_edit_remove_inside(&l, 9, 17);
  assert_int_equal(l.len, 1);
  assert_int_equal(l.items[0].begin, 2);
  c2h_buf_dispose(&b);
  c2h_edit_list_dispose(&l);
}

static void no_edits_is_identity(void **state) {
  (void)state;
  const char src[] = "\xef\xbb\xbfint x;\r\n\tint y;  \n";
  c2h_edit_list l;
  c2h_edit_list_init(&l);
  char *out = apply(&l, src);
  assert_memory_equal(out, src, sizeof src);
  free(out);
  c2h_edit_list_dispose(&l);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(replaces_and_inserts),
      cmocka_unit_test(inserts_at_one_point_keep_their_order),
      cmocka_unit_test(overlaps_are_rejected),
      cmocka_unit_test(render_and_remove_inside),
      cmocka_unit_test(no_edits_is_identity),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
