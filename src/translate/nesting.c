/* Nesting limits that keep libclang within the stack of its parsing thread.
 *
 * clang parses some constructs by recursing once per level, and nothing
 * bounds their depth: -fbracket-depth (256) covers brackets the parser
 * reads, not the arguments of nested macro calls, and none of the rest.
 * libclang-19 overflows its 8 MiB parsing thread, which kills the process,
 * at about 2000 prefix operators before one operand, 1000 casts, 5000
 * nested template argument lists or macro arguments, 10000 chained
 * assignments and 20000 chained conditional operators or `else if`s.
 *
 * Parsing runs on a thread of its own with a larger stack
 * (front/parse_thread.c, C2H_PARSE_STACK), which moves those depths up: a statement of a million
 * binary operators (`1 + 1 + ... + 1`, a left-leaning tree as deep as it
 * is long) parses there, one of three million takes about 512 MiB. Binary
 * operators are counted per statement, whatever brackets they sit in.
 *
 * The limits below are far above what real code does and well below those
 * depths. The lexer is deliberately rough (it does not know which names
 * are types or templates); what it may count too high is code no person
 * writes, such as hundreds of comparisons `a<b` in one statement. */
#include "nesting.h"

#include <string.h>

#define MAX_BRACKETS 512 /* ( [ { nested; the parser alone stops at 256 */
#define MAX_PREFIX 256   /* prefix operators and casts before one operand */
#define MAX_ANGLES 512   /* `name<` not closed yet, in one statement */
#define MAX_CHAIN 2048   /* = and ?: chained in one expression; if/while/for/switch/do nested */
#define MAX_BINARY 500000 /* binary operators in one statement */

typedef struct level {
  unsigned prefix, angles, chain, stmts;
  int cast;     /* opened by '(' where an operand was expected: a cast, maybe */
  int stmt_end; /* a ';' or '}' ended a statement: its chain ends unless `else` follows */
} level;

typedef struct lexer {
  const char *s;
  size_t len, pos;
  size_t depth;
  level lv[MAX_BRACKETS + 2];
  unsigned binary;  /* binary operators since the statement began */
  int operand;      /* the previous token ended an operand */
  int ident;        /* the previous token was a name */
  int cast_pending; /* a ')' closed a group that is a cast if an operand follows */
  int newline;      /* a line ended before the current token */
  /* A preprocessor directive: the bracket state it started from comes back
   * at its end (macro bodies need not balance). */
  int directive;
  size_t directive_depth;
  level directive_level;
  c2h_nesting_excess *out;
} lexer;

enum kind { K_END, K_NAME, K_NUMBER, K_LITERAL, K_PUNCT };

static int is_name_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int is_name_char(unsigned char c) { return is_name_start(c) || is_digit(c); }

static int at(const lexer *x, size_t p, const char *text) {
  size_t n = strlen(text);
  return p + n <= x->len && memcmp(x->s + p, text, n) == 0;
}

/* Whitespace, line splices and comments; notes line ends. */
static void skip_space(lexer *x) {
  while (x->pos < x->len) {
    char c = x->s[x->pos];
    if (c == '\n' || c == '\r') {
      x->newline = 1;
      x->pos++;
    } else if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      x->pos++;
    } else if (c == '\\' && (at(x, x->pos + 1, "\n") || at(x, x->pos + 1, "\r"))) {
      x->pos += at(x, x->pos + 1, "\r\n") ? 3 : 2;
    } else if (at(x, x->pos, "//")) {
      while (x->pos < x->len && x->s[x->pos] != '\n' && x->s[x->pos] != '\r') x->pos++;
    } else if (at(x, x->pos, "/*")) {
      x->pos += 2;
      while (x->pos < x->len && !at(x, x->pos, "*/")) x->pos++;
      x->pos = x->pos < x->len ? x->pos + 2 : x->len;
    } else {
      break;
    }
  }
}

