#ifndef C2H_FRONT_INTERNAL_H
#define C2H_FRONT_INTERNAL_H
/* What the files of src/front/ share with each other. Only the .c files of
 * src/front/ include this header: the rest of the project sees front.h,
 * and only front/ knows libclang. Each section names the file that defines
 * it. */
#include <clang-c/Index.h>
#include <stddef.h>

#include "front/front.h"
#include "util/strmap.h"

/* Virtual locations of the shim; they exist only as libclang unsaved files. */
#define SHIM_DIR "/__cu2hip_shim__"
#define SHIM_HEADER SHIM_DIR "/cu2hip_cuda_shim.h"
#define SHIM_INCLUDE_DIR SHIM_DIR "/include"
/* What every parse includes first: the macros of nvcc's implicit
 * cuda_runtime.h, then the shim. */
#define SHIM_IMPLICIT SHIM_DIR "/implicit.h"

/* Precompiled shims a process keeps at most (pch.c). */
#define MAX_PCH_SLOTS 64

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

/* ---- facts.c: the arrays of c2h_tu_facts ----------------------------- */

/* Room for one more of the n items (of `size` bytes) at `items`, whose
 * capacity is *cap: the array, moved if it had to grow; NULL when out of
 * memory (then `items` is unchanged and still owned by the caller). */
void *c2h_front_grow_array(void *items, size_t n, size_t *cap, size_t size);

/* ---- cursors.c: questions every pass asks of libclang ----------------- */

/* One of the shim's virtual files (the shim, implicit.h, a header stub). */
int c2h_front_is_shim_file(CXFile f);
/* User code: a real file that is neither a system header nor the shim. */
int c2h_front_is_user_location(CXSourceLocation loc);
/* Whether a declaration lies in namespace cooperative_groups (at any
 * depth): member functions of its classes differ between CUDA and HIP. */
int c2h_front_in_cooperative_groups(CXCursor c);
/* Whether a declaration in user code only redeclares an API entity the
 * shim declared first (`struct cudaGraphicsResource;` to avoid including
 * the CUDA headers): it names the API's entity, not one of the user's. */
int c2h_front_is_api_redeclaration(CXCursor decl);
c2h_tok_kind c2h_front_token_kind(CXTokenKind k);
/* The byte offset where loc is, after macro expansion. */
size_t c2h_front_expansion_offset(CXSourceLocation loc);
/* Integer types of any width and signedness, the character types included
 * (bool is not one). */
int c2h_front_is_integer_type(CXType t);

/* The first two children of a cursor, and how many it has (up to 2). */
typedef struct c2h_two_children {
  CXCursor c[2];
  unsigned n;
} c2h_two_children;

/* clang_visitChildren visitor filling a c2h_two_children. */
enum CXChildVisitResult c2h_front_first_two(CXCursor c, CXCursor parent, CXClientData data);

/* ---- args.c: the flags of one parse ----------------------------------- */

/* The flags of one parse: prefix, the file's flags, suffix, with the
 * shim's -include turned into -include-pch when a precompiled shim for the
 * file's standard is ready (*pch_slot: its slot, or -1). malloc'd; NULL
 * when out of memory. */
const char **c2h_front_parse_args(c2h_front *fe, const char *const *file_args, size_t n_file_args,
                                  const char *preamble, int *n_out, int *pch_slot);
/* The file's preamble (preamble.h), or NULL. */
char *c2h_front_preamble_for(c2h_front *fe, const char *path, const char *src, size_t len,
                             const char *const *file_args, size_t n_file_args);

/* ---- pch.c: precompiled shims shared by the parsers of a process ------ */

/* The ready precompiled shim for a parse with this standard, these macro
 * flags and this preamble (may be NULL), or NULL; may build it (once per
 * process and flags, after a few parses). The returned path stays valid
 * until fe is freed; *slot_out is its slot (for c2h_front_give_up_pch),
 * or -1. */
const char *c2h_front_precompiled_shim(c2h_front *fe, const char *std, const char *const *macros, size_t n_macros,
                                       const char *preamble, int *slot_out);
/* A parse with the precompiled shim of this slot failed (libclang could not
 * read it: a system header it was made from changed since, say): the rest
 * of the process parses without it, and a cached copy is removed so that
 * the next process makes it again. */
void c2h_front_give_up_pch(int slot_no);
/* fe is freed: the precompiled shims it was the last user of are removed. */
void c2h_front_release_pchs(c2h_front *fe);

/* ---- parse.c: one translation unit, and the passes over it ------------ */

/* Parses the translation unit of main_path (main_src, main_len), on the
 * calling thread, and fills facts for `path` (src, len), one of its files:
 * the file itself when the two are the same, else a file it includes.
 * Returns 1 when the unit never reads `path` (then facts is left empty). */
int c2h_front_parse_unit(c2h_front *fe, const char *main_path, const char *main_src, size_t main_len,
                         const char *path, const char *src, size_t len, const char *const *file_args,
                         size_t n_file_args, c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts,
                         c2h_error *err);

/* ---- diagnostics.c: the parse's problems ------------------------------ */

/* Adds to out the errors of the unit that concern user code (with
 * only_main, those of main_file alone), named after `path` where they are
 * in main_file, and counts them in *n_errors. 0 or C2H_ERR_NOMEM. */
