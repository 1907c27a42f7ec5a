/* The constant table of a file (src/scan/constants.c) and the one
 * evaluator over the file's tokens (src/scan/const_expr.c): each kind of
 * definition, names defined more than once, scopes, the constants of the
 * unit's headers, and hooks. Each source is parsed as a translation does
 * (libclang with the CUDA shim), so tokens carry what the parse says. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "front/front.h"
#include "scan/const_expr.h"
#include "scan/constants.h"

static c2h_front *fe;

static int setup(void **state) {
  (void)state;
  c2h_front_options o;
  c2h_error err;
  memset(&o, 0, sizeof o);
  c2h_error_clear(&err);
  return c2h_front_new(&fe, &o, &err);
}

static int teardown(void **state) {
  (void)state;
  c2h_front_free(fe);
  return 0;
}

/* A parsed file, its scan and its constant table. */
typedef struct parsed {
  c2h_tu_facts facts;
  c2h_scan scan;
  c2h_constants *table;
} parsed;

static void parse(parsed *p, const char *src) {
  c2h_error err;
  c2h_error_clear(&err);
  c2h_tu_facts_init(&p->facts);
  assert_int_equal(c2h_front_parse(fe, "/virtual/t.cu", src, strlen(src), NULL, 0, NULL, NULL, &p->facts, &err), 0);
  memset(&p->scan, 0, sizeof p->scan);
  p->scan.path = "/virtual/t.cu";
  p->scan.src = src;
  p->scan.len = strlen(src);
  p->scan.facts = &p->facts;
  assert_int_equal(c2h_constants_new(&p->scan, &p->table), 0);
  p->scan.constants = p->table;
}

static void dispose(parsed *p) {
  c2h_constants_free(p->table);
  c2h_tu_facts_dispose(&p->facts);
}

/* The n-th token (from 0) spelled `text`. */
static size_t token(const parsed *p, const char *text, int nth) {
  for (size_t i = 0; i < p->facts.n_toks; i++)
    if (c2h_tok_is(&p->scan, i, text) && nth-- == 0) return i;
  fail_msg("no token '%s'", text);
  return 0;
}

/* The expression of `int NAME = expr;` (a use written for the test). */
static int use(const parsed *p, const char *name, c2h_const_hook hook, void *ctx, c2h_const *out) {
  size_t at = token(p, name, 0);
  assert_true(c2h_tok_is(&p->scan, at + 1, "="));
  size_t end = at + 2;
  while (end < p->facts.n_toks && !c2h_tok_is(&p->scan, end, ";")) end++;
  return c2h_const_eval_tokens(&p->scan, at + 2, end - 1, hook, ctx, 0, out);
}

static long long use_value(const parsed *p, const char *name) {
  c2h_const c;
  long long v = 0;
  if (!use(p, name, NULL, NULL, &c) || !c2h_const_to_ll(&c, &v)) fail_msg("'%s' did not evaluate", name);
  return v;
}

static int use_known(const parsed *p, const char *name) {
  c2h_const c;
  return use(p, name, NULL, NULL, &c);
}

/* The value of a name as code at file scope sees it. */
static int name_known(const parsed *p, const char *name, c2h_const *out) {
  return c2h_const_name_value(&p->scan, name, strlen(name), C2H_DEF_NONE, 0, out);
}

