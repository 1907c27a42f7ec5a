/* libclang front end. Parses CUDA in host mode against a built-in shim
 * (virtual files, so nothing is read from a CUDA toolkit), keeps going past
 * errors, and annotates every token with what the AST knows about it. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, close, unlink, kill */
#include "front.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "cu2hip/cu2hip.h"
#include "front/pch_cache.h"
#include "front/platform.h"
#include "front/preamble.h"
#include "util/buf.h"

/* Virtual locations of the shim; they exist only as libclang unsaved files. */
#define SHIM_DIR "/__cu2hip_shim__"
#define SHIM_HEADER SHIM_DIR "/cu2hip_cuda_shim.h"
#define SHIM_INCLUDE_DIR SHIM_DIR "/include"
/* What every parse includes first: the macros of nvcc's implicit
 * cuda_runtime.h, then the shim. */
#define SHIM_IMPLICIT SHIM_DIR "/implicit.h"

/* Parse errors reported per file before the rest are summed up in a note. */
#define MAX_PARSE_DIAGS 10

extern const char c2h_cuda_shim[];
extern const size_t c2h_cuda_shim_len;

/* A precompiled shim, shared by every parser of the process that parses
 * with the same flags (the worker threads of a run): the first to need it
 * builds it; the others wait for it when it comes from the on-disk cache,
 * and parse without it meanwhile otherwise. Precompiled headers
 * only load into parses with the same language options, so files of
 * another -std (from a compile database) get their own, and so do files
 * with other -D/-U flags, which the standard headers may test. */
typedef struct shared_pch {
  char *key;       /* the flags it is built with, joined (owned); NULL: free slot */
  unsigned parses; /* parses with these flags so far */
  int state;       /* 0 not yet, 2 being built, 1 ready, -1 failed: parse without */
  char *path;      /* temporary file, removed when its last user is freed */
  char *cached;    /* the on-disk cache's file path is a link to, or NULL (owned) */
  char *preamble;  /* the standard-header preamble it holds after the shim, or NULL (owned) */
  unsigned users;  /* parsers that may hand it to libclang */
} shared_pch;

#define MAX_PCH_SLOTS 64
/* Slots for precompiled preambles at most (each a few MiB, up to tens): the
 * rest are for the shim alone, one per standard. */
#define MAX_PREAMBLE_SLOTS 48
static pthread_mutex_t g_pch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_pch_built = PTHREAD_COND_INITIALIZER; /* a slot left state 2 */
static shared_pch g_pch[MAX_PCH_SLOTS];

struct c2h_front {
  CXIndex index;
  c2h_front_options options;
  struct CXUnsavedFile *shim_files; /* [0] the shim, [1] implicit.h, then one stub per header */
  size_t n_shim_files;
  char **owned;                     /* stub paths behind shim_files[2..] */
  char **owned_text;                /* texts behind shim_files[1..] */
  char *cuda_path_flag;             /* --cuda-path=..., when a toolkit is used */
  /* A parse's flags: prefix (fixed flags, then the translator's), the
   * file's own flags, then suffix (the shim's, or --cuda-path). */
  const char **prefix;
  int n_prefix;
  const char *suffix[4];
  int n_suffix;
  /* After a few files, the shim (and the system headers it pulls in) is
   * parsed once into a precompiled header that later parses load. */
  unsigned char uses_pch[MAX_PCH_SLOTS]; /* this parser counts among g_pch[i].users */
};

/* Files parsed before the precompiled shim pays for its cost (about two
 * plain parses). */
#define PCH_AFTER_PARSES 2

static const char stub_text[] = "#include \"" SHIM_HEADER "\"\n";
static const char implicit_text[] = "#include \"" SHIM_IMPLICIT "\"\n";

/* prelude (may be NULL) followed by `include`, malloc'd. */
static char *prelude_then(const char *prelude, const char *include) {
  size_t a = prelude ? strlen(prelude) : 0, b = strlen(include);
  char *t = malloc(a + b + 1);
  if (!t) return NULL;
  if (a) memcpy(t, prelude, a);
  memcpy(t + a, include, b + 1);
  return t;
}

void c2h_tu_facts_init(c2h_tu_facts *f) {
  f->toks = NULL;
  f->n_toks = 0;
  f->functions = NULL;
  f->n_functions = 0;
  f->variables = NULL;
  f->n_variables = 0;
  c2h_strmap_init(&f->user_names);
  c2h_strmap_init(&f->user_overloads);
  c2h_strmap_init(&f->reached_headers);
  c2h_diag_list_init(&f->diags);
  f->parse_errors = 0;
  f->user_include_lines = NULL;
  f->n_user_include_lines = 0;
  f->depends = NULL;
  f->n_depends = 0;
  f->parse_cpu_ms = 0;
  f->user_min_template = f->user_max_template = 0;
  f->handle_uses = NULL;
  f->n_handle_uses = f->cap_handle_uses = 0;
  f->api_calls = NULL;
  f->n_api_calls = f->cap_api_calls = 0;
  f->cg_shuffles = NULL;
  f->n_cg_shuffles = f->cap_cg_shuffles = 0;
  c2h_strmap_init(&f->header_const_names);
  f->header_consts = NULL;
  f->n_header_consts = f->cap_header_consts = 0;
}

void c2h_tu_facts_dispose(c2h_tu_facts *f) {
  free(f->toks);
  free(f->functions);
  free(f->variables);
  c2h_strmap_dispose(&f->user_names);
  c2h_strmap_dispose(&f->user_overloads);
  c2h_strmap_dispose(&f->reached_headers);
  c2h_diag_list_dispose(&f->diags);
  free(f->user_include_lines);
  for (size_t i = 0; i < f->n_depends; i++) free(f->depends[i]);
  free(f->depends);
  free(f->handle_uses);
  for (size_t i = 0; i < f->n_api_calls; i++) free(f->api_calls[i].params);
  free(f->api_calls);
  for (size_t i = 0; i < f->n_cg_shuffles; i++) free(f->cg_shuffles[i].type);
  free(f->cg_shuffles);
  c2h_strmap_dispose(&f->header_const_names);
  for (size_t i = 0; i < f->n_header_consts; i++) free(f->header_consts[i].body);
  free(f->header_consts);
  c2h_tu_facts_init(f);
}

const char *c2h_tu_facts_param_type(const c2h_tu_facts *f, size_t begin, unsigned index, size_t *len) {
  size_t lo = 0, hi = f->n_api_calls;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->api_calls[mid].begin < begin) lo = mid + 1;
    else hi = mid;
  }
  if (lo == f->n_api_calls || f->api_calls[lo].begin != begin || index == 0) return NULL;
  const char *p = f->api_calls[lo].params;
  for (unsigned k = 1; k < index; k++) {
    p = strchr(p, '\n');
    if (!p || !*++p) return NULL;
  }
  const char *e = strchr(p, '\n');
  if (!e || e == p) return NULL;
  *len = (size_t)(e - p);
  return p;
}

void c2h_front_free(c2h_front *fe) {
  if (!fe) return;
  if (fe->index) clang_disposeIndex(fe->index);
  for (size_t i = 0; fe->owned && i < fe->n_shim_files; i++) free(fe->owned[i]);
  for (size_t i = 0; fe->owned_text && i < fe->n_shim_files; i++) free(fe->owned_text[i]);
  free(fe->owned);
  free(fe->owned_text);
  free(fe->cuda_path_flag);
  pthread_mutex_lock(&g_pch_lock);
  for (size_t i = 0; i < MAX_PCH_SLOTS; i++) {
    shared_pch *p = &g_pch[i];
    if (!fe->uses_pch[i] || --p->users > 0 || p->state == 2) continue;
    if (p->path) unlink(p->path);
    free(p->path);
    free(p->cached);
    free(p->preamble);
    free(p->key);
    memset(p, 0, sizeof *p);
  }
  pthread_mutex_unlock(&g_pch_lock);
  free(fe->shim_files);
  free(fe->prefix);
  free(fe);
}

