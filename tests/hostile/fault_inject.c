/* Fault injection for tests/hostile/hostile_test.sh, loaded with LD_PRELOAD
 * into the cu2hip command. It makes the file system misbehave the way a
 * busy or broken machine does, deterministically:
 *
 *   C2H_FAULT_OPEN="a.cu:ENOENT,b.cu:EACCES"
 *       every open() of a path whose last component is a.cu fails with
 *       ENOENT (the file vanished after the walk found it), every one of
 *       b.cu with EACCES (it became unreadable): a file that is gone stays
 *       gone, whichever part of the run reads it first.
 *   C2H_FAULT_ENOSPC_DIR=/abs/dir  C2H_FAULT_ENOSPC_AFTER=N
 *       once N bytes in all have been written to files below /abs/dir,
 *       every further write() to one fails with ENOSPC (a full disk).
 *
 * Built by the test: cc -shared -fPIC -o fault_inject.so fault_inject.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_RULES 16

typedef struct open_rule {
  char name[256];
  int err;
  int fired; /* an open of the name has failed */
} open_rule;

static open_rule rules[MAX_RULES];
static int n_rules = -1; /* -1: C2H_FAULT_OPEN not read yet */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long written; /* bytes written below the ENOSPC dir */

static int errno_named(const char *s) {
  if (strcmp(s, "ENOENT") == 0) return ENOENT;
  if (strcmp(s, "EACCES") == 0) return EACCES;
  if (strcmp(s, "EIO") == 0) return EIO;
  if (strcmp(s, "EMFILE") == 0) return EMFILE;
  return atoi(s) > 0 ? atoi(s) : EIO;
}

/* Parses C2H_FAULT_OPEN once; called with the lock held. */
static void load_rules(void) {
  const char *spec = getenv("C2H_FAULT_OPEN");
  n_rules = 0;
  if (!spec) return;
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", spec);
  for (char *save = NULL, *item = strtok_r(buf, ",", &save); item && n_rules < MAX_RULES;
       item = strtok_r(NULL, ",", &save)) {
    char *colon = strrchr(item, ':');
    if (!colon) continue;
    *colon = '\0';
    snprintf(rules[n_rules].name, sizeof rules[n_rules].name, "%s", item);
    rules[n_rules].err = errno_named(colon + 1);
    rules[n_rules].fired = 0;
    n_rules++;
  }
}

/* The errno an open of path must fail with, or 0. */
static int open_fault(const char *path) {
  if (!path) return 0;
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  int err = 0;
  pthread_mutex_lock(&lock);
  if (n_rules < 0) load_rules();
  for (int i = 0; i < n_rules && !err; i++) {
    if (strcmp(rules[i].name, base) != 0) continue;
    rules[i].fired = 1;
    err = rules[i].err;
  }
  pthread_mutex_unlock(&lock);
  return err;
}

static int mode_arg(int flags, va_list ap) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0;
}

#define OPEN_WRAPPER(name)                                              \
  int name(const char *path, int flags, ...) {                          \
    static int (*real)(const char *, int, ...);                         \
    va_list ap;                                                         \
    va_start(ap, flags);                                                \
    int mode = mode_arg(flags, ap);                                     \
    va_end(ap);                                                         \
    int err = open_fault(path);                                         \
    if (err) {                                                          \
      errno = err;                                                      \
      return -1;                                                        \
    }                                                                   \
    if (!real) *(void **)&real = dlsym(RTLD_NEXT, #name);              \
    return real(path, flags, mode);                                     \
  }

#define OPENAT_WRAPPER(name)                                            \
  int name(int dirfd, const char *path, int flags, ...) {               \
    static int (*real)(int, const char *, int, ...);                    \
    va_list ap;                                                         \
    va_start(ap, flags);                                                \
    int mode = mode_arg(flags, ap);                                     \
    va_end(ap);                                                         \
    int err = open_fault(path);                                         \
    if (err) {                                                          \
      errno = err;                                                      \
      return -1;                                                        \
    }                                                                   \
    if (!real) *(void **)&real = dlsym(RTLD_NEXT, #name);              \
    return real(dirfd, path, flags, mode);                              \
  }

OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)

/* Whether fd is a file below C2H_FAULT_ENOSPC_DIR. */
static int under_full_dir(int fd) {
  const char *dir = getenv("C2H_FAULT_ENOSPC_DIR");
  if (!dir || !*dir) return 0;
  char link[64], target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, target, sizeof target - 1);
  if (n <= 0) return 0;
  target[n] = '\0';
  size_t k = strlen(dir);
  return strncmp(target, dir, k) == 0 && target[k] == '/';
}

ssize_t write(int fd, const void *data, size_t len) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real) *(void **)&real = dlsym(RTLD_NEXT, "write");
  if (len && under_full_dir(fd)) {
    const char *after = getenv("C2H_FAULT_ENOSPC_AFTER");
    unsigned long long quota = after ? strtoull(after, NULL, 10) : 0;
    pthread_mutex_lock(&lock);
    int full = written + len > quota;
    if (!full) written += len;
    pthread_mutex_unlock(&lock);
    if (full) {
      errno = ENOSPC;
      return -1;
    }
  }
  return real(fd, data, len);
}
