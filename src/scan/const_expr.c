/* Integer constant expressions, over the file's tokens or over text, with
 * C's integer types: enough to tell `uint32_t(-1)` (32 one bits) from `-1`
 * (sign-extends to 64) and from `0xffff` (16 lanes), and to size shared
 * memory, blocks and tiles the way the compiler will. A recursive-descent
 * parser over one token interface (the file's tokens, or tokens lexed from
 * text), so a macro a header defines evaluates exactly as one of the file;
 * anything it does not know (a function call, a float, a member) makes the
 * value unknown rather than guessed. */
#include "const_expr.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "constants.h"

#define MAX_NEST 256 /* recursion of the parse, against stack overflow */
#define MAX_DEFS 64  /* definitions of one name compared; more: unknown */
#define NONE ((size_t)-1)

/* ---- tokens ---- */

typedef enum lx_kind { LX_END, LX_IDENT, LX_NUMBER, LX_PUNCT, LX_OTHER } lx_kind;

typedef struct lexeme {
  lx_kind kind;
  const char *p; /* its spelling */
  size_t n;
  size_t at;   /* file: its token; text: the offset of its first byte */
  size_t next; /* where the next one is looked for */
} lexeme;

/* Where the parser reads: tokens [pos, end) of the file, or bytes
 * [pos, end) of text. */
typedef struct source {
  const c2h_scan *s; /* the scan: its constants, var_bytes; NULL for text alone */
  const char *text;  /* NULL: the file's tokens */
  size_t end;
} source;

static int is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

static void lex_file(const source *src, size_t pos, lexeme *out) {
  const c2h_scan *s = src->s;
  while (pos < src->end && c2h_tok(s, pos)->kind == C2H_TOK_COMMENT) pos++;
  out->at = pos;
  out->next = pos + 1;
  if (pos >= src->end) {
    out->kind = LX_END, out->p = "", out->n = 0, out->next = pos;
    return;
  }
  const c2h_token *t = c2h_tok(s, pos);
  out->p = c2h_tok_text(s, pos);
  out->n = c2h_tok_len(s, pos);
  switch (t->kind) {
    case C2H_TOK_IDENT:
    case C2H_TOK_KEYWORD: out->kind = LX_IDENT; break;
    case C2H_TOK_PUNCT: out->kind = LX_PUNCT; break;
    default:
      out->kind = out->n && (isdigit((unsigned char)out->p[0]) ||
                             (out->p[0] == '.' && out->n > 1 && isdigit((unsigned char)out->p[1])))
                      ? LX_NUMBER
                      : LX_OTHER;
  }
}

