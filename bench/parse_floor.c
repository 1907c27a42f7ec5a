/* parse_floor: parse each FILE with libclang in one process and throw the
 * result away -- the in-process parse cost cu2hip cannot go below.
 *
 * usage: parse_floor FILE... -- CLANG_ARG...
 *
 * Uses the same parse options as cu2hip's front end (detailed preprocessing
 * record, keep going, no warnings from included files).  Prints the number of
 * files parsed and how many had errors. */
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int sep = 1;
  while (sep < argc && strcmp(argv[sep], "--") != 0) sep++;
  if (sep >= argc) {
    fprintf(stderr, "usage: parse_floor FILE... -- CLANG_ARG...\n");
    return 2;
  }
  CXIndex index = clang_createIndex(0, 0);
  const char *const *args = (const char *const *)argv + sep + 1;
  int n_args = argc - sep - 1;
  unsigned parsed = 0, with_errors = 0;
  for (int i = 1; i < sep; i++) {
    CXTranslationUnit tu = NULL;
    enum CXErrorCode ec = clang_parseTranslationUnit2(
        index, argv[i], args, n_args, NULL, 0,
        CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing |
            CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
        &tu);
    if (ec != CXError_Success || !tu) {
      with_errors++;
      continue;
    }
    parsed++;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned d = 0; d < n; d++) {
      CXDiagnostic diag = clang_getDiagnostic(tu, d);
      int err = clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error;
      clang_disposeDiagnostic(diag);
      if (err) {
        with_errors++;
        break;
      }
    }
    clang_disposeTranslationUnit(tu);
  }
  clang_disposeIndex(index);
  printf("%u %u\n", parsed, with_errors);
  return 0;
}
