#define _POSIX_C_SOURCE 200809L /* fnmatch */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/diag.h"
#include "util/buf.h"

static const struct {
  const char *name;
  c2h_severity severity;
  const char *summary;
} checks[] = {
#define X(id, name, severity, summary) {name, severity, summary},
#include "cu2hip/checks.def"
#undef X
};

const char *c2h_check_name(c2h_check c) { return c < C2H_CHECK__COUNT ? checks[c].name : "?"; }
const char *c2h_check_summary(c2h_check c) { return c < C2H_CHECK__COUNT ? checks[c].summary : "?"; }
c2h_severity c2h_check_default_severity(c2h_check c) {
  return c < C2H_CHECK__COUNT ? checks[c].severity : C2H_SEV_ERROR;
}

int c2h_check_from_name(const char *name) {
  for (int i = 0; i < C2H_CHECK__COUNT; i++)
    if (strcmp(checks[i].name, name) == 0) return i;
  return -1;
}

int c2h_check_matches(const char *pattern, c2h_check c) {
  if (c >= C2H_CHECK__COUNT) return 0;
  return strcmp(pattern, "all") == 0 || fnmatch(pattern, checks[c].name, 0) == 0;
}

int c2h_check_pattern_valid(const char *pattern) {
  for (int i = 0; i < C2H_CHECK__COUNT; i++)
    if (c2h_check_matches(pattern, (c2h_check)i)) return 1;
  return 0;
}

const char *c2h_severity_name(c2h_severity s) {
  switch (s) {
    case C2H_SEV_NOTE: return "note";
    case C2H_SEV_WARNING: return "warning";
    default: return "error";
  }
}

void c2h_diag_list_init(c2h_diag_list *l) {
  l->items = NULL;
  l->len = l->cap = 0;
}

void c2h_diag_list_dispose(c2h_diag_list *l) {
  for (size_t i = 0; i < l->len; i++) {
    free(l->items[i].path);
    free(l->items[i].message);
    free(l->items[i].replacement);
  }
  free(l->items);
  c2h_diag_list_init(l);
}

static int reserve(c2h_diag_list *l, size_t extra) {
  if (l->len + extra <= l->cap) return 0;
  size_t cap = l->cap ? l->cap * 2 : 16;
  while (cap < l->len + extra) cap *= 2;
  c2h_diag *p = realloc(l->items, cap * sizeof *p);
  if (!p) return C2H_ERR_NOMEM;
  l->items = p;
  l->cap = cap;
  return 0;
}

int c2h_diag_list_add(c2h_diag_list *l, const char *path, c2h_pos begin, c2h_pos end,
                      c2h_severity severity, c2h_check check, const char *replacement,
                      const char *fmt, ...) {
  if (reserve(l, 1)) return C2H_ERR_NOMEM;
  c2h_buf msg;
  c2h_buf_init(&msg);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || c2h_buf_reserve(&msg, (size_t)n)) return C2H_ERR_NOMEM;
  va_start(ap, fmt);
  vsnprintf(msg.data, (size_t)n + 1, fmt, ap);
  va_end(ap);
  msg.len = (size_t)n;
  c2h_diag *d = &l->items[l->len];
  d->path = c2h_strdup(path ? path : "");
  d->message = c2h_buf_detach(&msg, NULL);
  d->replacement = replacement ? c2h_strdup(replacement) : NULL;
  if (!d->path || !d->message || (replacement && !d->replacement)) {
    free(d->path);
    free(d->message);
    free(d->replacement);
    return C2H_ERR_NOMEM;
  }
  d->begin = begin;
  d->end = end;
  d->severity = severity;
  d->check = check;
  l->len++;
  return 0;
}

int c2h_diag_list_move(c2h_diag_list *dst, c2h_diag_list *src) {
  if (reserve(dst, src->len)) return C2H_ERR_NOMEM;
  if (src->len) memcpy(dst->items + dst->len, src->items, src->len * sizeof *src->items);
  dst->len += src->len;
  src->len = 0;
  return 0;
}

static int cmp_diag(const void *pa, const void *pb) {
  const c2h_diag *a = pa, *b = pb;
  int c = strcmp(a->path, b->path);
  if (c) return c;
  if (a->begin.line != b->begin.line) return a->begin.line < b->begin.line ? -1 : 1;
  if (a->begin.col != b->begin.col) return a->begin.col < b->begin.col ? -1 : 1;
  if (a->check != b->check) return a->check < b->check ? -1 : 1;
  return strcmp(a->message, b->message);
}

void c2h_diag_list_sort(c2h_diag_list *l) {
  if (l->len > 1) qsort(l->items, l->len, sizeof *l->items, cmp_diag);
}
