/* Token annotation: each token of the file with what the AST says of it
 * (a use of the API, of user code or of a member; its code context; the
 * size of the variable it names; whether it names a template, a function
 * or a pointer), and the parameter types of the API calls rules tell apart
 * by them. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"
#include "util/buf.h"

static int same_location(CXSourceLocation a, CXSourceLocation b) {
  CXFile fa = NULL, fb = NULL;
  unsigned oa = 0, ob = 0;
  clang_getSpellingLocation(a, &fa, NULL, NULL, &oa);
  clang_getSpellingLocation(b, &fb, NULL, NULL, &ob);
  return fa && fb && oa == ob && clang_File_isEqual(fa, fb);
}

static int is_member_kind(enum CXCursorKind k) {
  return k == CXCursor_MemberRefExpr || k == CXCursor_MemberRef || k == CXCursor_FieldDecl ||
         k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor ||
         k == CXCursor_ConversionFunction;
}

/* What the AST says about one identifier token, given its annotation.
 * *declares is set when the token is a global declaration (or a macro) of
 * user code with this name. */
static c2h_tok_use classify(CXCursor cur, CXSourceLocation tok_loc, const char *name,
                            size_t name_len, int *declares) {
  enum CXCursorKind k = clang_getCursorKind(cur);
  *declares = 0;
  if (clang_isInvalid(k) || k == CXCursor_InclusionDirective || k == CXCursor_PreprocessingDirective)
    return C2H_USE_UNKNOWN;
  if (k == CXCursor_MacroDefinition) {
    /* The macro's own name declares it; tokens of its body are unresolved. */
    if (!same_location(clang_getCursorLocation(cur), tok_loc)) return C2H_USE_UNKNOWN;
    *declares = c2h_front_is_user_location(tok_loc);
    return *declares ? C2H_USE_USER : C2H_USE_API;
  }
  if (k == CXCursor_MacroExpansion) {
    /* Only the macro name is a reference; argument tokens are unresolved. */
    if (!same_location(clang_getCursorLocation(cur), tok_loc)) return C2H_USE_UNKNOWN;
    CXCursor def = clang_getCursorReferenced(cur);
    /* No definition in this unit's own preprocessing record: a builtin
     * macro, or one the precompiled shim defines (its definitions are not
     * recorded again), which is the CUDA API just as when the shim is
     * parsed from text. */
    if (clang_Cursor_isNull(def)) return clang_Cursor_isMacroBuiltin(cur) ? C2H_USE_UNKNOWN : C2H_USE_API;
    return c2h_front_is_user_location(clang_getCursorLocation(def)) ? C2H_USE_USER : C2H_USE_API;
  }
  if (is_member_kind(k)) {
    /* A member's declaration covers its type too: where the parse could not
     * resolve the type (`cublasOperation_t op;` in a struct, with no
     * cuBLAS header found), the annotation is the field itself. Only the
     * declared name is the member. */
    if (clang_isDeclaration(k) && !same_location(clang_getCursorLocation(cur), tok_loc)) return C2H_USE_UNKNOWN;
    return C2H_USE_MEMBER;
  }
  if (clang_isDeclaration(k)) {
    if (same_location(clang_getCursorLocation(cur), tok_loc)) {
      int user = c2h_front_is_user_location(tok_loc) && !c2h_front_is_api_redeclaration(cur);
      /* Only a global user declaration takes the name over for the whole
       * file; a namespace's or a class's own names are told apart by their
       * qualification. */
      enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(cur));
      *declares = user && (parent == CXCursor_TranslationUnit || parent == CXCursor_LinkageSpec);
      return user ? C2H_USE_USER : C2H_USE_API;
    }
  }
  if (k == CXCursor_OverloadedDeclRef) {
    /* A name with several (or, for an undeclared name, no) candidates. */
    unsigned n = clang_getNumOverloadedDecls(cur), user = 0;
    if (n == 0) return C2H_USE_UNKNOWN;
    for (unsigned j = 0; j < n; j++)
      user += c2h_front_is_user_location(clang_getCursorLocation(clang_getOverloadedDecl(cur, j)));
    return user ? C2H_USE_USER : C2H_USE_API;
  }
  CXCursor ref = clang_getCursorReferenced(cur);
  if (clang_Cursor_isNull(ref) || clang_isInvalid(clang_getCursorKind(ref)) || clang_equalCursors(ref, cur))
    return C2H_USE_UNKNOWN;
  if (is_member_kind(clang_getCursorKind(ref))) return C2H_USE_MEMBER;
  /* The annotation may be an enclosing node (a call, a declaration) rather
   * than the reference itself; only trust it when it names this token. */
  CXString ref_name = clang_getCursorSpelling(ref);
  const char *rn = clang_getCString(ref_name);
  int named = rn && strlen(rn) == name_len && memcmp(rn, name, name_len) == 0;
  clang_disposeString(ref_name);
  if (!named) return C2H_USE_UNKNOWN;
  if (c2h_front_is_user_location(clang_getCursorLocation(ref)) && !c2h_front_is_api_redeclaration(ref))
    return C2H_USE_USER;
  /* Declared by the shim but defined by the user (the shim declares every
   * API, the real headers only those a file includes): the user's own. */
  CXCursor def = clang_getCursorDefinition(ref);
  if (!clang_Cursor_isNull(def) && c2h_front_is_user_location(clang_getCursorLocation(def))) return C2H_USE_USER;
  return C2H_USE_API;
}