static void each_kind(void **state) {
  (void)state;
  static const char src[] =
      "#include <stdint.h>\n"
      "#define TILE 32 /* a tile */\n"
      "#define WIDE (TILE * \\\n"
      "              4)\n"
      "#define SQUARE(x) ((x) * (x))\n"
      "#define EMPTY\n"
      "static const unsigned long long kBytes = 1ULL << 40, kMore = kBytes + 1;\n"
      "constexpr int kBraced{5};\n"
      "const int kEqualsBraced = {6};\n"
      "const uint8_t kNarrow = 300;\n"
      "constexpr bool kFlag = 7;\n"
      "int const kEast = 9;\n"
      "enum { kFirst, kSecond = 10, kThird };\n"
      "enum class Scoped { kScoped = 7 };\n"
      "const float kFloat = 2;\n"
      "int kMutable = 3;\n"
      "const int *kPointer = nullptr;\n"
      "extern const int kExtern;\n"
      "struct Holder { static const int kMember = 12; };\n"
      "int u1 = TILE + WIDE;\n"
      "int u2 = kMore - kBytes;\n"
      "int u3 = kBraced + kEqualsBraced;\n"
      "int u4 = kNarrow;\n"
      "int u5 = kFlag;\n"
      "int u6 = kEast + kMember;\n"
      "int u7 = kFirst + kSecond + kThird;\n"
      "int u8 = SQUARE;\n"
      "int u9 = EMPTY 1;\n"
      "int u10 = kScoped;\n"
      "int u11 = kFloat;\n"
      "int u12 = kMutable;\n"
      "int u13 = kPointer;\n"
      "int u14 = kExtern;\n";
  parsed p;
  parse(&p, src);
  assert_int_equal(use_value(&p, "u1"), 32 + 128);
  assert_int_equal(use_value(&p, "u2"), 1);
  c2h_const c;
  assert_true(name_known(&p, "kBytes", &c));
  assert_true(c.width == 64 && c.is_unsigned); /* the declared type */
  assert_int_equal(use_value(&p, "u3"), 11);
  assert_int_equal(use_value(&p, "u4"), 44); /* 300 in 8 bits */
  assert_int_equal(use_value(&p, "u5"), 1);  /* bool */
  assert_int_equal(use_value(&p, "u6"), 21);
  assert_int_equal(use_value(&p, "u7"), 0 + 10 + 11);
  assert_false(use_known(&p, "u8"));  /* a function-like macro is no value */
  assert_false(use_known(&p, "u9"));  /* nor an empty one */
  assert_false(use_known(&p, "u10")); /* enum class: named E::A */
  assert_false(use_known(&p, "u11")); /* not an integer */
  assert_false(use_known(&p, "u12")); /* not a constant */
  assert_false(use_known(&p, "u13"));
  assert_false(use_known(&p, "u14")); /* declared, not defined here */
  dispose(&p);
}

static void duplicates(void **state) {
  (void)state;
  static const char src[] =
      "#ifdef BIG\n#define AGREE 64\n#define DISAGREE 128\n#define ONE_UNKNOWN f()\n#define SHAPE(x) x\n"
      "#else\n#define AGREE 64\n#define DISAGREE 64\n#define ONE_UNKNOWN 5\n#define SHAPE 6\n#endif\n"
      "#if 0\n#define MIXED 8\n#define MIXED_TYPE 8u\n#endif\n"
      "const int MIXED = 8;\n"
      "const int MIXED_TYPE = 8;\n"
      "#define LOOP_A LOOP_B\n#define LOOP_B LOOP_A\n"
      "int u1 = AGREE;\n"
      "int u2 = DISAGREE;\n"
      "int u3 = ONE_UNKNOWN;\n"
      "int u4 = SHAPE;\n"
      "int u5 = MIXED;\n"
      "int u6 = MIXED_TYPE;\n"
      "int u7 = LOOP_A;\n";
  parsed p;
  parse(&p, src);
  size_t defs[4];
  assert_int_equal(c2h_constants_visible(&p.scan, "DISAGREE", 8, C2H_DEF_NONE, defs, 4), 2);
  assert_int_equal(use_value(&p, "u1"), 64);
  assert_false(use_known(&p, "u2")); /* an inactive branch's definition disagrees */
  assert_false(use_known(&p, "u3")); /* every definition must be known */
  assert_false(use_known(&p, "u4")); /* function-like in one branch */
  assert_int_equal(use_value(&p, "u5"), 8); /* a macro and a variable agree */
  assert_false(use_known(&p, "u6"));        /* 8u and an int 8: not the same constant */
  assert_false(use_known(&p, "u7"));        /* defined through itself */
  dispose(&p);
}

static void scopes(void **state) {
  (void)state;
  static const char src[] =
      "const int N = 1;\n"
      "void f() {\n"
      "  int before = N;\n"
      "  {\n"
      "    const int N = 2;\n"
      "    enum { E = N + 1 };\n"
      "    int inner = N + E;\n"
      "  }\n"
      "  int after = N;\n"
      "  (void)before; (void)after;\n"
      "}\n"
      "void g() { int other = E; (void)other; }\n";
  parsed p;
  parse(&p, src);
  assert_int_equal(use_value(&p, "before"), 1);
  assert_int_equal(use_value(&p, "inner"), 2 + 3);
  assert_int_equal(use_value(&p, "after"), 1);
  assert_false(use_known(&p, "other")); /* another function's enumerator */
  dispose(&p);
}

