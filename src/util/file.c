#define _POSIX_C_SOURCE 200809L
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"

const char *c2h_file_type_name(mode_t mode) {
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a plain file";
}

int c2h_file_read(const char *path, char **data, size_t *len, c2h_error *err) {
  int rc = 0;
  c2h_buf b;
  c2h_buf_init(&b);
  /* O_NONBLOCK: opening a named pipe would otherwise wait for a writer
   * (forever, for a cache or configuration file nobody writes); the type
   * is checked on the open descriptor, and only a regular file is read. */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    goto done;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot stat: %s", strerror(errno));
    goto done;
  }
  if (S_ISDIR(st.st_mode)) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "is a directory");
    goto done;
  }
  if (!S_ISREG(st.st_mode)) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "%s, not a regular file: not read",
                       c2h_file_type_name(st.st_mode));
    goto done;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags != -1) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  if (c2h_buf_reserve(&b, (size_t)st.st_size)) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory reading the file");
    goto done;
  }
  for (;;) {
    if (c2h_buf_reserve(&b, 65536)) {
      rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory reading the file");
      goto done;
    }
    ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
      goto done;
    }
    if (n == 0) break;
    b.len += (size_t)n;
  }
  b.data[b.len] = '\0';
  *len = b.len;
  *data = c2h_buf_detach(&b, NULL);
done:
  if (fd >= 0) close(fd);
  c2h_buf_dispose(&b);
  return rc;
}

int c2h_mkdirs(const char *path, c2h_error *err) {
  int rc = 0;
  char *p = c2h_strdup(path);
  if (!p) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  for (char *s = p + 1;; s++) {
    if (*s != '/' && *s != '\0') continue;
    char saved = *s;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      rc = c2h_error_set(err, C2H_ERR_IO, p, 0, 0, "cannot create directory: %s",
                         strerror(errno));
      goto done;
    }
    *s = saved;
    if (saved == '\0') break;
  }
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "not a directory");
done:
  free(p);
  return rc;
}

static int write_all(int fd, const char *data, size_t len) {
  while (len) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    data += n;
    len -= (size_t)n;
  }
  return 0;
}

/* A target that is not a regular file (/dev/null, /dev/stdout, a FIFO) is
 * written as it is: renaming a temporary over it would replace the device
 * or pipe with a plain file. */
static int write_in_place(const char *path, const char *data, size_t len, c2h_error *err) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
  int bad = write_all(fd, data, len) != 0;
  int saved = errno;
  if (close(fd) != 0 && !bad) bad = 1, saved = errno;
  return bad ? c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(saved)) : 0;
}

