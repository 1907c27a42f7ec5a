#ifndef CU2HIP_PROJECT_H
#define CU2HIP_PROJECT_H
/* Runs translation over files and directory trees and writes the results. */
#include <stdio.h>
#include "diag.h"
#include "error.h"
#include "journal.h"
#include "translate.h"
#include "verify.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum c2h_output_mode {
  C2H_OUTPUT_STDOUT,   /* one input, translation printed to `stdout_stream` */
  C2H_OUTPUT_DIR,      /* translated files written under `out_dir` */
  C2H_OUTPUT_IN_PLACE, /* inputs replaced atomically (optional backup) */
  C2H_OUTPUT_NONE      /* diagnostics only */
} c2h_output_mode;

/* One --enable / --disable: a pattern on check names (see
 * c2h_check_matches) and whether matching checks are reported. */
typedef struct c2h_check_filter {
  const char *pattern; /* borrowed */
  int enable;          /* 1: report matching checks, 0: drop them */
} c2h_check_filter;

/* A file an option names (--output FILE). */
typedef struct c2h_named_file {
  const char *option; /* "--output" */
  const char *path;
} c2h_named_file;

typedef struct c2h_project_options {
  c2h_translate_options translate;
  c2h_output_mode mode;
  const char *out_dir;       /* C2H_OUTPUT_DIR */
  const char *backup_suffix; /* C2H_OUTPUT_IN_PLACE: keep the original as path+suffix; NULL: none */
  FILE *stdout_stream;       /* C2H_OUTPUT_STDOUT; NULL means stdout */
  /* Applied in order, later ones winning; every check is on by default.
   * `input-error` is always reported. A pattern that names no check is a
   * C2H_ERR_USAGE error. Borrowed. */
  const c2h_check_filter *filters;
  size_t n_filters;
  /* Worker threads, each with its own parser; 0: one per core. Outputs and
   * diagnostics are the same for any number. */
  unsigned jobs;
  /* Directory walks: with C2H_OUTPUT_DIR, files that are not CUDA sources
   * are copied unless no_copy is set. A path (relative to its input, or its
   * base name) matching an exclude pattern (fnmatch) is skipped unless it
   * matches an include pattern too. */
  int no_copy;
  const char *const *exclude;
  size_t n_exclude;
  const char *const *include;
  size_t n_include;
  /* A compile_commands.json, or the folder holding one (-p): each file's
   * -I/-D/-U/-std/-include flags come from its entry. With no inputs, the
   * database's files are the inputs. NULL: none. */
  const char *compile_db;
  /* C2H_OUTPUT_DIR: keep a cache in the output directory so that a re-run
   * redoes only the files whose input, included headers, flags, options,
   * rule table or tool version changed. */
  int incremental;
  /* C2H_OUTPUT_DIR: an output a person edited since cu2hip wrote it (the
   * cache records the digest of what was written) is kept, with an
   * output-edited warning, whether incremental or not; set: it is made
   * again like any other. */
  int overwrite_edited;
  /* C2H_OUTPUT_DIR: .cu files become .hip, .cuh files take header_suffix
   * (NULL: ".hpp"), and #include lines and build scripts follow. */
  int rename;
  const char *header_suffix;
  /* The GPU the output is for (build scripts, --verify): gfxNNN with
   * optional :feature+/- suffixes, else a C2H_ERR_USAGE error; NULL: "gfx942". */
  const char *offload_arch;
  /* Libraries translated to their ROCm-native API (--library-target
   * LIB=roc, e.g. "curand"): build scripts link the native library. */
  const char *const *roc_libraries;
  size_t n_roc_libraries;
  /* C2H_OUTPUT_DIR: after writing, compile each translated source (the
   * database's files; without one, .cu files and changed C++ sources) for
   * offload_arch; failures are compile-error diagnostics. verify_options'
   * offload_arch and jobs are taken from above. */
  int verify;
  c2h_verify_options verify_options;
  /* Called after each file translated (from worker threads, one call at a
   * time): files done so far, files to translate in the run, the file just
   * done. Files copied as they are do not count; a file a walk finds not
   * to be CUDA leaves the total, told by a call with path NULL. NULL: none. */
  void (*progress)(void *ctx, size_t done, size_t total, const char *path);
  void *progress_ctx;
  /* Called when the run starts another phase after translating ("verify"),
   * whose progress then comes through `progress`, counted on its own. */
  void (*progress_phase)(void *ctx, const char *name);
  /* Shared with a supervising process (cu2hip/journal.h): each worker marks
   * the file it works on, and files an earlier attempt crashed on are left
   * as they are with a parse-crash error. NULL: none. */
  c2h_journal *journal;
  /* Files the caller writes after the run (reports: --output, --report),
   * each with the option that names it. A run where one of them is one of
   * its inputs (named, walked, or listed by the compile database: a file
   * the run reads, copies or rewrites) is refused with C2H_ERR_USAGE
   * before anything is written, and sets report_is_input in the summary:
   * writing the report would replace the input. Borrowed; NULL: none. */
  const c2h_named_file *report_files;
  size_t n_report_files;
} c2h_project_options;