static void enumerators(void **state) {
  (void)state;
  static const char src[] =
      "enum Big : unsigned long long { kHuge = 0xffffffffffULL, kNext };\n"
      "enum { kA,\n#ifdef EXTRA\n kB,\n#endif\n kC, kD = 7, kE };\n"
      "typedef enum { kT = -2, kU } named_t;\n"
      "int u1 = kNext - kHuge;\n"
      "int u2 = kA;\n"
      "int u3 = kC;\n"
      "int u4 = kE;\n"
      "int u5 = kU;\n";
  parsed p;
  parse(&p, src);
  assert_int_equal(use_value(&p, "u1"), 1);
  assert_int_equal(use_value(&p, "u2"), 0);
  assert_false(use_known(&p, "u3")); /* 1 or 2, by an #if */
  assert_int_equal(use_value(&p, "u4"), 8);
  assert_int_equal(use_value(&p, "u5"), -1);
  dispose(&p);
}

/* Constants of a header the file includes: recorded by the parse, used
 * through the same table. */
static void header_constants(void **state) {
  (void)state;
  char dir[] = "/tmp/c2h_constants_XXXXXX", path[256], src[512];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/consts.h", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("#define HDR_TILE (HDR_BASE * 4)\n#define HDR_BASE 32\nconst unsigned HDR_MASK = 0xffffffffu;\n", f);
  fclose(f);
  snprintf(src, sizeof src,
           "#include \"%s\"\n"
           "#define LOCAL_TILE (HDR_TILE / 2)\n"
           "int u1 = LOCAL_TILE;\n"
           "unsigned u2 = HDR_MASK >> 16;\n",
           path);
  parsed p;
  parse(&p, src);
  assert_int_equal(use_value(&p, "u1"), 64);
  c2h_const c;
  assert_true(use(&p, "u2", NULL, NULL, &c));
  assert_true(c.bits == 0xffff && c.is_unsigned && c.width == 32);
  dispose(&p);
  unlink(path);
  rmdir(dir);
}

/* sizeof of a variable: the size the parse gave its token. */
static void variable_sizes(void **state) {
  (void)state;
  static const char src[] =
      "#define ROWS 64\n"
      "float table[ROWS][ROWS + 1];\n"
      "unsigned long long u1 = sizeof(table) + sizeof table[0];\n"
      "unsigned long long u2 = sizeof(table);\n";
  parsed p;
  parse(&p, src);
  assert_false(use_known(&p, "u1")); /* sizeof of an element: not known here */
  assert_int_equal(use_value(&p, "u2"), 64 * 65 * 4);
  dispose(&p);
}

/* A hook over the file's tokens: `prop.major` (three tokens) and a local
 * that hides a constant of the same name. */
static int file_hook(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  const c2h_scan *s = ctx;
  size_t i = name->tok;
  if (i == C2H_CONST_NO_TOKEN) return C2H_CONST_PASS;
  if (c2h_tok_is(s, i, "hidden")) return C2H_CONST_UNKNOWN;
  if (!c2h_tok_is(s, i, "prop") || i + 2 >= name->end || !c2h_tok_is(s, i + 1, ".") ||
      !c2h_tok_is(s, i + 2, "major"))
    return C2H_CONST_PASS;
  *out = (c2h_const){9, 32, 0};
  *used = c2h_const_name_used(name, i + 3);
  return C2H_CONST_VALUE;
}

static void hooks(void **state) {
  (void)state;
  static const char src[] =
      "struct P { int major; };\n"
      "const int hidden = 4;\n"
      "const int kScale = 10;\n"
      "void f(P prop) {\n"
      "  int u1 = prop.major * kScale;\n"
      "  int u2 = hidden;\n"
      "  int u3 = prop.major;\n"
      "  (void)u1; (void)u2; (void)u3;\n"
      "}\n";
  parsed p;
  parse(&p, src);
  c2h_const c;
  assert_true(use(&p, "u1", file_hook, &p.scan, &c));
  assert_int_equal(c.bits, 90);
  assert_false(use(&p, "u2", file_hook, &p.scan, &c)); /* the hook hides the constant */
  assert_true(use(&p, "u2", NULL, NULL, &c));           /* which the table knows */
  assert_int_equal(c.bits, 4);
  assert_false(use(&p, "u3", NULL, NULL, &c)); /* a member, without the hook */
  dispose(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(each_kind),   cmocka_unit_test(duplicates),       cmocka_unit_test(scopes),
      cmocka_unit_test(enumerators), cmocka_unit_test(header_constants), cmocka_unit_test(variable_sizes),
      cmocka_unit_test(hooks),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