/* A quoted literal from its opening quote; an unterminated one ends at the
 * end of its line. */
static void skip_quoted(lexer *x) {
  char q = x->s[x->pos++];
  while (x->pos < x->len) {
    char c = x->s[x->pos];
    if (c == '\\') {
      x->pos += 2;
    } else if (c == q) {
      x->pos++;
      return;
    } else if (c == '\n' || c == '\r') {
      return;
    } else {
      x->pos++;
    }
  }
  if (x->pos > x->len) x->pos = x->len;
}

/* R"delim( ... )delim" from its opening quote. */
static void skip_raw(lexer *x) {
  size_t d = x->pos + 1, p = d;
  while (p < x->len && p - d <= 16 && x->s[p] != '(' && x->s[p] != '"' && x->s[p] != ' ' && x->s[p] != '\n') p++;
  if (p >= x->len || x->s[p] != '(') {
    skip_quoted(x);
    return;
  }
  size_t n = p - d;
  for (size_t q = p + 1; q + n + 1 < x->len; q++) {
    if (x->s[q] == ')' && memcmp(x->s + q + 1, x->s + d, n) == 0 && x->s[q + 1 + n] == '"') {
      x->pos = q + n + 2;
      return;
    }
  }
  x->pos = x->len;
}

static int is_literal_prefix(const char *p, size_t n) {
  static const char *const prefixes[] = {"u8", "u", "U", "L", "R", "u8R", "uR", "UR", "LR", NULL};
  for (size_t i = 0; prefixes[i]; i++)
    if (strlen(prefixes[i]) == n && memcmp(prefixes[i], p, n) == 0) return 1;
  return 0;
}

/* The next token: its kind, and where it starts and ends. */
static enum kind next_token(lexer *x, size_t *start, size_t *n) {
  skip_space(x);
  *start = x->pos;
  if (x->pos >= x->len) return K_END;
  const char *s = x->s;
  unsigned char c = (unsigned char)s[x->pos];
  if (is_digit(c) || (c == '.' && x->pos + 1 < x->len && is_digit((unsigned char)s[x->pos + 1]))) {
    x->pos++;
    while (x->pos < x->len) {
      unsigned char d = (unsigned char)s[x->pos];
      if (is_name_char(d) || d == '.') {
        x->pos++;
      } else if ((d == '+' || d == '-') && s[x->pos - 1] && strchr("eEpP", s[x->pos - 1])) {
        x->pos++;
      } else if (d == '\'' && x->pos + 1 < x->len && is_name_char((unsigned char)s[x->pos + 1])) {
        x->pos += 2; /* digit separator */
      } else {
        break;
      }
    }
    *n = x->pos - *start;
    return K_NUMBER;
  }
  if (is_name_start(c)) {
    while (x->pos < x->len && is_name_char((unsigned char)s[x->pos])) x->pos++;
    *n = x->pos - *start;
    if (x->pos < x->len && (s[x->pos] == '"' || s[x->pos] == '\'') && is_literal_prefix(s + *start, *n)) {
      if (s[x->pos] == '"' && s[x->pos - 1] == 'R') skip_raw(x);
      else skip_quoted(x);
      *n = x->pos - *start;
      return K_LITERAL;
    }
    return K_NAME;
  }
  if (c == '"' || c == '\'') {
    skip_quoted(x);
    *n = x->pos - *start;
    return K_LITERAL;
  }
  static const char *const puncts[] = {"<<=", ">>=", "...", "->*", "<=>", "->", "++", "--", "<<", ">>", "<=",
                                       ">=",  "==",  "!=",  "&&",  "||",  "+=", "-=", "*=", "/=", "%=", "&=",
                                       "|=",  "^=",  "::",  "##",  ".*",  NULL};
  *n = 1;
  for (size_t i = 0; puncts[i]; i++) {
    if (at(x, x->pos, puncts[i])) {
      *n = strlen(puncts[i]);
      break;
    }
  }
  x->pos += *n;
  return K_PUNCT;
}

