#ifndef CU2HIP_COMPDB_H
#define CU2HIP_COMPDB_H
/* The compile database (compile_commands.json) reader: for each source file,
 * the flags the parser needs (include paths, macros, language standard,
 * forced includes), taken from the nvcc, clang or gcc command that builds it.
 * Entries cu2hip cannot use are reported, not fatal. See
 * docs/compile-database.md for what is kept, mapped and dropped. */
#include <stddef.h>
#include "error.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct c2h_compdb c2h_compdb;

/* One source file of the database. Every string is owned by the database. */
typedef struct c2h_compdb_entry {
  /* Absolute and normalised: the realpath when the file exists, else the
   * path without ".", ".." and repeated slashes. The key of c2h_compdb_find. */
  const char *file;
  /* Absolute working directory of the command (normalised the same way). */
  const char *directory;
  /* The parser flags kept, in command order, each one self-contained:
   * "-I/abs", "-isystem/abs", "-iquote/abs", "-idirafter/abs", "-DNAME[=V]",
   * "-UNAME", the two words "-include" "/abs/file.h" (or "-imacros" ...),
   * and at most one "-std=X", last. */
  const char *const *args;
  size_t n_args;
  int exists;            /* the file exists */
  unsigned line, column; /* where the entry starts in the JSON text (1-based) */
  int nvcc;              /* the compiler is nvcc (after a launcher such as ccache) */
} c2h_compdb_entry;

/* Something in the database cu2hip could not use (an entry skipped or kept
 * without some of its flags). */
typedef struct c2h_compdb_problem {
  unsigned line, column; /* the entry's position in the JSON text */
  char *message;         /* owned by the database */
  const char *file;      /* the entry's file (as resolved, or as written), or NULL */
} c2h_compdb_problem;

/* Reads `path`: a compile_commands.json file, or a directory holding one.
 * Returns 0 and sets *out (free it with c2h_compdb_free), or a negative
 * c2h_error_code with err filled: C2H_ERR_IO (unreadable), C2H_ERR_INPUT
 * (not JSON, or the top level is not an array; err carries line and column),
 * C2H_ERR_NOMEM. */
int c2h_compdb_load(c2h_compdb **out, const char *path, c2h_error *err);

/* The same, from `len` bytes of memory. `name` names the database in errors
 * and is what c2h_compdb_path returns; `base_dir` resolves a relative
 * "directory" value (normally the folder of the JSON file; NULL: the current
 * directory). */
int c2h_compdb_load_buffer(c2h_compdb **out, const char *name, const char *base_dir,
                           const char *text, size_t len, c2h_error *err);

/* Entries usable for parsing, in file order; a file listed twice appears
 * once (the first entry wins). */
size_t c2h_compdb_count(const c2h_compdb *db);
const c2h_compdb_entry *c2h_compdb_at(const c2h_compdb *db, size_t i);

/* The entry of an absolute path (as c2h_compdb_entry.file spells it; a path
 * with ".", ".." or repeated slashes is normalised lexically first), or NULL.
 * Constant time. */
const c2h_compdb_entry *c2h_compdb_find(const c2h_compdb *db, const char *abs_path);

/* Problems in file order. */
size_t c2h_compdb_problem_count(const c2h_compdb *db);
const c2h_compdb_problem *c2h_compdb_problem_at(const c2h_compdb *db, size_t i);

/* The JSON file read (the name given to c2h_compdb_load_buffer). */
const char *c2h_compdb_path(const c2h_compdb *db);

void c2h_compdb_free(c2h_compdb *db);

#ifdef __cplusplus
}
#endif
#endif