int c2h_front_new(c2h_front **out, const c2h_front_options *options, c2h_error *err) {
  static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                                     "--cuda-gpu-arch=sm_70", "-std=c++17",
                                     "-Wno-unknown-cuda-version",
                                     /* The translation drops `register`
                                      * (scan/register.c): not a parse error. */
                                     "-Wno-register"};
  static const char *const shim_args[] = {"-nocudainc", "-include", SHIM_IMPLICIT,
                                          "-I" SHIM_INCLUDE_DIR};
  int rc = 0;
  c2h_front *fe = calloc(1, sizeof *fe);
  if (!fe) return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  fe->options = *options;
  size_t n_base = sizeof base / sizeof *base, n_shim = sizeof shim_args / sizeof *shim_args;
  fe->prefix = calloc(n_base + options->n_clang_args + 1, sizeof *fe->prefix);
  if (!fe->prefix) goto nomem;
  for (size_t i = 0; i < n_base; i++) fe->prefix[fe->n_prefix++] = base[i];
  /* The user's flags come before the shim's -I so their own headers win. */
  for (size_t i = 0; i < options->n_clang_args; i++) fe->prefix[fe->n_prefix++] = options->clang_args[i];
  if (options->cuda_path) {
    fe->cuda_path_flag = malloc(strlen(options->cuda_path) + 16);
    if (!fe->cuda_path_flag) goto nomem;
    strcpy(fe->cuda_path_flag, "--cuda-path=");
    strcat(fe->cuda_path_flag, options->cuda_path);
    fe->suffix[fe->n_suffix++] = fe->cuda_path_flag;
  } else {
    for (size_t i = 0; i < n_shim; i++) fe->suffix[fe->n_suffix++] = shim_args[i];
    size_t n = options->n_cuda_headers + 2;
    fe->shim_files = calloc(n, sizeof *fe->shim_files);
    fe->owned = calloc(n, sizeof *fe->owned);
    fe->owned_text = calloc(n, sizeof *fe->owned_text);
    if (!fe->shim_files || !fe->owned || !fe->owned_text) goto nomem;
    fe->shim_files[0] = (struct CXUnsavedFile){SHIM_HEADER, c2h_cuda_shim, (unsigned long)c2h_cuda_shim_len};
    /* owned[0] and owned[1] stay NULL: their names are static */
    char *implicit = prelude_then(options->implicit_prelude, stub_text);
    if (!implicit) goto nomem;
    fe->owned_text[1] = implicit;
    fe->shim_files[1] = (struct CXUnsavedFile){SHIM_IMPLICIT, implicit, (unsigned long)strlen(implicit)};
    fe->n_shim_files = 2;
    for (size_t i = 0; i < options->n_cuda_headers; i++) {
      const char *prelude = options->cuda_header_preludes ? options->cuda_header_preludes[i] : NULL;
      char *p = malloc(sizeof SHIM_INCLUDE_DIR + 1 + strlen(options->cuda_headers[i]));
      char *text = prelude ? prelude_then(prelude, stub_text) : NULL;
      if (!p || (prelude && !text)) {
        free(p);
        free(text);
        goto nomem;
      }
      strcpy(p, SHIM_INCLUDE_DIR "/");
      strcat(p, options->cuda_headers[i]);
      fe->owned[fe->n_shim_files] = p;
      fe->owned_text[fe->n_shim_files] = text;
      fe->shim_files[fe->n_shim_files++] = text ? (struct CXUnsavedFile){p, text, (unsigned long)strlen(text)}
                                                : (struct CXUnsavedFile){p, stub_text, sizeof stub_text - 1};
    }
  }
  /* Before the first libclang call of the process: see parse_thread. */
  c2h_front_prepare_process();
  /* Only the unit's own declarations are visited (excludeDeclarationsFromPCH):
   * walking the translation unit would otherwise deserialize every
   * declaration of the precompiled shim and standard headers, which cost
   * about as much as the parse itself, to find none of the file's. */
  fe->index = clang_createIndex(1, 0);
  if (!fe->index) {
    rc = c2h_error_set(err, C2H_ERR_INTERNAL, NULL, 0, 0, "libclang could not create an index");
    goto fail;
  }
  *out = fe;
  return 0;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
fail:
  c2h_front_free(fe);
  return rc;
}

/* ---- parsing ------------------------------------------------------------ */

static int is_shim_file(CXFile f) {
  if (!f) return 0;
  CXString name = clang_getFileName(f);
  const char *s = clang_getCString(name);
  int shim = s && strncmp(s, SHIM_DIR "/", sizeof SHIM_DIR) == 0;
  clang_disposeString(name);
  return shim;
}

/* User code: a real file that is neither a system header nor the shim. */
static int is_user_location(CXSourceLocation loc) {
  CXFile f = NULL;
  clang_getSpellingLocation(loc, &f, NULL, NULL, NULL);
  return f && !is_shim_file(f) && !clang_Location_isInSystemHeader(loc);
}

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

/* Whether a declaration lies in namespace cooperative_groups (at any
 * depth): member functions of its classes differ between CUDA and HIP. */
static int in_cooperative_groups(CXCursor c) {
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

/* Whether a declaration in user code only redeclares an API entity the
 * shim declared first (`struct cudaGraphicsResource;` to avoid including
 * the CUDA headers): it names the API's entity, not one of the user's. */
static int is_api_redeclaration(CXCursor decl) {
  if (clang_isCursorDefinition(decl)) return 0;
  CXCursor first = clang_getCanonicalCursor(decl);
  return !clang_Cursor_isNull(first) && !is_user_location(clang_getCursorLocation(first));
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
    *declares = is_user_location(tok_loc);
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
    return is_user_location(clang_getCursorLocation(def)) ? C2H_USE_USER : C2H_USE_API;
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
      int user = is_user_location(tok_loc) && !is_api_redeclaration(cur);
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
      user += is_user_location(clang_getCursorLocation(clang_getOverloadedDecl(cur, j)));
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
  if (is_user_location(clang_getCursorLocation(ref)) && !is_api_redeclaration(ref)) return C2H_USE_USER;
  /* Declared by the shim but defined by the user (the shim declares every
   * API, the real headers only those a file includes): the user's own. */
  CXCursor def = clang_getCursorDefinition(ref);
  if (!clang_Cursor_isNull(def) && is_user_location(clang_getCursorLocation(def))) return C2H_USE_USER;
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
         !is_user_location(clang_getCursorLocation(d)) && in_cooperative_groups(d);
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

/* Whether a user declaration is a C++ function (template) of its own that
 * overloads the API's name rather than clashing with it: valid, and with
 * C++ linkage (a mangled name: C and extern "C" functions cannot
 * overload). */
static int is_user_overload(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) || clang_isInvalidDeclaration(c)) return 0;
  if (k == CXCursor_FunctionTemplate) return 1;
  CXString m = clang_Cursor_getMangling(c);
  const char *name = clang_getCString(m);
  int mangled = name && strncmp(name, "_Z", 2) == 0;
  clang_disposeString(m);
  return mangled;
}

/* Records how user code declares the name: an overload keeps 1 unless the
 * name was declared another way before; anything else sets 0. */
static int note_overload(c2h_strmap *overloads, const char *n, size_t len, int overload) {
  int was = c2h_strmap_get(overloads, n, len);
  if (was == 0) return 0;
  return c2h_strmap_put(overloads, n, len, overload ? 1 : 0);
}

static void add_user_name(user_decl_walk *w, CXCursor c) {
  CXString name = clang_getCursorSpelling(c);
  const char *n = clang_getCString(name);
  size_t len = n ? strlen(n) : 0;
  if (len && w->filter(w->filter_ctx, n, len) &&
      (c2h_strmap_put(w->names, n, len, 1) || note_overload(w->overloads, n, len, is_user_overload(c))))
    w->rc = C2H_ERR_NOMEM;
  clang_disposeString(name);
}

static void add_user_token(user_decl_walk *w, CXTranslationUnit tu, CXToken t) {
  CXString name = clang_getTokenSpelling(tu, t);
  const char *n = clang_getCString(name);
  size_t len = n ? strlen(n) : 0;
  if (len && w->filter(w->filter_ctx, n, len) &&
      (c2h_strmap_put(w->names, n, len, 1) || note_overload(w->overloads, n, len, 0)))
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
    if (t && strncmp(t, "redefinition of '", 17) == 0 && file && is_user_location(loc) &&
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
  if (!is_user_location(clang_getCursorLocation(c))) return CXChildVisit_Continue;
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
      if (!is_api_redeclaration(c)) add_user_name(w, c);
      /* `typedef enum tag {...} name;` whose tag clashes with the shim's:
       * the enum is not among the unit's own declarations (the only ones
       * the index lists), so its names are read off the typedef's tokens. */
      if (defines_enum_body(c)) add_enum_token_names(w, c);
      return CXChildVisit_Continue;
    case CXCursor_VarDecl:
    case CXCursor_FunctionDecl:
    case CXCursor_FunctionTemplate:
      if (!is_api_redeclaration(c)) add_user_name(w, c);
      return CXChildVisit_Continue;
    default: return CXChildVisit_Continue;
  }
}

static c2h_tok_kind token_kind(CXTokenKind k) {
  switch (k) {
    case CXToken_Punctuation: return C2H_TOK_PUNCT;
    case CXToken_Keyword: return C2H_TOK_KEYWORD;
    case CXToken_Identifier: return C2H_TOK_IDENT;
    case CXToken_Literal: return C2H_TOK_LITERAL;
    default: return C2H_TOK_COMMENT;
  }
}

/* The single-quoted name in a clang message ("use of undeclared identifier 'x'"). */
static int quoted_name(const char *msg, const char **name, size_t *len) {
  const char *a = strchr(msg, '\'');
  const char *b = a ? strchr(a + 1, '\'') : NULL;
  if (!b || b == a + 1) return 0;
  *name = a + 1;
  *len = (size_t)(b - a - 1);
  return 1;
}

/* A user declaration that clashes with one of the shim ("redefinition of",
 * "follows non-static declaration"): the shim declares the whole API at
 * once, the real headers only what a file includes. Not the user's error. */
static int conflicts_with_shim(CXDiagnostic d) {
  CXDiagnosticSet notes = clang_getChildDiagnostics(d);
  unsigned n = notes ? clang_getNumDiagnosticsInSet(notes) : 0;
  int shim = 0;
  for (unsigned i = 0; i < n && !shim; i++) {
    CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
    CXFile f = NULL;
    clang_getSpellingLocation(clang_getDiagnosticLocation(note), &f, NULL, NULL, NULL);
    shim = is_shim_file(f);
    clang_disposeDiagnostic(note);
  }
  return shim;
}

/* The same error at the same place, e.g. once per expansion of a macro. */
static int already_reported(const c2h_diag_list *out, unsigned line, unsigned col, const char *msg) {
  size_t n = strlen(msg);
  for (size_t i = 0; i < out->len; i++) {
    const c2h_diag *d = &out->items[i];
    if (d->begin.line == line && d->begin.col == col && strncmp(d->message, msg, n) == 0) return 1;
  }
  return 0;
}

/* Errors about a name the parser cannot see: where a header was not found,
 * they are most likely its names, not mistakes in the code. */
static int names_unknown_name(const char *msg) {
  static const char *const kinds[] = {"use of undeclared identifier", "unknown type name", "no template named",
                                      "no type named",                "no member named",   "expected namespace name",
                                      "unknown class name",
                                      /* x.f<T>() on an x of a type the parse does not know */
                                      "missing 'template' keyword prior to dependent template name", NULL};
  for (size_t i = 0; kinds[i]; i++)
    if (strncmp(msg, kinds[i], strlen(kinds[i])) == 0) return 1;
  return 0;
}