static int is(const char *p, size_t n, const char *text) { return strlen(text) == n && memcmp(p, text, n) == 0; }

static int is_one_of(const char *p, size_t n, const char *const *list) {
  for (size_t i = 0; list[i]; i++)
    if (is(p, n, list[i])) return 1;
  return 0;
}

static int too_deep(lexer *x, size_t offset, const char *what, size_t limit) {
  c2h_nesting_excess *o = x->out;
  size_t line = 1, start = 0;
  for (size_t i = 0; i < offset; i++) {
    if (x->s[i] == '\n' || (x->s[i] == '\r' && (i + 1 >= x->len || x->s[i + 1] != '\n'))) {
      line++;
      start = i + 1;
    }
  }
  o->offset = offset;
  o->line = line > 0xffffffffu ? 0xffffffffu : (unsigned)line;
  o->col = offset - start + 1 > 0xffffffffu ? 0xffffffffu : (unsigned)(offset - start + 1);
  o->what = what;
  o->limit = limit;
  return 1;
}

/* Adds one level to a counter; 1 past its limit. */
static int bump(lexer *x, unsigned *counter, size_t offset, const char *what, size_t limit) {
  return ++*counter > limit && too_deep(x, offset, what, limit);
}

static const char *const prefix_words[] = {"sizeof", "alignof", "_Alignof", "__alignof", "__alignof__",
                                           "__extension__", "co_await", "not", "compl", "new", "delete",
                                           "throw", "__real__", "__imag__", "__real", "__imag", NULL};
static const char *const statement_words[] = {"if", "while", "for", "switch", "do", NULL};
static const char *const no_operand_words[] = {"return", "case", "else", "co_return", "co_yield", "goto", NULL};
static const char *const assignments[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
                                          "?", NULL};
static const char *const prefix_ops[] = {"-", "+", "!", "~", "*", "&", "++", "--", NULL};

static const char *const PREFIX = "prefix operators and casts applied to one operand";
static const char *const ANGLES = "template argument lists nested in one another";
static const char *const CHAIN = "assignments or conditional operators chained in one expression";
static const char *const STMTS = "statements nested in one another (if, else if, loops)";
static const char *const BINARY = "binary operators in one statement";
static const char *const not_binary[] = {".", "->", "::", ":", "#", "##", ".*", "->*", "...", NULL};

/* Opens a bracket level; cast: '(' where an operand was expected. */
static int open_level(lexer *x, size_t offset, int cast) {
  if (x->depth + 1 > MAX_BRACKETS) return too_deep(x, offset, "brackets ( [ { nested in one another", MAX_BRACKETS);
  x->depth++;
  memset(&x->lv[x->depth], 0, sizeof x->lv[x->depth]);
  x->lv[x->depth].cast = cast;
  return 0;
}

