#ifndef C2H_CLI_PROGRESS_H
#define C2H_CLI_PROGRESS_H
#include <stddef.h>
#include <stdio.h>

typedef struct c2h_progress {
  FILE *out;
  int tty, drawn;
  const char *phase; /* NULL: translating; else the phase's name, e.g. "verify" */
  double start, last_draw;
} c2h_progress;

void c2h_progress_init(c2h_progress *p, FILE *out);
/* A c2h_project_options.progress callback; ctx is the c2h_progress.
 * done/total count the files of the current phase. */
void c2h_progress_update(void *ctx, size_t done, size_t total, const char *path);
/* A c2h_project_options.progress_phase callback: the work that follows is
 * another phase (name: "verify"), with its own count and ETA. */
void c2h_progress_phase(void *ctx, const char *name);
/* Clears the bar so that the report and summary start on a clean line. */
void c2h_progress_finish(c2h_progress *p);

#endif
