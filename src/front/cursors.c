/* Small questions about libclang's files, locations, cursors and tokens that
 * several passes over a unit ask: where a declaration comes from (user
 * code, the shim, a system header), what kind a token or a type is. */
#include <string.h>

#include "front/front_internal.h"

int c2h_front_is_shim_file(CXFile f) {
  if (!f) return 0;
  CXString name = clang_getFileName(f);
  const char *s = clang_getCString(name);
  int shim = s && strncmp(s, SHIM_DIR "/", sizeof SHIM_DIR) == 0;
  clang_disposeString(name);
  return shim;
}

int c2h_front_is_user_location(CXSourceLocation loc) {
  CXFile f = NULL;
  clang_getSpellingLocation(loc, &f, NULL, NULL, NULL);
  return f && !c2h_front_is_shim_file(f) && !clang_Location_isInSystemHeader(loc);
}

int c2h_front_in_cooperative_groups(CXCursor c) {
  for (int depth = 0; depth < 8 && !clang_Cursor_isNull(c); depth++) {
    c = clang_getCursorSemanticParent(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isInvalid(k) || k == CXCursor_TranslationUnit) return 0;
    if (k != CXCursor_Namespace) continue;
    CXString name = clang_getCursorSpelling(c);
    int cg = strcmp(clang_getCString(name), "cooperative_groups") == 0;
    clang_disposeString(name);
    if (cg) return 1;
  }
  return 0;
}

int c2h_front_is_api_redeclaration(CXCursor decl) {
  if (clang_isCursorDefinition(decl)) return 0;
  CXCursor first = clang_getCanonicalCursor(decl);
  return !clang_Cursor_isNull(first) && !c2h_front_is_user_location(clang_getCursorLocation(first));
}

c2h_tok_kind c2h_front_token_kind(CXTokenKind k) {
  switch (k) {
    case CXToken_Punctuation: return C2H_TOK_PUNCT;
    case CXToken_Keyword: return C2H_TOK_KEYWORD;
    case CXToken_Identifier: return C2H_TOK_IDENT;
    case CXToken_Literal: return C2H_TOK_LITERAL;
    default: return C2H_TOK_COMMENT;
  }
}

size_t c2h_front_expansion_offset(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

int c2h_front_is_integer_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return (k >= CXType_Char_U && k <= CXType_UInt128) || (k >= CXType_Char_S && k <= CXType_Int128);
}

enum CXChildVisitResult c2h_front_first_two(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  c2h_two_children *t = data;
  if (t->n < 2) t->c[t->n] = c;
  return ++t->n < 2 ? CXChildVisit_Continue : CXChildVisit_Break;
}