static int token(lexer *x, enum kind k, size_t start, size_t n) {
  const char *p = x->s + start;
  if (x->newline && x->directive) {
    /* The directive ended: back to the brackets it started from. */
    x->directive = 0;
    x->depth = x->directive_depth;
    x->lv[x->depth] = x->directive_level;
    x->operand = x->ident = x->cast_pending = 0;
  }
  if (k == K_PUNCT && is(p, n, "#") && (x->newline || start == 0) && !x->directive) {
    x->directive = 1;
    x->directive_depth = x->depth;
    x->directive_level = x->lv[x->depth];
  }
  x->newline = 0;
  level *l = &x->lv[x->depth];
  if (x->cast_pending) {
    x->cast_pending = 0;
    int operand_follows = k == K_NAME || k == K_NUMBER || k == K_LITERAL ||
                          (k == K_PUNCT && (is(p, n, "(") || is(p, n, "!") || is(p, n, "~")));
    if (operand_follows) {
      if (bump(x, &l->prefix, start, PREFIX, MAX_PREFIX)) return 1;
      x->operand = 0;
    }
  }
  if (l->stmt_end) {
    l->stmt_end = 0;
    if (!(k == K_NAME && is(p, n, "else"))) l->stmts = 0;
  }
  int was_ident = x->ident;
  x->ident = 0;
  switch (k) {
    case K_NUMBER:
    case K_LITERAL:
      x->operand = 1;
      l->prefix = 0;
      return 0;
    case K_NAME:
      if (is_one_of(p, n, prefix_words)) {
        if (!x->operand && bump(x, &l->prefix, start, PREFIX, MAX_PREFIX)) return 1;
        x->operand = 0;
      } else if (is_one_of(p, n, statement_words)) {
        if (bump(x, &l->stmts, start, STMTS, MAX_CHAIN)) return 1;
        x->operand = 0;
        l->prefix = 0;
      } else if (is_one_of(p, n, no_operand_words)) {
        x->operand = 0;
        l->prefix = 0;
      } else {
        x->operand = 1;
        x->ident = 1;
        l->prefix = 0;
      }
      return 0;
    default:
      break;
  }
  if (is(p, n, "(") || is(p, n, "[") || is(p, n, "{")) {
    if (is(p, n, "{")) x->binary = 0;
    int cast = is(p, n, "(") && !x->operand;
    x->operand = 0;
    return open_level(x, start, cast);
  }
  if (is(p, n, ")") || is(p, n, "]") || is(p, n, "}")) {
    int cast = l->cast && is(p, n, ")");
    if (x->depth > 0) x->depth--;
    l = &x->lv[x->depth];
    if (is(p, n, "}")) {
      x->binary = 0;
      l->prefix = l->angles = l->chain = 0;
      l->stmt_end = 1;
      x->operand = 0;
    } else {
      x->operand = 1;
      x->cast_pending = cast;
    }
    return 0;
  }
  if (is(p, n, ";")) {
    x->binary = 0;
    l->prefix = l->angles = l->chain = 0;
    l->stmt_end = 1;
    x->operand = 0;
    return 0;
  }
  if (is(p, n, ",")) {
    l->prefix = l->chain = 0;
    x->operand = 0;
    return 0;
  }
  if (is_one_of(p, n, assignments)) {
    l->prefix = 0;
    x->operand = 0;
    return bump(x, &l->chain, start, CHAIN, MAX_CHAIN);
  }
  if (is(p, n, "<") && was_ident) {
    x->operand = 0;
    return bump(x, &l->angles, start, ANGLES, MAX_ANGLES);
  }
  if (is(p, n, ">") || is(p, n, ">>")) {
    unsigned closed = is(p, n, ">") ? 1 : 2;
    x->operand = l->angles > 0;
    l->angles = l->angles > closed ? l->angles - closed : 0;
    return 0;
  }
  if (is_one_of(p, n, prefix_ops)) {
    if (!x->operand) return bump(x, &l->prefix, start, PREFIX, MAX_PREFIX);
    if (is(p, n, "++") || is(p, n, "--")) return 0; /* postfix: still an operand */
  }
  /* A binary operator, '.', '->', '::', ':', '#'... */
  int binary = x->operand && !x->directive && !is_one_of(p, n, not_binary);
  l->prefix = 0;
  x->operand = 0;
  return binary ? bump(x, &x->binary, start, BINARY, MAX_BINARY) : 0;
}

int c2h_nesting_too_deep(const char *src, size_t len, c2h_nesting_excess *out) {
  lexer x; /* about 12 KiB: fine on any thread's stack */
  memset(&x, 0, sizeof x);
  x.s = src;
  x.len = len;
  x.newline = 1;
  x.out = out;
  for (;;) {
    size_t start, n;
    enum kind k = next_token(&x, &start, &n);
    if (k == K_END) return 0;
    if (token(&x, k, start, n)) return 1;
  }
}
