/* The result of one file (cu2hip/translate.h's c2h_file_result): made,
 * disposed of, and the input left as it is with the one diagnostic that
 * says why (a time limit, a crash), for translations and build scripts
 * alike. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/translate.h"

void c2h_file_result_init(c2h_file_result *res) {
  memset(res, 0, sizeof *res);
  c2h_diag_list_init(&res->diags);
}

void c2h_file_result_dispose(c2h_file_result *res) {
  free(res->output);
  for (size_t i = 0; i < res->n_depends; i++) free(res->depends[i]);
  free(res->depends);
  c2h_diag_list_dispose(&res->diags);
  c2h_file_result_init(res);
}

/* "850 ms", "61.2 s"; whole seconds as "60 s" when round is set (limits
 * are given in seconds). */
static void format_duration(char *buf, size_t size, unsigned long long ms, int round) {
  if (ms < 1000) snprintf(buf, size, "%llu ms", ms);
  else if (round && ms % 1000 == 0) snprintf(buf, size, "%llu s", ms / 1000);
  else snprintf(buf, size, "%.1f s", (double)ms / 1000.0);
}

/* The result of a file that could not be translated safely: its input as
 * it is, with the one diagnostic that says why, rather than a partial
 * translation. What the parse found out about dependencies is kept. */
static int leave_as_is(c2h_file_result *res, const char *path, const char *src, size_t len, c2h_pos at,
                       c2h_check check, const char *message, c2h_error *err) {
  free(res->output);
  c2h_diag_list_dispose(&res->diags);
  c2h_diag_list_init(&res->diags);
  memset(&res->stats, 0, sizeof res->stats);
  res->changed = 0;
  res->output_len = len;
  if (!(res->output = malloc(len + 1)))
    return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory while translating");
  memcpy(res->output, src, len);
  res->output[len] = '\0';
  if (c2h_diag_list_add(&res->diags, path, at, at, C2H_SEV_ERROR, check, NULL, "%s", message))
    return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory while translating");
  return 0;
}

int c2h_file_result_timed_out(c2h_file_result *res, const char *path, const char *src, size_t len,
                              unsigned long long elapsed_ms, unsigned long limit_ms, c2h_error *err) {
  char took[32], limit[32], message[256];
  format_duration(took, sizeof took, elapsed_ms, 0);
  format_duration(limit, sizeof limit, limit_ms, 1);
  snprintf(message, sizeof message,
           "translating the file took longer than the per-file time limit of %s (stopped after %s); the file "
           "is left as it is",
           limit, took);
  return leave_as_is(res, path, src, len, (c2h_pos){0, 0, 0}, C2H_CHECK_TIME_LIMIT, message, err);
}

int c2h_file_result_crashed(c2h_file_result *res, const char *path, const char *src, size_t len,
                            const char *what, c2h_error *err) {
  char message[768];
  snprintf(message, sizeof message,
           "%s; the file is left as it is (the other files are not affected). Please report it with this file",
           what);
  return leave_as_is(res, path, src, len, (c2h_pos){0, 0, 0}, C2H_CHECK_PARSE_CRASH, message, err);
}

