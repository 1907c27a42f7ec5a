#ifndef CU2HIP_DIAG_H
#define CU2HIP_DIAG_H
/* Diagnostics: the one type for everything cu2hip reports about sources. */
#include <stddef.h>
#include "error.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum c2h_severity { C2H_SEV_NOTE, C2H_SEV_WARNING, C2H_SEV_ERROR } c2h_severity;

typedef enum c2h_check {
#define X(id, name, severity, summary) id,
#include "checks.def"
#undef X
  C2H_CHECK__COUNT
} c2h_check;

typedef struct c2h_pos {
  unsigned line, col; /* 1-based; col counts bytes */
  size_t offset;      /* 0-based byte offset in the file */
} c2h_pos;

typedef struct c2h_diag {
  char *path;        /* owned */
  c2h_pos begin, end;
  c2h_severity severity;
  c2h_check check;
  char *message;     /* owned */
  char *replacement; /* owned, suggested text for [begin, end), or NULL */
} c2h_diag;

typedef struct c2h_diag_list {
  c2h_diag *items;
  size_t len, cap;
} c2h_diag_list;

void c2h_diag_list_init(c2h_diag_list *list);
void c2h_diag_list_dispose(c2h_diag_list *list);

/* Appends a diagnostic; strings are copied. replacement may be NULL.
 * Returns 0 or C2H_ERR_NOMEM. */
int c2h_diag_list_add(c2h_diag_list *list, const char *path, c2h_pos begin, c2h_pos end,
                      c2h_severity severity, c2h_check check, const char *replacement,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 8, 9)))
#endif
    ;

/* Moves every diagnostic of src to the end of dst (src ends empty). */
int c2h_diag_list_move(c2h_diag_list *dst, c2h_diag_list *src);

/* Sorts by path, position, check, message: the report order. */
void c2h_diag_list_sort(c2h_diag_list *list);

const char *c2h_check_name(c2h_check check);
const char *c2h_check_summary(c2h_check check);
c2h_severity c2h_check_default_severity(c2h_check check);
/* Returns the check with that name, or -1. */
int c2h_check_from_name(const char *name);
const char *c2h_severity_name(c2h_severity severity);

/* Whether pattern names the check: `all`, the check's name, or a glob on
 * check names (fnmatch: `*`, `?`, `[...]`), as in --disable 'parse-*'. */
int c2h_check_matches(const char *pattern, c2h_check check);
/* Whether pattern names at least one check. */
int c2h_check_pattern_valid(const char *pattern);

#ifdef __cplusplus
}
#endif
#endif
