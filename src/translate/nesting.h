#ifndef C2H_TRANSLATE_NESTING_H
#define C2H_TRANSLATE_NESTING_H
/* A guard in front of libclang: its parser and preprocessor recurse once
 * per level of some constructs that have no depth limit of their own, and
 * overflow the stack of the parsing thread (a crash of the whole process)
 * at a few thousand levels. */
#include <stddef.h>

typedef struct c2h_nesting_excess {
  size_t offset;      /* where the limit was passed */
  unsigned line, col; /* 1-based; CR, LF and CR LF end lines */
  const char *what;   /* "brackets", "prefix operators and casts", ... */
  size_t limit;
} c2h_nesting_excess;

/* Reads src with a light lexer (comments, literals, brackets, operators)
 * and returns 1, filling *out, when a construct nests deeper than the
 * parser can safely take; 0 otherwise. */
int c2h_nesting_too_deep(const char *src, size_t len, c2h_nesting_excess *out);

#endif
