#ifndef CU2HIP_TRANSLATE_H
#define CU2HIP_TRANSLATE_H
/* Translation of one CUDA source held in memory into HIP. */
#include <stddef.h>
#include "diag.h"
#include "error.h"
#include "rules.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum c2h_launch_syntax {
  C2H_LAUNCH_KEEP, /* k<<<g, b, s, st>>>(args) stays: HIP accepts it */
  C2H_LAUNCH_HIP   /* hipLaunchKernelGGL(k, dim3(g), dim3(b), s, st, args) */
} c2h_launch_syntax;

/* What becomes of code written for 32-lane warps (docs/checks.md,
 * warp-half-wave). Rewrite is the default (0): each half of a 64-lane
 * wavefront then acts as one CUDA warp, which keeps the code's meaning. */
typedef enum c2h_wave64_mode {
  C2H_WAVE64_REWRITE, /* narrow wavefront-wide warp operations to the caller's half */
  C2H_WAVE64_REPORT   /* leave them, with the diagnostics that say what breaks */
} c2h_wave64_mode;

typedef struct c2h_translate_options {
  const c2h_rules *rules;        /* required; borrowed, must outlive the translator */
  c2h_version rocm_version;      /* the oldest ROCm the output must compile with */
  /* The PyTorch release whose ROCm build the output is for (2.11 and later
   * keep the CUDA spellings of ATen/c10 names); 0: unknown, the naming of
   * the releases before 2.11 (Masquerading), which 2.11 still accepts. */
  c2h_version pytorch_version;
  c2h_launch_syntax launch_syntax;
  c2h_wave64_mode wave64;
  const char *const *clang_args; /* extra parser flags (-I, -D, -std=...), borrowed */
  size_t n_clang_args;
  const char *cuda_path;         /* a CUDA toolkit to parse against; NULL: built-in shim */
  int annotate;                  /* comment each diagnostic site in the output */
  /* Per-file time limit in milliseconds; 0: none. A file whose translation
   * runs past it is left as it is: its result is the input unchanged with
   * one `time-limit` diagnostic. The limit is checked after the parse and
   * between (and inside the long loops of) the passes; libclang's parse
   * itself cannot be interrupted, so it bounds only what comes after. */
  unsigned long time_limit_ms;
  /* A folder where the parser keeps its precompiled CUDA shim across
   * processes (made if missing; entries are keyed by tool version, shim and
   * flags, written atomically, at most 64 and 2 GiB kept); NULL: none. The output is
   * the same with or without it; only the time differs. */
  const char *parse_cache_dir;
  /* Non-zero: CUDA names HIP lacks stay errors (api-unsupported) instead of
   * becoming functions of cu2hip_compat.h (c2h_compat_header()). */
  int no_compat_header;
} c2h_translate_options;

/* Per-file figures for summaries and reports. */
typedef struct c2h_file_stats {
  size_t edits;        /* edits applied */
  size_t renames;      /* identifiers renamed */
  size_t includes;     /* #include lines rewritten */
  size_t launches;     /* kernel launches rewritten */
  size_t calls;        /* calls whose arguments were rewritten */
  size_t suppressed;   /* diagnostics silenced by cu2hip-ignore comments */
  size_t lines_changed;/* input lines touched by an edit */
  /* CUDA names converted, per library of the rule table (`library:`); the
   * names point into the rule table. Libraries past the 16th are summed
   * into the last slot. */
  struct {
    const char *library;
    size_t uses;
  } by_library[16];
  size_t n_libraries;
} c2h_file_stats;

typedef struct c2h_file_result {
  char *output;         /* translated bytes (malloc'd, NUL-terminated), owned */
  size_t output_len;
  int changed;          /* output differs from the input */
  c2h_diag_list diags;  /* owned */
  c2h_file_stats stats;
  /* Headers the file includes, directly or not, other than system headers:
   * real absolute paths (owned). What an incremental run must watch. */
  char **depends;
  size_t n_depends;
  /* The output includes cu2hip_compat.h, which must be written beside it. */
  int needs_compat_header;
} c2h_file_result;

