#ifndef C2H_PROJECT_RUN_H
#define C2H_PROJECT_RUN_H
/* What the parts of a project run share: the list of jobs (files to
 * translate, copy or link), the run's root and output, and where problems
 * go. project.c runs the jobs; walk.c finds them; rename.c names outputs. */
#include "cu2hip/compdb.h"
#include "cu2hip/project.h"
#include "util/strmap.h"

/* One file of the run. */
typedef struct c2h_job {
  char *path;        /* where it is read from */
  char *rel;         /* its path relative to the run's root */
  char *out_rel;     /* its output's path relative to the output root (rel, or renamed) */
  char *canonical;   /* real absolute path; NULL when it cannot be resolved */
  char *link_target; /* a symbolic link recreated in the output tree, pointing here */
  int link_dir;      /* that link leads to a folder: recreated, but no file of the summary */
  char *streamed;    /* standard input, a pipe or a device, read once: its bytes (owned), else NULL */
  size_t streamed_len;
  int from_walk;     /* found by walking a directory (vs named by the user) */
  int copy_only;     /* not a source: copied as it is */
  int included;      /* a header found because a translated file includes it */
  const c2h_compdb_entry *db; /* its compile-database entry (or the one it borrows), or NULL */
  int db_exact;      /* db is the file's own entry */
  char **depends;    /* after it ran: the headers it includes (real paths, owned) */
  size_t n_depends;
  /* A part only ever #included by another file (`#include "kernel.c"`):
   * the file at the top of the chain of includers, whose translation unit
   * it is parsed in (owned), or NULL. */
  char *includer;
  size_t fragment_of; /* a part (set with includer): 1 + the index of the job including it, or 0 */
} c2h_job;

typedef struct c2h_job_list {
  c2h_job *items;
  size_t len, cap;
  c2h_strmap rels;      /* input paths taken: a file named twice is done once */
  c2h_strmap canonical; /* real paths of jobs (for headers found by includes) */
} c2h_job_list;

/* A folder a build script adds to the include path, and the files it
 * applies to: those below the script's own folder (CMake's
 * include_directories reach the subfolders; a Makefile builds its own). */
typedef struct c2h_script_include {
  char *dir;   /* real path */
  char *scope; /* real path of the script's folder */
} c2h_script_include;

/* A macro a build script defines for the files below its folder
 * (setup.py's define_macros). */
typedef struct c2h_script_define {
  char *flag;  /* "-DNAME" or "-DNAME=VALUE" */
  char *scope; /* real path of the script's folder */
} c2h_script_define;

typedef struct c2h_run {
  const c2h_project_options *o;
  char *root;          /* the deepest directory holding every input (real path) */
  char *out_canonical; /* the output root's real path, never walked into */
  c2h_compdb *db;
  c2h_job_list jobs;
  c2h_diag_list *diags;
  c2h_project_summary *sum;
  size_t sources_done, sources_dropped; /* progress: sources finished, found not CUDA (not counted) */
  /* Without a compile database: the include folders the build scripts of
   * the run name (include_directories, target_include_directories, -I in
   * Makefiles), real paths in job order, to find the headers #include
   * lines name. */
  c2h_script_include *script_includes;
  size_t n_script_includes;
  /* Likewise the macros they define (setup.py's define_macros), in job
   * order. */
  c2h_script_define *script_defines;
  size_t n_script_defines;
  /* Without a compile database: the files the CMake scripts of the run
   * build (add_executable, add_library, target_sources, cuda_add_*, and
   * set() lists), real paths; --verify compiles these even when another
   * file #includes them. */
  char **script_sources;
  size_t n_script_sources;
} c2h_run;

/* Adds a job (copies the strings); a rel already taken is ignored. out_rel
 * is decided here (--rename). Returns 0 or C2H_ERR_NOMEM. */
int c2h_run_add_job(c2h_run *r, const char *path, const char *rel, int from_walk, int copy_only, c2h_job **added);
void c2h_job_list_dispose(c2h_job_list *l);

/* An `input-error` diagnostic for a path (counted in the summary). */
int c2h_run_input_error(c2h_run *r, const char *path, const char *fmt, const char *reason);

/* The same for a folder (unreadable, nested too deep, holding no source):
 * its record is marked `folder`, so the summary counts no failed file. */
int c2h_run_folder_error(c2h_run *r, const char *path, const char *fmt, const char *reason);

/* Whether --exclude/--include leave rel out. */
int c2h_run_excluded(const c2h_run *r, const char *rel);

/* walk.c: collects the files under dir (sorted, hidden entries skipped),
 * whose path relative to the run's root is rel. */
int c2h_run_walk(c2h_run *r, const char *dir, const char *rel);

/* verify_outputs.c: --verify over the run's translated sources; the
 * failures are diagnostics. Returns 0 or C2H_ERR_NOMEM. */
int c2h_run_verify(c2h_run *r);

/* fragments.c: finds the files that are only #included parts of other
 * files (any suffix but a header's, no main function) and gives each the
 * file whose translation unit it belongs to, and that file's flags. Parts
 * the walk only copied (kernel.c) become translations. */
int c2h_run_find_fragments(c2h_run *r);

/* include_dirs.c: fills r->script_includes and r->script_sources (nothing
 * with a compile database, whose entries give each file's folders). */
int c2h_run_script_includes(c2h_run *r);

/* The parser flags (`-I` folders, then `-D` macros) the build scripts give the file at path,
 * for a file without a compile-database entry: the folders of the scripts
 * whose folder holds it, the nearest script's first. *flags is a malloc'd
 * array of malloc'd strings (NULL when there is none). Returns 0 or
 * C2H_ERR_NOMEM. */
int c2h_run_script_flags(const c2h_run *r, const char *path, char ***flags, size_t *n_flags);
void c2h_run_free_flags(char **flags, size_t n_flags);

/* The header an #include names, found as the compiler would find it (see
 * rename.c); its real path (malloc'd) or NULL. */
char *c2h_run_find_header(const c2h_run *r, const c2h_job *job, const char *includer, const char *name,
                          int bracketed);

/* rename.c: the output name of rel under --rename (malloc'd; a copy of rel
 * when it keeps its name). *conflict is set when the new name is taken. */
char *c2h_renamed_rel(const c2h_run *r, const char *path, const char *rel, int *conflict);
/* The c2h_include_renamer for one job. */
typedef struct c2h_include_ctx {
  const c2h_run *run;
  const c2h_job *job;
} c2h_include_ctx;
char *c2h_rename_include(void *ctx, const char *includer, const char *name, size_t len, int bracketed,
                         char **unresolved);

#endif