/* Whether a declaration is a free function or class (template) of the
 * CUDA API in namespace cooperative_groups, not a member of a class. */
static int is_cg_api_decl(CXCursor d) {
  enum CXCursorKind k = clang_getCursorKind(d);
  if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate && k != CXCursor_ClassTemplate &&
      k != CXCursor_StructDecl && k != CXCursor_ClassDecl)
    return 0;
  return clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_Namespace &&
         !c2h_front_is_user_location(clang_getCursorLocation(d)) && c2h_front_in_cooperative_groups(d);
}

/* Whether the identifier annotated by `cur` names such a declaration
 * (`cg::reduce`, `cg::plus<int>`): generic names that only the
 * namespace tells from thrust's or the user's. A lookup left open in a
 * template counts when every candidate is one. */
static int names_cg_api(CXCursor cur, const char *name, size_t name_len) {
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_OverloadedDeclRef) {
    unsigned n = clang_getNumOverloadedDecls(cur);
    for (unsigned j = 0; j < n; j++)
      if (!is_cg_api_decl(clang_getOverloadedDecl(cur, j))) return 0;
    return n > 0;
  }
  if (k != CXCursor_DeclRefExpr && k != CXCursor_TemplateRef && k != CXCursor_TypeRef && k != CXCursor_CallExpr)
    return 0;
  CXCursor ref = clang_getCursorReferenced(cur);
  if (clang_Cursor_isNull(ref)) return 0;
  /* A specialisation names its template's declaration. */
  CXCursor tmpl = clang_getSpecializedCursorTemplate(ref);
  if (!clang_Cursor_isNull(tmpl)) ref = tmpl;
  CXString ref_name = clang_getCursorSpelling(ref);
  const char *rn = clang_getCString(ref_name);
  int named = rn && strlen(rn) == name_len && memcmp(rn, name, name_len) == 0;
  clang_disposeString(ref_name);
  return named && is_cg_api_decl(ref);
}

/* The size of the variable a token declares or refers to. */
static long long variable_bytes(CXCursor cur) {
  enum CXCursorKind k = clang_getCursorKind(cur);
  CXCursor decl = cur;
  if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) decl = clang_getCursorReferenced(cur);
  k = clang_getCursorKind(decl);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl && k != CXCursor_FieldDecl) return 0;
  long long n = clang_Type_getSizeOf(clang_getCursorType(decl));
  return n > 0 ? n : 0;
}

/* The name rules use for a parameter type: a class or enum by its own name
 * (`cudaMemLocation`, whatever typedef or `struct` spelled it), any other
 * type by its canonical spelling (`int`, `const void *`). */
