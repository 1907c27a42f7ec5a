/* The constant table of a file: every definition of every name, read in
 * one pass over the tokens.
 *
 * Checks used to look a name up by reading every token of the file, each
 * with its own idea of what a definition is (one took `static const`, the
 * next only `const int` on one line), so two checks could disagree about
 * the same constant. Here each kind of definition is read once, the same
 * way for all, and kept by name; the evaluator (const_expr.c) decides what
 * the definitions are worth. */
#include "constants.h"

#include <stdlib.h>
#include <string.h>

#include "statements.h"

#define NONE C2H_DEF_NONE

typedef struct block {
  size_t open;      /* the `{` token */
  size_t first_def; /* defs recorded before it opened are not its own */
} block;

typedef struct builder {
  const c2h_scan *s;
  c2h_constants *t;
  block *blocks; /* the brace blocks open at the current token */
  size_t n_blocks, cap_blocks;
  size_t *def_block; /* per definition: the `{` of the block a local one is in */
  size_t cap_def_block;
} builder;

static int add_def(builder *b, const char *name, size_t len, c2h_def d) {
  c2h_constants *t = b->t;
  if (t->n_defs == t->cap_defs) {
    size_t cap = t->cap_defs ? t->cap_defs * 2 : 64;
    c2h_def *p = realloc(t->defs, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    t->defs = p;
    t->cap_defs = cap;
  }
  if (t->n_defs >= b->cap_def_block) {
    size_t cap = b->cap_def_block ? b->cap_def_block * 2 : 64;
    size_t *p = realloc(b->def_block, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    b->def_block = p;
    b->cap_def_block = cap;
  }
  int id = c2h_strmap_get(&t->by_name, name, len);
  if (id < 0) {
    if (t->n_names >= 0x7fffffff) return C2H_ERR_NOMEM; /* the name map holds ints */
    if (t->n_names == t->cap_names) {
      size_t cap = t->cap_names ? t->cap_names * 2 : 64;
      c2h_const_names *p = realloc(t->names, cap * sizeof *p);
      if (!p) return C2H_ERR_NOMEM;
      t->names = p;
      t->cap_names = cap;
    }
    int rc = c2h_strmap_put(&t->by_name, name, len, (int)t->n_names);
    if (rc) return rc;
    id = (int)t->n_names;
    t->names[t->n_names++] = (c2h_const_names){NONE, 0, 0, 0};
  }
  c2h_const_names *nm = &t->names[id];
  d.name_id = (size_t)id;
  d.next = NONE;
  if (d.local) {
    nm->n_local++;
  } else {
    d.next = nm->first_file;
    nm->first_file = t->n_defs;
    nm->n_file++;
  }
  d.state = C2H_DEF_NOT_EVALUATED;
  d.bits = 0;
  d.width = 0;
  d.is_unsigned = 0;
  b->def_block[t->n_defs] = d.local && b->n_blocks ? b->blocks[b->n_blocks - 1].open : NONE;
  t->defs[t->n_defs++] = d;
  return 0;
}

static c2h_def new_def(c2h_def_kind kind, size_t name) {
  c2h_def d;
  memset(&d, 0, sizeof d);
  d.kind = kind;
  d.name = name;
  d.value_first = 1;
  d.value_last = 0; /* none */
  d.type_first = 1;
  d.type_last = 0;
  d.previous = NONE;
  d.next = NONE;
  return d;
}

static int add_token_def(builder *b, c2h_def d) {
  const c2h_scan *s = b->s;
  return add_def(b, c2h_tok_text(s, d.name), c2h_tok_len(s, d.name), d);
}

/* Whether a declaration whose name is token `name` is inside a function:
 * it is visible only from there to the end of its block. */
static int is_local(const c2h_scan *s, size_t name) { return c2h_function_at(s, c2h_tok(s, name)->begin) >= 0; }

/* ---- #define ---- */

/* `#define NAME body` or `#define NAME(params) body` at the '#' token d,
 * whose tokens end before `stop`. */
static int read_define(builder *b, size_t d, size_t stop) {
  const c2h_scan *s = b->s;
  size_t name = d + 2;
  if (name >= stop || !c2h_tok_is(s, d + 1, "define") || !c2h_tok_is_ident(s, name)) return 0;
  size_t first = name + 1;
  c2h_def_kind kind = C2H_DEF_MACRO;
  /* A function-like macro: '(' right after the name, no space between. */
  if (first < stop && c2h_tok_is(s, first, "(") && c2h_tok(s, first)->begin == c2h_tok(s, name)->end) {
    kind = C2H_DEF_FUNCTION_MACRO;
    first = c2h_tok_match(s, first) + 1;
  }
  size_t last = stop; /* one past */
  while (first < last && c2h_tok(s, first)->kind == C2H_TOK_COMMENT) first++;
  while (last > first && c2h_tok(s, last - 1)->kind == C2H_TOK_COMMENT) last--;
  c2h_def def = new_def(kind, name);
  if (first < last) def.value_first = first, def.value_last = last - 1;
  return add_token_def(b, def);
}

/* ---- enumerators ---- */

/* Whether the directive at d is a conditional one (#if ... #endif). */
static int is_conditional(const c2h_scan *s, size_t d) {
  static const char *const words[] = {"if", "ifdef", "ifndef", "elif", "else", "endif", "elifdef", "elifndef"};
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (c2h_tok_is(s, d + 1, words[k])) return 1;
  return 0;
}

/* The next token at or after i that is not a comment (n_toks when none). */
static size_t skip_comments(const c2h_scan *s, size_t i) {
  while (i < s->facts->n_toks && c2h_tok(s, i)->kind == C2H_TOK_COMMENT) i++;
  return i;
}

/* `enum [Name] [: type] { A = expr, B, ... }` at the `enum` token e.
 * Enumerators of `enum class` / `enum struct` are named through their
 * enum (`E::A`): none of them is a plain name. */
static int read_enum(builder *b, size_t e) {
  const c2h_scan *s = b->s;
  size_t n = s->facts->n_toks, j = skip_comments(s, e + 1);
  if (c2h_tok_is(s, j, "class") || c2h_tok_is(s, j, "struct")) return 0;
  if (c2h_tok_is_ident(s, j)) j = skip_comments(s, j + 1);
  if (c2h_tok_is(s, j, ":"))
    while (j < n && !c2h_tok_is(s, j, "{") && !c2h_tok_is(s, j, ";")) j++;
  if (!c2h_tok_is(s, j, "{")) return 0;
  size_t close = c2h_tok_match(s, j);
  if (close >= n) return 0;
  int local = is_local(s, e), branch = 0, rc = 0;
  size_t previous = NONE;
  for (size_t k = j + 1; k < close && rc == 0;) {
    k = skip_comments(s, k);
    if (k >= close) break;
    if (c2h_tok_is_directive(s, k)) {
      branch |= is_conditional(s, k);
      k = c2h_tok_directive_stop(s, k);
      continue;
    }
    if (!c2h_tok_is_ident(s, k)) return 0; /* not an enumerator list this reads */
    c2h_def def = new_def(C2H_DEF_ENUMERATOR, k);
    def.local = local;
    size_t after = skip_comments(s, k + 1);
    if (c2h_tok_is(s, after, "=")) {
      size_t end = c2h_tok_init_end(s, after + 1);
      if (end > close) end = close;
      def.value_first = after + 1;
      def.value_last = end - 1;
      after = end;
      branch = 0; /* the ones after it count from here */
    } else {
      def.previous = previous;
      def.after_branch = branch;
    }
    previous = b->t->n_defs;
    rc = add_token_def(b, def);
    if (c2h_tok_is(s, after, ",")) after++;
    else if (after != close) return rc; /* an attribute, a macro: stop reading */
    k = after;
  }
  return rc;
}

/* ---- const and constexpr variables ---- */

/* Whether token i may be part of a declaration's specifiers: a word, or
 * the `::` of `std::uint32_t`. */
static int specifier_token(const c2h_scan *s, size_t i) {
  return c2h_tok_is_word(s, i) || c2h_tok_is(s, i, "::");
}

/* A declaration statement starting at token i: `SPECIFIERS NAME = value`
 * with const or constexpr among the specifiers, and any further
 * declarators `, NAME = value`. Declarators that are pointers, references
 * or arrays end the reading; one without a value is skipped. */
static int read_declaration(builder *b, size_t i) {
  const c2h_scan *s = b->s;
  size_t n = s->facts->n_toks, j = i;
  int constant = 0;
  while (j < n && specifier_token(s, j)) j++;
  if (j == i || j >= n || !c2h_tok_is_ident(s, j - 1)) return 0;
  size_t name = j - 1;
  if (name == i) return 0; /* `x = 4;`: an assignment */
  for (size_t k = i; k < name; k++)
    if (c2h_tok_is(s, k, "const") || c2h_tok_is(s, k, "constexpr")) constant = 1;
    else if (c2h_tok_is(s, k, "typedef") || c2h_tok_is(s, k, "using") || c2h_tok_is(s, k, "return") ||
             c2h_tok_is(s, k, "operator") || c2h_tok_is(s, k, "template"))
      return 0;
  if (!constant) return 0;
  /* `const int Tile::N = 4;` defines the class's N: `Tile ::` names it,
   * it is no part of the type. */
  size_t type_last = name - 1;
  while (type_last > i + 1 && c2h_tok_is(s, type_last, "::")) type_last -= 2;
  int local = is_local(s, name), rc = 0;
  while (rc == 0) {
    size_t after = name + 1, vf, vl, end;
    if (c2h_tok_is(s, after, "=") && c2h_tok_is(s, after + 1, "{")) { /* = {4} */
      size_t close = c2h_tok_match(s, after + 1);
      if (close >= n) return 0;
      vf = after + 2, vl = close - 1, end = close + 1;
    } else if (c2h_tok_is(s, after, "=")) {
      end = c2h_tok_init_end(s, after + 1);
      if (end >= n) return 0;
      vf = after + 1, vl = end - 1;
    } else if (c2h_tok_is(s, after, "{")) { /* {4} */
      size_t close = c2h_tok_match(s, after);
      if (close >= n) return 0;
      vf = after + 1, vl = close - 1, end = close + 1;
    } else if (c2h_tok_is(s, after, ",") || c2h_tok_is(s, after, ";")) {
      vf = 1, vl = 0, end = after; /* declared, not defined here (extern) */
    } else {
      return 0; /* `(`: a function or a direct initialisation; `[`: an array */
    }
    if (vf <= vl) {
      c2h_def def = new_def(C2H_DEF_VARIABLE, name);
      def.value_first = vf, def.value_last = vl;
      def.type_first = i, def.type_last = type_last;
      def.local = local;
      rc = add_token_def(b, def);
    }
    if (!c2h_tok_is(s, end, ",") || !c2h_tok_is_ident(s, end + 1)) break;
    name = end + 1;
  }
  return rc;
}

/* ---- the pass ---- */

static int push_block(builder *b, size_t open) {
  if (b->n_blocks == b->cap_blocks) {
    size_t cap = b->cap_blocks ? b->cap_blocks * 2 : 32;
    block *p = realloc(b->blocks, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    b->blocks = p;
    b->cap_blocks = cap;
  }
  b->blocks[b->n_blocks++] = (block){open, b->t->n_defs};
  return 0;
}

/* The block closing at token `close`: its local definitions are visible
 * up to there. Those of blocks inside it were closed already. */
static void pop_block(builder *b, size_t close) {
  if (!b->n_blocks) return; /* more `}` than `{` (#if branches): nothing open */
  block k = b->blocks[--b->n_blocks];
  for (size_t d = k.first_def; d < b->t->n_defs; d++)
    if (b->t->defs[d].local && b->def_block[d] == k.open && !b->t->defs[d].scope_end) b->t->defs[d].scope_end = close;
}

/* Whether the code token i starts a statement: prev, the code token
 * before it (directives and comments left out), ends one or opens a
 * block, or is a label's colon. */
static int statement_start(const c2h_scan *s, size_t prev) {
  return prev == NONE || c2h_tok_is(s, prev, ";") || c2h_tok_is(s, prev, "{") || c2h_tok_is(s, prev, "}") ||
         c2h_tok_is(s, prev, ":");
}

/* The constants of the unit's other files, as the parse recorded them:
 * one definition each (a name they define twice differently is one that
 * is not known, c2h_header_const.known). */
static int add_header_consts(builder *b) {
  const c2h_tu_facts *f = b->s->facts;
  const c2h_strmap *m = &f->header_const_names;
  for (size_t k = 0; k < m->cap; k++) {
    const c2h_strmap_slot *slot = &m->slots[k];
    if (!slot->key || slot->value < 0 || (size_t)slot->value >= f->n_header_consts) continue;
    c2h_def def = new_def(C2H_DEF_HEADER, f->n_toks);
    def.header = &f->header_consts[slot->value];
    int rc = add_def(b, slot->key, slot->key_len, def);
    if (rc) return rc;
  }
  return 0;
}

/* The local definitions grouped by name (a counting sort: each group
 * keeps source order, which c2h_constants_visible searches by position). */
static int group_locals(c2h_constants *t) {
  size_t total = 0;
  for (size_t k = 0; k < t->n_names; k++) {
    t->names[k].local_begin = total;
    total += t->names[k].n_local;
    t->names[k].n_local = 0;
  }
  if (!total) return 0;
  t->locals = malloc(total * sizeof *t->locals);
  if (!t->locals) return C2H_ERR_NOMEM;
  for (size_t d = 0; d < t->n_defs; d++) {
    if (!t->defs[d].local) continue;
    c2h_const_names *nm = &t->names[t->defs[d].name_id];
    t->locals[nm->local_begin + nm->n_local++] = d;
  }
  return 0;
}

static int build(builder *b) {
  const c2h_scan *s = b->s;
  size_t n = s->facts->n_toks, prev = NONE;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    const c2h_token *t = c2h_tok(s, i);
    if (t->kind == C2H_TOK_COMMENT) continue;
    if (c2h_tok_is_directive(s, i)) {
      size_t stop = c2h_tok_directive_stop(s, i);
      rc = read_define(b, i, stop);
      i = stop - 1;
      continue;
    }
    if (c2h_tok_is(s, i, "{")) rc = push_block(b, i);
    else if (c2h_tok_is(s, i, "}")) pop_block(b, i);
    else if (c2h_tok_is(s, i, "enum")) rc = read_enum(b, i);
    else if (statement_start(s, prev) && c2h_tok_is_word(s, i)) rc = read_declaration(b, i);
    prev = i;
  }
  for (size_t d = 0; d < b->t->n_defs; d++)
    if (b->t->defs[d].local && !b->t->defs[d].scope_end) b->t->defs[d].scope_end = n;
  if (rc == 0) rc = add_header_consts(b);
  if (rc == 0) rc = group_locals(b->t);
  return rc;
}

int c2h_constants_new(const c2h_scan *s, c2h_constants **out) {
  *out = NULL;
  c2h_constants *t = calloc(1, sizeof *t);
  if (!t) return C2H_ERR_NOMEM;
  c2h_strmap_init(&t->by_name);
  builder b = {s, t, NULL, 0, 0, NULL, 0};
  int rc = build(&b);
  free(b.blocks);
  free(b.def_block);
  if (rc) {
    c2h_constants_free(t);
    return rc;
  }
  *out = t;
  return 0;
}

void c2h_constants_free(c2h_constants *t) {
  if (!t) return;
  c2h_strmap_dispose(&t->by_name);
  free(t->defs);
  free(t->names);
  free(t->locals);
  free(t);
}

size_t c2h_constants_visible(const c2h_scan *s, const char *text, size_t len, size_t at, size_t *defs, size_t max) {
  const c2h_constants *t = s->constants;
  if (!t) return 0;
  int id = c2h_strmap_get(&t->by_name, text, len);
  if (id < 0) return 0;
  const c2h_const_names *nm = &t->names[id];
  size_t fb = 0, fe = 0;
  if (nm->n_local && at != NONE && at < s->facts->n_toks && c2h_tok_function_at(s, at, &fb, &fe) >= 0) {
    /* The innermost local declaration around `at`: of those declared
     * before it in its function, the last one whose block still holds it
     * (one declared later than another and visible is in an inner block). */
    const size_t *loc = t->locals + nm->local_begin;
    size_t lo = 0, hi = nm->n_local;
    while (lo < hi) { /* the first declared at or after `at` */
      size_t mid = lo + (hi - lo) / 2;
      if (t->defs[loc[mid]].name < at) lo = mid + 1;
      else hi = mid;
    }
    for (size_t k = lo; k-- > 0 && t->defs[loc[k]].name >= fb;)
      if (at < t->defs[loc[k]].scope_end) {
        if (max) defs[0] = loc[k];
        return 1;
      }
  }
  size_t count = 0;
  for (size_t d = nm->first_file; d != NONE && count < max; d = t->defs[d].next) defs[count++] = d;
  return nm->n_file;
}
