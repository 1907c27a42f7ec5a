/* Integer handles that HIP makes pointers (integer_handles below). The AST
 * walk (ast_facts.c) hands every binary operator, call, initialiser and
 * cast here; the operations that use a handle as an integer become
 * c2h_tu_facts.handle_uses, with the rewrite HIP needs where there is one. */
#include <string.h>

#include "front/front_internal.h"

/* CUDA typedefs of unsigned long long whose HIP counterparts are pointers
 * (hipDeviceptr_t is void *, hipTextureObject_t and hipSurfaceObject_t
 * point to opaque structs). */
static const char *const integer_handles[] = {"CUdeviceptr", "CUdeviceptr_v2", "cudaTextureObject_t",
                                              "cudaSurfaceObject_t", "CUtexObject", "CUsurfObject", NULL};

/* The integer-handle typedef that type t is spelled as (through other
 * typedefs of it), or NULL. */
static const char *integer_handle_of(CXType t) {
  for (int depth = 0; depth < 6; depth++) {
    if (t.kind == CXType_Elaborated) t = clang_Type_getNamedType(t);
    if (t.kind != CXType_Typedef) return NULL;
    CXString name = clang_getTypedefName(t);
    const char *n = clang_getCString(name), *found = NULL;
    for (size_t k = 0; n && integer_handles[k]; k++)
      if (strcmp(n, integer_handles[k]) == 0) found = integer_handles[k];
    clang_disposeString(name);
    if (found) return found;
    t = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(t));
  }
  return NULL;
}

static const char *integer_op(enum CXBinaryOperatorKind k) {
  switch (k) {
    case CXBinaryOperator_Mul: return "*";
    case CXBinaryOperator_Div: return "/";
    case CXBinaryOperator_Rem: return "%";
    case CXBinaryOperator_Add: return "+";
    case CXBinaryOperator_Sub: return "-";
    case CXBinaryOperator_Shl: return "<<";
    case CXBinaryOperator_Shr: return ">>";
    case CXBinaryOperator_And: return "&";
    case CXBinaryOperator_Xor: return "^";
    case CXBinaryOperator_Or: return "|";
    case CXBinaryOperator_MulAssign: return "*=";
    case CXBinaryOperator_DivAssign: return "/=";
    case CXBinaryOperator_RemAssign: return "%=";
    case CXBinaryOperator_AddAssign: return "+=";
    case CXBinaryOperator_SubAssign: return "-=";
    case CXBinaryOperator_ShlAssign: return "<<=";
    case CXBinaryOperator_ShrAssign: return ">>=";
    case CXBinaryOperator_AndAssign: return "&=";
    case CXBinaryOperator_XorAssign: return "^=";
    case CXBinaryOperator_OrAssign: return "|=";
    case CXBinaryOperator_Assign: return "=";
    default: return NULL;
  }
}

/* Whether expression c is the literal 0 (a null handle in both APIs). */
static int is_zero_literal(CXCursor c) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) return 0;
  int zero = clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) == 0;
  clang_EvalResult_dispose(r);
  return zero;
}

/* The expression under the implicit conversions around c (libclang shows
 * an implicit cast as an unexposed expression with one child). */
static CXCursor without_implicit_casts(CXCursor c) {
  for (int depth = 0; depth < 8 && clang_getCursorKind(c) == CXCursor_UnexposedExpr; depth++) {
    c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, c2h_front_first_two, &kids);
    if (kids.n != 1) break;
    c = kids.c[0];
  }
  return c;
}

static int is_device_pointer(const char *handle) { return handle && strncmp(handle, "CUdeviceptr", 11) == 0; }

/* c under parentheses and implicit conversions. */
static CXCursor bare_expression(CXCursor c) {
  for (int depth = 0; depth < 16; depth++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) break;
    c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, c2h_front_first_two, &kids);
    if (kids.n != 1) break;
    c = kids.c[0];
  }
  return c;
}

