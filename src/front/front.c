/* The parser object: the fixed flags of every parse and the shim's virtual
 * files (the shim, the implicit prelude and a stub per CUDA header), made
 * once per thread. How a parse runs is parse.c's. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"

extern const char c2h_cuda_shim[];
extern const size_t c2h_cuda_shim_len;

static const char stub_text[] = "#include \"" SHIM_HEADER "\"\n";

/* prelude (may be NULL) followed by `include`, malloc'd. */
static char *prelude_then(const char *prelude, const char *include) {
  size_t a = prelude ? strlen(prelude) : 0, b = strlen(include);
  char *t = malloc(a + b + 1);
  if (!t) return NULL;
  if (a) memcpy(t, prelude, a);
  memcpy(t + a, include, b + 1);
  return t;
}

void c2h_front_free(c2h_front *fe) {
  if (!fe) return;
  if (fe->index) clang_disposeIndex(fe->index);
  for (size_t i = 0; fe->owned && i < fe->n_shim_files; i++) free(fe->owned[i]);
  for (size_t i = 0; fe->owned_text && i < fe->n_shim_files; i++) free(fe->owned_text[i]);
  free(fe->owned);
  free(fe->owned_text);
  free(fe->cuda_path_flag);
  c2h_front_release_pchs(fe);
  free(fe->shim_files);
  free(fe->prefix);
  free(fe);
}

/* The translator's own flags, first on every parse's command line. */
static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                                   "--cuda-gpu-arch=sm_70", "-std=c++17",
                                   "-Wno-unknown-cuda-version",
                                   /* The translation drops `register`
                                    * (scan/register.c): not a parse error. */
                                   "-Wno-register"};

/* Whether libclang parses an empty file with the translator's flags and
 * args[i] for each i in [0, n) but skip. */
static int flags_parse(CXIndex index, const char *const *args, size_t n, size_t skip) {
  size_t n_base = sizeof base / sizeof *base;
  const char **all = calloc(n_base + n + 2, sizeof *all);
  if (!all) return -1;
  int k = 0;
  for (size_t i = 0; i < n_base; i++) all[k++] = base[i];
  all[k++] = "-nocudainc";
  for (size_t i = 0; i < n; i++)
    if (i != skip) all[k++] = args[i];
  struct CXUnsavedFile file = {"cu2hip-flags-probe.cu", "", 0};
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_parseTranslationUnit2(index, file.Filename, all, k, &file, 1, 0, &tu);
  if (tu) clang_disposeTranslationUnit(tu);
  free(all);
  return ec == CXError_Success;
}

int c2h_front_check_flags(const char *const *args, size_t n, size_t *bad, c2h_error *err) {
  *bad = n;
  if (!n) return 0;
  c2h_front_prepare_process();
  CXIndex index = clang_createIndex(1, 0);
  if (!index) return c2h_error_set(err, C2H_ERR_INTERNAL, NULL, 0, 0, "libclang could not create an index");
  int rc = 0, ok = flags_parse(index, args, n, n);
  if (ok < 0) goto nomem;
  if (ok) goto done;
  /* The flag without which the others parse, else one that fails alone;
   * else the combination is to blame (*bad stays n). */
  for (size_t i = 0; i < n && *bad == n; i++) {
    if ((ok = flags_parse(index, args, n, i)) < 0) goto nomem;
    if (ok) *bad = i;
  }
  for (size_t i = 0; i < n && *bad == n; i++) {
    if ((ok = flags_parse(index, args + i, 1, 1)) < 0) goto nomem;
    if (!ok) *bad = i;
  }
  if (*bad < n)
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "the parser (libclang) does not accept the flag '%s'", args[*bad]);
  else
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "the parser (libclang) does not accept these flags together");
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
done:
  clang_disposeIndex(index);
  return rc;
}

int c2h_front_new(c2h_front **out, const c2h_front_options *options, c2h_error *err) {
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
  /* Before the first libclang call of the process: see parse_thread.c. */
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
