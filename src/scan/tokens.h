#ifndef C2H_SCAN_TOKENS_H
#define C2H_SCAN_TOKENS_H
/* Questions about the annotated tokens of the file a scan works on, asked
 * the same way by every pass and check (tokens.c): spelling, kind,
 * brackets, functions, directives, literal values, positions. */
#include "scan.h"

/* ---- one token ---- */

/* Token i (i < n_toks). */
static inline const c2h_token *c2h_tok(const c2h_scan *s, size_t i) { return &s->facts->toks[i]; }
/* Token i's spelling: its first byte and its length (not NUL-terminated). */
static inline const char *c2h_tok_text(const c2h_scan *s, size_t i) { return s->src + s->facts->toks[i].begin; }
static inline size_t c2h_tok_len(const c2h_scan *s, size_t i) {
  return s->facts->toks[i].end - s->facts->toks[i].begin;
}
/* Whether token i exists and is an identifier. */
static inline int c2h_tok_is_ident(const c2h_scan *s, size_t i) {
  return i < s->facts->n_toks && s->facts->toks[i].kind == C2H_TOK_IDENT;
}
/* Whether token i exists and is an identifier or a keyword (a word that
 * may be part of a type). */
static inline int c2h_tok_is_word(const c2h_scan *s, size_t i) {
  return i < s->facts->n_toks && (s->facts->toks[i].kind == C2H_TOK_IDENT || s->facts->toks[i].kind == C2H_TOK_KEYWORD);
}

/* Whether token i is spelled exactly `text`. */
int c2h_tok_is(const c2h_scan *s, size_t i, const char *text);
/* Whether token i is an identifier spelled `name`. */
int c2h_tok_ident_is(const c2h_scan *s, size_t i, const char *name);
/* Whether token i is a call of `name`: the identifier followed by '('. */
int c2h_tok_is_call(const c2h_scan *s, size_t i, const char *name);
/* Whether token i is one of the spellings of the asm keyword. */
int c2h_tok_is_asm(const c2h_scan *s, size_t i);
/* Whether tokens a and b are spelled alike. */
int c2h_tok_same(const c2h_scan *s, size_t a, size_t b);
/* Whether token i is < <= > >= == or !=. */
int c2h_tok_is_comparison(const c2h_scan *s, size_t i);
/* l OP r for the comparison operator token op. */
int c2h_tok_compare(const c2h_scan *s, size_t op, long long l, long long r);

/* An integer literal's value (decimal, hex, octal; u/l suffixes allowed);
 * 0 when token i is not one. */
int c2h_tok_literal_value(const c2h_scan *s, size_t i, unsigned long long *v);
/* The same as a signed value; 0 also when it does not fit a long long. */
int c2h_tok_int_value(const c2h_scan *s, size_t i, long long *value);

/* ---- where a token is ---- */

/* Whether token i is code the compiler sees: the AST covers it, or it is
 * in the body of a macro that active code expands. Tokens of inactive #if
 * branches and of macros nothing expands are not. */
int c2h_tok_active(const c2h_scan *s, size_t i);
/* Whether token i is in code that runs on the GPU (a __device__,
 * __global__ or __host__ __device__ function). Unknown context is not. */
int c2h_tok_in_device_code(const c2h_scan *s, size_t i);
/* The platform branch token i sits in (front/platform.h): code only HIP
 * compiles (written for it already: neither translated nor reported), code
 * HIP never compiles (not translated; its diagnostics are dropped, but for
 * one note per block on inline PTX), or code of both. */
c2h_platform c2h_tok_platform(const c2h_scan *s, size_t i);
/* Whether token i is in a branch of one platform only (HIP or CUDA). */
int c2h_tok_platform_only(const c2h_scan *s, size_t i);
/* The first token that starts at or after byte offset `offset` (n_toks
 * when none): a binary search. */
size_t c2h_tok_first_at(const c2h_scan *s, size_t offset);
/* The tokens that start in the byte range [begin, end): *first is the
 * first of them, *last the one after the last (both n_toks when none). */
void c2h_tok_range(const c2h_scan *s, size_t begin, size_t end, size_t *first, size_t *last);
/* Position of token i's start and end, for diagnostics. */
c2h_pos c2h_tok_begin_pos(const c2h_scan *s, size_t i);
c2h_pos c2h_tok_end_pos(const c2h_scan *s, size_t i);

/* ---- brackets ---- */

/* A run of tokens [first, last] (inclusive), e.g. one call argument. */
typedef struct c2h_tok_span {
  size_t first, last;
} c2h_tok_span;

/* Whether token i opens ( [ { or closes ) ] } a bracket. */
int c2h_tok_is_open(const c2h_scan *s, size_t i);
int c2h_tok_is_close(const c2h_scan *s, size_t i);
/* Index of the bracket closing the one at `open` ( ( [ { ), or n_toks (also
 * when brackets nest more than 256 deep inside it, as clang refuses). */
size_t c2h_tok_match(const c2h_scan *s, size_t open);
/* Index of the bracket opening the one that closes at `close`, searched
 * back to token lo; n_toks when there is none. */
size_t c2h_tok_match_back(const c2h_scan *s, size_t close, size_t lo);
/* Drops parentheses around the whole of [*a, *b]. */
void c2h_tok_strip_parens(const c2h_scan *s, size_t *a, size_t *b);
/* Splits the tokens strictly between open and close at top-level commas.
 * Returns the number of spans (0 for an empty list); at most max are stored. */
size_t c2h_tok_split(const c2h_scan *s, size_t open, size_t close, c2h_tok_span *spans, size_t max);

/* ---- functions and launches ---- */

/* How many functions of the file begin at or before byte offset (they are
 * in source order): a binary search. */
size_t c2h_functions_begun_by(const c2h_scan *s, size_t offset);
/* The innermost function (index into facts->functions) whose range holds
 * byte offset `offset`; -1 at file scope. */
long c2h_function_at(const c2h_scan *s, size_t offset);
/* The innermost function whose range holds token i, and its tokens
 * [*fb, *fe); -1 at file scope. */
long c2h_tok_function_at(const c2h_scan *s, size_t i, size_t *fb, size_t *fe);
/* Whether token t is where a function defined in the file spells its name. */
int c2h_tok_names_function(const c2h_scan *s, size_t t);
/* For a kernel launch whose `<<<` is token `launch`: the kernel's name
 * token (k in ns::k<T, 4><<<...>>>, with *templated set when template
 * arguments follow it), and the `>>>` that closes the configuration. Both
 * return n_toks when the launch is not understood. */
size_t c2h_tok_kernel_name(const c2h_scan *s, size_t launch, int *templated);
size_t c2h_tok_launch_close(const c2h_scan *s, size_t launch);

/* ---- directives ---- */

/* Whether token i is the '#' that starts a directive. */
int c2h_tok_is_directive(const c2h_scan *s, size_t i);
/* The '#' of the directive holding token i, or n_toks when i is code. */
size_t c2h_tok_directive_of(const c2h_scan *s, size_t i);
/* Index after the last token of the directive whose '#' is token d. */
size_t c2h_tok_directive_stop(const c2h_scan *s, size_t d);
/* Whether tokens [a, b) hold a conditional directive (#if, #ifdef, #else,
 * ...) at the start of a line. */
int c2h_tok_has_conditional(const c2h_scan *s, size_t a, size_t b);

#endif