int c2h_file_write_atomic(const char *path, const char *data, size_t len, mode_t mode,
                          c2h_error *err) {
  struct stat target;
  if (stat(path, &target) == 0 && !S_ISREG(target.st_mode) && !S_ISDIR(target.st_mode))
    return write_in_place(path, data, len, err);
  int rc = 0, fd = -1;
  char *dir = c2h_strdup(path), *tmp = NULL;
  if (!dir) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  char *slash = strrchr(dir, '/');
  if (slash && slash != dir) {
    *slash = '\0';
    if ((rc = c2h_mkdirs(dir, err))) goto done;
  }
  size_t n = strlen(path) + 48;
  tmp = malloc(n);
  if (!tmp) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    goto done;
  }
  /* The temporary sits beside the target so that rename() stays within one
   * file system and is atomic. */
  const char *base = c2h_path_basename(path);
  /* The process id tells a later run whether the temporary is stale (its
   * writer is gone: c2h_temp_stale). */
  snprintf(tmp, n, "%.*s.%s.c2h-%ld-XXXXXX", (int)(base - path), path, base, (long)getpid());
  fd = mkstemp(tmp);
  if (fd < 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create a temporary file: %s",
                       strerror(errno));
    goto done;
  }
  if (write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0 || fsync(fd) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  if (close(fd) != 0) {
    fd = -1;
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  fd = -1;
  if (rename(tmp, path) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot replace: %s", strerror(errno));
    goto done;
  }
done:
  if (fd >= 0) close(fd);
  if (rc && tmp) unlink(tmp);
  free(tmp);
  free(dir);
  return rc;
}

/* Writes len bytes to a new file path, never replacing one: a temporary
 * beside it, flushed, then link()ed to path, which fails when path exists.
 * 0, 1 when path exists (nothing written), or an error. */
static int write_new(const char *path, const char *data, size_t len, mode_t mode, c2h_error *err) {
  int rc = 0, fd = -1;
  size_t n = strlen(path) + 48;
  char *tmp = malloc(n);
  if (!tmp) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  const char *base = c2h_path_basename(path);
  snprintf(tmp, n, "%.*s.%s.c2h-%ld-XXXXXX", (int)(base - path), path, base, (long)getpid());
  fd = mkstemp(tmp);
  if (fd < 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create a temporary file: %s", strerror(errno));
    free(tmp);
    return rc;
  }
  if (write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0 || fsync(fd) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  int closed = close(fd);
  fd = -1;
  if (closed != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  if (link(tmp, path) == 0) goto done;
  if (errno == EEXIST) {
    rc = 1;
    goto done;
  }
  /* A file system without hard links: checked, then renamed (the tree lock
   * keeps other cu2hip runs from racing here). */
  struct stat st;
  if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP && errno != EMLINK) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create: %s", strerror(errno));
  } else if (lstat(path, &st) == 0) {
    rc = 1;
  } else if (rename(tmp, path) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create: %s", strerror(errno));
  } else {
    free(tmp);
    return 0;
  }
done:
  if (fd >= 0) close(fd);
  unlink(tmp);
  free(tmp);
  return rc;
}

int c2h_file_backup(const char *path, const char *backup_path, c2h_error *err) {
  char *data = NULL;
  size_t len = 0;
  struct stat st;
  int rc = c2h_file_read(path, &data, &len, err);
  if (rc) goto done;
  if (stat(path, &st) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot stat: %s", strerror(errno));
    goto done;
  }
  rc = write_new(backup_path, data, len, st.st_mode & 07777, err);
done:
  free(data);
  return rc;
}

char *c2h_path_join(const char *a, const char *b) {
  size_t la = strlen(a);
  while (la > 1 && a[la - 1] == '/') la--;
  while (b[0] == '/') b++;
  while (b[0] == '.' && b[1] == '/') b += 2;
  size_t lb = strlen(b);
  char *p = malloc(la + lb + 2);
  if (!p) return NULL;
  memcpy(p, a, la);
  p[la] = '/';
  memcpy(p + la + 1, b, lb + 1);
  return p;
}

int c2h_path_inside(const char *path, const char *dir) {
  size_t n = strlen(dir);
  if (strcmp(dir, "/") == 0) return path[0] == '/';
  return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

const char *c2h_path_basename(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

int c2h_path_has_extension(const char *path, const char *const *extensions) {
  size_t n = strlen(path);
  for (size_t i = 0; extensions[i]; i++) {
    size_t e = strlen(extensions[i]);
    if (n > e && strcmp(path + n - e, extensions[i]) == 0) return 1;
  }
  return 0;
}

int c2h_symlink_atomic(const char *target, const char *path, c2h_error *err) {
  int rc = 0;
  char *dir = c2h_strdup(path), *tmp = NULL;
  if (!dir) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  char *slash = strrchr(dir, '/');
  if (slash && slash != dir) {
    *slash = '\0';
    if ((rc = c2h_mkdirs(dir, err))) goto done;
  }
  size_t n = strlen(path) + 48;
  if (!(tmp = malloc(n))) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    goto done;
  }
  const char *base = c2h_path_basename(path);
  /* A unique hidden name beside the link, then rename() over it: the link
   * appears whole or not at all, like files. */
  for (unsigned attempt = 0;; attempt++) {
    snprintf(tmp, n, "%.*s.%s.c2h-%ld-%u", (int)(base - path), path, base, (long)getpid(), attempt);
    if (symlink(target, tmp) == 0) break;
    if (errno != EEXIST || attempt > 100) {
      rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create a symbolic link: %s", strerror(errno));
      goto done;
    }
  }
  if (rename(tmp, path) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot replace: %s", strerror(errno));
    unlink(tmp);
  }
done:
  free(tmp);
  free(dir);
  return rc;
}

int c2h_file_read_stream(const char *path, char **data, size_t *len, c2h_error *err) {
  int rc = 0;
  int is_stdin = strcmp(path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  c2h_buf b;
  c2h_buf_init(&b);
  /* A FIFO's open waits for a writer, as cat's does; reading then goes to
   * the end of what it writes. */
  int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, name, 0, 0, "cannot open: %s", strerror(errno));
    goto done;
  }
  for (;;) {
    if (c2h_buf_reserve(&b, 65536)) {
      rc = c2h_error_set(err, C2H_ERR_NOMEM, name, 0, 0, "out of memory reading the input");
      goto done;
    }
    ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      rc = c2h_error_set(err, C2H_ERR_IO, name, 0, 0, "cannot read: %s", strerror(errno));
      goto done;
    }
    if (n == 0) break;
    b.len += (size_t)n;
  }
  b.data[b.len] = '\0';
  *len = b.len;
  *data = c2h_buf_detach(&b, NULL);
done:
  if (fd >= 0 && !is_stdin) close(fd);
  c2h_buf_dispose(&b);
  return rc;
}

/* One directory: opened (a directory that cannot be read is not locked),
 * then locked, without waiting first so that a wait can be told. */