static int put_type_name(c2h_buf *b, CXType t) {
  CXType ct = clang_getCanonicalType(t);
  CXString s = ct.kind == CXType_Record || ct.kind == CXType_Enum
                   ? clang_getCursorSpelling(clang_getTypeDeclaration(ct))
                   : clang_getTypeSpelling(ct);
  int rc = c2h_buf_puts(b, clang_getCString(s));
  clang_disposeString(s);
  return rc ? rc : c2h_buf_append(b, "\n", 1);
}

/* Records which declaration an API call at byte `begin` resolved to (its
 * parameter types), for rules that tell a name's forms apart. */
static int note_api_call(c2h_tu_facts *f, size_t begin, CXCursor decl) {
  int n = clang_Cursor_getNumArguments(decl);
  if (n <= 0) return 0;
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = 0;
  for (int k = 0; k < n && rc == 0; k++) rc = put_type_name(&b, clang_getCursorType(clang_Cursor_getArgument(decl, (unsigned)k)));
  c2h_api_call *grown =
      rc ? NULL : c2h_front_grow_array(f->api_calls, f->n_api_calls, &f->cap_api_calls, sizeof *grown);
  if (grown) f->api_calls = grown;
  else rc = C2H_ERR_NOMEM;
  if (rc) {
    c2h_buf_dispose(&b);
    return C2H_ERR_NOMEM;
  }
  char *params = c2h_buf_detach(&b, NULL);
  if (!params) return C2H_ERR_NOMEM;
  f->api_calls[f->n_api_calls].begin = begin;
  f->api_calls[f->n_api_calls++].params = params;
  return 0;
}

/* Statements with more operators than this are left out of token
 * annotation: clang_annotateTokens takes time quadratic in the depth of
 * the tree under a statement, and a chain `1 + 1 + ... + 1` is as deep as
 * it is long (100,000 terms: minutes). Their tokens keep no AST answer,
 * like those of a macro body. */
#define MAX_ANNOTATED_OPERATORS 4096

static int is_statement_end(CXTranslationUnit tu, CXToken t) {
  if (clang_getTokenKind(t) != CXToken_Punctuation) return 0;
  CXString sp = clang_getTokenSpelling(tu, t);
  const char *s = clang_getCString(sp);
  int end = s && (strcmp(s, ";") == 0 || strcmp(s, "{") == 0 || strcmp(s, "}") == 0);
  clang_disposeString(sp);
  return end;
}

/* clang_annotateTokens over the tokens, but for statements holding more
 * than MAX_ANNOTATED_OPERATORS punctuation tokens, whose cursors are null. */
static void cursors_of_tokens(CXTranslationUnit tu, CXToken *toks, unsigned n, CXCursor *cursors) {
  unsigned from = 0, stmt = 0, ops = 0;
  for (unsigned i = 0; i <= n; i++) {
    int end = i == n || is_statement_end(tu, toks[i]);
    if (!end) {
      ops += clang_getTokenKind(toks[i]) == CXToken_Punctuation;
      continue;
    }
    if (ops > MAX_ANNOTATED_OPERATORS) {
      if (stmt > from) clang_annotateTokens(tu, toks + from, stmt - from, cursors + from);
      for (unsigned k = stmt; k < i; k++) cursors[k] = clang_getNullCursor();
      from = i;
    }
    stmt = i;
    ops = 0;
  }
  if (n > from) clang_annotateTokens(tu, toks + from, n - from, cursors + from);
}

/* Lines and columns of token offsets, in increasing order. Asking libclang
 * for them costs the length of the line before the token, which makes a
 * file of one long line (generated tables) quadratic. Lines end as clang
 * ends them: LF, CR LF or a lone CR; columns count bytes from 1. */
typedef struct line_tracker {
  const char *src;
  size_t len, pos;
  unsigned line;
  size_t line_start;
} line_tracker;

static void line_col_at(line_tracker *lt, size_t offset, unsigned *line, unsigned *col) {
  if (offset < lt->pos) { /* out of order: start again */
    lt->pos = lt->line_start = 0;
    lt->line = 1;
  }
  for (; lt->pos < offset && lt->pos < lt->len; lt->pos++) {
    char c = lt->src[lt->pos];
    if (c == '\n' || (c == '\r' && (lt->pos + 1 >= lt->len || lt->src[lt->pos + 1] != '\n'))) {
      lt->line++;
      lt->line_start = lt->pos + 1;
    }
  }
  *line = lt->line;
  size_t c = offset - lt->line_start + 1;
  *col = c > 0xffffffffu ? 0xffffffffu : (unsigned)c;
}