/* Whether e moves a CUdeviceptr by an integer: `d + n`, `n + d`, `d - n`,
 * or such a sum in place of d (`d + a - b`); *leaf is the CUdeviceptr. */
static int is_device_offset(CXCursor e, CXCursor *leaf, int depth) {
  e = bare_expression(e);
  if (depth > 16 || clang_getCursorKind(e) != CXCursor_BinaryOperator) return 0;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
  if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) return 0;
  c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(e, c2h_front_first_two, &kids);
  if (kids.n != 2) return 0;
  for (int side = 0; side < (op == CXBinaryOperator_Sub ? 1 : 2); side++) {
    /* Judged by their types before the conversions the operator adds (the
     * integer operand is converted to CUdeviceptr, and the sum keeps that
     * name). */
    CXCursor h = kids.c[side], other = bare_expression(kids.c[1 - side]);
    CXType ot = clang_getCursorType(other);
    if (!c2h_front_is_integer_type(ot) || integer_handle_of(ot)) continue;
    if (is_device_offset(h, leaf, depth + 1)) return 1;
    CXCursor hb = bare_expression(h);
    if (clang_getCursorKind(hb) != CXCursor_BinaryOperator &&
        is_device_pointer(integer_handle_of(clang_getCursorType(hb)))) {
      *leaf = h;
      return 1;
    }
  }
  return 0;
}

/* Expression e is used as a CUdeviceptr: when it is an offset of one, its
 * operator will be rewritten rather than reported (see c2h_front_note_handle_op). */
static void note_device_use(c2h_ast_walk *w, CXCursor e) {
  CXCursor leaf;
  size_t b = 0, end = 0, lb = 0, le = 0;
  if (!is_device_offset(e, &leaf, 0) || !c2h_front_spelled_range(w, e, &b, &end) ||
      !c2h_front_spelled_range(w, leaf, &lb, &le))
    return;
  c2h_device_offset *grown = c2h_front_grow_array(w->offsets, w->n_offsets, &w->cap_offsets, sizeof *grown);
  if (!grown) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  w->offsets = grown;
  w->offsets[w->n_offsets++] = (c2h_device_offset){lb, b, end};
}

void c2h_front_note_device_consumers(c2h_ast_walk *w, CXCursor c, enum CXCursorKind k) {
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    int n = clang_Cursor_getNumArguments(c);
    if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || clang_Cursor_getNumArguments(callee) < n) return;
    for (int i = 0; i < n; i++)
      if (is_device_pointer(integer_handle_of(clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)i)))))
        note_device_use(w, clang_Cursor_getArgument(c, (unsigned)i));
  } else if (k == CXCursor_VarDecl) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(c);
    if (!clang_Cursor_isNull(init) && is_device_pointer(integer_handle_of(clang_getCursorType(c))))
      note_device_use(w, init);
  } else if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
             k == CXCursor_CXXFunctionalCastExpr) {
    if (!is_device_pointer(integer_handle_of(clang_getCursorType(c)))) return;
    c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, c2h_front_first_two, &kids);
    /* The cast's operand is its last child (a type reference may come first). */
    if (kids.n >= 1) note_device_use(w, kids.c[kids.n >= 2 ? 1 : 0]);
  }
}

