/* The on-disk cache (src/util/disk_cache.c) as precompiled headers use it
 * (src/front/pch_cache.c): names, atomic commits, private links, pruning to
 * the most recently used. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "front/pch_cache.h"

static char *make_dir(void) {
  char tmpl[] = "/tmp/cu2hip-pch-test.XXXXXX";
  char *d = mkdtemp(tmpl);
  assert_non_null(d);
  return strdup(d);
}

static void remove_dir(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    unlink(p);
  }
  if (d) closedir(d);
  rmdir(dir);
}

static void done_with(char *dir) {
  remove_dir(dir);
  free(dir);
}

static size_t count_entries(const char *dir) {
  size_t n = 0;
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL) n += strncmp(e->d_name, "shim-", 5) == 0 && strlen(e->d_name) == 41;
  if (d) closedir(d);
  return n;
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* The same key names the same file; another key another one. */
static void test_paths_by_key(void **state) {
  (void)state;
  char *a = c2h_pch_cache_path("/x", "key one"), *b = c2h_pch_cache_path("/x", "key one"),
       *c = c2h_pch_cache_path("/x", "key two");
  assert_string_equal(a, b);
  assert_string_not_equal(a, c);
  assert_true(strncmp(a, "/x/shim-", 8) == 0 && strcmp(a + strlen(a) - 4, ".pch") == 0);
  free(a);
  free(b);
  free(c);
}

/* A commit renames the temporary over the entry; a link follows it. */
static void test_commit_and_link(void **state) {
  (void)state;
  char *dir = make_dir();
  char *final = c2h_pch_cache_path(dir, "k");
  char *tmp = c2h_disk_cache_temp(dir, final);
  assert_non_null(tmp);
  write_file(tmp, "precompiled");
  assert_int_equal(c2h_pch_cache_commit(dir, tmp, final), 0);
  assert_int_equal(access(tmp, F_OK), -1);
  char *mine = c2h_disk_cache_link(final);
  assert_non_null(mine);
  struct stat a, b;
  assert_int_equal(stat(final, &a), 0);
  assert_int_equal(stat(mine, &b), 0);
  assert_true(a.st_ino == b.st_ino);
  /* Pruning never touches a live process's link. */
  unlink(final);
  assert_int_equal(access(mine, R_OK), 0);
  unlink(mine);
  free(mine);
  free(tmp);
  free(final);
  done_with(dir);
}

/* More entries than C2H_PCH_CACHE_KEEP: the least recently used go, the
 * one just made stays. */
static void test_prune_keeps_recent(void **state) {
  (void)state;
  char *dir = make_dir();
  char *oldest = NULL;
  for (int i = 0; i < C2H_PCH_CACHE_KEEP + 6; i++) {
    char key[32];
    snprintf(key, sizeof key, "key %d", i);
    char *p = c2h_pch_cache_path(dir, key);
    write_file(p, "x");
    struct timespec t[2] = {{1000000 + i, 0}, {1000000 + i, 0}};
    assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
    if (i == 0) oldest = p;
    else free(p);
  }
  char *final = c2h_pch_cache_path(dir, "new");
  char *tmp = c2h_disk_cache_temp(dir, final);
  write_file(tmp, "y");
  assert_int_equal(c2h_pch_cache_commit(dir, tmp, final), 0);
  assert_int_equal(count_entries(dir), C2H_PCH_CACHE_KEEP);
  assert_int_equal(access(final, F_OK), 0);
  assert_int_equal(access(oldest, F_OK), -1);
  free(oldest);
  free(final);
  free(tmp);
  done_with(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_paths_by_key),
      cmocka_unit_test(test_commit_and_link),
      cmocka_unit_test(test_prune_keeps_recent),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
