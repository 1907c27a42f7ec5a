#ifndef C2H_CLI_PROGRESS_H
#define C2H_CLI_PROGRESS_H
#include <stddef.h>
#include <stdio.h>

typedef struct c2h_progress {
  FILE *out;
  int tty, drawn;
  double start, last_draw;
} c2h_progress;

void c2h_progress_init(c2h_progress *p, FILE *out);
/* A c2h_project_options.progress callback; ctx is the c2h_progress. */
void c2h_progress_update(void *ctx, size_t done, size_t total, const char *path);
/* Clears the bar so that the report and summary start on a clean line. */
void c2h_progress_finish(c2h_progress *p);

#endif
