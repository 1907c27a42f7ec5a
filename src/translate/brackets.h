#ifndef C2H_TRANSLATE_BRACKETS_H
#define C2H_TRANSLATE_BRACKETS_H
/* Kernel-launch brackets written with spaces, `k << < g, b >> > (args)`:
 * nvcc reads them as a launch, clang reads shifts and comparisons. Before
 * the parse they are closed up in a copy of the source of the same length
 * (`<< <` -> `<<< `), so that every other byte keeps its offset, line and
 * column; the output gets `<<<` / `>>>` where no other edit covers them. */
#include <stddef.h>

typedef struct c2h_bracket_fix {
  size_t begin, end; /* the original bytes, from the first '<' or '>' to the third */
  char c;            /* '<' or '>' */
} c2h_bracket_fix;

typedef struct c2h_bracket_fixes {
  c2h_bracket_fix *items;
  size_t len, cap;
} c2h_bracket_fixes;

void c2h_bracket_fixes_init(c2h_bracket_fixes *f);
void c2h_bracket_fixes_dispose(c2h_bracket_fixes *f);

/* Finds spaced launch brackets in src. When there are some, *copy is a
 * malloc'd NUL-terminated copy of src (len bytes) with each closed up, and
 * fixes lists them; otherwise *copy is NULL. Returns 0 or C2H_ERR_NOMEM. */
int c2h_brackets_normalise(const char *src, size_t len, char **copy, c2h_bracket_fixes *fixes);

#endif