/* Names a header an #include line refers to after files were renamed
 * (--rename): given the including file, the name as spelled between the
 * quotes or brackets, and whether it was <bracketed>, returns the name to
 * write instead (malloc'd), or NULL to leave the line alone. When the line
 * is left alone although it may name a renamed file (the header was not
 * found), *unresolved gets the name that file was given (malloc'd; the
 * caller frees it), to report. */
typedef char *(*c2h_include_renamer)(void *ctx, const char *includer, const char *name, size_t len,
                                     int bracketed, char **unresolved);

/* What one file brings besides its bytes (every field optional). */
typedef struct c2h_file_options {
  const char *const *clang_args; /* the file's own flags (a compile database's), after the translator's; borrowed */
  size_t n_clang_args;
  c2h_include_renamer rename_include;
  void *rename_ctx;
  /* A file that is only ever #included (`#include "kernel.c"`): the file
   * whose translation unit it belongs to, and that file's bytes (borrowed).
   * The file is then parsed as that unit sees it: a header it needs is
   * added only when nothing in the unit includes one. NULL: a file of its
   * own. */
  const char *includer;
  const char *includer_src;
  size_t includer_len;
} c2h_file_options;

void c2h_file_result_init(c2h_file_result *res);
void c2h_file_result_dispose(c2h_file_result *res);

/* Makes res the result of a file the parser crashed on: its input as it is
 * (src, len) and one parse-crash error that starts with `what`. Used for
 * crashes libclang recovered from and for those a supervising process saw
 * (c2h_journal). Fails only on out-of-memory. */
int c2h_file_result_crashed(c2h_file_result *res, const char *path, const char *src, size_t len,
                            const char *what, c2h_error *err);

/* Makes res the result of a file that ran past the time limit of limit_ms
 * (stopped after elapsed_ms): its input as it is and one time-limit error.
 * Used by the translation itself and for files a supervising process
 * stopped (c2h_journal). Fails only on out-of-memory. */
int c2h_file_result_timed_out(c2h_file_result *res, const char *path, const char *src, size_t len,
                              unsigned long long elapsed_ms, unsigned long limit_ms, c2h_error *err);

/* A translator owns one parser instance: use one per thread. */
typedef struct c2h_translator c2h_translator;

/* options is copied (its pointers are borrowed). Free with c2h_translator_free. */
int c2h_translator_new(c2h_translator **out, const c2h_translate_options *options,
                       c2h_error *err);
void c2h_translator_free(c2h_translator *tr);

/* Translates `len` bytes of `src`, which are the contents of `path` (the
 * path names the file in diagnostics and resolves its relative #includes).
 * Parse problems are diagnostics in res, not failures: the function fails
 * only on out-of-memory or when the input is not text (C2H_ERR_INPUT).
 * res must be initialised; the caller disposes it. */
int c2h_translate_buffer(c2h_translator *tr, const char *path, const char *src, size_t len,
                         c2h_file_result *res, c2h_error *err);

/* c2h_translate_buffer with per-file options (NULL: none). */
int c2h_translate_file(c2h_translator *tr, const char *path, const char *src, size_t len,
                       const c2h_file_options *file, c2h_file_result *res, c2h_error *err);

/* The name and text of the compatibility header (MIT licensed, part of
 * cu2hip) that a translation using one of its functions includes: the
 * caller writes it beside each output whose result has
 * needs_compat_header set. */
#define C2H_COMPAT_HEADER_NAME "cu2hip_compat.h"
const char *c2h_compat_header(size_t *len);

/* The version of the PyTorch the Python on this machine would import: the
 * first torch/version.py of $PYTHONPATH, $VIRTUAL_ENV's site-packages,
 * /usr/local/lib/python3.x (site- and dist-packages) and
 * /usr/lib/python3/dist-packages; 0 when there is none. The file is read,
 * not imported (importing torch takes seconds). */
c2h_version c2h_installed_pytorch_version(void);

#ifdef __cplusplus
}
#endif
#endif
