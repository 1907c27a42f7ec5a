#ifndef C2H_BUILDFILES_PRIV_H
#define C2H_BUILDFILES_PRIV_H
/* Shared machinery of the build-script translators: the edit context,
 * diagnostics at byte offsets, word splitting, the nvcc flag and library
 * tables, CUDA install paths and renamed files. */
#include <stddef.h>

#include "cu2hip/buildfiles.h"
#include "edit/edit.h"

/* An index of a context's edits for the overlap test, so that a script of
 * many edits costs n log n, not n squared: the replacements (disjoint)
 * sorted by begin, the inserts sorted by offset (with the edit they are).
 * `synced` is the number of edits it holds; edits added or withdrawn behind
 * its back (c2h_edit_add, c2h_edit_remove) make it rebuild itself. */
typedef struct c2h_bf_index {
  size_t *rep_b, *rep_e;
  size_t n_rep, cap_rep;
  size_t *ins, *ins_edit;
  size_t n_ins, cap_ins;
  size_t synced;
} c2h_bf_index;

typedef struct c2h_bf_ctx {
  const char *path;
  const char *src;
  size_t len;
  const char *arch;                 /* offload architecture, e.g. "gfx942" */
  const c2h_buildfile_options *opt; /* never NULL */
  const char *nl;                   /* "\r\n" when the file uses CRLF, else "\n" */
  c2h_edit_list edits;
  c2h_diag_list *diags;
  size_t *line_starts; /* offsets of line starts, for positions */
  size_t n_lines;
  c2h_bf_index index;   /* of edits; freed by c2h_bf_ctx_dispose_index */
  unsigned long long deadline_ms; /* thread CPU time after which the translation stops; 0: none */
  int expired;                    /* the deadline passed: the result is thrown away */
} c2h_bf_ctx;

void c2h_bf_ctx_dispose_index(c2h_bf_ctx *ctx);
/* Whether an edit of ctx already touches [b, e) (c2h_edit_overlaps). */
int c2h_bf_overlaps(c2h_bf_ctx *ctx, size_t b, size_t e);
/* Adds an edit with no test (c2h_edit_add), keeping the index. */
int c2h_bf_edit_add(c2h_bf_ctx *ctx, size_t b, size_t e, const char *text, size_t len);
/* Whether the translation is past its deadline (sets ctx->expired). Cheap:
 * call it once per command, line or statement. */
int c2h_bf_expired(c2h_bf_ctx *ctx);

/* A range of bytes [b, e) of ctx->src. */
typedef struct c2h_bf_word {
  size_t b, e;
  int nvcc; /* known to go to nvcc (inside $<$<COMPILE_LANGUAGE:CUDA>:...>) */
} c2h_bf_word;

typedef struct c2h_bf_words {
  c2h_bf_word *items;
  size_t len, cap;
} c2h_bf_words;

void c2h_bf_words_init(c2h_bf_words *w);
void c2h_bf_words_dispose(c2h_bf_words *w);
int c2h_bf_words_push(c2h_bf_words *w, size_t b, size_t e);

/* Adds an edit unless one already touches the range (then nothing happens).
 * Returns 0 or C2H_ERR_NOMEM. */
int c2h_bf_edit(c2h_bf_ctx *ctx, size_t b, size_t e, const char *text);
/* Deletes word [b, e) with the blanks before it (or, at the start of a run,
 * after it); `extra_blank` lists separators counted as blanks besides ' '
 * and '\t' (";" for CMake lists), may be "". */
int c2h_bf_delete_word(c2h_bf_ctx *ctx, size_t b, size_t e, size_t lo, size_t hi,
                       const char *extra_blank);
