/* The folder of files kept across processes (disk_cache.h). */
#define _XOPEN_SOURCE 700 /* mkstemp, link, utimensat */
#include "util/disk_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "util/file.h"

char *c2h_disk_cache_default_dir(void) {
  const char *dir = getenv("CU2HIP_CACHE_DIR");
  if (dir && *dir) return c2h_path_join(dir, "");
  const char *xdg = getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return c2h_path_join(xdg, "cu2hip");
  const char *home = getenv("HOME");
  if (!home || *home != '/') return NULL;
  return c2h_path_join(home, ".cache/cu2hip");
}

char *c2h_disk_cache_path(const char *dir, const c2h_disk_cache_kind *k, const char *key) {
  XXH128_hash_t h = XXH3_128bits(key, strlen(key));
  char name[128];
  snprintf(name, sizeof name, "%s%016llx%016llx%s", k->prefix, (unsigned long long)h.high64,
           (unsigned long long)h.low64, k->suffix);
  return c2h_path_join(dir, name);
}

char *c2h_disk_cache_temp(const char *dir, const char *final) {
  c2h_error err;
  if (c2h_mkdirs(dir, &err) != 0) return NULL;
  size_t n = strlen(final) + 16;
  char *tmp = malloc(n);
  if (!tmp) return NULL;
  snprintf(tmp, n, "%s.tmp-XXXXXX", final);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    free(tmp);
    return NULL;
  }
  close(fd);
  return tmp;
}

/* A cache file of this kind: prefix + 32 hex digits + suffix. */
static int is_entry(const c2h_disk_cache_kind *k, const char *name) {
  size_t n = strlen(name), np = strlen(k->prefix), ns = strlen(k->suffix);
  return n == np + 32 + ns && strncmp(name, k->prefix, np) == 0 && strcmp(name + n - ns, k->suffix) == 0;
}

/* A process's link (entry + "." + pid) or temporary (entry + ".tmp-...")
 * whose process is gone; temporaries older than an hour count as gone. */
static int is_leftover(const c2h_disk_cache_kind *k, const char *name, const struct stat *st) {
  size_t np = strlen(k->prefix), ns = strlen(k->suffix);
  if (strncmp(name, k->prefix, np) != 0 || strlen(name) < np + 32 + ns + 1) return 0;
  const char *dot = name + np + 32;
  if (strncmp(dot, k->suffix, ns) != 0 || dot[ns] != '.') return 0;
  const char *rest = dot + ns + 1;
  if (strncmp(rest, "tmp-", 4) == 0) return st->st_mtime + 3600 < time(NULL);
  char *end = NULL;
  long pid = strtol(rest, &end, 10);
  return pid > 0 && end && !*end && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

typedef struct entry {
  char name[128];
  struct timespec used;
  long long bytes;
} entry;

static int newer_first(const void *a, const void *b) {
  const struct timespec *x = &((const entry *)a)->used, *y = &((const entry *)b)->used;
  if (x->tv_sec != y->tv_sec) return x->tv_sec > y->tv_sec ? -1 : 1;
  return x->tv_nsec > y->tv_nsec ? -1 : x->tv_nsec < y->tv_nsec;
}

/* Keeps the most recently used entries of kind k, at most k->keep of them
 * and k->bytes in all; removes the leftovers of processes that are gone. */
static void prune(const char *dir, const c2h_disk_cache_kind *k) {
  DIR *d = opendir(dir);
  if (!d) return;
  entry *list = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (strlen(e->d_name) >= sizeof list->name || lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (is_leftover(k, e->d_name, &st)) {
      unlink(path);
      continue;
    }
    if (!is_entry(k, e->d_name)) continue;
    if (n == cap) {
      entry *grown = realloc(list, (cap = cap ? cap * 2 : 16) * sizeof *list);
      if (!grown) break;
      list = grown;
    }
    memcpy(list[n].name, e->d_name, strlen(e->d_name) + 1); /* shorter than name: checked above */
    list[n].bytes = (long long)st.st_size;
    list[n++].used = st.st_mtim;
  }
  closedir(d);
  qsort(list, n, sizeof *list, newer_first);
  long long total = 0;
  for (size_t i = 0; i < n; i++) {
    total += list[i].bytes;
    if (i < k->keep && (i == 0 || total <= k->bytes)) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, list[i].name);
    unlink(path);
  }
  free(list);
}

int c2h_disk_cache_commit(const char *dir, const c2h_disk_cache_kind *k, const char *tmp, const char *final) {
  if (rename(tmp, final) != 0) {
    unlink(tmp);
    return -1;
  }
  prune(dir, k);
  return 0;
}

char *c2h_disk_cache_link(const char *final) {
  size_t n = strlen(final) + 24;
  char *mine = malloc(n);
  if (!mine) return NULL;
  snprintf(mine, n, "%s.%ld", final, (long)getpid());
  unlink(mine); /* a link of an earlier process with the same pid */
  if (link(final, mine) != 0) {
    free(mine);
    return NULL;
  }
  utimensat(AT_FDCWD, final, NULL, 0); /* just used: pruned last */
  return mine;
}
