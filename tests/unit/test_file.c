/* File helpers: whole-file reads, atomic replacement, directory creation,
 * writes that never go through a link, tree locks. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* Below a root, folders are made, files and links written atomically, and a
 * link among the folders is refused, naming it, with nothing written
 * where it leads. */
static void writes_stay_below(void **state) {
  (void)state;
  char root[300], path[400], elsewhere[300], link[400];
  snprintf(root, sizeof root, "%s/out", dir);
  snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", dir);
  assert_int_equal(mkdir(root, 0777), 0);
  assert_int_equal(mkdir(elsewhere, 0777), 0);
  c2h_error err;
  snprintf(path, sizeof path, "%s/x/y/z.cu", root);
  assert_int_equal(c2h_file_write_below(root, path, "abc", 3, 0600, &err), 0);
  char *back = NULL;
  size_t len = 0;
  assert_int_equal(c2h_file_read(path, &back, &len, &err), 0);
  assert_int_equal(len, 3);
  assert_memory_equal(back, "abc", 3);
  free(back);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0600);
  snprintf(link, sizeof link, "%s/x/l.cu", root);
  assert_int_equal(c2h_symlink_below(root, "y/z.cu", link, &err), 0);
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  /* root/sub -> ../elsewhere */
  snprintf(link, sizeof link, "%s/sub", root);
  assert_int_equal(symlink("../elsewhere", link), 0);
  snprintf(path, sizeof path, "%s/sub/b.cu", root);
  assert_int_not_equal(c2h_file_write_below(root, path, "abc", 3, 0644, &err), 0);
  assert_non_null(strstr(err.message, "sub is a symbolic link"));
  assert_int_not_equal(c2h_path_check_below(root, path, &err), 0);
  snprintf(path, sizeof path, "%s/sub/deeper/b.cu", root);
  assert_int_not_equal(c2h_file_write_below(root, path, "abc", 3, 0644, &err), 0);
  assert_int_not_equal(c2h_symlink_below(root, "t", path, &err), 0);
  DIR *d = opendir(elsewhere);
  int entries = 0;
  for (struct dirent *e; (e = readdir(d));) entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  closedir(d);
  assert_int_equal(entries, 0);
  /* ".." cannot lead out either; a path not below root is written plainly. */
  snprintf(path, sizeof path, "%s/x/../../elsewhere/c.cu", root);
  assert_int_not_equal(c2h_file_write_below(root, path, "abc", 3, 0644, &err), 0);
  snprintf(path, sizeof path, "%s/x/y/z.cu", root);
  assert_int_equal(c2h_path_check_below(root, path, &err), 0);
  snprintf(path, sizeof path, "%s/plain.txt", elsewhere);
  assert_int_equal(c2h_file_write_below(root, path, "p", 1, 0644, &err), 0);
}

static void count_wait(void *ctx, const char *locked) {
  (void)locked;
  ++*(int *)ctx;
}

/* A tree lock excludes another process's lock on the same folder and on a
 * folder inside it, not on a folder beside it. */
static void tree_locks(void **state) {
  (void)state;
  char a[300], inner[300], beside[300];
  snprintf(a, sizeof a, "%s/t", dir);
  snprintf(inner, sizeof inner, "%s/t/in", dir);
  snprintf(beside, sizeof beside, "%s/u", dir);
  assert_int_equal(mkdir(a, 0777), 0);
  assert_int_equal(mkdir(inner, 0777), 0);
  assert_int_equal(mkdir(beside, 0777), 0);
  c2h_tree_lock lock;
  int waits = 0;
  assert_int_equal(c2h_tree_lock_take(&lock, a, count_wait, &waits), 0);
  assert_int_equal(waits, 0);
  /* Another process (a lock is per open file, so a fork is one): */
  const char *const probes[] = {a, inner, beside};
  for (int i = 0; i < 3; i++) {
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      int fd = open(probes[i], O_RDONLY | O_DIRECTORY);
      /* What the lock of a run on probes[i] needs: the folder itself. */
      _exit(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    /* t itself is held; t/in and u are free as folders (a run on t/in
     * still waits: below). */
    if (i == 0) assert_int_equal(WEXITSTATUS(status), 1);
    else assert_int_equal(WEXITSTATUS(status), 0);
  }
  /* A run on t/in waits for t (shared lock on t). */
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd = open(a, O_RDONLY | O_DIRECTORY);
    _exit(fd >= 0 && flock(fd, LOCK_SH | LOCK_NB) == 0 ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  assert_int_equal(WEXITSTATUS(status), 1);
  c2h_tree_lock_release(&lock);
  pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    c2h_tree_lock l2;
    int w = 0;
    int rc = c2h_tree_lock_take(&l2, inner, count_wait, &w);
    c2h_tree_lock_release(&l2);
    _exit(rc == 0 && w == 0 ? 0 : 1);
  }
  waitpid(pid, &status, 0);
  assert_int_equal(WEXITSTATUS(status), 0);
  /* "/" alone, and a trailing slash, do not lock themselves out. */
  assert_int_equal(c2h_tree_lock_take(&lock, "/", count_wait, &waits), 0);
  c2h_tree_lock_release(&lock);
  /* Any run of the machine holds "/" shared while it writes: taking it
   * may wait for them, which is not a lock-out. */
  waits = 0;
  char slash[310];
  snprintf(slash, sizeof slash, "%s/", a);
  assert_int_equal(c2h_tree_lock_take(&lock, slash, count_wait, &waits), 0);
  c2h_tree_lock_release(&lock);
  assert_int_equal(waits, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(write_then_read),
      cmocka_unit_test(errors_name_the_path),
      cmocka_unit_test(special_files_stay),
      cmocka_unit_test(paths),
      cmocka_unit_test(writes_stay_below),
      cmocka_unit_test(tree_locks),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
