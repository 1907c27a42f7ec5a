#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cu2hip/error.h"

void c2h_error_clear(c2h_error *err) {
  if (!err) return;
  memset(err, 0, sizeof *err);
}

int c2h_error_set(c2h_error *err, int code, const char *path, unsigned line, unsigned col,
                  const char *fmt, ...) {
  if (!err) return code;
  err->code = code;
  snprintf(err->path, sizeof err->path, "%s", path ? path : "");
  err->line = line;
  err->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return code;
}

void c2h_error_format(const c2h_error *err, char *buf, unsigned long size) {
  if (err->path[0] && err->line)
    snprintf(buf, size, "%s:%u:%u: error: %s", err->path, err->line, err->col, err->message);
  else if (err->path[0])
    snprintf(buf, size, "%s: error: %s", err->path, err->message);
  else
    snprintf(buf, size, "error: %s", err->message);
}
