#define _POSIX_C_SOURCE 200809L
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

int c2h_file_read(const char *path, char **data, size_t *len, c2h_error *err) {
  int rc = 0;
  c2h_buf b;
  c2h_buf_init(&b);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
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
    rc = c2h_error_set(err, C2H_ERR_IO, path, 0, 0, "not a regular file");
    goto done;
  }
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
  rc = c2h_file_write_atomic(backup_path, data, len, st.st_mode & 07777, err);
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
