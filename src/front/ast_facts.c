/* The AST walk over the file's own declarations: its function definitions
 * (with their CUDA context), its CUDA variables (memory space, size), the
 * user's __device__ min/max templates, cooperative-groups shuffles of
 * values HIP's shuffles do not take, the tokens macro expansions made code,
 * and (handles.c) operations on integer handles. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"
#include "util/buf.h"

typedef struct cuda_attrs {
  int device, global, host, shared, constant;
} cuda_attrs;

static enum CXChildVisitResult attr_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  cuda_attrs *a = data;
  switch (clang_getCursorKind(c)) {
    case CXCursor_CUDADeviceAttr: a->device = 1; break;
    case CXCursor_CUDAGlobalAttr: a->global = 1; break;
    case CXCursor_CUDAHostAttr: a->host = 1; break;
    case CXCursor_CUDASharedAttr: a->shared = 1; break;
    case CXCursor_CUDAConstantAttr: a->constant = 1; break;
    default: break;
  }
  return CXChildVisit_Continue;
}

static cuda_attrs attrs_of(CXCursor c) {
  cuda_attrs a = {0, 0, 0, 0, 0};
  clang_visitChildren(c, attr_visit, &a);
  return a;
}

static int is_function_kind(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* A node of the AST that an expansion of one of the file's macros made:
 * the body token it was spelled from is code the compiler sees, although
 * the token annotation of a macro body says nothing about it. */
static void mark_expanded(c2h_ast_walk *w, CXSourceLocation loc, unsigned expansion_off) {
  CXFile file = NULL;
  unsigned off = 0;
  clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
  if (off == expansion_off || !file || !clang_File_isEqual(file, w->main_file)) return;
  c2h_tu_facts *f = w->facts;
  size_t lo = 0, hi = f->n_toks;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->toks[mid].begin < off) lo = mid + 1;
    else hi = mid;
  }
  if (lo < f->n_toks && f->toks[lo].begin == off) f->toks[lo].expanded = 1;
}

/* The byte range of a function definition's name, checked against the
 * source: a name that a macro spells (or an operator) gets an empty range. */
static void function_name(const c2h_ast_walk *w, CXCursor c, c2h_function *fn) {
  CXString name = clang_getCursorSpelling(c);
  const char *text = clang_getCString(name);
  size_t at = 0, n = text ? strlen(text) : 0;
  unsigned off = 0;
  CXFile file = NULL;
  clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
  at = off;
  fn->name_begin = fn->name_end = at;
  if (n && file && clang_File_isEqual(file, w->main_file) && at + n <= w->len &&
      memcmp(w->src + at, text, n) == 0)
    fn->name_end = at + n;
  clang_disposeString(name);
}

/* File-scope declarations only: notes a user function template min/max
 * that is __device__ only. One that is __host__ __device__ (or host only)
 * loses to HIP's device template in device code, so no call is ambiguous. */
