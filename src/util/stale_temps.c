#define _POSIX_C_SOURCE 200809L
#include "stale_temps.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/file.h"

#define MAX_DEPTH 64
#define OLD_TEMP_SECONDS 3600

/* The part after ".c2h-" of a hidden name `.NAME.c2h-REST`, or NULL. */
static const char *temp_suffix(const char *name) {
  if (name[0] != '.') return NULL;
  const char *at = NULL;
  for (const char *p = strstr(name + 1, ".c2h-"); p; p = strstr(p + 1, ".c2h-")) at = p;
  return at && at > name + 1 ? at + 5 : NULL;
}

/* A process that died but was not reaped (a container whose first process
 * reaps nobody) still answers kill(pid, 0); its state in /proc says Z. */
static int is_zombie(long pid) {
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *close = strrchr(buf, ')'); /* after the command name, which may hold anything */
  return close && close[1] == ' ' && close[2] == 'Z';
}

int c2h_temp_stale(const char *dir, const char *name) {
  const char *rest = temp_suffix(name);
  if (!rest || !*rest) return 0;
  char *end = NULL;
  long pid = strtol(rest, &end, 10);
  if (end != rest && *end == '-' && end[1]) {
    /* .NAME.c2h-PID-XXXXXX (files) or .NAME.c2h-PID-N (links). */
    if (pid <= 0 || pid == (long)getpid()) return 0;
    if (kill((pid_t)pid, 0) != 0) return errno == ESRCH;
    return is_zombie(pid);
  }
  /* .NAME.c2h-XXXXXX: no process to ask; old enough, it is no write in progress. */
  if (strlen(rest) != 6) return 0;
  char *path = c2h_path_join(dir, name);
  struct stat st;
  int old = path && lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) &&
            time(NULL) - st.st_mtime > OLD_TEMP_SECONDS;
  free(path);
  return old;
}

static size_t clean(const char *dir, int recursive, int depth) {
  size_t removed = 0;
  if (depth > MAX_DEPTH) return 0;
  DIR *d = opendir(dir);
  if (!d) return 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char *path = c2h_path_join(dir, e->d_name);
    struct stat st;
    if (!path || lstat(path, &st) != 0) {
      free(path);
      continue;
    }
    if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) && c2h_temp_stale(dir, e->d_name) && unlink(path) == 0)
      removed++;
    else if (recursive && S_ISDIR(st.st_mode))
      removed += clean(path, recursive, depth + 1);
    free(path);
  }
  closedir(d);
  return removed;
}

size_t c2h_remove_stale_temps(const char *dir, int recursive) { return clean(dir, recursive, 0); }