static int lock_one(c2h_tree_lock *lock, const char *dir, int how, int *told,
                    void (*on_wait)(void *ctx, const char *dir), void *ctx) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return 0;
  int *grown = realloc(lock->fds, (lock->n + 1) * sizeof *grown);
  if (!grown) {
    close(fd);
    return C2H_ERR_NOMEM;
  }
  lock->fds = grown;
  lock->fds[lock->n++] = fd;
  if (flock(fd, how | LOCK_NB) == 0 || errno != EWOULDBLOCK) return 0;
  if (!*told && on_wait) on_wait(ctx, dir);
  *told = 1;
  while (flock(fd, how) != 0 && errno == EINTR) {
  }
  return 0;
}

int c2h_tree_lock_take(c2h_tree_lock *lock, const char *dir, void (*on_wait)(void *ctx, const char *dir), void *ctx) {
  lock->fds = NULL;
  lock->n = 0;
  char *p = c2h_strdup(dir);
  if (!p) return C2H_ERR_NOMEM;
  int rc = 0, told = 0;
  /* One process's two locks on one directory would wait for each other. */
  for (size_t n = strlen(p); n > 1 && p[n - 1] == '/'; n--) p[n - 1] = '\0';
  /* "/", "/a", "/a/b" shared, then dir itself exclusive. */
  for (char *s = strcmp(p, "/") == 0 ? p + 1 : p;; s++) {
    if (*s != '/' && *s != '\0') continue;
    char saved = *s;
    if (saved == '\0') {
      rc = lock_one(lock, p, LOCK_EX, &told, on_wait, ctx);
      break;
    }
    *s = '\0';
    rc = lock_one(lock, s == p ? "/" : p, LOCK_SH, &told, on_wait, ctx);
    *s = saved;
    if (rc) break;
  }
  free(p);
  return rc;
}

void c2h_tree_lock_release(c2h_tree_lock *lock) {
  for (size_t i = lock->n; i-- > 0;) close(lock->fds[i]);
  free(lock->fds);
  lock->fds = NULL;
  lock->n = 0;
}

/* ---- writing below a root without following links ---------------------- */

/* The directory that will hold path (below root), opened one component at
 * a time with O_NOFOLLOW and made where missing: *dirfd and *base (the last
 * component, pointing into path). 1 when path is not below root (the
 * caller writes it the plain way). */
static int open_parent_below(const char *root, const char *path, int create, int *dirfd, const char **base,
                             c2h_error *err) {
  size_t n = strlen(root);
  while (n > 1 && root[n - 1] == '/') n--;
  if (n == 0 || strncmp(path, root, n) != 0 || (path[n] != '/' && !(n == 1 && root[0] == '/'))) return 1;
  const char *rest = path + n;
  while (*rest == '/') rest++;
  const char *last = strrchr(rest, '/');
  *base = last ? last + 1 : rest;
  if (!**base) return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "not a file name");
  char *dir = malloc(n + 1);
  if (!dir) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  memcpy(dir, root, n);
  dir[n] = '\0';
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  free(dir);
  if (fd < 0) return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot open the output directory: %s", strerror(errno));
  for (const char *c = rest; c < *base;) {
    const char *slash = strchr(c, '/');
    size_t len = (size_t)(slash - c);
    char comp[256];
    if (len == 0 || (len == 1 && c[0] == '.')) {
      c = slash + 1;
      continue;
    }
    if (len >= sizeof comp || (len == 2 && c[0] == '.' && c[1] == '.')) {
      close(fd);
      return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "not written: '%.*s' in the path leads out of %s", (int)len,
                           c, root);
    }
    memcpy(comp, c, len);
    comp[len] = '\0';
    int next = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0 && errno == ENOENT && !create) {
      close(fd);
      *dirfd = -1;
      return 0; /* nothing further down exists: no link on the way */
    }
    if (next < 0 && errno == ENOENT) {
      if (mkdirat(fd, comp, 0777) != 0 && errno != EEXIST) {
        int saved = errno;
        close(fd);
        return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create directory %.*s: %s", (int)(slash - path),
                             path, strerror(saved));
      }
      next = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    if (next < 0) {
      int saved = errno;
      struct stat st;
      int link = fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
      close(fd);
      if (link)
        return c2h_error_set(err, C2H_ERR_IO, path, 0, 0,
                             "not written: %.*s is a symbolic link, and nothing is written through one (it could "
                             "lead outside %s)",
                             (int)(slash - path), path, root);
      return c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot open directory %.*s: %s", (int)(slash - path), path,
                           strerror(saved));
    }
    close(fd);
    fd = next;
    c = slash + 1;
  }
  *dirfd = fd;
  return 0;
}

/* A fresh hidden name beside base in dirfd, created by make (a file or a
 * link); 0, or errno. */