/* A diagnostic of check build-script on [b, e). replacement may be NULL. */
int c2h_bf_diag(c2h_bf_ctx *ctx, size_t b, size_t e, c2h_severity sev, const char *replacement,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Whether src[b, e) equals s (case-sensitive / ASCII case-insensitive). */
int c2h_bf_eq(const c2h_bf_ctx *ctx, size_t b, size_t e, const char *s);
int c2h_bf_ieq(const c2h_bf_ctx *ctx, size_t b, size_t e, const char *s);
int c2h_bf_is_ident_char(int c);
/* Whether the n bytes at s hold the text w (s need not end in NUL). */
int c2h_bf_contains(const char *s, size_t n, const char *w);

/* nvcc command-line flags in words[0..n) (all from one command or one
 * flags variable): arch flags become one --offload-arch=ARCH (*arch_done
 * tracks whether it was emitted), nvcc-only flags are mapped, dropped with a
 * note or reported. `strict` (or a word's own `nvcc`) enables the flags
 * that are nvcc-only only when the words are known to go to nvcc (-G, -dc,
 * -keep, -t, ...). `blank` as in c2h_bf_delete_word; [lo, hi) bounds the
 * deletions. */
int c2h_bf_map_nvcc_flags(c2h_bf_ctx *ctx, const c2h_bf_word *w, size_t n, int strict,
                          int *arch_done, size_t lo, size_t hi, const char *blank);

/* The HIP replacement of a CUDA library named as in -l<name> (e.g. "cublas"
 * -> "hipblas"), NULL if unknown, "" if the library has no HIP counterpart
 * (then *why explains); the ROCm-native library (e.g. "curand" -> "rocrand")
 * where opt selects it. */
const char *c2h_bf_hip_lib(const c2h_buildfile_options *opt, const char *cuda, size_t n, const char **why);

/* The advice for an NVIDIA tool (cuobjdump, nvdisasm, nvprof, ...) named by
 * word[0..n) (a command, maybe with a folder or a Make prefix such as '@'
 * or '$('), or NULL when the word is no such tool. *tool gets its name. */
const char *c2h_bf_nvidia_tool(const char *word, size_t n, const char **tool);

/* Rewrites references to CUDA install paths (/usr/local/cuda[-X.Y], /opt/cuda,
 * $(CUDA_PATH)-style variables) inside src[b, e) to ROCm ones. `make` picks
 * the variable syntax of Makefiles. */
int c2h_bf_map_cuda_paths(c2h_bf_ctx *ctx, size_t b, size_t e, int make);
/* Whether name[0..n) is a variable that holds the CUDA install path. */
int c2h_bf_is_cuda_path_var(const char *name, size_t n);

/* Rewrites renamed source files referred to inside src[b, e), and the
 * suffixes of patterns (%.cu, *.cu, .cu=) when every renamed file of that
 * suffix got the same new suffix. */
int c2h_bf_map_renames(c2h_bf_ctx *ctx, size_t b, size_t e);

/* Offset of the end of the line holding offset `at` (the '\r' of a CRLF or
 * the '\n', or len). */
size_t c2h_bf_line_end(const c2h_bf_ctx *ctx, size_t at);
/* The blanks that start the line holding offset `at`: [*b, *e). */
void c2h_bf_line_indent(const c2h_bf_ctx *ctx, size_t at, size_t *b, size_t *e);

int c2h_bf_translate_cmake(c2h_bf_ctx *ctx);
int c2h_bf_translate_make(c2h_bf_ctx *ctx);

/* ---- CMake's command syntax ------------------------------------------- */

typedef enum c2h_cmake_arg_kind {
  C2H_CMAKE_ARG_UNQUOTED,
  C2H_CMAKE_ARG_QUOTED,  /* "..." */
  C2H_CMAKE_ARG_BRACKET  /* [[...]], [=[...]=] */
} c2h_cmake_arg_kind;

typedef struct c2h_cmake_arg {
  c2h_cmake_arg_kind kind;
  size_t b, e;   /* the whole argument, quotes or brackets included */
  size_t cb, ce; /* its content */
  unsigned depth; /* nesting inside ( ) in the argument list, 0 at top */
} c2h_cmake_arg;

typedef struct c2h_cmake_cmd {
  size_t name_b, name_e; /* the command name */
  size_t open, close;    /* offsets of '(' and ')' */
  size_t first_arg, n_args; /* into c2h_cmake_file.args */
} c2h_cmake_cmd;

typedef struct c2h_cmake_file {
  c2h_cmake_cmd *cmds;
  size_t n_cmds, cap_cmds;
  c2h_cmake_arg *args;
  size_t n_args, cap_args;
  /* When the text could not be parsed to its end: the offset where the
   * problem starts and a description; the commands before it are valid. */
  int bad;
  size_t bad_at;
  const char *bad_what;
} c2h_cmake_file;

/* Splits src into commands and arguments (comments and blanks skipped).
 * Returns 0 or C2H_ERR_NOMEM; a syntax error sets f->bad. Dispose f with
 * c2h_cmake_file_dispose. */
int c2h_cmake_parse(const char *src, size_t len, c2h_cmake_file *f);
void c2h_cmake_file_dispose(c2h_cmake_file *f);

/* ---- Make: logical lines and words ------------------------------------ */

typedef struct c2h_make_line {
  size_t b, e;       /* the logical line, continuations included, no newline */
  size_t text_e;     /* end of the part before a comment */
  int recipe;        /* starts with a tab */
} c2h_make_line;

/* Splits src[b, e) into shell-like words: runs of non-blanks, with quoted
 * parts kept whole and unbalanced trailing ')' / '}' left out. Backslash-
 * newline counts as a blank. */
int c2h_make_words(const char *src, size_t b, size_t e, c2h_bf_words *out);

/* ---- Python: tokens and logical lines (python.c) ---------------------- */

typedef enum c2h_py_tok_kind {
  C2H_PY_NAME,
  C2H_PY_NUMBER,
  C2H_PY_STRING, /* one literal, prefix and quotes included */
  C2H_PY_OP      /* an operator or delimiter (1 to 3 characters) */
} c2h_py_tok_kind;

typedef struct c2h_py_tok {
  c2h_py_tok_kind kind;
  size_t b, e;     /* the token's bytes */
  size_t cb, ce;   /* a string's content (between the quotes) */
  unsigned char raw, bytes, fmt; /* string prefixes r, b, f */
  unsigned char escapes;         /* a non-raw string holding a backslash */
  unsigned depth;  /* open brackets before the token */
  size_t line;     /* index of its logical line in c2h_py_file.lines */
} c2h_py_tok;

/* A logical line: the tokens of one statement line (brackets and
 * backslash continuations join physical lines; comments and blank lines
 * hold none). */
typedef struct c2h_py_line {
  size_t first, n; /* tokens */
  unsigned indent; /* columns of leading blanks (a tab counts to the next multiple of 8) */
  size_t b;        /* offset of the start of its first physical line */
  size_t e;        /* offset just past its last newline (or the end of the file) */
} c2h_py_line;

typedef struct c2h_py_file {
  c2h_py_tok *toks;
  size_t n_toks, cap_toks;
  c2h_py_line *lines;
  size_t n_lines, cap_lines;
  /* As c2h_cmake_file: set when the text could not be read to its end
   * (an unterminated string or bracket); the tokens before it are valid. */
  int bad;
  size_t bad_at;
  const char *bad_what;
} c2h_py_file;

/* Splits src into Python tokens and logical lines (Python 3 lexical rules:
 * string prefixes, single, double and triple quotes, f-string fields with
 * nested strings, comments, bracket nesting, backslash continuations).
 * Returns 0 or C2H_ERR_NOMEM; a lexical error sets f->bad. Dispose f with
 * c2h_py_file_dispose. */
int c2h_py_tokenize(const char *src, size_t len, c2h_py_file *f);
void c2h_py_file_dispose(c2h_py_file *f);

int c2h_bf_translate_setup_py(c2h_bf_ctx *ctx);

/* The include folders and macros a setup.py gives its extensions, as far as
 * they can be read without running it: the include_dirs= and
 * define_macros= arguments of its calls, through variables (=, +=,
 * append, extend), lists joined by '+', string literals, os.path.join,
 * Path(...) / '...', and the script's folder spelled with __file__ (".").
 * Code under an `if` that tests ROCm is not read. fn gets each folder
 * (define 0: relative to the script's folder, or absolute) or macro
 * (define 1: "NAME" or "NAME=VALUE"), in the order of the script; a
 * nonzero return stops the walk and is returned. Returns 0 or
 * C2H_ERR_NOMEM. */
typedef int (*c2h_setup_py_flag_fn)(void *user, int define, const char *text);
int c2h_setup_py_build_flags(const char *src, size_t len, c2h_setup_py_flag_fn fn, void *user);

#endif
