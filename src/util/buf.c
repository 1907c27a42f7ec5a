#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"

void c2h_buf_init(c2h_buf *b) {
  b->data = NULL;
  b->len = b->cap = 0;
}

void c2h_buf_dispose(c2h_buf *b) {
  free(b->data);
  c2h_buf_init(b);
}

int c2h_buf_reserve(c2h_buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1) cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) return C2H_ERR_NOMEM;
  b->data = p;
  b->cap = cap;
  return 0;
}

int c2h_buf_append(c2h_buf *b, const char *data, size_t len) {
  if (c2h_buf_reserve(b, len)) return C2H_ERR_NOMEM;
  if (len) memcpy(b->data + b->len, data, len);
  b->len += len;
  b->data[b->len] = '\0';
  return 0;
}

int c2h_buf_puts(c2h_buf *b, const char *s) { return c2h_buf_append(b, s, strlen(s)); }

int c2h_buf_printf(c2h_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return C2H_ERR_INTERNAL;
  if (c2h_buf_reserve(b, (size_t)n)) return C2H_ERR_NOMEM;
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  return 0;
}

char *c2h_strdup_printf(const char *fmt, ...) {
  c2h_buf b;
  c2h_buf_init(&b);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || c2h_buf_reserve(&b, (size_t)n)) return NULL;
  va_start(ap, fmt);
  vsnprintf(b.data, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return b.data;
}

char *c2h_buf_detach(c2h_buf *b, size_t *len) {
  if (!b->data && c2h_buf_reserve(b, 0)) return NULL;
  if (b->len == 0) b->data[0] = '\0';
  char *p = b->data;
  if (len) *len = b->len;
  c2h_buf_init(b);
  return p;
}

char *c2h_strdup(const char *s) { return c2h_strndup(s, strlen(s)); }

char *c2h_strndup(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

int c2h_strings_add_unique(char ***items, size_t *n, char *s) {
  if (!s) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < *n; i++)
    if (strcmp((*items)[i], s) == 0) {
      free(s);
      return 0;
    }
  char **grown = realloc(*items, (*n + 1) * sizeof *grown);
  if (!grown) {
    free(s);
    return C2H_ERR_NOMEM;
  }
  *items = grown;
  grown[(*n)++] = s;
  return 0;
}
