#ifndef C2H_SCAN_CONSTANTS_H
#define C2H_SCAN_CONSTANTS_H
/* The constants of a scanned file, by name (constants.c): every definition
 * a name has, so that every check asks "what is N?" of one table and gets
 * one answer. Built once per file (c2h_scan.constants); what a definition
 * is worth, and when a name's definitions agree, is the evaluator's
 * (const_expr.h), which keeps what it computed in the definitions. */
#include "tokens.h"

typedef enum c2h_def_kind {
  C2H_DEF_MACRO,          /* #define NAME body (the body may be empty) */
  C2H_DEF_FUNCTION_MACRO, /* #define NAME(params) body: never a value of NAME alone */
  C2H_DEF_VARIABLE,       /* a const or constexpr variable: `static const unsigned long long N = ...` */
  C2H_DEF_ENUMERATOR,     /* `enum { A = 4, B }` (not those of `enum class`) */
  C2H_DEF_HEADER          /* a constant another file of the unit defines (c2h_tu_facts.header_consts) */
} c2h_def_kind;

/* What the evaluator knows of a definition's value (c2h_def.state). */
enum { C2H_DEF_NOT_EVALUATED, C2H_DEF_EVALUATING, C2H_DEF_KNOWN, C2H_DEF_UNKNOWN };

#define C2H_DEF_NONE ((size_t)-1)

typedef struct c2h_def {
  c2h_def_kind kind;
  size_t name; /* the name's token; n_toks for a header's constant */
  /* The value's tokens [value_first, value_last]: a macro's body (comments
   * at its ends left out), a variable's initialiser (inside the braces of
   * `= {4}` or `{4}`), an enumerator's `= expr`. value_first > value_last
   * when there are none (`#define FLAG`, an enumerator without `=`). */
  size_t value_first, value_last;
  /* A variable's declaration specifiers (`static const unsigned long long`),
   * which give its type. */
  size_t type_first, type_last;
  /* An enumerator without `=`: the enumerator before it in its enum (an
   * index of c2h_constants.defs), C2H_DEF_NONE for the first. */
  size_t previous;
  /* An enumerator whose place in its enum depends on an #if branch
   * (`#ifdef X` before it in the enum's body): its value is not known. */
  int after_branch;
  /* A variable or enumerator declared in a function: visible from its
   * name to token scope_end (the end of its block). 0: file scope (also
   * namespace and class scope, and every macro). */
  int local;
  size_t scope_end;
  const c2h_header_const *header; /* C2H_DEF_HEADER's */
  size_t name_id;                 /* its name's entry of c2h_constants.names */
  size_t next;                    /* the name's next file-scope definition, or C2H_DEF_NONE */
  /* The evaluator's (const_expr.c): the state, and when C2H_DEF_KNOWN the
   * value, as a c2h_const holds it (its bits, width and signedness). */
  int state;
  unsigned long long bits;
  unsigned width;
  int is_unsigned;
} c2h_def;

/* One name's definitions: those of file scope chained through
 * c2h_def.next, the local ones as a run of c2h_constants.locals in source
 * order (found by position with a binary search, not a walk). */
typedef struct c2h_const_names {
  size_t first_file; /* C2H_DEF_NONE when none */
  size_t n_file;
  size_t local_begin, n_local;
} c2h_const_names;

typedef struct c2h_constants {
  c2h_def *defs;
  size_t n_defs, cap_defs;
  c2h_strmap by_name; /* name -> index of names */
  c2h_const_names *names;
  size_t n_names, cap_names;
  size_t *locals; /* local definitions grouped by name, each group in source order */
  /* Bumped whenever an evaluation stops at the depth limit: what it gave
   * depended on where it started, so it is not kept (const_expr.c). */
  unsigned long cuts;
} c2h_constants;

/* Reads the definitions of s's file: object-like and function-like
 * #defines (in active and inactive branches alike), const/constexpr
 * variables of any integer type spelling and with several declarators,
 * enumerators, and the constants the parse recorded for the unit's other
 * files. Directives are read as directives: a #define's body ends where
 * its line does (continuations followed), and tokens of directives are
 * never taken for declarations. *out is allocated (c2h_constants_free).
 * Returns 0 or C2H_ERR_NOMEM. */
int c2h_constants_new(const c2h_scan *s, c2h_constants **out);
void c2h_constants_free(c2h_constants *t);

/* The definitions of the name text[0, len) that code at token `at` sees
 * (C2H_DEF_NONE: code at file scope, such as a header's macro body): the
 * innermost local one in scope when there is one, else every file-scope
 * definition of the file and of the unit's other files. Their indexes go
 * to defs (at most max of them); returns how many there are. 0 without a
 * table (s->constants NULL). */
size_t c2h_constants_visible(const c2h_scan *s, const char *text, size_t len, size_t at, size_t *defs, size_t max);

/* Definition k of s's table. */
static inline c2h_def *c2h_constants_def(const c2h_scan *s, size_t k) { return &s->constants->defs[k]; }

#endif