/* Punctuators, longest first where one starts another. */
static const char *const puncts[] = {"...", "<<=", ">>=", "->*", "<=>", "::", "->", "++", "--", "<<", ">>", "<=",
                                     ">=",  "==",  "!=",  "&&",  "||",  "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                                     "^=",  ".*",  "##",  NULL};

static size_t skip_space(const char *t, size_t pos, size_t end) {
  while (pos < end) {
    char c = t[pos];
    if (isspace((unsigned char)c)) pos++;
    else if (c == '\\' && pos + 1 < end && (t[pos + 1] == '\n' || t[pos + 1] == '\r')) pos += 2;
    else if (c == '/' && pos + 1 < end && t[pos + 1] == '/') {
      while (pos < end && t[pos] != '\n') pos++;
    } else if (c == '/' && pos + 1 < end && t[pos + 1] == '*') {
      size_t e = pos + 2;
      while (e + 1 < end && !(t[e] == '*' && t[e + 1] == '/')) e++;
      pos = e + 2 > end ? end : e + 2;
    } else
      break;
  }
  return pos;
}

static void lex_text(const source *src, size_t pos, lexeme *out) {
  const char *t = src->text;
  size_t end = src->end, e;
  pos = skip_space(t, pos, end);
  out->at = pos;
  out->p = t + pos;
  if (pos >= end) {
    out->kind = LX_END, out->n = 0, out->next = pos;
    return;
  }
  char c = t[pos];
  if (isdigit((unsigned char)c) || (c == '.' && pos + 1 < end && isdigit((unsigned char)t[pos + 1]))) {
    /* A preprocessing number: digits, letters, '.', digit separators and
     * exponent signs (1e+5), so that a float is one token, not 1 e + 5. */
    for (e = pos + 1; e < end; e++) {
      char d = t[e];
      if ((d == '+' || d == '-') && strchr("eEpP", t[e - 1])) continue;
      if (!is_ident_char(d) && d != '.' && d != '\'') break;
    }
    out->kind = LX_NUMBER;
  } else if (isalpha((unsigned char)c) || c == '_') {
    for (e = pos + 1; e < end && is_ident_char(t[e]); e++) {
    }
    out->kind = LX_IDENT;
  } else if (c == '"' || c == '\'') {
    for (e = pos + 1; e < end && t[e] != c; e++)
      if (t[e] == '\\') e++;
    e = e < end ? e + 1 : end;
    out->kind = LX_OTHER;
  } else {
    e = pos + 1;
    for (size_t k = 0; puncts[k]; k++) {
      size_t n = strlen(puncts[k]);
      if (pos + n <= end && memcmp(t + pos, puncts[k], n) == 0) {
        e = pos + n;
        break;
      }
    }
    out->kind = LX_PUNCT;
  }
  out->n = e - pos;
  out->next = e;
}

static void lex(const source *src, size_t pos, lexeme *out) {
  if (src->text) lex_text(src, pos, out);
  else lex_file(src, pos, out);
}

static int lexeme_is(const lexeme *l, lx_kind kind, const char *text) {
  size_t n = strlen(text);
  return l->kind == kind && l->n == n && memcmp(l->p, text, n) == 0;
}

/* ---- values ---- */

static unsigned long long mask_of(unsigned width) { return width >= 64 ? ~0ULL : (1ULL << width) - 1; }

static long long signed_value(const c2h_const *c) {
  if (c->is_unsigned || c->width >= 64) return (long long)c->bits;
  unsigned long long top = 1ULL << (c->width - 1);
  return (c->bits & top) ? (long long)(c->bits | ~mask_of(c->width)) : (long long)c->bits;
}

unsigned long long c2h_const_as_u64(const c2h_const *c) {
  return c->is_unsigned ? c->bits : (unsigned long long)signed_value(c);
}

int c2h_const_to_ll(const c2h_const *c, long long *v) {
  if (c->is_unsigned && c->bits > (unsigned long long)LLONG_MAX) return 0;
  *v = c->is_unsigned ? (long long)c->bits : signed_value(c);
  return 1;
}

static c2h_const make(unsigned long long v, unsigned width, int is_unsigned) {
  c2h_const r = {v & mask_of(width), width, is_unsigned};
  return r;
}

static c2h_const boolean(int b) { return make(b ? 1 : 0, 32, 0); }

c2h_const c2h_const_convert(c2h_const v, unsigned width, int is_unsigned) {
  if (width == 1) return boolean(v.bits != 0); /* bool: any value but 0 is 1 */
  return make(c2h_const_as_u64(&v), width, is_unsigned);
}

/* Integer promotion: a type narrower than int becomes int. */
static c2h_const promote(c2h_const c) {
  if (c.width >= 32) return c;
  return make((unsigned long long)signed_value(&c), 32, 0);
}

/* The usual arithmetic conversions of two promoted operands. */
static void common_type(const c2h_const *a, const c2h_const *b, unsigned *width, int *is_unsigned) {
  if (a->width == b->width) {
    *width = a->width;
    *is_unsigned = a->is_unsigned || b->is_unsigned;
  } else {
    const c2h_const *wide = a->width > b->width ? a : b;
    *width = wide->width;
    *is_unsigned = wide->is_unsigned; /* a 64-bit signed type holds every 32-bit value */
  }
}

/* Whether v fits a signed type of `width` bits. */
static int fits_signed(long long v, unsigned width) {
  return width >= 64 || (v >= -(1LL << (width - 1)) && v < (1LL << (width - 1)));
}

/* a OP b for signed 64-bit operands: 0 when the exact result does not fit. */
static int add_exact(long long a, long long b, long long *r) {
  if ((b > 0 && a > LLONG_MAX - b) || (b < 0 && a < LLONG_MIN - b)) return 0;
  *r = a + b;
  return 1;
}

static int sub_exact(long long a, long long b, long long *r) {
  if ((b < 0 && a > LLONG_MAX + b) || (b > 0 && a < LLONG_MIN + b)) return 0;
  *r = a - b;
  return 1;
}

static int mul_exact(long long a, long long b, long long *r) {
  if (a > 0 ? (b > 0 ? a > LLONG_MAX / b : b < LLONG_MIN / a) : (b > 0 ? a < LLONG_MIN / b : a != 0 && b < LLONG_MAX / a))
    return 0;
  *r = a * b;
  return 1;
}

/* ---- the parser ---- */

typedef struct parser {
  const source *src;
  size_t pos;
  c2h_const_hook hook;
  void *ctx;
  int depth; /* names followed to get here */
  int nest;  /* recursion of the parse */
  int bad;   /* not an expression this knows, or a value that counts is unknown */
  int dead;  /* > 0: in an operand whose value does not count (`0 && x`) */
  lexeme cur; /* the token at cur_pos, once looked at */
  size_t cur_pos;
  int have_cur;
} parser;

static const lexeme *peek(parser *p) {
  if (!p->have_cur || p->cur_pos != p->pos) {
    lex(p->src, p->pos, &p->cur);
    p->cur_pos = p->pos;
    p->have_cur = 1;
  }
  return &p->cur;
}

static void advance(parser *p) { p->pos = peek(p)->next; }

static int at_op(parser *p, const char *op) { return lexeme_is(peek(p), LX_PUNCT, op); }
static int at_word(parser *p, const char *w) { return lexeme_is(peek(p), LX_IDENT, w); }

static int take(parser *p, const char *op) {
  if (!at_op(p, op)) return 0;
  advance(p);
  return 1;
}

static int take_word(parser *p, const char *w) {
  if (!at_word(p, w)) return 0;
  advance(p);
  return 1;
}

/* Not an expression this reads: unknown, wherever it stands. */
static c2h_const syntax(parser *p) {
  p->bad = 1;
  return make(0, 32, 0);
}

/* No value (an unknown name, a division by zero, an overflow): unknown
 * where the value counts. */
static c2h_const no_value(parser *p) {
  if (!p->dead) p->bad = 1;
  return make(0, 32, 0);
}

/* ---- types ---- */

typedef struct named_type {
  const char *name;
  unsigned width;
  int is_unsigned;
} named_type;

static const named_type fixed_types[] = {
    {"int8_t", 8, 0},     {"uint8_t", 8, 1},     {"int16_t", 16, 0},   {"uint16_t", 16, 1},  {"int32_t", 32, 0},
    {"uint32_t", 32, 1},  {"int64_t", 64, 0},    {"uint64_t", 64, 1},  {"size_t", 64, 1},    {"ssize_t", 64, 0},
    {"ptrdiff_t", 64, 0}, {"intptr_t", 64, 0},   {"uintptr_t", 64, 1}, {"intmax_t", 64, 0},  {"uintmax_t", 64, 1},
    {"bool", 1, 1},       {"char16_t", 16, 1},   {"char32_t", 32, 1},  {"wchar_t", 32, 0},   {"uint", 32, 1},
};

/* Reads an integer type name at the cursor (`unsigned`, `unsigned long
 * long`, `std::uint32_t`, `const int`): 1 and its width and signedness,
 * or 0 with the cursor where it was. */
static int read_type(parser *p, unsigned *width, int *is_unsigned) {
  size_t start = p->pos;
  int longs = 0, shorts = 0, chars = 0, sign = 0, uns = 0, ints = 0, words = 0;
  take(p, "::"); /* a global qualifier */
  if (at_word(p, "std")) {
    advance(p);
    if (!take(p, "::")) goto no;
  }
  const lexeme *l = peek(p);
  for (size_t i = 0; l->kind == LX_IDENT && i < sizeof fixed_types / sizeof *fixed_types; i++)
    if (lexeme_is(l, LX_IDENT, fixed_types[i].name)) {
      advance(p);
      *width = fixed_types[i].width;
      *is_unsigned = fixed_types[i].is_unsigned;
      while (take_word(p, "const") || take_word(p, "volatile")) {
      }
      return 1;
    }
  for (;;) {
    if (at_word(p, "unsigned")) uns = 1;
    else if (at_word(p, "signed")) sign = 1;
    else if (at_word(p, "long")) longs++;
    else if (at_word(p, "short")) shorts++;
    else if (at_word(p, "char")) chars++;
    else if (at_word(p, "int")) ints++;
    else if (!at_word(p, "const") && !at_word(p, "volatile")) break;
    if (!at_word(p, "const") && !at_word(p, "volatile")) words++;
    advance(p);
  }
  if (!words || (uns && sign) || longs > 2 || shorts > 1 || chars > 1 || ints > 1 ||
      (chars && (shorts || longs || ints)) || (shorts && longs))
    goto no;
  *width = chars ? 8 : shorts ? 16 : longs ? 64 : 32;
  *is_unsigned = uns;
  return 1;
no:
  p->pos = start;
  return 0;
}

/* Sizes of the types sizeof knows besides the integer ones: floating
 * point, half precision and CUDA's vector types (n elements, no padding;
 * long is 64 bits). */
static const struct {
  const char *name;
  long long bytes;
} sized_types[] = {
    {"float", 4},      {"double", 8},        {"half", 2},          {"__half", 2},         {"__nv_bfloat16", 2},
    {"half2", 4},      {"__half2", 4},       {"__nv_bfloat162", 4}, {"char1", 1},          {"char2", 2},
    {"char3", 3},      {"char4", 4},         {"uchar1", 1},        {"uchar2", 2},         {"uchar3", 3},
    {"uchar4", 4},     {"short1", 2},        {"short2", 4},        {"short3", 6},         {"short4", 8},
    {"ushort1", 2},    {"ushort2", 4},       {"ushort3", 6},       {"ushort4", 8},        {"int1", 4},
    {"int2", 8},       {"int3", 12},         {"int4", 16},         {"uint1", 4},          {"uint2", 8},
    {"uint3", 12},     {"uint4", 16},        {"long1", 8},         {"long2", 16},         {"long3", 24},
    {"long4", 32},     {"ulong1", 8},        {"ulong2", 16},       {"ulong3", 24},        {"ulong4", 32},
    {"longlong1", 8},  {"longlong2", 16},    {"longlong3", 24},    {"longlong4", 32},     {"ulonglong1", 8},
    {"ulonglong2", 16}, {"ulonglong3", 24},  {"ulonglong4", 32},   {"float1", 4},         {"float2", 8},
    {"float3", 12},    {"float4", 16},       {"double1", 8},       {"double2", 16},       {"double3", 24},
    {"double4", 32},   {"dim3", 12},
};

/* A type sizeof takes, at the cursor: its size in bytes, or -1 with the
 * cursor where it was. */
static long long read_sized_type(parser *p) {
  size_t start = p->pos;
  unsigned width;
  int uns;
  long long bytes = -1;
  while (take_word(p, "const") || take_word(p, "volatile")) {
  }
  if (read_type(p, &width, &uns)) {
    bytes = width == 1 ? 1 : width / 8;
  } else {
    for (size_t i = 0; i < sizeof sized_types / sizeof *sized_types && bytes < 0; i++)
      if (at_word(p, sized_types[i].name)) bytes = sized_types[i].bytes;
    if (bytes < 0 && at_word(p, "void")) bytes = 0; /* only as a pointer, below */
    if (bytes >= 0) advance(p);
    while (take_word(p, "const") || take_word(p, "volatile")) {
    }
  }
  int pointer = 0;
  while (take(p, "*")) {
    pointer = 1;
    while (take_word(p, "const") || take_word(p, "volatile")) {
    }
  }
  if (pointer && bytes >= 0) bytes = 8; /* 64-bit hosts and gfx942 alike */
  if (bytes <= 0) {
    p->pos = start;
    return -1;
  }
  return bytes;
}

/* ---- literals ---- */

/* An integer literal spelled by l: 1 and its value with C's type rules
 * (the smallest of int, unsigned, long, unsigned long that holds it, as
 * the base and suffix allow), or 0 (a float, a user-defined literal). */
static int read_number(const lexeme *l, c2h_const *out) {
  const char *s = l->p;
  size_t i = 0, n = l->n;
  unsigned base = 10;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2;
  else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, i = 2;
  else if (n >= 1 && s[0] == '0') base = 8;
  unsigned long long v = 0;
  int digits = 0;
  for (; i < n; i++) {
    char c = s[i];
    unsigned d;
    if (c == '\'') continue; /* C++14 digit separator */
    if (isdigit((unsigned char)c)) d = (unsigned)(c - '0');
    else if (base == 16 && isxdigit((unsigned char)c)) d = (unsigned)(tolower((unsigned char)c) - 'a' + 10);
    else break;
    if (d >= base) return 0;
    if (v > (~0ULL - d) / base) return 0; /* too large for any type */
    v = v * base + d;
    digits++;
  }
  if (!digits && base != 8) return 0;
  int u = 0, l_count = 0, z = 0;
  for (; i < n && s[i] && strchr("uUlLzZ", s[i]); i++) {
    if (s[i] == 'u' || s[i] == 'U') u++;
    else if (s[i] == 'z' || s[i] == 'Z') z++;
    else l_count++;
  }
  if (i != n || u > 1 || l_count > 2 || z > 1 || (z && l_count)) return 0; /* a float, a UDL */
  int decimal = base == 10;
  if (z) { /* C++23: size_t, or its signed counterpart */
    if (!u && v > (unsigned long long)LLONG_MAX) return 0;
    *out = make(v, 64, u);
  } else if (u) {
    *out = !l_count && v <= 0xffffffffULL ? make(v, 32, 1) : make(v, 64, 1);
  } else if (!l_count && v <= 0x7fffffffULL) {
    *out = make(v, 32, 0);
  } else if (!l_count && !decimal && v <= 0xffffffffULL) {
    *out = make(v, 32, 1);
  } else if (v <= 0x7fffffffffffffffULL) {
    *out = make(v, 64, 0);
  } else if (!decimal) {
    *out = make(v, 64, 1);
  } else {
    return 0;
  }
  return 1;
}

/* ---- expressions ---- */

static c2h_const expr(parser *p);
static c2h_const unary(parser *p);

/* `(T)x`, `T(x)`, `T{x}`: the operand converted, then promoted. */
static c2h_const cast_to(c2h_const v, unsigned width, int is_unsigned) {
  return promote(c2h_const_convert(v, width, is_unsigned));
}

/* Skips a bracketed group whose opener is at the cursor. */
static void skip_group(parser *p) {
  int depth = 0;
  do {
    const lexeme *l = peek(p);
    if (l->kind == LX_END) return;
    if (lexeme_is(l, LX_PUNCT, "(") || lexeme_is(l, LX_PUNCT, "[") || lexeme_is(l, LX_PUNCT, "{")) depth++;
    else if (lexeme_is(l, LX_PUNCT, ")") || lexeme_is(l, LX_PUNCT, "]") || lexeme_is(l, LX_PUNCT, "}")) depth--;
    advance(p);
  } while (depth > 0);
}

/* sizeof(type), sizeof(variable), sizeof variable: a size_t. Variables
 * count when the parse gave their token a size (c2h_token.var_bytes). */
static c2h_const size_of(parser *p) {
  const source *src = p->src;
  long long bytes = -1;
  if (at_op(p, "(")) {
    size_t open = p->pos;
    advance(p);
    bytes = read_sized_type(p);
    if (bytes < 0 && !src->text && peek(p)->kind == LX_IDENT && c2h_tok(src->s, peek(p)->at)->var_bytes > 0) {
      bytes = c2h_tok(src->s, peek(p)->at)->var_bytes;
      advance(p);
    }
    if (bytes < 0 || !take(p, ")")) {
      p->pos = open;
      skip_group(p);
      return no_value(p);
    }
  } else if (!src->text && peek(p)->kind == LX_IDENT && c2h_tok(src->s, peek(p)->at)->var_bytes > 0) {
    bytes = c2h_tok(src->s, peek(p)->at)->var_bytes;
    advance(p);
  } else {
    return syntax(p);
  }
  return make((unsigned long long)bytes, 64, 1);
}

/* A name: the hook's, or the constant table's. */
static c2h_const name_value(parser *p) {
  const lexeme *l = peek(p);
  const source *src = p->src;
  c2h_const_name name = {l->p, l->n, src->text ? C2H_CONST_NO_TOKEN : l->at, src->text ? C2H_CONST_NO_TOKEN : src->end,
                         p->depth, src, l->at};
  c2h_const v;
  size_t used = 1;
  int r = p->hook ? p->hook(p->ctx, &name, &v, &used) : C2H_CONST_PASS;
  if (r == C2H_CONST_VALUE) {
    for (size_t k = 0; k < (used ? used : 1); k++) advance(p);
    return promote(v);
  }
  advance(p);
  if (r == C2H_CONST_UNKNOWN) return no_value(p);
  /* A call, a member or a qualified name: not a constant this knows. */
  if (at_op(p, "(") || at_op(p, "::") || at_op(p, ".") || at_op(p, "->") || at_op(p, "["))
    return syntax(p);
  if (!src->s || !c2h_const_name_value(src->s, name.text, name.len, name.tok, p->depth + 1, &v)) return no_value(p);
  return promote(v);
}

static c2h_const primary(parser *p) {
  c2h_const v;
  unsigned width;
  int uns;
  const lexeme *l = peek(p);
  if (l->kind == LX_NUMBER) {
    if (!read_number(l, &v)) return syntax(p);
    advance(p);
    return v;
  }
  if (take(p, "(")) {
    size_t save = p->pos;
    if (read_type(p, &width, &uns) && take(p, ")")) return cast_to(unary(p), width, uns);
    p->pos = save;
    v = expr(p);
    return take(p, ")") ? v : syntax(p);
  }
  if (l->kind != LX_IDENT) return syntax(p);
  if (take_word(p, "sizeof")) return size_of(p);
  if (take_word(p, "static_cast")) {
    if (!take(p, "<") || !read_type(p, &width, &uns) || !take(p, ">") || !take(p, "(")) return syntax(p);
    v = cast_to(expr(p), width, uns);
    return take(p, ")") ? v : syntax(p);
  }
  if (take_word(p, "true")) return boolean(1);
  if (take_word(p, "false")) return boolean(0);
  if (read_type(p, &width, &uns)) { /* a functional cast */
    int brace = take(p, "{");
    if (!brace && !take(p, "(")) return syntax(p);
    v = cast_to(expr(p), width, uns);
    return take(p, brace ? "}" : ")") ? v : syntax(p);
  }
  return name_value(p);
}

static c2h_const unary(parser *p) {
  c2h_const v;
  if (++p->nest > MAX_NEST) return syntax(p);
  if (take(p, "-")) {
    v = promote(unary(p));
    long long x = signed_value(&v);
    if (v.is_unsigned) v = make(0ULL - v.bits, v.width, 1);
    else if (x == LLONG_MIN || !fits_signed(-x, v.width)) v = no_value(p); /* -INT_MIN */
    else v = make((unsigned long long)-x, v.width, 0);
  } else if (take(p, "+")) {
    v = promote(unary(p));
  } else if (take(p, "~")) {
    v = promote(unary(p));
    v = make(~v.bits, v.width, v.is_unsigned);
  } else if (take(p, "!")) {
    v = promote(unary(p));
    v = boolean(v.bits == 0);
  } else {
    v = primary(p);
  }
  p->nest--;
  return v;
}

/* The binding strength of a binary operator, loosest 1; 0: none. */
static int precedence(const lexeme *l) {
  static const struct {
    const char *op;
    int prec;
  } ops[] = {{"*", 10}, {"/", 10}, {"%", 10}, {"+", 9},  {"-", 9},  {"<<", 8}, {">>", 8}, {"<", 7},
             {">", 7},  {"<=", 7}, {">=", 7}, {"==", 6}, {"!=", 6}, {"&", 5},  {"^", 4},  {"|", 3},
             {"&&", 2}, {"||", 1}};
  if (l->kind != LX_PUNCT) return 0;
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (lexeme_is(l, LX_PUNCT, ops[k].op)) return ops[k].prec;
  return 0;
}

static c2h_const apply(parser *p, const char *op, c2h_const a, c2h_const b) {
  a = promote(a);
  b = promote(b);
  if (strcmp(op, "&&") == 0) return boolean(a.bits && b.bits);
  if (strcmp(op, "||") == 0) return boolean(a.bits || b.bits);
  if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {
    if (!b.is_unsigned && signed_value(&b) < 0) return no_value(p);
    if (b.bits >= a.width) return no_value(p);
    unsigned count = (unsigned)b.bits;
    if (op[0] == '<') return make(a.bits << count, a.width, a.is_unsigned);
    if (a.is_unsigned) return make(a.bits >> count, a.width, 1);
    return make((unsigned long long)(signed_value(&a) >> count), a.width, 0);
  }
  unsigned width;
  int uns;
  common_type(&a, &b, &width, &uns);
  a = c2h_const_convert(a, width, uns);
  b = c2h_const_convert(b, width, uns);
  long long sa = signed_value(&a), sb = signed_value(&b), r = 0;
  int exact = 1;
  switch (op[0]) {
    case '*':
      if (uns) return make(a.bits * b.bits, width, 1);
      exact = mul_exact(sa, sb, &r);
      break;
    case '/':
    case '%':
      if (b.bits == 0) return no_value(p);
      if (uns) return make(op[0] == '/' ? a.bits / b.bits : a.bits % b.bits, width, 1);
      if (sb == -1 && (sa == LLONG_MIN || !fits_signed(-sa, width))) return no_value(p); /* INT_MIN / -1 */
      r = op[0] == '/' ? sa / sb : sa % sb;
      break;
    case '+':
      if (uns) return make(a.bits + b.bits, width, 1);
      exact = add_exact(sa, sb, &r);
      break;
    case '-':
      if (uns) return make(a.bits - b.bits, width, 1);
      exact = sub_exact(sa, sb, &r);
      break;
    case '&': return make(a.bits & b.bits, width, uns);
    case '^': return make(a.bits ^ b.bits, width, uns);
    case '|': return make(a.bits | b.bits, width, uns);
    case '=': return boolean(a.bits == b.bits);
    case '!': return boolean(a.bits != b.bits);
    case '<':
    case '>': {
      int lt = uns ? a.bits < b.bits : sa < sb, gt = uns ? a.bits > b.bits : sa > sb;
      if (op[1] == '=') return boolean(op[0] == '<' ? !gt : !lt);
      return boolean(op[0] == '<' ? lt : gt);
    }
    default: return syntax(p);
  }
  /* Signed arithmetic: C leaves a result that does not fit undefined. */
  if (!exact || !fits_signed(r, width)) return no_value(p);
  return make((unsigned long long)r, width, 0);
}

/* Operators binding at least as tightly as min_prec, left to right. */
static c2h_const binary(parser *p, int min_prec) {
  c2h_const a = unary(p);
  while (!p->bad) {
    const lexeme *l = peek(p);
    int prec = precedence(l);
    if (!prec || prec < min_prec) break;
    char op[3] = {0, 0, 0};
    memcpy(op, l->p, l->n < 2 ? l->n : 2);
    advance(p);
    /* `0 && x`, `1 || x`: x does not count. */
    int decided = (strcmp(op, "&&") == 0 && promote(a).bits == 0) || (strcmp(op, "||") == 0 && promote(a).bits != 0);
    p->dead += decided;
    c2h_const b = binary(p, prec + 1);
    p->dead -= decided;
    if (p->bad) break;
    a = apply(p, op, a, b);
  }
  return a;
}

static c2h_const expr(parser *p) {
  if (++p->nest > MAX_NEST) return syntax(p);
  c2h_const c = binary(p, 1);
  if (!p->bad && take(p, "?")) {
    int t = promote(c).bits != 0;
    p->dead += !t;
    c2h_const a = promote(expr(p));
    p->dead -= !t;
    if (!take(p, ":")) {
      p->nest--;
      return syntax(p);
    }
    p->dead += t;
    c2h_const b = promote(expr(p));
    p->dead -= t;
    unsigned width;
    int uns;
    common_type(&a, &b, &width, &uns);
    c = c2h_const_convert(t ? a : b, width, uns);
  }
  p->nest--;
  return c;
}

/* The whole of src as one expression. */
static int eval_source(const source *src, size_t pos, c2h_const_hook hook, void *ctx, int depth, c2h_const *out) {
  if (depth > C2H_CONST_MAX_DEPTH) {
    /* Given up for depth, not for what the names are: not to be kept as
     * a definition's value (c2h_constants.cuts). */
    if (src->s && src->s->constants) src->s->constants->cuts++;
    return 0;
  }
  parser p;
  memset(&p, 0, sizeof p);
  p.src = src;
  p.pos = pos;
  p.hook = hook;
  p.ctx = ctx;
  p.depth = depth;
  c2h_const v = expr(&p);
  if (p.bad || peek(&p)->kind != LX_END) return 0;
  *out = v;
  return 1;
}

int c2h_const_eval_tokens(const c2h_scan *s, size_t first, size_t last, c2h_const_hook hook, void *ctx, int depth,
                          c2h_const *out) {
  if (!s || first > last || last >= s->facts->n_toks) return 0;
  source src = {s, NULL, last + 1};
  return eval_source(&src, first, hook, ctx, depth, out);
}

int c2h_const_eval(const c2h_scan *s, const char *text, size_t len, c2h_const_hook hook, void *ctx, int depth,
                   c2h_const *out) {
  source src = {s, text, len};
  return eval_source(&src, 0, hook, ctx, depth, out);
}

int c2h_const_tokens_int(const c2h_scan *s, size_t first, size_t last, long long *v) {
  c2h_const c;
  return c2h_const_eval_tokens(s, first, last, NULL, NULL, 0, &c) && c2h_const_to_ll(&c, v);
}

/* ---- the hook's view ---- */

int c2h_const_name_token(const c2h_const_name *name, size_t k, const char **text, size_t *len) {
  const source *src = name->source_;
  lexeme l;
  size_t pos = name->pos_;
  for (size_t i = 0;; i++) {
    lex(src, pos, &l);
    if (l.kind == LX_END) return 0;
    if (i == k) break;
    pos = l.next;
  }
  *text = l.p;
  *len = l.n;
  return 1;
}

size_t c2h_const_name_used(const c2h_const_name *name, size_t next) {
  const source *src = name->source_;
  size_t used = 0;
  for (size_t j = name->tok; !src->text && j < next && j < src->end; j++) used += c2h_tok(src->s, j)->kind != C2H_TOK_COMMENT;
  return used;
}

/* ---- declared types ---- */

/* Words of declaration specifiers that say nothing of the type. */
static int storage_word(parser *p) {
  static const char *const words[] = {"static",      "extern",          "inline",    "constexpr", "thread_local",
                                      "register",    "mutable",         "constinit", "__device__", "__host__",
                                      "__constant__", "__forceinline__", "__inline__", "__managed__", "typename",
                                      "const",       "volatile"};
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (at_word(p, words[k])) return 1;
  return 0;
}

int c2h_const_type(const c2h_scan *s, size_t first, size_t last, unsigned *width, int *is_unsigned) {
  if (!s || first > last || last >= s->facts->n_toks) return 0;
  source src = {s, NULL, last + 1};
  parser p;
  memset(&p, 0, sizeof p);
  p.src = &src;
  p.pos = first;
  while (storage_word(&p)) advance(&p);
  if (peek(&p)->kind == LX_END) return 0;
  if (read_type(&p, width, is_unsigned)) {
    while (storage_word(&p)) advance(&p);
    if (peek(&p)->kind == LX_END) return 1;
    return at_op(&p, "*") || at_op(&p, "&") || at_op(&p, "&&") ? -1 : 0;
  }
  if (read_sized_type(&p) > 0) return -1; /* float, double, a vector type, a pointer */
  for (size_t j = first; j <= last; j++)
    if (c2h_tok_is(s, j, "*") || c2h_tok_is(s, j, "&") || c2h_tok_is(s, j, "&&")) return -1;
  return 0;
}

/* ---- names of the constant table ---- */

static int def_value(const c2h_scan *s, size_t k, int depth, c2h_const *out);

/* An enumerator's value as its enum holds it: int when it fits, else
 * the first of unsigned, long, unsigned long that does. */
static c2h_const enumerator_type(c2h_const v) {
  long long x;
  if (c2h_const_to_ll(&v, &x)) {
    if (x >= INT_MIN && x <= INT_MAX) return make((unsigned long long)x, 32, 0);
    if (x >= 0 && x <= (long long)UINT_MAX) return make((unsigned long long)x, 32, 1);
    return make((unsigned long long)x, 64, 0);
  }
  return v;
}

static int evaluate_def(const c2h_scan *s, const c2h_def *d, int depth, c2h_const *v) {
  unsigned width;
  int uns;
  switch (d->kind) {
    case C2H_DEF_MACRO:
      return d->value_first <= d->value_last &&
             c2h_const_eval_tokens(s, d->value_first, d->value_last, NULL, NULL, depth, v);
    case C2H_DEF_FUNCTION_MACRO: return 0;
    case C2H_DEF_VARIABLE: {
      if (!c2h_const_eval_tokens(s, d->value_first, d->value_last, NULL, NULL, depth, v)) return 0;
      int type = c2h_const_type(s, d->type_first, d->type_last, &width, &uns);
      if (type < 0) return 0; /* a float or a pointer: not an integer constant */
      if (type > 0) *v = c2h_const_convert(*v, width, uns);
      return 1;
    }
    case C2H_DEF_ENUMERATOR: {
      if (d->after_branch) return 0;
      if (d->value_first <= d->value_last) {
        if (!c2h_const_eval_tokens(s, d->value_first, d->value_last, NULL, NULL, depth, v)) return 0;
      } else {
        /* One more than the enumerator before: counted back, without
         * recursion, to one with a value (or the first, 0). */
        long long steps = 1, x = -1;
        size_t q = d->previous;
        c2h_def *defs = s->constants->defs;
        unsigned long cuts = s->constants->cuts;
        while (q != NONE && defs[q].state != C2H_DEF_KNOWN && defs[q].value_first > defs[q].value_last) {
          if (defs[q].after_branch) return 0;
          steps++;
          q = defs[q].previous;
        }
        c2h_const before;
        if (q != NONE && (!def_value(s, q, depth, &before) || !c2h_const_to_ll(&before, &x))) return 0;
        if (!add_exact(x, steps, &x)) return 0;
        *v = make((unsigned long long)x, 64, 0);
        /* Those in between are known now too: a long enum costs one walk. */
        long long y = x;
        for (size_t r = d->previous; r != q && s->constants->cuts == cuts; r = defs[r].previous) {
          c2h_const e = enumerator_type(make((unsigned long long)--y, 64, 0));
          defs[r].state = C2H_DEF_KNOWN;
          defs[r].bits = e.bits, defs[r].width = e.width, defs[r].is_unsigned = e.is_unsigned;
        }
      }
      *v = enumerator_type(*v);
      return 1;
    }
    case C2H_DEF_HEADER: {
      const c2h_header_const *h = d->header;
      if (!h->known) return 0;
      if (h->body) return c2h_const_eval(s, h->body, strlen(h->body), NULL, NULL, depth, v);
      *v = make(h->bits, h->width, h->is_unsigned);
      return 1;
    }
  }
  return 0;
}

/* Definition k's value, evaluated once: in the names of its own place,
 * without a hook, so it is the same for every caller. */
static int def_value(const c2h_scan *s, size_t k, int depth, c2h_const *out) {
  c2h_constants *t = s->constants;
  c2h_def *d = &t->defs[k];
  if (d->state == C2H_DEF_KNOWN) {
    *out = make(d->bits, d->width, d->is_unsigned);
    return 1;
  }
  if (d->state != C2H_DEF_NOT_EVALUATED) return 0; /* unknown, or defined through itself */
  unsigned long cuts = t->cuts;
  c2h_const v;
  d->state = C2H_DEF_EVALUATING;
  int ok = evaluate_def(s, d, depth, &v);
  if (t->cuts != cuts) {
    d->state = C2H_DEF_NOT_EVALUATED; /* may be known from a shallower start */
  } else if (ok) {
    d->state = C2H_DEF_KNOWN;
    d->bits = v.bits, d->width = v.width, d->is_unsigned = v.is_unsigned;
  } else {
    d->state = C2H_DEF_UNKNOWN;
  }
  if (ok) *out = v;
  return ok;
}

int c2h_const_name_value(const c2h_scan *s, const char *text, size_t len, size_t at, int depth, c2h_const *out) {
  size_t defs[MAX_DEFS];
  if (!s || !s->constants) return 0;
  size_t n = c2h_constants_visible(s, text, len, at, defs, MAX_DEFS);
  if (n == 0 || n > MAX_DEFS) return 0;
  c2h_const first = {0, 0, 0};
  for (size_t k = 0; k < n; k++) {
    c2h_const v;
    if (!def_value(s, defs[k], depth, &v)) return 0;
    if (k == 0) first = v;
    else if (v.bits != first.bits || v.width != first.width || v.is_unsigned != first.is_unsigned) return 0;
  }
  *out = first;
  return 1;
}