/* What --verify found for one file. */
typedef enum c2h_verify_status {
  C2H_VERIFY_NONE,        /* not checked: no --verify, not a source the build compiles, or no compiler */
  C2H_VERIFY_COMPILED,    /* compiled for the architecture (in this run or, unchanged, in an earlier one) */
  C2H_VERIFY_SYNTAX_ONLY, /* passed -nogpulib -fsyntax-only only: no device library for the architecture */
  C2H_VERIFY_FAILED,      /* did not compile */
  C2H_VERIFY_PART         /* an #included part, checked in the compile of verify_part_of */
} c2h_verify_status;

/* "compiled", "syntax-only", "failed", "part", or NULL for C2H_VERIFY_NONE. */
const char *c2h_verify_status_name(c2h_verify_status s);

/* What happened to one file of a run (for reports). */
typedef struct c2h_project_file {
  char *path;            /* the input, as given or found (owned) */
  char *output;          /* where the result went, or NULL (owned) */
  int translated;        /* parsed and translated */
  int copied;            /* copied as it is (not CUDA) */
  int changed;           /* the translation differs from the input */
  int failed;            /* could not be read, translated or written */
  int cached;            /* up to date from an earlier run: not parsed nor written again */
  int edited;            /* its output was edited by a person and kept: not parsed nor written */
  int folder;            /* not a file: a folder (named or walked) whose error this record carries
                            (unreadable, nesting too deep, no sources); the run summary counts no file for it */
  c2h_verify_status verify;
  char *verify_part_of;  /* C2H_VERIFY_PART: the input whose compile includes it (owned) */
  c2h_file_stats stats;
  size_t by_severity[3]; /* diagnostics reported for it */
  size_t by_check[C2H_CHECK__COUNT];
} c2h_project_file;

typedef struct c2h_project_summary {
  size_t files;         /* sources translated */
  size_t changed;       /* of which the output differs from the input */
  size_t written;       /* files written */
  size_t copied;        /* files copied unchanged (not CUDA) or links recreated */
  size_t reused;        /* files (translated or copied) up to date from an earlier run */
  size_t kept_edited;   /* outputs a person edited, kept as they are (not counted above) */
  size_t renamed;       /* outputs given a new name (--rename) */
  size_t verified;      /* translated sources --verify compiled without error in this run */
  size_t verify_syntax_checked; /* passed --verify's syntax-only check in this run (never counted as compiled) */
  size_t verify_up_to_date; /* not checked again: unchanged since a check without error (of the same kind) */
  size_t verify_failed; /* translated sources that did not compile */
  size_t verify_parts;  /* #included parts checked in the compile of their includer */
  /* How --verify checked: 0 it did not run (no --verify, or nothing to
   * compile), else one of C2H_VERIFY_COMPILED (full compiles),
   * C2H_VERIFY_SYNTAX_ONLY (no device library for the architecture) or
   * C2H_VERIFY_FAILED (no compiler could be used: nothing was checked). */
  c2h_verify_status verify_mode;
  char verify_arch[64]; /* the architecture --verify checked for, e.g. gfx942 */
  size_t edits;
  size_t input_errors;  /* inputs that could not be read, translated or written */
  size_t by_severity[3];/* diagnostics per c2h_severity */
  size_t suppressed;    /* diagnostics silenced by cu2hip-ignore comments */
  c2h_project_file *records; /* one per file of the run, in walk order (owned) */
  size_t n_records;
  /* The run was refused: one of report_files is one of its inputs (so it
   * must not be written either). */
  int report_is_input;
} c2h_project_summary;

/* Frees what c2h_project_run put in a summary. */
void c2h_project_summary_dispose(c2h_project_summary *summary);

/* Extensions a directory walk considers, as a NULL-terminated list. */
extern const char *const c2h_source_extensions[];

/* Whether a file's bytes look like they use CUDA (used to pick sources in
 * directory walks; files named on the command line are always translated):
 * CUDA markers, or an #include of a header `rules` maps (NULL: markers only). */
int c2h_bytes_look_cuda(const char *path, const char *bytes, size_t len, const c2h_rules *rules);

/* Whether the filters leave check on (the last filter naming it decides). */
int c2h_check_enabled(const c2h_check_filter *filters, size_t n_filters, c2h_check check);

/* Translates every input (files, or directories walked recursively, in
 * sorted order) and writes results per options->mode. Problems with single
 * inputs become `input-error` diagnostics and the run goes on; the function
 * fails only for errors that stop the whole run (bad options, out of memory).
 * All diagnostics are appended to `diags` sorted; `summary` is filled. */
int c2h_project_run(const c2h_project_options *options, const char *const *inputs,
                    size_t n_inputs, c2h_project_summary *summary, c2h_diag_list *diags,
                    c2h_error *err);

#ifdef __cplusplus
}
#endif
#endif