typedef struct empty_stub_search {
  const c2h_front_options *options;
  int found;
} empty_stub_search;

static void find_empty_stub(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  (void)depth;
  empty_stub_search *q = data;
  static const char dir[] = SHIM_INCLUDE_DIR "/";
  CXString name = clang_getFileName(included);
  const char *n = clang_getCString(name);
  if (!q->found && n && strncmp(n, dir, sizeof dir - 1) == 0)
    for (size_t i = 0; i < q->options->n_cuda_headers && !q->found; i++)
      q->found = q->options->cuda_header_empty[i] && strcmp(n + sizeof dir - 1, q->options->cuda_headers[i]) == 0;
  clang_disposeString(name);
}

/* Whether the unit met an #include it could not resolve (in any file), or
 * one of a CUDA header HIP lacks, whose stub declares nothing. */
static int unit_misses_header(CXTranslationUnit tu, const c2h_front_options *options) {
  if (options->cuda_header_empty) {
    empty_stub_search q = {options, 0};
    clang_getInclusions(tu, find_empty_stub, &q);
    if (q.found) return 1;
  }
  unsigned n = clang_getNumDiagnostics(tu);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXString text = clang_getDiagnosticSpelling(d);
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && strstr(clang_getCString(text), "file not found");
    clang_disposeString(text);
    clang_disposeDiagnostic(d);
  }
  return found;
}

/* Keeps the first of a group of errors folded into one note: where, and
 * the error's text. */
typedef struct folded {
  unsigned count;
  c2h_pos at;
  char *where, *first;
} folded;

static int fold(folded *f, const char *where, c2h_pos at, const char *msg) {
  if (f->count++) return 0;
  f->at = at;
  f->where = malloc(strlen(where) + 1);
  f->first = malloc(strlen(msg) + 1);
  if (!f->where || !f->first) return C2H_ERR_NOMEM;
  strcpy(f->where, where);
  strcpy(f->first, msg);
  return 0;
}

static int collect_diagnostics(CXTranslationUnit tu, const c2h_front_options *options, const char *path,
                               CXFile main_file, int only_main,
                               c2h_name_filter filter, void *ctx, c2h_diag_list *out, unsigned *n_errors) {
  unsigned n = clang_getNumDiagnostics(tu), shown = 0;
  int rc = 0;
  folded hidden = {0}, unseen_names = {0};
  const int misses_header = unit_misses_header(tu, options);
  for (unsigned i = 0; i < n && rc == 0; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    CXSourceLocation loc = clang_getDiagnosticLocation(d);
    CXString text = clang_getDiagnosticSpelling(d);
    const char *msg = clang_getCString(text);
    CXFile file = NULL;
    unsigned line = 0, col = 0, off = 0;
    clang_getSpellingLocation(loc, &file, &line, &col, &off);
    const char *name;
    size_t name_len;
    int missing = strstr(msg, "file not found") != NULL;
    /* Only errors in user code matter; an unknown CUDA name is a gap of the
     * shim, not a problem of the code being ported. */
    /* A file parsed in another's unit answers for its own lines only: the
     * rest of the unit is reported by the files it belongs to. */
    int skip = sev < CXDiagnostic_Error || (only_main && !(file && clang_File_isEqual(file, main_file))) ||
               (!missing && !is_user_location(loc)) ||
               (!missing && filter && quoted_name(msg, &name, &name_len) && filter(ctx, name, name_len)) ||
               (!missing && conflicts_with_shim(d)) || already_reported(out, line, col, msg);
    if (!skip) {
      /* A header's problems name it by its real path, so that the same
       * problem met through several includers is one (see project.c). */
      CXString fname = clang_File_tryGetRealPathName(file);
      if (file && !*clang_getCString(fname)) {
        clang_disposeString(fname);
        fname = clang_getFileName(file);
      }
      const char *where = file && !clang_File_isEqual(file, main_file) ? clang_getCString(fname) : path;
      c2h_pos pos = {line, col, off};
      if (missing) {
        rc = c2h_diag_list_add(out, where, pos, pos, C2H_SEV_WARNING, C2H_CHECK_PARSE_MISSING_HEADER, NULL,
                               "%s; translation goes on, but names it declares cannot be checked", msg);
      } else if (++*n_errors, misses_header && names_unknown_name(msg)) {
        rc = fold(&unseen_names, where, pos, msg);
      } else if (shown < MAX_PARSE_DIAGS) {
        shown++;
        rc = c2h_diag_list_add(out, where, pos, pos, C2H_SEV_WARNING, C2H_CHECK_PARSE_ERROR, NULL,
                               "%s (translated anyway)", msg);
      } else {
        rc = fold(&hidden, where, pos, msg);
      }
      clang_disposeString(fname);
    }
    clang_disposeString(text);
    clang_disposeDiagnostic(d);
  }
  if (rc == 0 && unseen_names.count)
    rc = c2h_diag_list_add(out, unseen_names.where, unseen_names.at, unseen_names.at, C2H_SEV_NOTE,
                           C2H_CHECK_PARSE_ERROR, NULL,
                           "%u parse error%s about names the parser cannot see (first: %s), most likely declared "
                           "in a header that was not found (parse-missing-header) or one HIP lacks (api-unsupported); "
                           "translated anyway: make a missing header findable (-I, a compile database) to have "
                           "these names checked",
                           unseen_names.count, unseen_names.count == 1 ? "" : "s", unseen_names.first);
  if (rc == 0 && hidden.count)
    rc = c2h_diag_list_add(out, hidden.where, hidden.at, hidden.at, C2H_SEV_NOTE, C2H_CHECK_PARSE_ERROR, NULL,
                           "%u more parse errors not shown", hidden.count);
  free(hidden.where);
  free(hidden.first);
  free(unseen_names.where);
  free(unseen_names.first);
  return rc;
}

/* ---- AST facts: functions and CUDA variables of the main file ---------- */

/* A CUdeviceptr offset expression whose value the code uses as a
 * CUdeviceptr: found at its consumer, before the walk reaches the operator
 * whose handle operand starts at leaf. */
typedef struct device_offset {
  size_t leaf, begin, end;
} device_offset;

typedef struct ast_walk {
  CXFile main_file;
  const char *src; /* the main file's text */
  size_t len;
  c2h_tu_facts *facts;
  size_t cap_functions, cap_variables;
  int function; /* index of the function being walked, -1 at file scope */
  int rc;
  device_offset *offsets;
  size_t n_offsets, cap_offsets;
} ast_walk;

static size_t spelled_offset(const ast_walk *w, CXSourceLocation loc, int *ok);

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

