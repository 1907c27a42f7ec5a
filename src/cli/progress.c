/* Progress of a multi-file run on stderr: a one-line bar (done/total,
 * percentage, ETA, current file) redrawn in place on a terminal, one plain
 * line per file otherwise. Single-file runs show nothing. */
#define _POSIX_C_SOURCE 200809L
#include "cli/progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void c2h_progress_init(c2h_progress *p, FILE *out) {
  memset(p, 0, sizeof *p);
  p->out = out;
  p->tty = isatty(fileno(out));
  p->start = now();
}

void c2h_progress_update(void *ctx, size_t done, size_t total, const char *path) {
  c2h_progress *p = ctx;
  if (total < 2) return;
  if (!p->tty) {
    fprintf(p->out, "cu2hip: [%zu/%zu] %s\n", done, total, path);
    return;
  }
  double t = now();
  /* Redraw at most ten times a second, and always for the last file. */
  if (done < total && t - p->last_draw < 0.1) return;
  p->last_draw = t;
  p->drawn = 1;
  double elapsed = t - p->start, eta = done ? elapsed / (double)done * (double)(total - done) : 0;
  int eta_s = (int)(eta + 0.5);
  const char *name = path;
  size_t len = strlen(path);
  if (len > 48) name = path + len - 45; /* keep the end: the file name */
  fprintf(p->out, "\r\033[K[%*zu/%zu %3d%%] ETA %d:%02d  %s%s", (int)snprintf(NULL, 0, "%zu", total), done,
          total, (int)(100.0 * (double)done / (double)total), eta_s / 60, eta_s % 60, len > 48 ? "..." : "",
          name);
  fflush(p->out);
}

void c2h_progress_finish(c2h_progress *p) {
  if (p->tty && p->drawn) {
    fputs("\r\033[K", p->out);
    fflush(p->out);
  }
}