static enum CXChildVisitResult minmax_template_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  c2h_tu_facts *facts = data;
  if (clang_getCursorKind(c) != CXCursor_FunctionTemplate || !c2h_front_is_user_location(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  cuda_attrs a = attrs_of(c);
  if (!a.device || a.host) return CXChildVisit_Continue;
  CXString name = clang_getCursorSpelling(c);
  const char *n = clang_getCString(name);
  if (n && strcmp(n, "min") == 0) facts->user_min_template = 1;
  if (n && strcmp(n, "max") == 0) facts->user_max_template = 1;
  clang_disposeString(name);
  return CXChildVisit_Continue;
}

size_t c2h_front_spelled_offset(const c2h_ast_walk *w, CXSourceLocation loc, int *ok) {
  CXFile file = NULL;
  unsigned off = 0;
  clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
  *ok = file && clang_File_isEqual(file, w->main_file) && off >= c2h_front_expansion_offset(loc);
  return *ok ? off : 0;
}

int c2h_front_spelled_range(const c2h_ast_walk *w, CXCursor c, size_t *begin, size_t *end) {
  CXSourceRange ext = clang_getCursorExtent(c);
  int ok_begin = 0, ok_end = 0;
  *begin = c2h_front_spelled_offset(w, clang_getRangeStart(ext), &ok_begin);
  *end = c2h_front_spelled_offset(w, clang_getRangeEnd(ext), &ok_end);
  return ok_begin && ok_end && *begin < *end;
}

/* An implicit instantiation of a function template or of a class
 * template's member function: the unit's walk lists those the parse made
 * (the index enumerates the unit's own declarations, see c2h_front_new),
 * but they are no declarations of the file, and their types are the
 * instantiation's. They carry the location of the template they come from;
 * an explicit specialization has one of its own. */
static int is_implicit_instantiation(CXCursor c) {
  CXCursor pattern = clang_getSpecializedCursorTemplate(c);
  return !clang_Cursor_isNull(pattern) && !clang_isInvalid(clang_getCursorKind(pattern)) &&
         clang_equalLocations(clang_getCursorLocation(c), clang_getCursorLocation(pattern));
}

/* Integer and floating-point types: what HIP's group shuffles take. */
static int is_arithmetic_type(CXType t) {
  return t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin && t.kind != CXType_Void &&
         t.kind != CXType_NullPtr && t.kind != CXType_Overload && t.kind != CXType_Dependent;
}

/* Records call c when it is a cooperative-groups shuffle of a value HIP's
 * shuffles do not take (a vector type, a struct): see c2h_cg_shuffle. */
static void note_cg_shuffle(c2h_ast_walk *w, CXCursor c) {
  static const char *const shuffles[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
  CXCursor method = clang_getCursorReferenced(c);
  enum CXCursorKind mk = clang_getCursorKind(method);
  if ((mk != CXCursor_CXXMethod && mk != CXCursor_FunctionTemplate) || clang_Cursor_getNumArguments(c) < 1 ||
      c2h_front_is_user_location(clang_getCursorLocation(method)) || !c2h_front_in_cooperative_groups(method))
    return;
  CXString name = clang_getCursorSpelling(c);
  int shuffle = 0;
  for (size_t k = 0; k < sizeof shuffles / sizeof *shuffles; k++)
    if (strcmp(clang_getCString(name), shuffles[k]) == 0) shuffle = 1;
  clang_disposeString(name);
  if (!shuffle) return;
  CXType t = clang_getCursorType(clang_Cursor_getArgument(c, 0));
  CXType ct = clang_getCanonicalType(t);
  /* A dependent type is judged by no one: its instantiations are not walked. */
  if (ct.kind == CXType_Invalid || ct.kind == CXType_Unexposed || is_arithmetic_type(ct)) return;
  c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(c, c2h_front_first_two, &kids);
  if (kids.n < 1) return;
  int ok_object = 0, ok_method = 0;
  size_t object = c2h_front_spelled_offset(w, clang_getRangeStart(clang_getCursorExtent(c)), &ok_object);
  size_t member = c2h_front_spelled_offset(w, clang_getCursorLocation(kids.c[0]), &ok_method);
  if (!ok_object || !ok_method || member <= object) return;
  c2h_tu_facts *f = w->facts;
  c2h_cg_shuffle *grown =
      c2h_front_grow_array(f->cg_shuffles, f->n_cg_shuffles, &f->cap_cg_shuffles, sizeof *grown);
  if (!grown) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  f->cg_shuffles = grown;
  CXString spelled = clang_getTypeSpelling(t);
  char *type = c2h_strdup(clang_getCString(spelled));
  clang_disposeString(spelled);
  if (!type) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  f->cg_shuffles[f->n_cg_shuffles++] = (c2h_cg_shuffle){object, member, type};
}

static enum CXChildVisitResult ast_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  c2h_ast_walk *w = data;
  if (w->rc) return CXChildVisit_Break;
  enum CXCursorKind k = clang_getCursorKind(c);
  /* The location of a binary or conditional operator (and of the unexposed
   * implicit casts around them) is the start of its left operand, found by
   * walking down the tree: a chain `1 + 1 + ... + 1` of n terms would cost
   * n squared. Such nodes declare nothing, their operands are visited
   * anyway (and marked if a macro made them), and they are only reached
   * inside a declaration already found to be the file's. */
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) c2h_front_note_handle_op(w, c);
  if (k == CXCursor_CallExpr || k == CXCursor_VarDecl || k == CXCursor_CStyleCastExpr ||
      k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr)
    c2h_front_note_device_consumers(w, c, k);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_ConditionalOperator ||
      k == CXCursor_UnexposedExpr)
    return w->rc ? CXChildVisit_Break : CXChildVisit_Recurse;
  /* Where the code was written, after macro expansion: a statement that
   * starts with a qualifier macro of the shim (`__shared__ float t[32];`)
   * is still the file's own. */
  CXFile file = NULL;
  unsigned expansion_off = 0;
  CXSourceLocation loc = clang_getCursorLocation(c);
  clang_getExpansionLocation(loc, &file, NULL, NULL, &expansion_off);
  if (!file || !clang_File_isEqual(file, w->main_file)) return CXChildVisit_Continue;
  if (is_function_kind(k) && is_implicit_instantiation(c)) return CXChildVisit_Continue;
  mark_expanded(w, loc, expansion_off);
  c2h_tu_facts *f = w->facts;
  if (is_function_kind(k) && clang_isCursorDefinition(c)) {
    c2h_function *grown = c2h_front_grow_array(f->functions, f->n_functions, &w->cap_functions, sizeof *grown);
    if (!grown) return w->rc = C2H_ERR_NOMEM, CXChildVisit_Break;
    f->functions = grown;
    cuda_attrs a = attrs_of(c);
    CXSourceRange ext = clang_getCursorExtent(c);
    c2h_function *fn = &f->functions[f->n_functions];
    fn->begin = c2h_front_expansion_offset(clang_getRangeStart(ext));
    fn->end = c2h_front_expansion_offset(clang_getRangeEnd(ext));
    fn->ctx = a.global ? C2H_CTX_KERNEL
              : a.device ? (a.host ? C2H_CTX_HOST_DEVICE : C2H_CTX_DEVICE)
                         : C2H_CTX_HOST;
    function_name(w, c, fn);
    int saved = w->function;
    w->function = (int)f->n_functions++;
    clang_visitChildren(c, ast_visit, w);
    w->function = saved;
    return CXChildVisit_Continue;
  }
  if (k == CXCursor_CallExpr) note_cg_shuffle(w, c);
  if (k == CXCursor_VarDecl) {
    cuda_attrs a = attrs_of(c);
    if (a.shared || a.constant || a.device) {
      c2h_variable *grown = c2h_front_grow_array(f->variables, f->n_variables, &w->cap_variables, sizeof *grown);
      if (!grown) return w->rc = C2H_ERR_NOMEM, CXChildVisit_Break;
      f->variables = grown;
      CXType t = clang_getCursorType(c);
      CXString name = clang_getCursorSpelling(c);
      c2h_variable *v = &f->variables[f->n_variables++];
      v->name_begin = c2h_front_expansion_offset(clang_getCursorLocation(c));
      v->name_end = v->name_begin + strlen(clang_getCString(name));
      clang_disposeString(name);
      long long bytes = clang_Type_getSizeOf(t);
      v->bytes = bytes >= 0 ? bytes : -1;
      v->shared = a.shared;
      v->constant = a.constant;
      v->managed_or_device = a.device && !a.shared && !a.constant;
      v->extern_unsized = t.kind == CXType_IncompleteArray;
      v->function = w->function;
    }
  }
  return CXChildVisit_Recurse;
}

int c2h_front_collect_ast_facts(CXTranslationUnit tu, CXFile main_file, const char *src, size_t len,
                                c2h_tu_facts *facts) {
  c2h_ast_walk walk = {main_file, src, len, facts, 0, 0, -1, 0, NULL, 0, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), ast_visit, &walk);
  free(walk.offsets);
  clang_visitChildren(clang_getTranslationUnitCursor(tu), minmax_template_visit, facts);
  return walk.rc;
}
