#ifndef C2H_UTIL_BUF_H
#define C2H_UTIL_BUF_H
/* A growable byte buffer, always NUL-terminated once non-empty. */
#include <stdarg.h>
#include <stddef.h>

typedef struct c2h_buf {
  char *data;
  size_t len, cap;
} c2h_buf;

void c2h_buf_init(c2h_buf *b);
void c2h_buf_dispose(c2h_buf *b);
/* Each returns 0 or C2H_ERR_NOMEM. */
int c2h_buf_reserve(c2h_buf *b, size_t extra);
int c2h_buf_append(c2h_buf *b, const char *data, size_t len);
int c2h_buf_puts(c2h_buf *b, const char *s);
int c2h_buf_printf(c2h_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hands the bytes to the caller (who frees them) and resets b; never NULL
 * unless out of memory. */
char *c2h_buf_detach(c2h_buf *b, size_t *len);

/* strdup / strndup that return NULL only when out of memory. */
char *c2h_strdup(const char *s);
/* A malloc'd string formatted as by printf (NULL: out of memory). */
char *c2h_strdup_printf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
char *c2h_strndup(const char *s, size_t n);

/* Appends s (taken; NULL: out of memory) to the *n strings of *items,
 * unless an equal one is there already (then s is freed): a list without
 * repeats, in the order first seen. Returns 0 or C2H_ERR_NOMEM. */
int c2h_strings_add_unique(char ***items, size_t *n, char *s);

#endif
