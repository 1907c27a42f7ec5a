/* Integer constant expressions over text, with C's integer types: enough
 * to tell `uint32_t(-1)` (32 one bits) from `-1` (sign-extends to 64) and
 * from `0xffff` (16 lanes). A small recursive-descent parser; anything it
 * does not know (a function call, a float, a member) makes the whole
 * expression unknown rather than guessed. */
#include "const_expr.h"

#include <ctype.h>
#include <string.h>

#define MAX_NEST 64

typedef struct parser {
  const char *s;
  size_t n, pos;
  c2h_const_name_fn names;
  void *ctx;
  int depth, nest, bad;
} parser;

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

/* The value converted to an integer type of `width` bits. */
static c2h_const convert(c2h_const c, unsigned width, int is_unsigned) {
  c2h_const r = {c2h_const_as_u64(&c) & mask_of(width), width, is_unsigned};
  return r;
}

/* Integer promotion: a type narrower than int becomes int. */
static c2h_const promote(c2h_const c) {
  if (c.width >= 32) return c;
  c2h_const r = {(unsigned long long)signed_value(&c) & mask_of(32), 32, 0};
  return r;
}

static c2h_const make(unsigned long long v, unsigned width, int is_unsigned) {
  c2h_const r = {v & mask_of(width), width, is_unsigned};
  return r;
}

static c2h_const boolean(int b) { return make(b ? 1 : 0, 32, 0); }

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

/* ---- lexing ---- */

static void skip_space(parser *p) {
  while (p->pos < p->n) {
    char c = p->s[p->pos];
    if (isspace((unsigned char)c)) p->pos++;
    else if (c == '\\' && p->pos + 1 < p->n && (p->s[p->pos + 1] == '\n' || p->s[p->pos + 1] == '\r')) p->pos += 2;
    else if (c == '/' && p->pos + 1 < p->n && p->s[p->pos + 1] == '/') {
      while (p->pos < p->n && p->s[p->pos] != '\n') p->pos++;
    } else if (c == '/' && p->pos + 1 < p->n && p->s[p->pos + 1] == '*') {
      size_t e = p->pos + 2;
      while (e + 1 < p->n && !(p->s[e] == '*' && p->s[e + 1] == '/')) e++;
      p->pos = e + 2 > p->n ? p->n : e + 2;
    } else
      break;
  }
}

static int is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether the next token is the punctuator op (not the start of a longer one). */
static int peek_op(parser *p, const char *op) {
  skip_space(p);
  size_t k = strlen(op);
  if (p->pos + k > p->n || memcmp(p->s + p->pos, op, k) != 0) return 0;
  if (p->pos + k < p->n) {
    char next = p->s[p->pos + k];
    /* `<` is not `<<` or `<=`, `&` not `&&`, ... */
    static const char *const longer[] = {"<<", "<=", ">>", ">=", "&&", "||", "==", "!=", "::", NULL};
    for (size_t i = 0; longer[i]; i++)
      if (k == 1 && op[0] == longer[i][0] && next == longer[i][1]) return 0;
    if (k == 2 && (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) && next == '=') return 0;
    if (k == 1 && (op[0] == '<' || op[0] == '>' || op[0] == '!' || op[0] == '=') && next == '=') return 0;
  }
  return 1;
}

static int take_op(parser *p, const char *op) {
  if (!peek_op(p, op)) return 0;
  p->pos += strlen(op);
  return 1;
}

/* The identifier at the cursor: its text, without consuming it. */
static size_t peek_ident(parser *p, const char **at) {
  skip_space(p);
  size_t e = p->pos;
  if (e < p->n && (isalpha((unsigned char)p->s[e]) || p->s[e] == '_'))
    while (e < p->n && is_ident_char(p->s[e])) e++;
  *at = p->s + p->pos;
  return e - p->pos;
}

static int word_is(const char *at, size_t len, const char *w) { return strlen(w) == len && memcmp(at, w, len) == 0; }

/* ---- types ---- */

typedef struct fixed_type {
  const char *name;
  unsigned width;
  int is_unsigned;
} fixed_type;

static const fixed_type fixed_types[] = {
    {"int8_t", 8, 0},      {"uint8_t", 8, 1},     {"int16_t", 16, 0},   {"uint16_t", 16, 1},
    {"int32_t", 32, 0},    {"uint32_t", 32, 1},   {"int64_t", 64, 0},   {"uint64_t", 64, 1},
    {"size_t", 64, 1},     {"ssize_t", 64, 0},    {"ptrdiff_t", 64, 0}, {"intptr_t", 64, 0},
    {"uintptr_t", 64, 1},  {"intmax_t", 64, 0},   {"uintmax_t", 64, 1}, {"bool", 1, 1},
};

