/* c2h_tu_facts.user_names and user_overloads: the names of interest that
 * user code declares at file scope, from the AST and, where the parser
 * dropped a declaration that clashes with the shim's, from its tokens. */
#include <ctype.h>
#include <string.h>

#include "front/front_internal.h"

/* Names of interest that a user file anywhere in the unit declares at file
 * scope: a header of the project that stands in for a CUDA header (declares
 * the driver's enums, handle structs and entry points itself, to load the
 * driver by hand) makes them the user's own in every file that includes it.
 * Where such a declaration clashes with the shim's, the parser resolves the
 * uses to the shim's, so the tokens alone would call them API uses. */
typedef struct user_decl_walk {
  c2h_name_filter filter;
  void *filter_ctx;
  c2h_strmap *names;
  int rc;
  c2h_strmap *overloads; /* c2h_tu_facts.user_overloads */
} user_decl_walk;

int c2h_front_is_user_overload(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) || clang_isInvalidDeclaration(c)) return 0;
  if (k == CXCursor_FunctionTemplate) return 1;
  CXString m = clang_Cursor_getMangling(c);
  const char *name = clang_getCString(m);
  int mangled = name && strncmp(name, "_Z", 2) == 0;
  clang_disposeString(m);
  return mangled;
}

int c2h_front_note_overload(c2h_strmap *overloads, const char *n, size_t len, int overload) {
  int was = c2h_strmap_get(overloads, n, len);
  if (was == 0) return 0;
  return c2h_strmap_put(overloads, n, len, overload ? 1 : 0);
}

static void add_user_name(user_decl_walk *w, CXCursor c) {
  CXString name = clang_getCursorSpelling(c);
  const char *n = clang_getCString(name);
  size_t len = n ? strlen(n) : 0;
  if (len && w->filter(w->filter_ctx, n, len) &&
      (c2h_strmap_put(w->names, n, len, 1) ||
       c2h_front_note_overload(w->overloads, n, len, c2h_front_is_user_overload(c))))
    w->rc = C2H_ERR_NOMEM;
  clang_disposeString(name);
}

static void add_user_token(user_decl_walk *w, CXTranslationUnit tu, CXToken t) {
  CXString name = clang_getTokenSpelling(tu, t);
  const char *n = clang_getCString(name);
  size_t len = n ? strlen(n) : 0;
  if (len && w->filter(w->filter_ctx, n, len) &&
      (c2h_strmap_put(w->names, n, len, 1) || c2h_front_note_overload(w->overloads, n, len, 0)))
    w->rc = C2H_ERR_NOMEM;
  clang_disposeString(name);
}

/* The name and enumerators of an enum, read off its tokens: the parser
 * drops a redefinition of the shim's enum (name and body) and enumerators
 * that clash with the shim's from the AST. An enumerator is the first identifier at the top level of the body after
 * `{`, after `,`, or after a preprocessor line (`#else` before a second
 * spelling of the list). */
static void read_enum_tokens(user_decl_walk *w, CXTranslationUnit tu, CXFile file, unsigned begin, unsigned end,
                             int tag_first);

static void add_enum_token_names(user_decl_walk *w, CXCursor c) {
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
  /* A definition's extent holds its body; a dropped body lies beyond the
   * extent: read on from its start, as far as a body may reach. */
  CXFile file = NULL;
  unsigned begin = 0, end = 0;
  size_t file_len = 0;
  CXSourceRange ext = clang_getCursorExtent(c);
  clang_getSpellingLocation(clang_getRangeStart(ext), &file, NULL, NULL, &begin);
  clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &end);
  if (!file || !clang_getFileContents(tu, file, &file_len) || begin >= file_len) return;
  if (!clang_isCursorDefinition(c) || end <= begin || end > file_len)
    end = file_len - begin > 65536 ? begin + 65536 : (unsigned)file_len;
  read_enum_tokens(w, tu, file, begin, end, 0);
}

/* The tag and enumerators of an enum whose tokens start at `begin` (at its
 * tag name when tag_first is set). */
static void read_enum_tokens(user_decl_walk *w, CXTranslationUnit tu, CXFile file, unsigned begin, unsigned end,
                             int tag_first) {
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(tu,
                 clang_getRange(clang_getLocationForOffset(tu, file, begin), clang_getLocationForOffset(tu, file, end)),
                 &toks, &n);
  int depth = 0, expect = 0, after_enum = tag_first;
  unsigned prev_line = 0, directive_line = 0;
  for (unsigned i = 0; i < n && !w->rc; i++) {
    unsigned line = 0;
    clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]), NULL, &line, NULL, NULL);
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    const char *txt = clang_getCString(sp);
    CXTokenKind kind = clang_getTokenKind(toks[i]);
    if (kind == CXToken_Comment) {
      clang_disposeString(sp);
      continue;
    }
    int first_on_line = i == 0 || line != prev_line;
    prev_line = line;
    if (first_on_line && strcmp(txt, "#") == 0) {
      directive_line = line;
      if (depth == 1) expect = 1;
    } else if (line == directive_line) {
      /* the rest of a directive */
    } else if (kind == CXToken_Identifier && after_enum && depth == 0) {
      add_user_token(w, tu, toks[i]);
    } else if (strcmp(txt, "{") == 0 || strcmp(txt, "(") == 0) {
      if (++depth == 1) expect = 1;
    } else if (strcmp(txt, "}") == 0 || strcmp(txt, ")") == 0) {
      if (--depth == 0) i = n; /* the end of the body */
    } else if (depth == 0 && strcmp(txt, ";") == 0) {
      i = n; /* a declaration without a body */
    } else if (depth == 1 && strcmp(txt, ",") == 0) {
      expect = 1;
    } else if (depth == 1 && expect && kind == CXToken_Identifier) {
      add_user_token(w, tu, toks[i]);
      expect = 0;
    } else if (depth == 1) {
      expect = 0;
    }
    after_enum = kind == CXToken_Keyword && strcmp(txt, "enum") == 0;
    clang_disposeString(sp);
  }
  if (toks) clang_disposeTokens(tu, toks, n);
}

