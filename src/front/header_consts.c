/* Constants of the unit's other files (c2h_tu_facts.header_consts): what a
 * check of the file needs to know of a header's `#define FULL_MASK ...`. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"
#include "util/buf.h"

/* Object-like macros and const integer variables (and enumerators) that a
 * project header defines, by name: the lane mask `FULL_MASK` a kernel
 * file uses may be defined in a header, whose tokens the scan never sees. */
typedef struct header_const_walk {
  CXFile main_file;
  c2h_tu_facts *f;
  int rc;
  CXFile last_file; /* the header hip_aware last answered for, and its answer */
  int last_hip_aware;
} header_const_walk;

/* Whether the header holding cursor c spells HIP or ROCM anywhere (a
 * `#if USE_ROCM` / `#ifdef __HIP_PLATFORM_AMD__` branch, a PROJ_HIP
 * switch): the value the parse saw may be the CUDA branch's alone. */
static int hip_aware(header_const_walk *w, CXCursor c) {
  CXFile file = NULL;
  clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  if (!file) return 1;
  if (w->last_file && clang_File_isEqual(file, w->last_file)) return w->last_hip_aware;
  size_t size = 0;
  const char *text = clang_getFileContents(clang_Cursor_getTranslationUnit(c), file, &size);
  int aware = !text;
  for (size_t i = 0; text && i + 4 <= size && !aware; i++)
    aware = (text[i] == 'H' && text[i + 1] == 'I' && text[i + 2] == 'P') ||
            (text[i] == 'R' && text[i + 1] == 'O' && text[i + 2] == 'C' && text[i + 3] == 'M');
  w->last_file = file;
  w->last_hip_aware = aware;
  return aware;
}

#define C2H_MAX_CONST_BODY 512

static void add_header_const(header_const_walk *w, const char *name, size_t len, c2h_header_const c) {
  c2h_tu_facts *f = w->f;
  int at = c2h_strmap_get(&f->header_const_names, name, len);
  if (at >= 0) {
    /* Defined again: the same definition (a header read twice under
     * different guards) keeps it; another one makes it unknown. */
    c2h_header_const *old = &f->header_consts[at];
    int same = old->known && c.known &&
               ((old->body && c.body && strcmp(old->body, c.body) == 0) ||
                (!old->body && !c.body && old->bits == c.bits && old->width == c.width &&
                 old->is_unsigned == c.is_unsigned));
    if (!same) old->known = 0;
    free(c.body);
    return;
  }
  c2h_header_const *grown =
      c2h_front_grow_array(f->header_consts, f->n_header_consts, &f->cap_header_consts, sizeof *grown);
  if (!grown || c2h_strmap_put(&f->header_const_names, name, len, (int)f->n_header_consts)) {
    free(c.body);
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  f->header_consts = grown;
  f->header_consts[f->n_header_consts++] = c;
}

static void add_cursor_const(header_const_walk *w, CXCursor c, c2h_header_const value) {
  value.hip_aware = hip_aware(w, c);
  CXString name = clang_getCursorSpelling(c);
  const char *n = clang_getCString(name);
  if (n && *n) add_header_const(w, n, strlen(n), value);
  else free(value.body);
  clang_disposeString(name);
}

/* An object-like macro: its replacement tokens, spelled with spaces. */
static void add_macro_const(header_const_walk *w, CXCursor c) {
  if (clang_Cursor_isMacroFunctionLike(c) || clang_Cursor_isMacroBuiltin(c)) return;
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  c2h_buf body;
  c2h_buf_init(&body);
  int rc = 0;
  for (unsigned i = 1; i < n && !rc && body.len < C2H_MAX_CONST_BODY; i++) {
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    if (i > 1) rc = c2h_buf_puts(&body, " ");
    if (!rc) rc = c2h_buf_puts(&body, clang_getCString(sp));
    clang_disposeString(sp);
  }
  if (toks) clang_disposeTokens(tu, toks, n);
  if (rc || n < 2 || body.len >= C2H_MAX_CONST_BODY) {
    if (rc) w->rc = C2H_ERR_NOMEM;
    c2h_buf_dispose(&body);
    return;
  }
  c2h_header_const value = {NULL, 0, 0, 0, 1, 0};
  value.body = c2h_buf_detach(&body, NULL);
  if (!value.body) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  add_cursor_const(w, c, value);
}

/* Whether an integer type is unsigned (bool and the unsigned kinds). */
static int is_unsigned_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k >= CXType_Bool && k <= CXType_UInt128;
}

static c2h_header_const int_const(unsigned long long v, CXType t, int is_unsigned) {
  long long bytes = clang_Type_getSizeOf(t);
  unsigned width = bytes > 0 && bytes < 8 ? (unsigned)bytes * 8 : 64;
  c2h_header_const c = {NULL, width >= 64 ? v : v & ((1ULL << width) - 1), width, is_unsigned, 1, 0};
  return c;
}

/* A const (or constexpr) integer variable whose initialiser evaluates. */
static void add_variable_const(header_const_walk *w, CXCursor c) {
  CXType t = clang_getCursorType(c);
  if (!c2h_front_is_integer_type(t) || !clang_isConstQualifiedType(clang_getCanonicalType(t))) return;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) return;
  if (clang_EvalResult_getKind(r) == CXEval_Int) {
    int uns = clang_EvalResult_isUnsignedInt(r);
    unsigned long long v = uns ? clang_EvalResult_getAsUnsigned(r) : (unsigned long long)clang_EvalResult_getAsLongLong(r);
    add_cursor_const(w, c, int_const(v, t, uns));
  }
  clang_EvalResult_dispose(r);
}

static enum CXChildVisitResult header_const_visit(CXCursor c, CXCursor parent, CXClientData data) {
  header_const_walk *w = data;
  if (w->rc) return CXChildVisit_Break;
  CXSourceLocation loc = clang_getCursorLocation(c);
  CXFile file = NULL;
  clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
  if (!file || clang_File_isEqual(file, w->main_file) || !c2h_front_is_user_location(loc)) return CXChildVisit_Continue;
  switch (clang_getCursorKind(c)) {
    case CXCursor_MacroDefinition: add_macro_const(w, c); return CXChildVisit_Continue;
    case CXCursor_Namespace:
    case CXCursor_LinkageSpec:
    case CXCursor_EnumDecl: return CXChildVisit_Recurse;
    case CXCursor_VarDecl: add_variable_const(w, c); return CXChildVisit_Continue;
    case CXCursor_EnumConstantDecl: {
      CXType it = clang_getEnumDeclIntegerType(parent);
      int uns = is_unsigned_type(it);
      unsigned long long v = uns ? clang_getEnumConstantDeclUnsignedValue(c)
                                 : (unsigned long long)clang_getEnumConstantDeclValue(c);
      add_cursor_const(w, c, int_const(v, it, uns));
      return CXChildVisit_Continue;
    }
    default: return CXChildVisit_Continue;
  }
}

int c2h_front_collect_header_consts(CXTranslationUnit tu, CXFile main_file, c2h_tu_facts *facts) {
  header_const_walk hc = {main_file, facts, 0, NULL, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), header_const_visit, &hc);
  return hc.rc;
}
