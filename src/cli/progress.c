/* Progress of a multi-file run on stderr: a one-line bar (phase, done/total,
 * percentage, ETA, current file) redrawn in place on a terminal, one plain
 * line per file otherwise. Single-file runs show nothing. Each phase
 * (translating, then --verify's compiles) has its own count and ETA; the
 * ETA is shown only while files of the phase remain. */
#define _POSIX_C_SOURCE 200809L
#include "cli/progress.h"
#include "report/report.h"

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

void c2h_progress_phase(void *ctx, const char *name) {
  c2h_progress *p = ctx;
  p->phase = name;
  p->start = now();
  p->last_draw = 0;
}

void c2h_progress_update(void *ctx, size_t done, size_t total, const char *path) {
  c2h_progress *p = ctx;
  const char *phase = p->phase ? p->phase : "";
  const char *sep = p->phase ? " " : "";
  if (total < 2 || done > total) return;
  if (!p->tty) {
    if (!path) return; /* only the total changed */
    if (done == 0) fprintf(p->out, "cu2hip: %s%s%zu files\n", phase, p->phase ? ": " : "", total);
    else {
      fprintf(p->out, "cu2hip: %s%s[%zu/%zu] ", phase, sep, done, total);
      c2h_report_put_escaped(p->out, path); /* a newline in a name must not start a line */
      fputc('\n', p->out);
    }
    return;
  }
  double t = now();
  /* Redraw at most ten times a second, and always at the start and end. */
  if (done && done < total && t - p->last_draw < 0.1) return;
  p->last_draw = t;
  p->drawn = 1;
  char eta[32] = "";
  if (done && done < total) {
    double left = (t - p->start) / (double)done * (double)(total - done);
    int s = (int)(left + 0.5);
    if (s < 1) s = 1; /* work remains: never "0:00" */
    snprintf(eta, sizeof eta, " ETA %d:%02d", s / 60, s % 60);
  }
  /* The percentage is rounded down: 100% only when the phase is done. */
  int pct = (int)(100.0 * (double)done / (double)total);
  const char *name = path ? path : "";
  size_t len = strlen(name);
  if (len > 48) name += len - 45; /* keep the end: the file name */
  fprintf(p->out, "\r\033[K[%s%s%*zu/%zu %3d%%]%s  %s", phase, sep, (int)snprintf(NULL, 0, "%zu", total), done,
          total, pct, eta, len > 48 ? "..." : "");
  c2h_report_put_escaped(p->out, done == total ? "" : name);
  fflush(p->out);
}

void c2h_progress_finish(c2h_progress *p) {
  if (p->tty && p->drawn) {
    fputs("\r\033[K", p->out);
    fflush(p->out);
  }
}