/* Tokens of #if branches the preprocessor skipped are not code the
 * compiler sees. clang_annotateTokens gives those inside a function body
 * the cursor of the statement around them, as if they were part of it:
 * their context becomes unknown, as for skipped branches at file scope. */
static void mark_skipped(CXTranslationUnit tu, CXFile file, c2h_tu_facts *f) {
  CXSourceRangeList *skipped = clang_getSkippedRanges(tu, file);
  if (!skipped) return;
  size_t i = 0;
  for (unsigned r = 0; r < skipped->count; r++) {
    unsigned b = 0, e = 0;
    clang_getSpellingLocation(clang_getRangeStart(skipped->ranges[r]), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(skipped->ranges[r]), NULL, NULL, NULL, &e);
    while (i > 0 && f->toks[i - 1].begin >= b) i--; /* ranges in any order */
    while (i < f->n_toks && f->toks[i].begin < b) i++;
    for (; i < f->n_toks && f->toks[i].begin < e; i++) f->toks[i].ctx = C2H_CTX_UNKNOWN;
  }
  clang_disposeSourceRangeList(skipped);
}

int c2h_front_annotate_tokens(CXTranslationUnit tu, CXFile main_file, const char *src, size_t len,
                              c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts) {
  int rc = 0;
  CXToken *toks = NULL;
  unsigned n_toks = 0;
  CXCursor *cursors = NULL;
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, main_file, 0),
                                     clang_getLocationForOffset(tu, main_file, (unsigned)len));
  clang_tokenize(tu, all, &toks, &n_toks);
  if (n_toks) {
    cursors = calloc(n_toks, sizeof *cursors);
    facts->toks = calloc(n_toks, sizeof *facts->toks);
    if (!cursors || !facts->toks) goto nomem;
    cursors_of_tokens(tu, toks, n_toks, cursors);
  }
  line_tracker lines = {src, len, 0, 1, 0};
  for (unsigned i = 0; i < n_toks; i++) {
    c2h_token *t = &facts->toks[i];
    CXSourceRange ext = clang_getTokenExtent(tu, toks[i]);
    unsigned b = 0, e = 0;
    clang_getSpellingLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    line_col_at(&lines, b, &t->line, &t->col);
    t->kind = c2h_front_token_kind(clang_getTokenKind(toks[i]));
    t->begin = b;
    t->end = e < b ? b : e;
    t->use = C2H_USE_UNKNOWN;
    enum CXCursorKind ak = clang_getCursorKind(cursors[i]);
    /* Tokens the AST does not cover (inactive branches, macro bodies) keep
     * an unknown context; c2h_front_assign_contexts fills in the others. */
    t->ctx = clang_isInvalid(ak) || ak == CXCursor_MacroDefinition || ak == CXCursor_PreprocessingDirective ||
                     ak == CXCursor_InclusionDirective
                 ? C2H_CTX_UNKNOWN
                 : C2H_CTX_FILE;
    if (t->kind != C2H_TOK_IDENT) continue;
    t->var_bytes = variable_bytes(cursors[i]);
    /* Tells `a<b, c>` (template arguments) from comparisons when splitting
     * argument lists at commas. */
    t->template_name = ak == CXCursor_TemplateRef ||
                       ((ak == CXCursor_DeclRefExpr || ak == CXCursor_OverloadedDeclRef ||
                         ak == CXCursor_CallExpr) &&
                        clang_getCursorKind(clang_getCursorReferenced(cursors[i])) == CXCursor_FunctionTemplate) ||
                       (ak == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(cursors[i]) > 0 &&
                        clang_getCursorKind(clang_getOverloadedDecl(cursors[i], 0)) == CXCursor_FunctionTemplate);
    if (ak == CXCursor_MemberRefExpr) {
      CXCursor field = clang_getCursorReferenced(cursors[i]);
      enum CXCursorKind fk = clang_getCursorKind(field);
      int api = !c2h_front_is_user_location(clang_getCursorLocation(field));
      t->api_member = fk == CXCursor_FieldDecl && api;
      t->api_method = api && (fk == CXCursor_CXXMethod || fk == CXCursor_FunctionTemplate) &&
                      c2h_front_in_cooperative_groups(field);
    }
    /* A kernel passed to an API that takes `const void*` in HIP. */
    if (ak == CXCursor_DeclRefExpr || ak == CXCursor_MemberRefExpr) {
      CXType ty = clang_getCanonicalType(clang_getCursorType(cursors[i]));
      if (ty.kind == CXType_Pointer) {
        enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(ty)).kind;
        t->function_ptr = pk == CXType_FunctionProto || pk == CXType_FunctionNoProto;
        t->object_ptr = !t->function_ptr && pk != CXType_Invalid;
      }
    }
    if (ak == CXCursor_DeclRefExpr) {
      enum CXCursorKind rk = clang_getCursorKind(clang_getCursorReferenced(cursors[i]));
      t->function_ref = rk == CXCursor_FunctionDecl || rk == CXCursor_FunctionTemplate;
    } else if (ak == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(cursors[i]) == 1) {
      /* In a template, `k<T>` with T dependent stays an unresolved lookup;
       * a lookup that found one function template names its specialisation. */
      enum CXCursorKind rk = clang_getCursorKind(clang_getOverloadedDecl(cursors[i], 0));
      t->function_ref = rk == CXCursor_FunctionDecl || rk == CXCursor_FunctionTemplate;
    }
    int interest = filter ? filter(filter_ctx, src + b, t->end - b) : 0;
    if (!interest) continue;
    int declares = 0;
    t->use = classify(cursors[i], clang_getTokenLocation(tu, toks[i]), src + b, t->end - b, &declares);
    t->api_cg = t->use == C2H_USE_API && names_cg_api(cursors[i], src + b, t->end - b);
    if ((interest & C2H_NAME_PARAM_TYPES) && t->use == C2H_USE_API &&
        (ak == CXCursor_DeclRefExpr || ak == CXCursor_CallExpr)) {
      CXCursor decl = clang_getCursorReferenced(cursors[i]);
      if (clang_getCursorKind(decl) == CXCursor_FunctionDecl && note_api_call(facts, b, decl)) goto nomem;
    }
    if (declares &&
        (c2h_strmap_put(&facts->user_names, src + b, t->end - b, 1) ||
         c2h_front_note_overload(&facts->user_overloads, src + b, t->end - b, c2h_front_is_user_overload(cursors[i]))))
      goto nomem;
  }
  facts->n_toks = n_toks;
  mark_skipped(tu, main_file, facts);
  goto done;
nomem:
  rc = C2H_ERR_NOMEM;
done:
  if (toks) clang_disposeTokens(tu, toks, n_toks);
  free(cursors);
  return rc;
}

static int cmp_function(const void *pa, const void *pb) {
  const c2h_function *a = pa, *b = pb;
  if (a->begin != b->begin) return a->begin < b->begin ? -1 : 1;
  return a->end > b->end ? -1 : a->end < b->end; /* outer first */
}

void c2h_front_assign_contexts(c2h_tu_facts *f) {
  size_t stack[64], depth = 0, next = 0;
  if (f->n_functions > 1) qsort(f->functions, f->n_functions, sizeof *f->functions, cmp_function);
  for (size_t i = 0; i < f->n_toks; i++) {
    c2h_token *t = &f->toks[i];
    while (depth && f->functions[stack[depth - 1]].end <= t->begin) depth--;
    while (next < f->n_functions && f->functions[next].begin <= t->begin) {
      if (f->functions[next].end > t->begin && depth < 64) stack[depth++] = next;
      next++;
    }
    if (t->ctx == C2H_CTX_UNKNOWN) continue; /* no AST for it */
    t->ctx = depth ? f->functions[stack[depth - 1]].ctx : C2H_CTX_FILE;
  }
}
