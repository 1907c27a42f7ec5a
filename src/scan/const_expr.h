#ifndef C2H_SCAN_CONST_EXPR_H
#define C2H_SCAN_CONST_EXPR_H
/* The one evaluator of integer constant expressions (const_expr.c), with
 * C's types: every check and pass that needs the value of an expression
 * (a block size, a shared-memory size, a tile size, a lane mask, a
 * template argument) asks it, so they all agree on what code means.
 *
 * It reads the tokens of the scanned file or text (a macro body a header
 * defines), with one parser: literals of every base and suffix,
 * true/false, parentheses, casts to integer types (`(T)x`, `T(x)`, `T{x}`,
 * `static_cast<T>(x)`), sizeof of builtin and CUDA vector types and of
 * variables whose size the parse knows, the unary operators - + ~ !, the
 * binary ones * / % + - << >> < > <= >= == != & ^ | && || and ?:, with
 * C's promotions and usual arithmetic conversions (int is 32 bits, long
 * 64). Names are the constants of the file's table (constants.h), or what
 * a caller's hook says they are.
 *
 * One rule for every value that C leaves undefined or that does not fit:
 * a signed operation whose exact result does not fit its type (int, long:
 * `INT_MAX + 1`, `-LLONG_MIN`, `LLONG_MIN / -1`), a division or remainder
 * by zero, and a shift by a negative count or by the type's width or more
 * make the value unknown. Unsigned arithmetic wraps, conversions keep the
 * low bits and `<<` is C++20's (`1 << 31` is INT_MIN), as compilers do. An
 * operand whose value does not count (`0 && x`, the arm of ?: not taken)
 * may be unknown. */
#include "tokens.h"

typedef struct c2h_const {
  unsigned long long bits; /* the value in `width` bits (two's complement), zero-extended */
  unsigned width;          /* 32 or 64 after integer promotion (8, 16 for a char, a short) */
  int is_unsigned;
} c2h_const;

/* Names followed inside names (a macro whose body names a constant, ...)
 * before a value is given up as unknown. */
#define C2H_CONST_MAX_DEPTH 16
/* c2h_const_name.tok of a name that is no token of the file. */
#define C2H_CONST_NO_TOKEN ((size_t)-1)

/* A name met where the expression needs a value, as a hook sees it. */
typedef struct c2h_const_name {
  const char *text; /* the name's spelling (len bytes) */
  size_t len;
  size_t tok;       /* its token in the scanned file, or C2H_CONST_NO_TOKEN (a header's text) */
  size_t end;       /* with tok: the expression's tokens end before this token */
  int depth;        /* names followed so far: give depth + 1 to evaluations the hook starts */
  const void *source_; /* the evaluator's, for c2h_const_name_token */
  size_t pos_;
} c2h_const_name;

/* What a hook answers. */
enum {
  C2H_CONST_UNKNOWN = -1, /* no value here, and the constant table is not asked (a local variable
                             whose value is not known hides a constant of the same name) */
  C2H_CONST_PASS = 0,     /* not the hook's: the constant table is asked */
  C2H_CONST_VALUE = 1     /* *out is the value, and the tokens of the expression it stands for
                             are *used (at least 1, the name's), counted as c2h_const_name_token
                             counts them */
};

/* Asked first about each name the expression needs, so that a caller can
 * give what it knows better than the file's constants: a template
 * parameter of a kernel instance, a local variable followed through its
 * function, a device-property access (`prop.major`: three tokens). */
typedef int (*c2h_const_hook)(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used);

/* Token k of the expression counted from the name (k = 0 is the name),
 * comments left out: its spelling, and 1; 0 past the expression's end. */
int c2h_const_name_token(const c2h_const_name *name, size_t k, const char **text, size_t *len);
/* For a name of the file: how many tokens c2h_const_name_token counts
 * from the name up to file token `next` (excluded). */
size_t c2h_const_name_used(const c2h_const_name *name, size_t next);

/* Evaluates tokens [first, last] of s's file as one expression. Names go
 * to hook (may be NULL), then to s's constant table. Returns 1 and fills
 * *out, or 0 when the tokens are not an integer constant expression this
 * knows, or their value is unknown. `depth`: names followed so far (0 for
 * a caller's own expression). */
int c2h_const_eval_tokens(const c2h_scan *s, size_t first, size_t last, c2h_const_hook hook, void *ctx, int depth,
                          c2h_const *out);
/* The same over text[0, len) (comments and line continuations are
 * spaces): a header's macro body. s may be NULL (no constant table). */
int c2h_const_eval(const c2h_scan *s, const char *text, size_t len, c2h_const_hook hook, void *ctx, int depth,
                   c2h_const *out);
/* Tokens [first, last] as a plain integer (no hook): 1 when known and a
 * long long holds it. */
int c2h_const_tokens_int(const c2h_scan *s, size_t first, size_t last, long long *v);

/* The value the name text[0, len) has for code at token `at`
 * (C2H_CONST_NO_TOKEN: at file scope), from the constant table: the
 * definitions c2h_constants_visible gives must all be known and agree
 * (same value and type), or the name is unknown. Each definition is
 * evaluated once per file. Returns 1 and fills *out, or 0. */
int c2h_const_name_value(const c2h_scan *s, const char *text, size_t len, size_t at, int depth, c2h_const *out);

/* The integer type that declaration specifiers [first, last] spell
 * (`static const unsigned long long`, `constexpr uint32_t`, `bool`):
 * 1 with *width (1 for bool) and *is_unsigned; 0 when they name no type
 * this knows (`auto`, a typedef of the project's); -1 when they name one
 * that is no integer type (float, double, a vector type, a pointer). */
int c2h_const_type(const c2h_scan *s, size_t first, size_t last, unsigned *width, int *is_unsigned);
/* The value converted to an integer type of `width` bits (1: bool, which
 * is then 0 or 1 as an int). */
c2h_const c2h_const_convert(c2h_const v, unsigned width, int is_unsigned);

/* The value as a long long: 1, or 0 when it does not fit (an unsigned
 * 64-bit value above LLONG_MAX). */
int c2h_const_to_ll(const c2h_const *c, long long *v);
/* The value as a 64-bit unsigned lane mask would hold it: a signed value
 * sign-extends (-1 is every one of 64 bits), an unsigned one does not. */
unsigned long long c2h_const_as_u64(const c2h_const *c);

#endif