void c2h_front_note_handle_op(c2h_ast_walk *w, CXCursor c) {
  enum CXBinaryOperatorKind opk = clang_getCursorBinaryOperatorKind(c);
  const char *op = integer_op(opk);
  if (!op) return;
  c2h_two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(c, c2h_front_first_two, &kids);
  if (kids.n < 2) return;
  const char *lhs = integer_handle_of(clang_getCursorType(kids.c[0]));
  const char *rhs = integer_handle_of(clang_getCursorType(kids.c[1]));
  CXCursor at = lhs ? kids.c[0] : kids.c[1];
  const char *type = lhs ? lhs : rhs;
  int fix = C2H_HANDLE_REPORT;
  size_t fix_begin = 0, fix_end = 0;
  if (strcmp(op, "=") == 0) {
    /* A handle copied from a handle, or set to 0, is fine in HIP too; the
     * value assigned is judged by its type before the implicit conversion
     * to the handle. */
    CXCursor value = without_implicit_casts(kids.c[1]);
    CXCursor leaf;
    if (is_device_pointer(lhs) && is_device_offset(kids.c[1], &leaf, 0)) {
      note_device_use(w, kids.c[1]); /* the offset's own operator says it */
      return;
    }
    if (!lhs || integer_handle_of(clang_getCursorType(value)) ||
        !c2h_front_is_integer_type(clang_getCursorType(value)) || is_zero_literal(value))
      return;
    if (is_device_pointer(lhs) && c2h_front_spelled_range(w, kids.c[1], &fix_begin, &fix_end))
      fix = C2H_HANDLE_FROM_INT;
  } else if (!type) {
    return;
  } else if ((opk == CXBinaryOperator_AddAssign || opk == CXBinaryOperator_SubAssign) && is_device_pointer(lhs) &&
             c2h_front_is_integer_type(clang_getCursorType(bare_expression(kids.c[1]))) &&
             !integer_handle_of(clang_getCursorType(bare_expression(kids.c[1]))) &&
             clang_getCursorKind(bare_expression(kids.c[0])) == CXCursor_DeclRefExpr &&
             c2h_front_spelled_range(w, kids.c[1], &fix_begin, &fix_end)) {
    fix = C2H_HANDLE_COMPOUND; /* a variable: naming it twice reads it twice, as += does */
  } else if (opk == CXBinaryOperator_Add || opk == CXBinaryOperator_Sub) {
    /* Inside an offset a consumer found: the operator whose operand is the
     * address carries the rewrite; the others of the chain need nothing. */
    size_t ob = 0, oe = 0;
    for (size_t k = 0; c2h_front_spelled_range(w, c, &ob, &oe) && k < w->n_offsets; k++) {
      if (ob < w->offsets[k].begin || oe > w->offsets[k].end) continue;
      for (int side = 0; side < 2 && fix == C2H_HANDLE_REPORT; side++) {
        size_t b = 0, e = 0;
        if (c2h_front_spelled_range(w, kids.c[side], &b, &e) && b == w->offsets[k].leaf &&
            clang_getCursorKind(bare_expression(kids.c[side])) != CXCursor_BinaryOperator) {
          fix = C2H_HANDLE_OFFSET;
          at = kids.c[side];
          type = integer_handle_of(clang_getCursorType(bare_expression(at)));
          fix_begin = w->offsets[k].begin;
          fix_end = w->offsets[k].end;
        }
      }
      if (fix == C2H_HANDLE_REPORT) return;
      break;
    }
  }
  CXFile file = NULL;
  CXSourceRange ext = clang_getCursorExtent(at);
  clang_getExpansionLocation(clang_getRangeStart(ext), &file, NULL, NULL, NULL);
  if (!file || !clang_File_isEqual(file, w->main_file)) return;
  c2h_tu_facts *f = w->facts;
  c2h_handle_use *grown =
      c2h_front_grow_array(f->handle_uses, f->n_handle_uses, &f->cap_handle_uses, sizeof *grown);
  if (!grown) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  f->handle_uses = grown;
  c2h_handle_use *u = &f->handle_uses[f->n_handle_uses++];
  u->begin = c2h_front_expansion_offset(clang_getRangeStart(ext));
  u->end = c2h_front_expansion_offset(clang_getRangeEnd(ext));
  /* A rewrite edits the operand where it is written (a macro argument). */
  if (fix != C2H_HANDLE_REPORT && !c2h_front_spelled_range(w, at, &u->begin, &u->end)) fix = C2H_HANDLE_REPORT;
  u->type = type;
  u->op = op;
  u->fix = fix;
  u->fix_begin = fix_begin;
  u->fix_end = fix_end;
}