int c2h_front_collect_diagnostics(CXTranslationUnit tu, const c2h_front_options *options, const char *path,
                                  CXFile main_file, int only_main, c2h_name_filter filter, void *ctx,
                                  c2h_diag_list *out, unsigned *n_errors);

/* ---- annotate.c: what the AST says of each token ---------------------- */

/* Tokenizes main_file (its bytes src, len) into facts->toks, each with
 * what the AST says of it, and leaves the tokens of skipped branches
 * without a context. 0 or C2H_ERR_NOMEM. */
int c2h_front_annotate_tokens(CXTranslationUnit tu, CXFile main_file, const char *src, size_t len,
                              c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts);
/* Gives each token the context of the innermost function around it (sorts
 * facts->functions). */
void c2h_front_assign_contexts(c2h_tu_facts *f);

/* ---- user_decls.c: the names user code declares ----------------------- */

/* Whether a user declaration is a C++ function (template) of its own that
 * overloads the API's name rather than clashing with it: valid, and with
 * C++ linkage (a mangled name: C and extern "C" functions cannot
 * overload). */
int c2h_front_is_user_overload(CXCursor c);
/* Records in overloads (c2h_tu_facts.user_overloads) how user code
 * declares the name: an overload keeps 1 unless the name was declared
 * another way before; anything else sets 0. 0 or C2H_ERR_NOMEM. */
int c2h_front_note_overload(c2h_strmap *overloads, const char *n, size_t len, int overload);
/* Adds the names of interest that user files anywhere in the unit declare
 * at file scope to facts->user_names (and user_overloads). 0 or
 * C2H_ERR_NOMEM. */
int c2h_front_collect_user_decls(CXTranslationUnit tu, c2h_name_filter filter, void *filter_ctx,
                                 c2h_tu_facts *facts);

/* ---- ast_facts.c: functions, CUDA variables and calls of the file ----- */

/* A CUdeviceptr offset expression whose value the code uses as a
 * CUdeviceptr: found at its consumer, before the walk reaches the operator
 * whose handle operand starts at leaf. */
typedef struct c2h_device_offset {
  size_t leaf, begin, end;
} c2h_device_offset;

typedef struct c2h_ast_walk {
  CXFile main_file;
  const char *src; /* the main file's text */
  size_t len;
  c2h_tu_facts *facts;
  size_t cap_functions, cap_variables;
  int function; /* index of the function being walked, -1 at file scope */
  int rc;
  c2h_device_offset *offsets;
  size_t n_offsets, cap_offsets;
} c2h_ast_walk;

/* Fills the functions, CUDA variables, integer-handle operations,
 * cooperative-groups shuffles and user min/max templates of facts, and
 * marks the tokens macro expansions made code. 0 or C2H_ERR_NOMEM. */
int c2h_front_collect_ast_facts(CXTranslationUnit tu, CXFile main_file, const char *src, size_t len,
                                c2h_tu_facts *facts);
/* The byte offset of the main file where `loc` is written, when an edit
 * there changes this code alone: code outside macros, or a macro argument
 * (`CHECK(d + n)`); 0 with *ok unset otherwise. A macro's body is written
 * before the use it expands at (in the file or in a header), an argument
 * after the macro's name, which is where the expansion location points. */
size_t c2h_front_spelled_offset(const c2h_ast_walk *w, CXSourceLocation loc, int *ok);
/* The byte range of c when the file spells it (not a macro): 0 if not. */
int c2h_front_spelled_range(const c2h_ast_walk *w, CXCursor c, size_t *begin, size_t *end);

/* ---- handles.c: integer handles that HIP makes pointers --------------- */

/* Records binary operator c when it uses an integer handle as an integer. */
void c2h_front_note_handle_op(c2h_ast_walk *w, CXCursor c);
/* The consumers of a CUdeviceptr value other than assignments: a call
 * argument whose parameter is one, a variable's initialiser, a cast (c, of
 * kind k). An offset of a CUdeviceptr found there is noted before the walk
 * meets its operator, which c2h_front_note_handle_op then rewrites. */
void c2h_front_note_device_consumers(c2h_ast_walk *w, CXCursor c, enum CXCursorKind k);

/* ---- header_consts.c: constants of the unit's other files ------------- */

/* Fills facts->header_consts with the constants user files of the unit
 * other than main_file define. 0 or C2H_ERR_NOMEM. */
int c2h_front_collect_header_consts(CXTranslationUnit tu, CXFile main_file, c2h_tu_facts *facts);

/* ---- inclusions.c: the files the unit read ---------------------------- */

/* Fills facts->reached_headers, user_include_lines and depends.
 * cuda_path: the real toolkit parsed against, or NULL (the shim). 0 or
 * C2H_ERR_NOMEM. */
int c2h_front_collect_inclusions(CXTranslationUnit tu, CXFile main_file, const char *cuda_path,
                                 c2h_tu_facts *facts);
/* Marks the platform of each token of facts (src: main_file's bytes), with
 * the macros the unit's project headers derive from the platform. 0 or
 * C2H_ERR_NOMEM. */
int c2h_front_mark_unit_platforms(CXTranslationUnit tu, CXFile main_file, const char *src, c2h_tu_facts *facts);

#endif
