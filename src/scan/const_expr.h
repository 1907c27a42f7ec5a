#ifndef C2H_SCAN_CONST_EXPR_H
#define C2H_SCAN_CONST_EXPR_H
/* Integer constant expressions, evaluated with C's types: a lane mask is
 * judged by its value and its type, whatever the spelling (`uint32_t(-1)`,
 * `(unsigned)-1`, `static_cast<unsigned>(-1)`, `~0u`, `0xffffffffu`, a
 * name for one). Works on text, so that the value of a macro defined in a
 * header (which is not among the file's tokens) evaluates the same way as
 * code of the file. */
#include <stddef.h>

typedef struct c2h_const {
  unsigned long long bits; /* the value in `width` bits (two's complement), zero-extended */
  unsigned width;          /* 32 or 64: what the value has after integer promotion */
  int is_unsigned;
} c2h_const;

/* Resolves a name met in the expression (a macro, a constant): fills *out
 * and returns 1, or 0 when the name has no known constant value. `at` is
 * the name's text (len bytes), inside the text being evaluated, so that a
 * caller evaluating the bytes of a file can tell which token it is. */
typedef int (*c2h_const_name_fn)(void *ctx, const char *at, size_t len, int depth, c2h_const *out);

/* Evaluates the whole of text[0, len) as one integer constant expression:
 * literals (decimal, hex, octal, binary; u/l/ll suffixes), true/false,
 * names (through `names`, which may be NULL), parentheses, casts to integer
 * types (`(T)x`, `T(x)`, `T{x}`, `static_cast<T>(x)`; T one of C's integer
 * types or the <cstdint> ones, std:: allowed), the unary operators
 * - + ~ !, and the binary ones * / % + - << >> < > <= >= == != & ^ | && ||
 * and ?:, with C's usual arithmetic conversions (long is 64 bits).
 * Comments and line continuations count as spaces. Returns 1 and fills
 * *out, or 0 when the text is not such an expression (or divides by 0).
 * `depth` counts the names followed so far (for the callback's recursion). */
int c2h_const_eval(const char *text, size_t len, c2h_const_name_fn names, void *ctx, int depth, c2h_const *out);

/* The value as a 64-bit unsigned lane mask would hold it: a signed value
 * sign-extends (-1 is every one of 64 bits), an unsigned one does not. */
unsigned long long c2h_const_as_u64(const c2h_const *c);

#endif