/* Whether a typedef's own tokens define an enum: `typedef enum t {...} n;`,
 * not `typedef enum t n;` (read off the tokens: a redefinition of the
 * shim's enum leaves the typedef with another type). */
static int defines_enum_body(CXCursor c) {
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
  CXToken *toks = NULL;
  unsigned n = 0;
  int found = 0;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  for (unsigned i = 0; i < n && !found; i++) {
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    const char *t = clang_getCString(sp);
    if (!t || strcmp(t, ";") == 0 || (i == 1 && strcmp(t, "enum") != 0)) i = n;
    else found = strcmp(t, "{") == 0;
    clang_disposeString(sp);
  }
  if (toks) clang_disposeTokens(tu, toks, n);
  return found;
}

/* Enums of user files whose tag clashes with the shim's: the parser
 * reports "redefinition of 'tag'" at the tag and keeps the enum out of the
 * unit's own declarations, so the walk below never meets it. */
static void add_redefined_enums(user_decl_walk *w, CXTranslationUnit tu) {
  unsigned nd = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < nd && !w->rc; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXSourceLocation loc = clang_getDiagnosticLocation(d);
    CXString text = clang_getDiagnosticSpelling(d);
    const char *t = clang_getCString(text);
    CXFile file = NULL;
    unsigned off = 0;
    size_t len = 0;
    clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
    if (t && strncmp(t, "redefinition of '", 17) == 0 && file && c2h_front_is_user_location(loc) &&
        clang_getFileContents(tu, file, &len) && off < len) {
      /* Only an enum: the token before the tag is `enum`. */
      const char *src = clang_getFileContents(tu, file, &len);
      unsigned b = off;
      while (b > 0 && (src[b - 1] == ' ' || src[b - 1] == '\t' || src[b - 1] == '\n' || src[b - 1] == '\r')) b--;
      if (b >= 4 && memcmp(src + b - 4, "enum", 4) == 0 && (b == 4 || !isalnum((unsigned char)src[b - 5])))
        read_enum_tokens(w, tu, file, off, len - off > 65536 ? off + 65536 : (unsigned)len, 1);
    }
    clang_disposeString(text);
    clang_disposeDiagnostic(d);
  }
}

static enum CXChildVisitResult user_decl_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  user_decl_walk *w = data;
  if (w->rc) return CXChildVisit_Break;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (!c2h_front_is_user_location(clang_getCursorLocation(c))) return CXChildVisit_Continue;
  switch (k) {
    case CXCursor_LinkageSpec: return CXChildVisit_Recurse;
    case CXCursor_EnumDecl:
      /* An unscoped enum's enumerators are file-scope names too. */
      if (clang_isCursorDefinition(c)) add_user_name(w, c);
      if (clang_EnumDecl_isScoped(c)) return CXChildVisit_Continue;
      /* Enumerators that clash with the shim's are dropped from the AST
       * (and so is the body of a redefined enum): read the tokens. */
      add_enum_token_names(w, c);
      return CXChildVisit_Recurse;
    case CXCursor_EnumConstantDecl: add_user_name(w, c); return CXChildVisit_Continue;
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_ClassDecl:
      if (clang_isCursorDefinition(c)) add_user_name(w, c);
      return CXChildVisit_Continue;
    case CXCursor_TypedefDecl:
      /* A prototype or typedef that repeats the API's is not the user's. */
      if (!c2h_front_is_api_redeclaration(c)) add_user_name(w, c);
      /* `typedef enum tag {...} name;` whose tag clashes with the shim's:
       * the enum is not among the unit's own declarations (the only ones
       * the index lists), so its names are read off the typedef's tokens. */
      if (defines_enum_body(c)) add_enum_token_names(w, c);
      return CXChildVisit_Continue;
    case CXCursor_VarDecl:
    case CXCursor_FunctionDecl:
    case CXCursor_FunctionTemplate:
      if (!c2h_front_is_api_redeclaration(c)) add_user_name(w, c);
      return CXChildVisit_Continue;
    default: return CXChildVisit_Continue;
  }
}

int c2h_front_collect_user_decls(CXTranslationUnit tu, c2h_name_filter filter, void *filter_ctx,
                                 c2h_tu_facts *facts) {
  user_decl_walk uw = {filter, filter_ctx, &facts->user_names, 0, &facts->user_overloads};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), user_decl_visit, &uw);
  add_redefined_enums(&uw, tu);
  return uw.rc;
}