static int make_temporary(int dirfd, const char *base, char *tmp, size_t size,
                          int (*make)(int dirfd, const char *name, void *ctx), void *ctx) {
  static unsigned counter;
  unsigned seed = (unsigned)getpid() * 2654435761u ^ (unsigned)time(NULL);
  for (unsigned attempt = 0; attempt < 100; attempt++) {
    unsigned v = seed + __atomic_add_fetch(&counter, 7919u, __ATOMIC_RELAXED) * 40503u;
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    char suffix[7];
    for (int i = 0; i < 6; i++, v /= 62) suffix[i] = digits[v % 62];
    suffix[6] = '\0';
    /* The naming of c2h_file_write_atomic's temporaries, which a later run
     * removes once their process is gone (stale_temps.c). */
    snprintf(tmp, size, ".%s.c2h-%ld-%s", base, (long)getpid(), suffix);
    int rc = make(dirfd, tmp, ctx);
    if (rc != EEXIST) return rc;
  }
  return EEXIST;
}

typedef struct file_make {
  int fd;
} file_make;

static int make_file(int dirfd, const char *name, void *ctx) {
  file_make *m = ctx;
  m->fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  return m->fd < 0 ? errno : 0;
}

static int make_link(int dirfd, const char *name, void *ctx) {
  return symlinkat((const char *)ctx, dirfd, name) == 0 ? 0 : errno;
}

int c2h_file_write_below(const char *root, const char *path, const char *data, size_t len, mode_t mode,
                         c2h_error *err) {
  int dirfd = -1;
  const char *base = NULL;
  int rc = root ? open_parent_below(root, path, 1, &dirfd, &base, err) : 1;
  if (rc == 1) return c2h_file_write_atomic(path, data, len, mode, err);
  if (rc) return rc;
  char *tmp = malloc(strlen(base) + 32);
  file_make m = {-1};
  int made = 0; /* the temporary exists: removed when the write fails */
  if (!tmp) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    goto done;
  }
  struct stat st;
  if (fstatat(dirfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode) &&
      !S_ISLNK(st.st_mode)) {
    /* A FIFO or device is written as it is (see write_in_place). */
    int fd = openat(dirfd, base, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
      rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
      goto done;
    }
    int bad = write_all(fd, data, len) != 0;
    int saved = errno;
    if (close(fd) != 0 && !bad) bad = 1, saved = errno;
    if (bad) rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(saved));
    goto done;
  }
  int e = make_temporary(dirfd, base, tmp, strlen(base) + 32, make_file, &m);
  if (e) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create a temporary file: %s", strerror(e));
    goto done;
  }
  made = 1;
  if (write_all(m.fd, data, len) != 0 || fchmod(m.fd, mode) != 0 || fsync(m.fd) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  int closed = close(m.fd);
  m.fd = -1;
  if (closed != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    goto done;
  }
  if (renameat(dirfd, tmp, dirfd, base) != 0)
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot replace: %s", strerror(errno));
done:
  if (m.fd >= 0) close(m.fd);
  if (rc && made) unlinkat(dirfd, tmp, 0);
  free(tmp);
  if (dirfd >= 0) close(dirfd);
  return rc;
}

int c2h_symlink_below(const char *root, const char *target, const char *path, c2h_error *err) {
  int dirfd = -1;
  const char *base = NULL;
  int rc = root ? open_parent_below(root, path, 1, &dirfd, &base, err) : 1;
  if (rc == 1) return c2h_symlink_atomic(target, path, err);
  if (rc) return rc;
  char *tmp = malloc(strlen(base) + 32);
  if (!tmp) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  } else {
    int e = make_temporary(dirfd, base, tmp, strlen(base) + 32, make_link, (void *)target);
    if (e) {
      rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot create a symbolic link: %s", strerror(e));
    } else if (renameat(dirfd, tmp, dirfd, base) != 0) {
      rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "cannot replace: %s", strerror(errno));
      unlinkat(dirfd, tmp, 0);
    }
  }
  free(tmp);
  close(dirfd);
  return rc;
}

int c2h_path_check_below(const char *root, const char *path, c2h_error *err) {
  int dirfd = -1;
  const char *base = NULL;
  int rc = root ? open_parent_below(root, path, 0, &dirfd, &base, err) : 1;
  if (dirfd >= 0) close(dirfd);
  return rc == 1 ? 0 : rc;
}

void c2h_path_fold_root(char **root, char *dir) {
  if (!*root) {
    *root = dir;
    return;
  }
  char *r = *root;
  size_t k = 0, last = 0;
  while (r[k] && r[k] == dir[k]) {
    if (r[k] == '/') last = k;
    k++;
  }
  if (!(r[k] == '\0' && (dir[k] == '/' || dir[k] == '\0'))) r[last ? last : 1] = '\0';
  free(dir);
}