static size_t expansion_offset(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

static int is_function_kind(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
         k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* A node of the AST that an expansion of one of the file's macros made:
 * the body token it was spelled from is code the compiler sees, although
 * the token annotation of a macro body says nothing about it. */
static void mark_expanded(ast_walk *w, CXSourceLocation loc, unsigned expansion_off) {
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
static void function_name(const ast_walk *w, CXCursor c, c2h_function *fn) {
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
  if (clang_getCursorKind(c) != CXCursor_FunctionTemplate || !is_user_location(clang_getCursorLocation(c)))
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

/* ---- integer handles that HIP makes pointers ---------------------------- */

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

static int is_integer_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return (k >= CXType_Char_U && k <= CXType_UInt128) || (k >= CXType_Char_S && k <= CXType_Int128);
}

typedef struct two_children {
  CXCursor c[2];
  unsigned n;
} two_children;

static enum CXChildVisitResult first_two(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  two_children *t = data;
  if (t->n < 2) t->c[t->n] = c;
  return ++t->n < 2 ? CXChildVisit_Continue : CXChildVisit_Break;
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
    two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, first_two, &kids);
    if (kids.n != 1) break;
    c = kids.c[0];
  }
  return c;
}

/* Room for one more of the n items (of `size` bytes) at `items`, whose
 * capacity is *cap: the array, moved if it had to grow; NULL when out of
 * memory (then `items` is unchanged and still owned by the caller). */
static void *grow_array(void *items, size_t n, size_t *cap, size_t size) {
  if (n < *cap) return items;
  size_t more = *cap ? *cap * 2 : 8;
  void *p = realloc(items, more * size);
  if (p) *cap = more;
  return p;
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
  c2h_api_call *grown = rc ? NULL : grow_array(f->api_calls, f->n_api_calls, &f->cap_api_calls, sizeof *grown);
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

static int is_device_pointer(const char *handle) { return handle && strncmp(handle, "CUdeviceptr", 11) == 0; }

/* c under parentheses and implicit conversions. */
static CXCursor bare_expression(CXCursor c) {
  for (int depth = 0; depth < 16; depth++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) break;
    two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, first_two, &kids);
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
  two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(e, first_two, &kids);
  if (kids.n != 2) return 0;
  for (int side = 0; side < (op == CXBinaryOperator_Sub ? 1 : 2); side++) {
    /* Judged by their types before the conversions the operator adds (the
     * integer operand is converted to CUdeviceptr, and the sum keeps that
     * name). */
    CXCursor h = kids.c[side], other = bare_expression(kids.c[1 - side]);
    CXType ot = clang_getCursorType(other);
    if (!is_integer_type(ot) || integer_handle_of(ot)) continue;
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

/* The byte range of c when the file spells it (not a macro): 0 if not. */
static int spelled_range(const ast_walk *w, CXCursor c, size_t *begin, size_t *end);

/* Expression e is used as a CUdeviceptr: when it is an offset of one, its
 * operator will be rewritten rather than reported (see note_handle_op). */
static void note_device_use(ast_walk *w, CXCursor e) {
  CXCursor leaf;
  size_t b = 0, end = 0, lb = 0, le = 0;
  if (!is_device_offset(e, &leaf, 0) || !spelled_range(w, e, &b, &end) || !spelled_range(w, leaf, &lb, &le)) return;
  device_offset *grown = grow_array(w->offsets, w->n_offsets, &w->cap_offsets, sizeof *grown);
  if (!grown) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  w->offsets = grown;
  w->offsets[w->n_offsets++] = (device_offset){lb, b, end};
}

/* The consumers of a CUdeviceptr value other than assignments: a call
 * argument whose parameter is one, a variable's initialiser, a cast. */
static void note_device_consumers(ast_walk *w, CXCursor c, enum CXCursorKind k) {
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
    two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
    clang_visitChildren(c, first_two, &kids);
    /* The cast's operand is its last child (a type reference may come first). */
    if (kids.n >= 1) note_device_use(w, kids.c[kids.n >= 2 ? 1 : 0]);
  }
}

/* Records binary operator c when it uses an integer handle as an integer. */
static void note_handle_op(ast_walk *w, CXCursor c) {
  enum CXBinaryOperatorKind opk = clang_getCursorBinaryOperatorKind(c);
  const char *op = integer_op(opk);
  if (!op) return;
  two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(c, first_two, &kids);
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
    if (!lhs || integer_handle_of(clang_getCursorType(value)) || !is_integer_type(clang_getCursorType(value)) ||
        is_zero_literal(value))
      return;
    if (is_device_pointer(lhs) && spelled_range(w, kids.c[1], &fix_begin, &fix_end)) fix = C2H_HANDLE_FROM_INT;
  } else if (!type) {
    return;
  } else if ((opk == CXBinaryOperator_AddAssign || opk == CXBinaryOperator_SubAssign) && is_device_pointer(lhs) &&
             is_integer_type(clang_getCursorType(bare_expression(kids.c[1]))) &&
             !integer_handle_of(clang_getCursorType(bare_expression(kids.c[1]))) &&
             clang_getCursorKind(bare_expression(kids.c[0])) == CXCursor_DeclRefExpr &&
             spelled_range(w, kids.c[1], &fix_begin, &fix_end)) {
    fix = C2H_HANDLE_COMPOUND; /* a variable: naming it twice reads it twice, as += does */
  } else if (opk == CXBinaryOperator_Add || opk == CXBinaryOperator_Sub) {
    /* Inside an offset a consumer found: the operator whose operand is the
     * address carries the rewrite; the others of the chain need nothing. */
    size_t ob = 0, oe = 0;
    for (size_t k = 0; spelled_range(w, c, &ob, &oe) && k < w->n_offsets; k++) {
      if (ob < w->offsets[k].begin || oe > w->offsets[k].end) continue;
      for (int side = 0; side < 2 && fix == C2H_HANDLE_REPORT; side++) {
        size_t b = 0, e = 0;
        if (spelled_range(w, kids.c[side], &b, &e) && b == w->offsets[k].leaf &&
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
  c2h_handle_use *grown = grow_array(f->handle_uses, f->n_handle_uses, &f->cap_handle_uses, sizeof *grown);
  if (!grown) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  f->handle_uses = grown;
  c2h_handle_use *u = &f->handle_uses[f->n_handle_uses++];
  u->begin = expansion_offset(clang_getRangeStart(ext));
  u->end = expansion_offset(clang_getRangeEnd(ext));
  /* A rewrite edits the operand where it is written (a macro argument). */
  if (fix != C2H_HANDLE_REPORT && !spelled_range(w, at, &u->begin, &u->end)) fix = C2H_HANDLE_REPORT;
  u->type = type;
  u->op = op;
  u->fix = fix;
  u->fix_begin = fix_begin;
  u->fix_end = fix_end;
}

static int spelled_range(const ast_walk *w, CXCursor c, size_t *begin, size_t *end) {
  CXSourceRange ext = clang_getCursorExtent(c);
  int ok_begin = 0, ok_end = 0;
  *begin = spelled_offset(w, clang_getRangeStart(ext), &ok_begin);
  *end = spelled_offset(w, clang_getRangeEnd(ext), &ok_end);
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

/* The byte offset of the main file where `loc` is written, when an edit
 * there changes this code alone: code outside macros, or a macro argument
 * (`CHECK(d + n)`); 0 with *ok unset otherwise. A macro's body is written
 * before the use it expands at (in the file or in a header), an argument
 * after the macro's name, which is where the expansion location points. */
static size_t spelled_offset(const ast_walk *w, CXSourceLocation loc, int *ok) {
  CXFile file = NULL;
  unsigned off = 0;
  clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
  *ok = file && clang_File_isEqual(file, w->main_file) && off >= expansion_offset(loc);
  return *ok ? off : 0;
}

/* Integer and floating-point types: what HIP's group shuffles take. */
static int is_arithmetic_type(CXType t) {
  return t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin && t.kind != CXType_Void &&
         t.kind != CXType_NullPtr && t.kind != CXType_Overload && t.kind != CXType_Dependent;
}

/* Records call c when it is a cooperative-groups shuffle of a value HIP's
 * shuffles do not take (a vector type, a struct): see c2h_cg_shuffle. */
static void note_cg_shuffle(ast_walk *w, CXCursor c) {
  static const char *const shuffles[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
  CXCursor method = clang_getCursorReferenced(c);
  enum CXCursorKind mk = clang_getCursorKind(method);
  if ((mk != CXCursor_CXXMethod && mk != CXCursor_FunctionTemplate) || clang_Cursor_getNumArguments(c) < 1 ||
      is_user_location(clang_getCursorLocation(method)) || !in_cooperative_groups(method))
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
  two_children kids = {{clang_getNullCursor(), clang_getNullCursor()}, 0};
  clang_visitChildren(c, first_two, &kids);
  if (kids.n < 1) return;
  int ok_object = 0, ok_method = 0;
  size_t object = spelled_offset(w, clang_getRangeStart(clang_getCursorExtent(c)), &ok_object);
  size_t member = spelled_offset(w, clang_getCursorLocation(kids.c[0]), &ok_method);
  if (!ok_object || !ok_method || member <= object) return;
  c2h_tu_facts *f = w->facts;
  c2h_cg_shuffle *grown = grow_array(f->cg_shuffles, f->n_cg_shuffles, &f->cap_cg_shuffles, sizeof *grown);
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
  ast_walk *w = data;
  if (w->rc) return CXChildVisit_Break;
  enum CXCursorKind k = clang_getCursorKind(c);
  /* The location of a binary or conditional operator (and of the unexposed
   * implicit casts around them) is the start of its left operand, found by
   * walking down the tree: a chain `1 + 1 + ... + 1` of n terms would cost
   * n squared. Such nodes declare nothing, their operands are visited
   * anyway (and marked if a macro made them), and they are only reached
   * inside a declaration already found to be the file's. */
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) note_handle_op(w, c);
  if (k == CXCursor_CallExpr || k == CXCursor_VarDecl || k == CXCursor_CStyleCastExpr ||
      k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr)
    note_device_consumers(w, c, k);
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
    c2h_function *grown = grow_array(f->functions, f->n_functions, &w->cap_functions, sizeof *grown);
    if (!grown) return w->rc = C2H_ERR_NOMEM, CXChildVisit_Break;
    f->functions = grown;
    cuda_attrs a = attrs_of(c);
    CXSourceRange ext = clang_getCursorExtent(c);
    c2h_function *fn = &f->functions[f->n_functions];
    fn->begin = expansion_offset(clang_getRangeStart(ext));
    fn->end = expansion_offset(clang_getRangeEnd(ext));
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
      c2h_variable *grown = grow_array(f->variables, f->n_variables, &w->cap_variables, sizeof *grown);
      if (!grown) return w->rc = C2H_ERR_NOMEM, CXChildVisit_Break;
      f->variables = grown;
      CXType t = clang_getCursorType(c);
      CXString name = clang_getCursorSpelling(c);
      c2h_variable *v = &f->variables[f->n_variables++];
      v->name_begin = expansion_offset(clang_getCursorLocation(c));
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

static int cmp_function(const void *pa, const void *pb) {
  const c2h_function *a = pa, *b = pb;
  if (a->begin != b->begin) return a->begin < b->begin ? -1 : 1;
  return a->end > b->end ? -1 : a->end < b->end; /* outer first */
}

/* ---- constants of the unit's other files ---------------------------------- */

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
  c2h_header_const *grown = grow_array(f->header_consts, f->n_header_consts, &f->cap_header_consts, sizeof *grown);
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
  if (!is_integer_type(t) || !clang_isConstQualifiedType(clang_getCanonicalType(t))) return;
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
  if (!file || clang_File_isEqual(file, w->main_file) || !is_user_location(loc)) return CXChildVisit_Continue;
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

const c2h_header_const *c2h_tu_facts_header_const(const c2h_tu_facts *f, const char *name, size_t len) {
  int at = c2h_strmap_get(&f->header_const_names, name, len);
  return at >= 0 && f->header_consts[at].known ? &f->header_consts[at] : NULL;
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

/* Gives each token the context of the innermost function around it. */
static void assign_contexts(c2h_tu_facts *f) {
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

typedef struct inclusion_walk {
  CXTranslationUnit tu;
  CXFile main_file;
  c2h_tu_facts *facts;
  int main_seen; /* the walk has passed the main file's own entry */
  int rc;
  const char *cuda_path; /* the real toolkit parsed against, or NULL (the shim) */
} inclusion_walk;

/* The header name (as #included) of a file of the real toolkit's include
 * folder, or NULL: such a file is reached as the shim's stub would be. */
static const char *toolkit_header(const inclusion_walk *w, const char *s) {
  size_t n = w->cuda_path ? strlen(w->cuda_path) : 0;
  if (!n || strncmp(s, w->cuda_path, n) != 0) return NULL;
  s += n;
  while (*s == '/') s++;
  if (strncmp(s, "include/", 8) != 0) return NULL;
  return s + 8;
}

/* Whether the main file is on an include stack (the file was read because
 * the main file, directly or not, includes it). */
static int included_by_main(const inclusion_walk *w, CXSourceLocation *stack, unsigned depth) {
  for (unsigned k = 0; k < depth; k++) {
    CXFile from = NULL;
    clang_getSpellingLocation(stack[k], &from, NULL, NULL, NULL);
    if (from && clang_File_isEqual(from, w->main_file)) return 1;
  }
  return 0;
}

/* Records each CUDA header stub the translation unit reached, and each
 * user header it read (a dependency for incremental runs). Files are met
 * in the order they were entered; for a file parsed in another's unit, a
 * file read after it and not through it cannot change how it parses, and
 * is no dependency. */
static void inclusion_visit(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  inclusion_walk *w = data;
  CXString name = clang_getFileName(file);
  const char *s = clang_getCString(name);
  static const char prefix[] = SHIM_INCLUDE_DIR "/";
  const char *toolkit = s ? toolkit_header(w, s) : NULL;
  if (s && (strncmp(s, prefix, sizeof prefix - 1) == 0 || toolkit)) {
    const char *h = toolkit ? toolkit : s + sizeof prefix - 1;
    if (c2h_strmap_put(&w->facts->reached_headers, h, strlen(h), 1)) w->rc = C2H_ERR_NOMEM;
  } else if (s && clang_File_isEqual(file, w->main_file)) {
    w->main_seen = 1;
  } else if (s && !is_shim_file(file) && (!w->main_seen || included_by_main(w, stack, depth)) &&
             !clang_Location_isInSystemHeader(clang_getLocationForOffset(w->tu, file, 0))) {
    /* Included by the file itself: the #include names a file of the project
     * (even one called like a CUDA header). */
    CXFile from = NULL;
    unsigned line = 0;
    if (depth >= 1) clang_getSpellingLocation(stack[0], &from, &line, NULL, NULL);
    if (from && clang_File_isEqual(from, w->main_file)) {
      unsigned *grown = realloc(w->facts->user_include_lines, (w->facts->n_user_include_lines + 1) * sizeof *grown);
      if (!grown) w->rc = C2H_ERR_NOMEM;
      else (w->facts->user_include_lines = grown)[w->facts->n_user_include_lines++] = line;
    }
    CXString real = clang_File_tryGetRealPathName(file);
    const char *r = clang_getCString(real);
    if (!r || !*r) r = s;
    char *copy = malloc(strlen(r) + 1);
    char **grown = realloc(w->facts->depends, (w->facts->n_depends + 1) * sizeof *grown);
    if (grown) w->facts->depends = grown;
    if (!copy || !grown) {
      free(copy);
      w->rc = C2H_ERR_NOMEM;
    } else {
      w->facts->depends[w->facts->n_depends++] = strcpy(copy, r);
    }
    clang_disposeString(real);
  }
  clang_disposeString(name);
}

/* ---- macros the project's headers derive from the platform ------------ */

typedef struct platform_header_walk {
  CXTranslationUnit tu;
  CXFile main_file;
  c2h_platform_macros *macros;
  int rc;
} platform_header_walk;

static int has_bytes(const char *hay, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (hay[i] == needle[0] && memcmp(hay + i, needle, k) == 0) return 1;
  return 0;
}

/* A project header that may define macros in platform branches (it names
 * HIP or ROCm and defines something): its directives are read, so that
 * `#if !PROJ_HIP` in the file means what `#ifndef __HIP_PLATFORM_AMD__`
 * does. */
static void platform_header_visit(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  (void)depth;
  platform_header_walk *w = data;
  size_t len = 0;
  if (w->rc || clang_File_isEqual(file, w->main_file) || is_shim_file(file) ||
      clang_Location_isInSystemHeader(clang_getLocationForOffset(w->tu, file, 0)))
    return;
  const char *bytes = clang_getFileContents(w->tu, file, &len);
  if (!bytes || !len || len > 0x7fffffffu || !has_bytes(bytes, len, "define") ||
      !(has_bytes(bytes, len, "HIP") || has_bytes(bytes, len, "ROCM")))
    return;
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(w->tu, clang_getRange(clang_getLocationForOffset(w->tu, file, 0),
                                       clang_getLocationForOffset(w->tu, file, (unsigned)len)),
                 &toks, &n);
  c2h_token *ct = n ? calloc(n, sizeof *ct) : NULL;
  if (n && !ct) w->rc = C2H_ERR_NOMEM;
  for (unsigned i = 0; i < n && ct; i++) {
    CXSourceRange ext = clang_getTokenExtent(w->tu, toks[i]);
    unsigned b = 0, e = 0;
    clang_getSpellingLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    ct[i].kind = token_kind(clang_getTokenKind(toks[i]));
    ct[i].begin = b;
    ct[i].end = e < b ? b : e;
  }
  if (ct) c2h_platform_macros_collect(w->macros, ct, n, bytes);
  free(ct);
  if (toks) clang_disposeTokens(w->tu, toks, n);
}

/* The -std= flag a parse with these file flags uses (the last one wins). */
static const char *effective_std(const c2h_front *fe, const char *const *file_args, size_t n_file_args) {
  const char *std = NULL;
  for (int i = 0; i < fe->n_prefix; i++)
    if (strncmp(fe->prefix[i], "-std=", 5) == 0) std = fe->prefix[i];
  for (size_t i = 0; i < n_file_args; i++)
    if (strncmp(file_args[i], "-std=", 5) == 0) std = file_args[i];
  return std ? std : "";
}

/* The file's flags that define or undefine macros (-DX, -D X, -UX, -U X),
 * in their order, a shim's parse is built with too. A standard header in a
 * preamble (or the shim) may test them, and a macro given on the command
 * line but absent from a precompiled header does not stop libclang from
 * loading it: a preamble made without them would be used as if it had been
 * read with them. Returns how many of file_args they are, copied to out
 * (room for n_file_args). */
static size_t macro_flags(const char *const *file_args, size_t n_file_args, const char **out) {
  size_t n = 0;
  for (size_t i = 0; i < n_file_args; i++) {
    const char *a = file_args[i];
    if (a[0] != '-' || (a[1] != 'D' && a[1] != 'U')) continue;
    out[n++] = a;
    if (!a[2] && i + 1 < n_file_args) out[n++] = file_args[++i];
  }
  return n;
}

/* The flags a precompiled shim for this parse is built with: the fixed
 * ones, the translator's, the file's standard and macro flags, the shim's. */
static const char **pch_build_args(const c2h_front *fe, const char *std, const char *const *macros, size_t n_macros,
                                   int *n_out) {
  const char **args = calloc((size_t)(fe->n_prefix + fe->n_suffix + 2) + n_macros, sizeof *args);
  int n = 0;
  if (!args) return NULL;
  for (int i = 0; i < fe->n_prefix; i++) args[n++] = fe->prefix[i];
  if (*std) args[n++] = std;
  for (size_t i = 0; i < n_macros; i++) args[n++] = macros[i];
  for (int i = 0; i < fe->n_suffix; i++) {
    if (strcmp(fe->suffix[i], "-include") == 0 && i + 1 < fe->n_suffix) {
      i++; /* the shim is the header being precompiled */
      continue;
    }
    args[n++] = fe->suffix[i];
  }
  *n_out = n;
  return args;
}

static char *join_args(const char *const *args, int n) {
  size_t len = 1;
  for (int i = 0; i < n; i++) len += strlen(args[i]) + 1;
  char *key = malloc(len);
  if (!key) return NULL;
  key[0] = '\0';
  for (int i = 0; i < n; i++) strcat(strcat(key, args[i]), "\n");
  return key;
}

/* Precompiled shims are named after the process that made them, so that
 * the files of a process that was killed can be told from those in use. */
#define PCH_PREFIX "cu2hip-shim-"

/* Removes the precompiled shims that processes no longer running left
 * behind (a run killed with SIGKILL cannot clean up after itself). */
static void remove_stale_pchs(const char *tmpdir) {
  DIR *d = opendir(tmpdir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strncmp(e->d_name, PCH_PREFIX, sizeof PCH_PREFIX - 1) != 0) continue;
    char *end = NULL;
    long pid = strtol(e->d_name + sizeof PCH_PREFIX - 1, &end, 10);
    if (pid <= 0 || !end || *end != '-' || (kill((pid_t)pid, 0) != 0 && errno == ESRCH) == 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
    unlink(path);
  }
  closedir(d);
}

/* Parses the shim (then the preamble's includes, when there is one) with
 * args and saves it as a precompiled header at path (an existing file,
 * overwritten); 1 on success. Function bodies are skipped (clang keeps
 * those of constexpr functions and of functions whose return type is
 * deduced): declarations are all a translation needs from them, and a
 * precompiled header with bodies costs each parse that loads it about
 * 30 ms more. */
static int save_pch(c2h_front *fe, const char *const *args, int n, const char *preamble, const char *path) {
  static const char pch_main[] = "/__cu2hip_shim__/pch_main.cu";
  CXTranslationUnit tu = NULL;
  int ok = 0;
  size_t main_len = sizeof implicit_text - 1 + (preamble ? strlen(preamble) : 0);
  char *main_text = malloc(main_len + 1);
  struct CXUnsavedFile *files = malloc((fe->n_shim_files + 1) * sizeof *files);
  if (!files || !main_text) {
    free(files);
    free(main_text);
    return 0;
  }
  strcpy(main_text, implicit_text);
  if (preamble) strcat(main_text, preamble);
  files[0] = (struct CXUnsavedFile){pch_main, main_text, (unsigned long)main_len};
  memcpy(files + 1, fe->shim_files, fe->n_shim_files * sizeof *files);
  enum CXErrorCode ec = clang_parseTranslationUnit2(fe->index, pch_main, args, n, files,
                                                    (unsigned)fe->n_shim_files + 1,
                                                    CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization |
                                                        CXTranslationUnit_DetailedPreprocessingRecord |
                                                        CXTranslationUnit_SkipFunctionBodies,
                                                    &tu);
  free(files);
  free(main_text);
  if (ec == CXError_Success && tu && clang_getNumDiagnostics(tu) == 0)
    ok = clang_saveTranslationUnit(tu, path, clang_defaultSaveOptions(tu)) == CXSaveError_None;
  if (tu) clang_disposeTranslationUnit(tu);
  return ok;
}

/* A precompiled shim in a temporary file of this process; returns the file
 * (malloc'd) or NULL on any failure. */
static char *build_pch(c2h_front *fe, const char *const *args, int n, const char *preamble) {
  const char *tmpdir = getenv("TMPDIR");
  int fd = -1;
  if (!tmpdir || !*tmpdir) tmpdir = "/tmp";
  remove_stale_pchs(tmpdir);
  size_t plen = strlen(tmpdir) + 48;
  char *path = malloc(plen);
  if (!path) return NULL;
  snprintf(path, plen, "%s/" PCH_PREFIX "%ld-XXXXXX", tmpdir, (long)getpid());
  if ((fd = mkstemp(path)) < 0) {
    free(path);
    return NULL;
  }
  close(fd);
  if (!save_pch(fe, args, n, preamble, path)) {
    unlink(path);
    free(path);
    return NULL;
  }
  return path;
}

/* Whether path holds an AST file libclang can load (a cache file may be
 * truncated or damaged: such a file is rebuilt, never used). */
static int loads(c2h_front *fe, const char *path) {
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_createTranslationUnit2(fe->index, path, &tu);
  if (tu) clang_disposeTranslationUnit(tu);
  return ec == CXError_Success && tu != NULL;
}

/* What a cached precompiled shim depends on, besides the flags: the tool,
 * the parser, and the text of every virtual file of the shim (the shim, the
 * implicit prelude and the header stubs, which the rule table shapes). */
static char *persistent_key(const c2h_front *fe, const char *flags) {
  CXString clang = clang_getClangVersion();
  XXH3_state_t *st = XXH3_createState();
  unsigned long long h = 0;
  if (st && XXH3_64bits_reset(st) == XXH_OK) {
    for (size_t f = 0; f < fe->n_shim_files; f++) {
      const struct CXUnsavedFile *u = &fe->shim_files[f];
      /* Each name and text ends with its NUL, so the parts cannot run together. */
      XXH3_64bits_update(st, u->Filename, strlen(u->Filename) + 1);
      XXH3_64bits_update(st, u->Contents, u->Length);
      XXH3_64bits_update(st, "", 1);
    }
    h = XXH3_64bits_digest(st);
  }
  XXH3_freeState(st);
  const char *cv = clang_getCString(clang);
  size_t n = strlen(flags) + strlen(cv ? cv : "") + 128;
  char *key = st ? malloc(n) : NULL;
  if (key)
    snprintf(key, n, "cu2hip %s pch 3\n%s\nshim %zu %016llx\n%s", C2H_VERSION_STRING, cv ? cv : "", fe->n_shim_files, h,
             flags);
  clang_disposeString(clang);
  return key;
}

/* The precompiled shim for these flags from the on-disk cache, made there
 * first when missing or damaged; a private link to it (malloc'd), or NULL
 * when the cache cannot be used. */
static char *cached_pch(c2h_front *fe, const char *const *args, int n, const char *preamble, const char *flags,
                        char **cached) {
  const char *dir = fe->options.parse_cache_dir;
  char *key = persistent_key(fe, flags);
  char *final = key ? c2h_pch_cache_path(dir, key) : NULL;
  char *mine = NULL, *tmp = NULL;
  free(key);
  if (!final) return NULL;
  if ((mine = c2h_disk_cache_link(final)) && loads(fe, mine)) goto done;
  if (mine) { /* damaged: made again below */
    unlink(mine);
    free(mine);
    mine = NULL;
  }
  if (!(tmp = c2h_disk_cache_temp(dir, final))) goto done;
  if (!save_pch(fe, args, n, preamble, tmp) || c2h_pch_cache_commit(dir, tmp, final) != 0) {
    unlink(tmp);
    goto done;
  }
  mine = c2h_disk_cache_link(final);
done:
  free(tmp);
  if (mine) *cached = final;
  else free(final);
  return mine;
}

/* The ready precompiled shim for a parse with this standard, or NULL; may
 * build it (once per process and flags, after PCH_AFTER_PARSES parses).
 * The returned path stays valid until fe is freed; *slot_out is its slot
 * (for give_up_pch), or -1. */
static const char *precompiled_shim(c2h_front *fe, const char *std, const char *const *macros, size_t n_macros,
                                    const char *preamble, int *slot_out) {
  int n = 0;
  const char **args = pch_build_args(fe, std, macros, n_macros, &n);
  char *flags = args ? join_args(args, n) : NULL;
  char *key = NULL;
  const char *ready = NULL;
  shared_pch *slot = NULL;
  int build = 0;
  if (!flags) goto done;
  /* The key: the flags, then the preamble's text. */
  if (!(key = malloc(strlen(flags) + (preamble ? strlen(preamble) + 16 : 0) + 1))) goto done;
  strcpy(key, flags);
  if (preamble) strcat(strcat(key, "#preamble\n"), preamble);
  pthread_mutex_lock(&g_pch_lock);
  size_t n_preambles = 0;
  for (size_t i = 0; i < MAX_PCH_SLOTS; i++) {
    if (g_pch[i].key && !slot && strcmp(g_pch[i].key, key) == 0) slot = &g_pch[i];
    n_preambles += g_pch[i].key && g_pch[i].preamble;
  }
  for (size_t i = 0; i < MAX_PCH_SLOTS && !slot && (!preamble || n_preambles < MAX_PREAMBLE_SLOTS); i++)
    if (!g_pch[i].key) {
      slot = &g_pch[i];
      slot->key = key;
      key = NULL;
      if (preamble && !(slot->preamble = malloc(strlen(preamble) + 1))) slot->state = -1;
      else if (preamble) strcpy(slot->preamble, preamble);
    }
  if (slot) {
    size_t at = (size_t)(slot - g_pch);
    if (!fe->uses_pch[at]) {
      fe->uses_pch[at] = 1;
      slot->users++;
    }
    /* With the on-disk cache, from the first parse: it is built once for
     * every later process too, and usually is there already. */
    unsigned after = fe->options.parse_cache_dir ? 0 : slot->preamble ? 1 : PCH_AFTER_PARSES;
    if (slot->state == 0 && ++slot->parses > after) {
      slot->state = 2;
      build = 1;
    }
    /* With the on-disk cache, another worker building it is usually only
     * linking and checking the cached file (milliseconds): waiting for it
     * costs far less than parsing the shim and the standard headers again.
     * (Made afresh, it takes about as long as that parse would.) */
    while (!build && slot->state == 2 && fe->options.parse_cache_dir) pthread_cond_wait(&g_pch_built, &g_pch_lock);
    if (slot->state == 1) ready = slot->path;
  }
  pthread_mutex_unlock(&g_pch_lock);
  if (build) {
    /* Built outside the lock: the other parsers go on without it. */
    char *cached = NULL;
    char *path =
        fe->options.parse_cache_dir ? cached_pch(fe, args, n, slot->preamble, slot->key, &cached) : NULL;
    if (!path) path = build_pch(fe, args, n, slot->preamble);
    pthread_mutex_lock(&g_pch_lock);
    slot->path = path;
    slot->cached = cached;
    slot->state = path ? 1 : -1;
    ready = path;
    pthread_cond_broadcast(&g_pch_built);
    pthread_mutex_unlock(&g_pch_lock);
  }
done:
  *slot_out = ready ? (int)(slot - g_pch) : -1;
  free(key);
  free(flags);
  free(args);
  return ready;
}

/* A parse with the precompiled shim of this slot failed (libclang could not
 * read it: a system header it was made from changed since, say): the rest
 * of the process parses without it, and a cached copy is removed so that
 * the next process makes it again. */
static void give_up_pch(int slot_no) {
  pthread_mutex_lock(&g_pch_lock);
  shared_pch *slot = &g_pch[slot_no];
  slot->state = -1;
  if (slot->cached) unlink(slot->cached);
  pthread_mutex_unlock(&g_pch_lock);
}

/* A -I/-isystem flag naming a CUDA toolkit's include folder (one holding
 * cuda_runtime_api.h), as compile databases made on CUDA machines have:
 * parsing with the shim, the toolkit's headers would clash with it. */
static int names_cuda_include_dir(const char *const *args, size_t n, size_t i, size_t *used) {
  static const char *const flags[] = {"-isystem", "-I", "-idirafter", NULL};
  *used = 1;
  for (int f = 0; flags[f]; f++) {
    size_t len = strlen(flags[f]);
    if (strncmp(args[i], flags[f], len) != 0) continue;
    const char *dir = args[i] + len;
    if (!*dir) {
      if (i + 1 >= n) return 0;
      dir = args[i + 1];
      *used = 2;
    }
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/cuda_runtime_api.h", dir);
    return access(probe, F_OK) == 0;
  }
  return 0;
}

/* The flags of one parse: prefix, the file's flags, suffix, with the
 * shim's -include turned into -include-pch when a precompiled shim for the
 * file's standard is ready. */
static const char **parse_args(c2h_front *fe, const char *const *file_args, size_t n_file_args,
                               const char *preamble, int *n_out, int *pch_slot) {
  *pch_slot = -1;
  const char *pch = NULL;
  if (!fe->options.cuda_path) {
    /* The file's shared preamble when it is ready, else the shim alone. */
    const char *std = effective_std(fe, file_args, n_file_args);
    const char **macros = n_file_args ? malloc(n_file_args * sizeof *macros) : NULL;
    if (n_file_args && !macros) return NULL;
    size_t n_macros = macro_flags(file_args, n_file_args, macros);
    if (preamble) pch = precompiled_shim(fe, std, macros, n_macros, preamble, pch_slot);
    if (!pch) pch = precompiled_shim(fe, std, macros, n_macros, NULL, pch_slot);
    free(macros);
  }
  const char **args = calloc((size_t)fe->n_prefix + n_file_args + (size_t)fe->n_suffix + 1, sizeof *args);
  int n = 0;
  if (!args) return NULL;
  for (int i = 0; i < fe->n_prefix; i++) args[n++] = fe->prefix[i];
  for (size_t i = 0; i < n_file_args; i++) {
    size_t used = 1;
    if (!fe->options.cuda_path && names_cuda_include_dir(file_args, n_file_args, i, &used)) {
      i += used - 1;
      continue;
    }
    args[n++] = file_args[i];
  }
  for (int i = 0; i < fe->n_suffix; i++) {
    if (pch && strcmp(fe->suffix[i], "-include") == 0 && i + 1 < fe->n_suffix) {
      args[n++] = "-include-pch";
      args[n++] = pch;
      i++;
      continue;
    }
    args[n++] = fe->suffix[i];
  }
  *n_out = n;
  return args;
}

/* #include lines naming something that is not a regular file (a device
 * such as /dev/zero or /dev/stdin, a FIFO): libclang would read it to its
 * end, which never comes. Each one (absolute, or beside the file for quoted
 * names) is handed to the parser as an empty file instead. */
#define MAX_SPECIAL_INCLUDES 16
static size_t special_includes(const char *path, const char *src, size_t len, char **out) {
  size_t n = 0;
  const char *slash = strrchr(path, '/');
  for (size_t i = 0; i < len && n < MAX_SPECIAL_INCLUDES; i++) {
    if (src[i] != '#' || (i > 0 && src[i - 1] != '\n' && src[i - 1] != ' ' && src[i - 1] != '\t')) continue;
    size_t p = i + 1;
    while (p < len && (src[p] == ' ' || src[p] == '\t')) p++;
    if (p + 7 > len || memcmp(src + p, "include", 7) != 0) continue;
    p += 7;
    while (p < len && (src[p] == ' ' || src[p] == '\t' || src[p] == '_' || (src[p] >= 'a' && src[p] <= 'z'))) p++;
    if (p >= len || (src[p] != '"' && src[p] != '<')) continue;
    char close = src[p] == '"' ? '"' : '>';
    size_t b = ++p;
    while (p < len && src[p] != close && src[p] != '\n') p++;
    if (p >= len || src[p] != close || p == b || p - b > 1024) continue;
    char name[1100], candidate[4096];
    memcpy(name, src + b, p - b);
    name[p - b] = '\0';
    if (name[0] == '/') snprintf(candidate, sizeof candidate, "%s", name);
    else if (close == '"') snprintf(candidate, sizeof candidate, "%.*s%s", slash ? (int)(slash - path + 1) : 0, path, name);
    else continue;
    struct stat st;
    if (stat(candidate, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) continue;
    char *copy = malloc(strlen(candidate) + 1);
    if (copy) out[n++] = strcpy(copy, candidate);
  }
  return n;
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
static void annotate_tokens(CXTranslationUnit tu, CXToken *toks, unsigned n, CXCursor *cursors) {
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

/* Whether name is one of the CUDA headers the shim has a stub for. */
static int stub_header(void *ctx, const char *name, size_t len) {
  const c2h_front *fe = ctx;
  for (size_t i = 0; i < fe->options.n_cuda_headers; i++)
    if (strlen(fe->options.cuda_headers[i]) == len && memcmp(fe->options.cuda_headers[i], name, len) == 0) return 1;
  return 0;
}

/* What the preamble scan (preamble.h) needs of one parse's flags: the
 * folders project headers are looked up in, the macros the flags set, and
 * whether they force an include before the file (then the file's first
 * headers are not read first, and there is no preamble). */
typedef struct preamble_flags {
  const c2h_front *fe;
  const char **quote_dirs, **dirs, **macros;
  size_t n_quote_dirs, n_dirs, n_macros;
  int forced_include;
} preamble_flags;

/* The value of flag `name` at args[i] ("-Ifoo" or "-I foo"), or NULL;
 * *used: how many arguments it takes. */
static const char *flag_value(const char *const *args, size_t n, size_t i, const char *name, size_t *used) {
  size_t len = strlen(name);
  *used = 1;
  if (strncmp(args[i], name, len) != 0) return NULL;
  if (args[i][len]) return args[i] + len;
  if (i + 1 >= n) return NULL;
  *used = 2;
  return args[i + 1];
}

static int read_preamble_flags(preamble_flags *pf, const char *const *file_args, size_t n_file_args) {
  const c2h_front_options *o = &pf->fe->options;
  size_t total = o->n_clang_args + n_file_args;
  pf->quote_dirs = calloc(total + 1, sizeof *pf->quote_dirs);
  pf->dirs = calloc(total + 1, sizeof *pf->dirs);
  pf->macros = calloc(total + 1, sizeof *pf->macros);
  if (!pf->quote_dirs || !pf->dirs || !pf->macros) return C2H_ERR_NOMEM;
  for (int list = 0; list < 2; list++) {
    const char *const *args = list ? file_args : o->clang_args;
    size_t n = list ? n_file_args : o->n_clang_args;
    for (size_t i = 0; i < n; i++) {
      size_t used = 1;
      const char *v;
      if (list && names_cuda_include_dir(args, n, i, &used)) { /* left out of the parse */
      } else if (strcmp(args[i], "-include") == 0 || strcmp(args[i], "-imacros") == 0 ||
                 strncmp(args[i], "--include", 9) == 0 || strncmp(args[i], "-include=", 9) == 0) {
        pf->forced_include = 1;
      } else if ((v = flag_value(args, n, i, "-iquote", &used))) {
        pf->quote_dirs[pf->n_quote_dirs++] = v;
      } else if ((v = flag_value(args, n, i, "-I", &used))) {
        pf->dirs[pf->n_dirs++] = v;
      } else if ((v = flag_value(args, n, i, "-D", &used)) || (v = flag_value(args, n, i, "-U", &used))) {
        pf->macros[pf->n_macros++] = v;
      }
      i += used - 1;
    }
  }
  return 0;
}

static void free_preamble_flags(preamble_flags *pf) {
  free(pf->quote_dirs);
  free(pf->dirs);
  free(pf->macros);
}

/* Whether name occurs as a whole identifier in text. */
static int has_word(const char *text, size_t len, const char *name, size_t n) {
  for (const char *p = text, *end = text + len; (size_t)(end - p) >= n;) {
    const char *hit = memchr(p, name[0], (size_t)(end - p) - n + 1);
    if (!hit) return 0;
    if (memcmp(hit, name, n) == 0 && (hit == text || !(hit[-1] == '_' || isalnum((unsigned char)hit[-1]))) &&
        (hit + n == end || !(hit[n] == '_' || isalnum((unsigned char)hit[n]))))
      return 1;
    p = hit + 1;
  }
  return 0;
}

/* A macro that a flag sets, or that any text of the shim names (the shim
 * and the stubs are parsed before the file). */
static int preamble_maybe_defined(void *ctx, const char *name, size_t n) {
  const preamble_flags *pf = ctx;
  for (size_t i = 0; i < pf->n_macros; i++)
    if (strncmp(pf->macros[i], name, n) == 0 && (pf->macros[i][n] == '\0' || pf->macros[i][n] == '=')) return 1;
  for (size_t i = 0; i < pf->fe->n_shim_files; i++)
    if (has_word(pf->fe->shim_files[i].Contents, pf->fe->shim_files[i].Length, name, n)) return 1;
  return 0;
}

static int preamble_is_cuda(void *ctx, const char *name, size_t len) {
  return stub_header((void *)((const preamble_flags *)ctx)->fe, name, len);
}

/* The file's preamble (preamble.h), or NULL. */
static char *preamble_for(c2h_front *fe, const char *path, const char *src, size_t len, const char *const *file_args,
                          size_t n_file_args) {
  preamble_flags pf = {fe, NULL, NULL, NULL, 0, 0, 0, 0};
  char *text = NULL;
  if (read_preamble_flags(&pf, file_args, n_file_args) == 0 && !pf.forced_include) {
    c2h_preamble_search search = {preamble_is_cuda,
                                  preamble_maybe_defined,
                                  &pf,
                                  pf.quote_dirs,
                                  pf.n_quote_dirs,
                                  pf.dirs,
                                  pf.n_dirs};
    text = c2h_preamble_of(path, src, len, &search);
  }
  free_preamble_flags(&pf);
  return text;
}

/* Parses the translation unit of main_path (main_src, main_len), on the
 * calling thread, and fills facts for `path` (src, len), one of its files:
 * the file itself when the two are the same, else a file it includes.
 * Returns 1 when the unit never reads `path` (then facts is left empty). */
static int parse_unit(c2h_front *fe, const char *main_path, const char *main_src, size_t main_len, const char *path,
                      const char *src, size_t len, const char *const *file_args, size_t n_file_args,
                      c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts, c2h_error *err) {
  int rc = 0, n_args = 0;
  const char **args = NULL;
  CXTranslationUnit tu = NULL;
  CXToken *toks = NULL;
  unsigned n_toks = 0;
  CXCursor *cursors = NULL;
  char *special[MAX_SPECIAL_INCLUDES];
  const int included = main_path != path;
  size_t n_special = special_includes(main_path, main_src, main_len, special);
  struct CXUnsavedFile *files = malloc((fe->n_shim_files + 1 + n_special) * sizeof *files);
  if (!files) {
    for (size_t i = 0; i < n_special; i++) free(special[i]);
    return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  }
  /* A name starting with '-' would read as a flag to libclang. */
  char *dashed = main_path[0] == '-' ? malloc(strlen(main_path) + 3) : NULL;
  if (dashed) strcat(strcpy(dashed, "./"), main_path);
  const char *parse_path = dashed ? dashed : main_path;
  files[0] = (struct CXUnsavedFile){parse_path, main_src, (unsigned long)main_len};
  unsigned n_files = 1;
  if (!fe->options.cuda_path && fe->n_shim_files) {
    memcpy(files + 1, fe->shim_files, fe->n_shim_files * sizeof *files);
    n_files += (unsigned)fe->n_shim_files;
  }
  for (size_t i = 0; i < n_special; i++) files[n_files++] = (struct CXUnsavedFile){special[i], "", 0};

  int pch_slot = -1;
  char *preamble =
      fe->options.cuda_path ? NULL : preamble_for(fe, main_path, main_src, main_len, file_args, n_file_args);
  const unsigned parse_flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing |
                               CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
  enum CXErrorCode ec = CXError_Failure;
  /* A parse that fails with a precompiled header (one made from headers
   * that changed since, say) is made again without it: first without the
   * preamble, then without the shim's. */
  for (int attempt = 0; attempt < 3; attempt++) {
    free(args);
    if (!(args = parse_args(fe, file_args, n_file_args, preamble, &n_args, &pch_slot))) {
      free(files);
      free(dashed);
      free(preamble);
      for (size_t i = 0; i < n_special; i++) free(special[i]);
      return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    }
    ec = clang_parseTranslationUnit2(fe->index, parse_path, args, n_args, files, n_files, parse_flags, &tu);
    if (ec == CXError_Success || ec == CXError_Crashed || pch_slot < 0) break;
    give_up_pch(pch_slot);
  }
  if (ec == CXError_Crashed) {
    /* libclang caught a crash of its own (crash recovery) and gave up on
     * this file; the process and the other files are fine. */
    rc = c2h_error_set(err, C2H_ERR_CRASH, path, 0, 0, "the parser (libclang) crashed while reading the file");
    goto done;
  }
  if (ec != CXError_Success || !tu) {
    rc = c2h_error_set(err, C2H_ERR_PARSE, path, 0, 0, "the parser could not process the file (libclang error %d)",
                       (int)ec);
    goto done;
  }
  /* With an includer, "main_file" is the included file whose facts are
   * wanted: what follows reads its tokens in the includer's context. */
  CXFile main_file = clang_getFile(tu, included ? path : parse_path);
  if (!main_file && included) {
    rc = 1; /* never included (an inactive branch, say) */
    goto done;
  }
  if (!main_file) {
    rc = c2h_error_set(err, C2H_ERR_PARSE, path, 0, 0, "the parser lost track of the file");
    goto done;
  }
  if (included) {
    size_t file_len = 0;
    const char *bytes = clang_getFileContents(tu, main_file, &file_len);
    if (!bytes || file_len != len || memcmp(bytes, src, len) != 0) {
      rc = 1; /* the file changed under us: parse it on its own */
      goto done;
    }
  }
  if ((rc = collect_diagnostics(tu, &fe->options, path, main_file, included, filter, filter_ctx, &facts->diags, &facts->parse_errors))) goto nomem;

  CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, main_file, 0),
                                     clang_getLocationForOffset(tu, main_file, (unsigned)len));
  clang_tokenize(tu, all, &toks, &n_toks);
  if (n_toks) {
    cursors = calloc(n_toks, sizeof *cursors);
    facts->toks = calloc(n_toks, sizeof *facts->toks);
    if (!cursors || !facts->toks) goto nomem;
    annotate_tokens(tu, toks, n_toks, cursors);
  }
  line_tracker lines = {src, len, 0, 1, 0};
  for (unsigned i = 0; i < n_toks; i++) {
    c2h_token *t = &facts->toks[i];
    CXSourceRange ext = clang_getTokenExtent(tu, toks[i]);
    unsigned b = 0, e = 0;
    clang_getSpellingLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    line_col_at(&lines, b, &t->line, &t->col);
    t->kind = token_kind(clang_getTokenKind(toks[i]));
    t->begin = b;
    t->end = e < b ? b : e;
    t->use = C2H_USE_UNKNOWN;
    enum CXCursorKind ak = clang_getCursorKind(cursors[i]);
    /* Tokens the AST does not cover (inactive branches, macro bodies) keep
     * an unknown context; assign_contexts fills in the others. */
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
      int api = !is_user_location(clang_getCursorLocation(field));
      t->api_member = fk == CXCursor_FieldDecl && api;
      t->api_method = api && (fk == CXCursor_CXXMethod || fk == CXCursor_FunctionTemplate) &&
                      in_cooperative_groups(field);
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
    if (declares && (c2h_strmap_put(&facts->user_names, src + b, t->end - b, 1) ||
                     note_overload(&facts->user_overloads, src + b, t->end - b, is_user_overload(cursors[i]))))
      goto nomem;
  }
  facts->n_toks = n_toks;
  mark_skipped(tu, main_file, facts);
  header_const_walk hc = {main_file, facts, 0, NULL, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), header_const_visit, &hc);
  if (hc.rc) goto nomem;
  if (filter) {
    user_decl_walk uw = {filter, filter_ctx, &facts->user_names, 0, &facts->user_overloads};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), user_decl_visit, &uw);
    add_redefined_enums(&uw, tu);
    if (uw.rc) goto nomem;
  }
  ast_walk walk = {main_file, src, len, facts, 0, 0, -1, 0, NULL, 0, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), ast_visit, &walk);
  free(walk.offsets);
  clang_visitChildren(clang_getTranslationUnitCursor(tu), minmax_template_visit, facts);
  if (walk.rc) goto nomem;
  assign_contexts(facts);
  inclusion_walk inc = {tu, main_file, facts, 0, 0, fe->options.cuda_path};
  clang_getInclusions(tu, inclusion_visit, &inc);
  if (inc.rc) goto nomem;
  platform_header_walk ph = {tu, main_file, c2h_platform_macros_new(), 0};
  if (ph.macros) clang_getInclusions(tu, platform_header_visit, &ph);
  int platform_failed = !ph.macros || ph.rc;
  c2h_front_mark_platforms(facts, src, ph.macros);
  c2h_platform_macros_free(ph.macros);
  if (platform_failed) goto nomem;
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
done:
  if (toks) clang_disposeTokens(tu, toks, n_toks);
  free(cursors);
  if (tu) clang_disposeTranslationUnit(tu);
  free(files);
  free(args);
  free(dashed);
  free(preamble);
  for (size_t i = 0; i < n_special; i++) free(special[i]);
  return rc;
}

/* ---- the parsing thread ------------------------------------------------- */

/* clang recurses once per level of a nested or chained construct: the
 * left-leaning tree of `1 + 1 + ... + 1` is as deep as the chain is long,
 * and 100,000 terms overflow the 8 MiB stack libclang parses on, which
 * kills the process (its crash recovery cannot catch a stack overflow: its
 * signal handler has no alternate stack to run on). So libclang is told to
 * parse on the calling thread (LIBCLANG_NOTHREADS, read at each call), and
 * every parse, the AST walk included, runs on a thread of ours with this
 * much stack. Only the pages a parse touches are ever committed. */
#define C2H_PARSE_STACK ((size_t)256 << 20)

static pthread_once_t g_nothreads_once = PTHREAD_ONCE_INIT;
static void set_nothreads(void) { setenv("LIBCLANG_NOTHREADS", "1", 1); }

typedef struct parse_call {
  c2h_front *fe;
  const char *main_path, *main_src;
  size_t main_len;
  const char *path, *src;
  size_t len;
  const char *const *file_args;
  size_t n_file_args;
  c2h_name_filter filter;
  void *filter_ctx;
  c2h_tu_facts *facts;
  c2h_error *err;
  int rc;
} parse_call;

static void *parse_thread(void *arg) {
  parse_call *c = arg;
  c->rc = parse_unit(c->fe, c->main_path, c->main_src, c->main_len, c->path, c->src, c->len, c->file_args,
                     c->n_file_args, c->filter, c->filter_ctx, c->facts, c->err);
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    c->facts->parse_cpu_ms = (unsigned long long)ts.tv_sec * 1000u + (unsigned long long)ts.tv_nsec / 1000000u;
  return NULL;
}

void c2h_front_prepare_process(void) { pthread_once(&g_nothreads_once, set_nothreads); }

/* parse_unit on a thread with C2H_PARSE_STACK of stack. */
static int parse_on_big_stack(parse_call *call) {
  const char *path = call->path;
  c2h_error *err = call->err;
  pthread_attr_t attr;
  pthread_t thread;
  c2h_front_prepare_process();
  if (pthread_attr_init(&attr) != 0)
    return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "cannot start the parsing thread");
  int started = pthread_attr_setstacksize(&attr, C2H_PARSE_STACK) == 0 &&
                pthread_create(&thread, &attr, parse_thread, call) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "cannot start the parsing thread");
  pthread_join(thread, NULL);
  return call->rc;
}

int c2h_front_parse(c2h_front *fe, const char *path, const char *src, size_t len,
                    const char *const *file_args, size_t n_file_args, c2h_name_filter filter,
                    void *filter_ctx, c2h_tu_facts *facts, c2h_error *err) {
  parse_call call = {fe, path, src, len, path, src, len, file_args, n_file_args, filter, filter_ctx, facts, err, 0};
  return parse_on_big_stack(&call);
}

int c2h_front_parse_included(c2h_front *fe, const char *includer, const char *includer_src, size_t includer_len,
                             const char *path, const char *src, size_t len, const char *const *file_args,
                             size_t n_file_args, c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts,
                             c2h_error *err) {
  parse_call call = {fe,        includer,    includer_src, includer_len, path, src, len, file_args,
                     n_file_args, filter,    filter_ctx,   facts,        err,  0};
  return parse_on_big_stack(&call);
}
