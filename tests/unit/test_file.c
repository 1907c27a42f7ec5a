/* File helpers: whole-file reads, atomic replacement, directory creation. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>
#include <fcntl.h>
#include <cmocka.h>

#include "util/file.h"

static char dir[256];

static int setup(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/c2h-test-file-XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static void write_then_read(void **state) {
  (void)state;
  char path[300];
  snprintf(path, sizeof path, "%s/a/b/c.hip", dir);
  c2h_error err;
  const char data[] = "x\0y\r\n";
  assert_int_equal(c2h_file_write_atomic(path, data, sizeof data - 1, 0640, &err), 0);
  char *back = NULL;
  size_t len = 0;
  assert_int_equal(c2h_file_read(path, &back, &len, &err), 0);
  assert_int_equal(len, sizeof data - 1);
  assert_memory_equal(back, data, len);
  free(back);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0640);
  /* Replacing leaves no temporary behind. */
  assert_int_equal(c2h_file_write_atomic(path, "new", 3, 0644, &err), 0);
  char sub[300];
  snprintf(sub, sizeof sub, "%s/a/b", dir);
  DIR *d = opendir(sub);
  int entries = 0;
  for (struct dirent *e; (e = readdir(d));) entries += e->d_name[0] != '.' || strstr(e->d_name, "c2h-");
  closedir(d);
  assert_int_equal(entries, 1);
}

static void errors_name_the_path(void **state) {
  (void)state;
  char path[300];
  snprintf(path, sizeof path, "%s/missing.cu", dir);
  c2h_error err;
  char *data = NULL;
  size_t len;
  assert_int_equal(c2h_file_read(path, &data, &len, &err), C2H_ERR_IO);
  assert_string_equal(err.path, path);
  assert_non_null(strstr(err.message, "No such file"));
  assert_int_equal(c2h_file_read(dir, &data, &len, &err), C2H_ERR_IO);
  assert_non_null(strstr(err.message, "directory"));
  /* A parent that is a file cannot hold the output. */
  char file[300], below[320];
  snprintf(file, sizeof file, "%s/plain", dir);
  assert_int_equal(c2h_file_write_atomic(file, "1", 1, 0644, &err), 0);
  snprintf(below, sizeof below, "%s/x.cu", file);
  assert_int_equal(c2h_file_write_atomic(below, "1", 1, 0644, &err), C2H_ERR_IO);
}

/* `--output /dev/null` and the like: the device (here a FIFO) is written
 * to, not replaced by a plain file. */
static void special_files_stay(void **state) {
  (void)state;
  char fifo[300];
  snprintf(fifo, sizeof fifo, "%s/pipe", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  int reader = open(fifo, O_RDONLY | O_NONBLOCK);
  assert_true(reader >= 0);
  c2h_error err;
  assert_int_equal(c2h_file_write_atomic(fifo, "report", 6, 0644, &err), 0);
  char got[16] = {0};
  assert_int_equal(read(reader, got, sizeof got - 1), 6);
  assert_string_equal(got, "report");
  close(reader);
  struct stat st;
  assert_int_equal(lstat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  unlink(fifo);
}

static void paths(void **state) {
  (void)state;
  char *j = c2h_path_join("out/", "./src/a.cu");
  assert_string_equal(j, "out/src/a.cu");
  free(j);
  assert_string_equal(c2h_path_basename("a/b/c.cuh"), "c.cuh");
  static const char *const ext[] = {".cu", ".cuh", NULL};
  assert_true(c2h_path_has_extension("k.cuh", ext));
  assert_false(c2h_path_has_extension("k.cuhx", ext));
  assert_false(c2h_path_has_extension(".cu", ext));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(write_then_read),
      cmocka_unit_test(errors_name_the_path),
      cmocka_unit_test(special_files_stay),
      cmocka_unit_test(paths),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
