/* Fuzz target: the compile-database reader (include/cu2hip/compdb.h).
 *
 * The input is the JSON text. Relative "directory" values resolve against a
 * directory that does not exist, so what the reader makes of them does not
 * depend on where the fuzzer runs. Checked besides the sanitizers: only
 * whole-file failures are errors; every entry has absolute, normalised
 * paths, self-contained flags with at most one -std (last), and is found
 * by its file, also spelled with "." and repeated slashes; files are
 * listed once; problems carry a message. */
#include <string.h>

#include "cu2hip/compdb.h"
#include "fuzz_common.h"

#define FUZZ_BASE "/nonexistent-cu2hip-fuzz"
#define FUZZ_NAME FUZZ_BASE "/compile_commands.json"

/* An absolute path without "." or ".." components or repeated slashes. */
static int normal_path(const char *p) {
  if (p[0] != '/') return 0;
  if (strcmp(p, "/") == 0) return 1;
  for (const char *s = p; *s;) {
    const char *e = strchr(s + 1, '/');
    size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
    if (n == 0 || (n == 1 && s[1] == '.') || (n == 2 && s[1] == '.' && s[2] == '.')) return 0;
    s = e ? e : s + 1 + n;
  }
  return 1;
}

static void check_entry(const c2h_compdb *db, const c2h_compdb_entry *e) {
  C2H_FUZZ_CHECK(e->file && normal_path(e->file));
  C2H_FUZZ_CHECK(e->directory && normal_path(e->directory));
  C2H_FUZZ_CHECK(e->line >= 1 && e->column >= 1);
  C2H_FUZZ_CHECK(e->n_args == 0 || e->args != NULL);
  for (size_t i = 0; i < e->n_args; i++) {
    const char *a = e->args[i];
    C2H_FUZZ_CHECK(a != NULL && a[0] != '\0');
    if (strcmp(a, "-include") == 0 || strcmp(a, "-imacros") == 0) {
      C2H_FUZZ_CHECK(i + 1 < e->n_args && e->args[i + 1][0] != '\0');
      i++;
      continue;
    }
    C2H_FUZZ_CHECK(a[0] == '-');
    if (strncmp(a, "-std=", 5) == 0) C2H_FUZZ_CHECK(i + 1 == e->n_args);
  }
  C2H_FUZZ_CHECK(c2h_compdb_find(db, e->file) == e);
  /* The same file spelled with "/./" and "//": found through normalisation. */
  size_t n = strlen(e->file);
  char *odd = malloc(n + 8);
  C2H_FUZZ_CHECK(odd != NULL);
  memcpy(odd, "/.//", 4);
  memcpy(odd + 4, e->file + 1, n);
  C2H_FUZZ_CHECK(c2h_compdb_find(db, odd) == e);
  free(odd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  if (!text) return 0;
  if (size) memcpy(text, data, size);
  c2h_compdb *db = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_compdb_load_buffer(&db, FUZZ_NAME, FUZZ_BASE, text, size, &err);
  if (rc) {
    C2H_FUZZ_CHECK(rc == C2H_ERR_INPUT && err.code == rc);
    C2H_FUZZ_CHECK(strcmp(err.path, FUZZ_NAME) == 0 && err.message[0] != '\0');
    free(text);
    return 0;
  }
  C2H_FUZZ_CHECK(db != NULL);
  C2H_FUZZ_CHECK(strcmp(c2h_compdb_path(db), FUZZ_NAME) == 0);
  size_t count = c2h_compdb_count(db);
  for (size_t i = 0; i < count; i++) {
    const c2h_compdb_entry *e = c2h_compdb_at(db, i);
    C2H_FUZZ_CHECK(e != NULL);
    check_entry(db, e);
  }
  C2H_FUZZ_CHECK(c2h_compdb_at(db, count) == NULL);
  C2H_FUZZ_CHECK(c2h_compdb_find(db, NULL) == NULL);
  C2H_FUZZ_CHECK(c2h_compdb_find(db, "relative.cu") == NULL);
  size_t problems = c2h_compdb_problem_count(db);
  for (size_t i = 0; i < problems; i++) {
    const c2h_compdb_problem *p = c2h_compdb_problem_at(db, i);
    C2H_FUZZ_CHECK(p != NULL && p->message != NULL && p->message[0] != '\0');
    C2H_FUZZ_CHECK(p->line >= 1 && p->column >= 1);
    if (p->file) (void)strlen(p->file);
  }
  C2H_FUZZ_CHECK(c2h_compdb_problem_at(db, problems) == NULL);
  c2h_compdb_free(db);
  free(text);
  return 0;
}
