/* One parse: the translation unit of a file (or of the file that includes
 * it), with the shim's virtual files and the flags args.c makes, retried
 * without precompiled headers when they fail; then the passes that fill the
 * file's facts from it, in the order they depend on each other. */
#define _POSIX_C_SOURCE 200809L /* stat */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "front/front_internal.h"

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

int c2h_front_parse_unit(c2h_front *fe, const char *main_path, const char *main_src, size_t main_len,
                         const char *path, const char *src, size_t len, const char *const *file_args,
                         size_t n_file_args, c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts,
                         c2h_error *err) {
  int rc = 0, n_args = 0;
  const char **args = NULL;
  CXTranslationUnit tu = NULL;
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
      fe->options.cuda_path ? NULL : c2h_front_preamble_for(fe, main_path, main_src, main_len, file_args, n_file_args);
  const unsigned parse_flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing |
                               CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
  enum CXErrorCode ec = CXError_Failure;
  /* A parse that fails with a precompiled header (one made from headers
   * that changed since, say) is made again without it: first without the
   * preamble, then without the shim's. */
  for (int attempt = 0; attempt < 3; attempt++) {
    free(args);
    if (!(args = c2h_front_parse_args(fe, file_args, n_file_args, preamble, &n_args, &pch_slot))) {
      free(files);
      free(dashed);
      free(preamble);
      for (size_t i = 0; i < n_special; i++) free(special[i]);
      return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    }
    ec = clang_parseTranslationUnit2(fe->index, parse_path, args, n_args, files, n_files, parse_flags, &tu);
    if (ec == CXError_Success || ec == CXError_Crashed || pch_slot < 0) break;
    c2h_front_give_up_pch(pch_slot);
  }
  if (ec == CXError_Crashed) {
    /* libclang caught a crash of its own (crash recovery) and gave up on
     * this file; the process and the other files are fine. */
    rc = c2h_error_set(err, C2H_ERR_CRASH, path, 0, 0, "the parser (libclang) crashed while reading the file");
    goto done;
  }
  if (ec == CXError_ASTReadError && n_file_args) {
    /* The translator's and the user's flags were checked before the run
     * (c2h_front_check_flags): the file's own are left. */
    rc = c2h_error_set(err, C2H_ERR_PARSE, path, 0, 0,
                       "the parser (libclang) rejected the file's compile flags (libclang error %d): see its "
                       "entry in the compile database",
                       (int)ec);
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
  if ((rc = c2h_front_collect_diagnostics(tu, &fe->options, path, main_file, included, filter, filter_ctx,
                                          &facts->diags, &facts->parse_errors)))
    goto nomem;
  /* The AST walk marks tokens that macro expansions made (so it follows the
   * annotation), and contexts come from the functions it finds. */
  if (c2h_front_annotate_tokens(tu, main_file, src, len, filter, filter_ctx, facts)) goto nomem;
  if (c2h_front_collect_header_consts(tu, main_file, facts)) goto nomem;
  if (filter && c2h_front_collect_user_decls(tu, filter, filter_ctx, facts)) goto nomem;
  if (c2h_front_collect_ast_facts(tu, main_file, src, len, facts)) goto nomem;
  c2h_front_assign_contexts(facts);
  if (c2h_front_collect_inclusions(tu, main_file, fe->options.cuda_path, facts)) goto nomem;
  if (c2h_front_mark_unit_platforms(tu, main_file, src, facts)) goto nomem;
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
done:
  if (tu) clang_disposeTranslationUnit(tu);
  free(files);
  free(args);
  free(dashed);
  free(preamble);
  for (size_t i = 0; i < n_special; i++) free(special[i]);
  return rc;
}