/* Reads an integer type name at the cursor (`unsigned`, `unsigned long
 * long`, `std::uint32_t`, `const int`): 1 and its width and signedness, or
 * 0 with the cursor where it was. */
static int read_type(parser *p, unsigned *width, int *is_unsigned) {
  size_t start = p->pos;
  int longs = 0, shorts = 0, chars = 0, sign = 0, uns = 0, ints = 0, words = 0;
  if (take_op(p, "::")) {
    /* a global qualifier */
  }
  const char *at;
  size_t len = peek_ident(p, &at);
  if (word_is(at, len, "std")) {
    p->pos += len;
    if (!take_op(p, "::")) goto no;
    len = peek_ident(p, &at);
  }
  for (size_t i = 0; i < sizeof fixed_types / sizeof *fixed_types; i++)
    if (word_is(at, len, fixed_types[i].name)) {
      p->pos += len;
      *width = fixed_types[i].width;
      *is_unsigned = fixed_types[i].is_unsigned;
      return 1;
    }
  for (;;) {
    len = peek_ident(p, &at);
    if (word_is(at, len, "unsigned")) uns = 1;
    else if (word_is(at, len, "signed")) sign = 1;
    else if (word_is(at, len, "long")) longs++;
    else if (word_is(at, len, "short")) shorts++;
    else if (word_is(at, len, "char")) chars++;
    else if (word_is(at, len, "int")) ints++;
    else if (!word_is(at, len, "const") && !word_is(at, len, "volatile")) break;
    if (!word_is(at, len, "const") && !word_is(at, len, "volatile")) words++;
    p->pos += len;
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

/* ---- literals ---- */

static int read_number(parser *p, c2h_const *out) {
  skip_space(p);
  size_t i = p->pos;
  if (i >= p->n || !isdigit((unsigned char)p->s[i])) return 0;
  unsigned base = 10;
  if (p->s[i] == '0' && i + 1 < p->n && (p->s[i + 1] == 'x' || p->s[i + 1] == 'X')) base = 16, i += 2;
  else if (p->s[i] == '0' && i + 1 < p->n && (p->s[i + 1] == 'b' || p->s[i + 1] == 'B')) base = 2, i += 2;
  else if (p->s[i] == '0') base = 8;
  unsigned long long v = 0;
  int digits = 0;
  for (; i < p->n; i++) {
    char c = p->s[i];
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
  int u = 0, l = 0;
  while (i < p->n && strchr("uUlL", p->s[i])) {
    if (p->s[i] == 'u' || p->s[i] == 'U') u++;
    else l++;
    i++;
  }
  if (u > 1 || l > 2 || (i < p->n && (is_ident_char(p->s[i]) || p->s[i] == '.'))) return 0; /* a float, a UDL */
  p->pos = i;
  int decimal = base == 10;
  if (u) {
    *out = !l && v <= 0xffffffffULL ? make(v, 32, 1) : make(v, 64, 1);
  } else if (!l && v <= 0x7fffffffULL) {
    *out = make(v, 32, 0);
  } else if (!l && !decimal && v <= 0xffffffffULL) {
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

static c2h_const fail(parser *p) {
  p->bad = 1;
  return make(0, 32, 0);
}

/* `(T)x`, `T(x)`, `T{x}`: the operand converted, then promoted. */
static c2h_const cast_to(c2h_const v, unsigned width, int is_unsigned) {
  if (width == 1) return make(v.bits != 0, 32, 0); /* bool: any non-zero value is 1 */
  return promote(convert(v, width, is_unsigned));
}

static c2h_const primary(parser *p) {
  c2h_const v;
  unsigned width;
  int uns;
  if (++p->nest > MAX_NEST) return fail(p);
  skip_space(p);
  if (read_number(p, &v)) goto done;
  if (take_op(p, "(")) {
    size_t save = p->pos;
    if (read_type(p, &width, &uns) && take_op(p, ")")) {
      v = cast_to(unary(p), width, uns);
      goto done;
    }
    p->pos = save;
    v = expr(p);
    if (!take_op(p, ")")) v = fail(p);
    goto done;
  }
  const char *at;
  size_t len = peek_ident(p, &at);
  if (word_is(at, len, "static_cast")) {
    p->pos += len;
    if (!take_op(p, "<") || !read_type(p, &width, &uns) || !take_op(p, ">") || !take_op(p, "(")) {
      v = fail(p);
      goto done;
    }
    v = cast_to(expr(p), width, uns);
    if (!take_op(p, ")")) v = fail(p);
    goto done;
  }
  if (read_type(p, &width, &uns)) { /* a functional cast */
    int brace = take_op(p, "{");
    if (!brace && !take_op(p, "(")) {
      v = fail(p);
      goto done;
    }
    v = cast_to(expr(p), width, uns);
    if (!take_op(p, brace ? "}" : ")")) v = fail(p);
    goto done;
  }
  if (word_is(at, len, "true") || word_is(at, len, "false")) {
    p->pos += len;
    v = boolean(word_is(at, len, "true"));
    goto done;
  }
  if (len) {
    p->pos += len;
    /* A call, a member or a qualified name: not a constant this knows. */
    if (peek_op(p, "(") || peek_op(p, "::") || peek_op(p, ".") || peek_op(p, "->") || peek_op(p, "[") ||
        !p->names || !p->names(p->ctx, at, len, p->depth + 1, &v)) {
      v = fail(p);
      goto done;
    }
    v = promote(v);
    goto done;
  }
  v = fail(p);
done:
  p->nest--;
  return v;
}

static c2h_const unary(parser *p) {
  if (++p->nest > MAX_NEST) return fail(p);
  c2h_const v;
  if (take_op(p, "-")) {
    v = promote(unary(p));
    v = make(0ULL - v.bits, v.width, v.is_unsigned);
  } else if (take_op(p, "+")) {
    v = promote(unary(p));
  } else if (take_op(p, "~")) {
    v = promote(unary(p));
    v = make(~v.bits, v.width, v.is_unsigned);
  } else if (take_op(p, "!")) {
    v = unary(p);
    v = boolean(v.bits == 0);
  } else {
    v = primary(p);
  }
  p->nest--;
  return v;
}

/* Binary operator levels, loosest last. */
static const char *const levels[][7] = {
    {"*", "/", "%", NULL},
    {"+", "-", NULL},
    {"<<", ">>", NULL},
    {"<=", ">=", "<", ">", NULL},
    {"==", "!=", NULL},
    {"&", NULL},
    {"^", NULL},
    {"|", NULL},
    {"&&", NULL},
    {"||", NULL},
};
#define N_LEVELS (sizeof levels / sizeof *levels)

static c2h_const apply(parser *p, const char *op, c2h_const a, c2h_const b) {
  a = promote(a);
  b = promote(b);
  if (strcmp(op, "&&") == 0) return boolean(a.bits && b.bits);
  if (strcmp(op, "||") == 0) return boolean(a.bits || b.bits);
  if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {
    long long count = signed_value(&b);
    if (count < 0 || count >= (long long)a.width) return fail(p);
    if (op[0] == '<') return make(a.bits << count, a.width, a.is_unsigned);
    if (a.is_unsigned) return make(a.bits >> count, a.width, 1);
    return make((unsigned long long)(signed_value(&a) >> count), a.width, 0);
  }
  unsigned width;
  int uns;
  common_type(&a, &b, &width, &uns);
  a = convert(a, width, uns);
  b = convert(b, width, uns);
  long long sa = signed_value(&a), sb = signed_value(&b);
  switch (op[0]) {
    case '*': return make(a.bits * b.bits, width, uns);
    case '/':
    case '%':
      if (b.bits == 0 || (!uns && sb == -1)) return fail(p);
      if (uns) return make(op[0] == '/' ? a.bits / b.bits : a.bits % b.bits, width, 1);
      return make((unsigned long long)(op[0] == '/' ? sa / sb : sa % sb), width, 0);
    case '+': return make(a.bits + b.bits, width, uns);
    case '-': return make(a.bits - b.bits, width, uns);
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
    default: return fail(p);
  }
}

static c2h_const binary(parser *p, size_t level) {
  if (level == (size_t)-1) return unary(p);
  c2h_const a = binary(p, level - 1);
  for (int more = 1; more && !p->bad;) {
    more = 0;
    for (size_t k = 0; levels[level][k]; k++)
      if (take_op(p, levels[level][k])) {
        c2h_const b = binary(p, level - 1);
        a = apply(p, levels[level][k], a, b);
        more = 1;
        break;
      }
  }
  return a;
}

static c2h_const expr(parser *p) {
  if (++p->nest > MAX_NEST) return fail(p);
  c2h_const c = binary(p, N_LEVELS - 1);
  if (!p->bad && take_op(p, "?")) {
    c2h_const a = expr(p);
    if (!take_op(p, ":")) {
      p->nest--;
      return fail(p);
    }
    c2h_const b = expr(p);
    unsigned width;
    int uns;
    a = promote(a);
    b = promote(b);
    common_type(&a, &b, &width, &uns);
    c = convert(c.bits ? a : b, width, uns);
  }
  p->nest--;
  return c;
}

int c2h_const_eval(const char *text, size_t len, c2h_const_name_fn names, void *ctx, int depth, c2h_const *out) {
  if (depth > 8) return 0;
  parser p = {text, len, 0, names, ctx, depth, 0, 0};
  c2h_const v = expr(&p);
  skip_space(&p);
  if (p.bad || p.pos != p.n) return 0;
  *out = v;
  return 1;
}
