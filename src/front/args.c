/* The command line of one parse: the translator's flags, the file's own
 * (less a CUDA toolkit's include folder, which would clash with the shim),
 * the shim's, the precompiled shim it may load, and the standard-header
 * preamble those flags allow (preamble.h). */
#define _POSIX_C_SOURCE 200809L /* access */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front/front_internal.h"
#include "front/preamble.h"

/* The -std= flag a parse with these file flags uses (the last one wins). */
static const char *effective_std(const c2h_front *fe, const char *const *file_args, size_t n_file_args) {
  const char *std = NULL;
  for (int i = 0; i < fe->n_prefix; i++)
    if (strncmp(fe->prefix[i], "-std=", 5) == 0) std = fe->prefix[i];
  for (size_t i = 0; i < n_file_args; i++)
    if (strncmp(file_args[i], "-std=", 5) == 0) std = file_args[i];
  return std ? std : "";
}

/* The file's flags that define or undefine macros (-DX, -D X, -UX, -U X),
 * in their order, a shim's parse is built with too. A standard header in a
 * preamble (or the shim) may test them, and a macro given on the command
 * line but absent from a precompiled header does not stop libclang from
 * loading it: a preamble made without them would be used as if it had been
 * read with them. Returns how many of file_args they are, copied to out
 * (room for n_file_args). */
static size_t macro_flags(const char *const *file_args, size_t n_file_args, const char **out) {
  size_t n = 0;
  for (size_t i = 0; i < n_file_args; i++) {
    const char *a = file_args[i];
    if (a[0] != '-' || (a[1] != 'D' && a[1] != 'U')) continue;
    out[n++] = a;
    if (!a[2] && i + 1 < n_file_args) out[n++] = file_args[++i];
  }
  return n;
}

/* A -I/-isystem flag naming a CUDA toolkit's include folder (one holding
 * cuda_runtime_api.h), as compile databases made on CUDA machines have:
 * parsing with the shim, the toolkit's headers would clash with it. */
static int names_cuda_include_dir(const char *const *args, size_t n, size_t i, size_t *used) {
  static const char *const flags[] = {"-isystem", "-I", "-idirafter", NULL};
  *used = 1;
  for (int f = 0; flags[f]; f++) {
    size_t len = strlen(flags[f]);
    if (strncmp(args[i], flags[f], len) != 0) continue;
    const char *dir = args[i] + len;
    if (!*dir) {
      if (i + 1 >= n) return 0;
      dir = args[i + 1];
      *used = 2;
    }
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/cuda_runtime_api.h", dir);
    return access(probe, F_OK) == 0;
  }
  return 0;
}

const char **c2h_front_parse_args(c2h_front *fe, const char *const *file_args, size_t n_file_args,
                                  const char *preamble, int *n_out, int *pch_slot) {
  *pch_slot = -1;
  const char *pch = NULL;
  if (!fe->options.cuda_path) {
    /* The file's shared preamble when it is ready, else the shim alone. */
    const char *std = effective_std(fe, file_args, n_file_args);
    const char **macros = n_file_args ? malloc(n_file_args * sizeof *macros) : NULL;
    if (n_file_args && !macros) return NULL;
    size_t n_macros = macro_flags(file_args, n_file_args, macros);
    if (preamble) pch = c2h_front_precompiled_shim(fe, std, macros, n_macros, preamble, pch_slot);
    if (!pch) pch = c2h_front_precompiled_shim(fe, std, macros, n_macros, NULL, pch_slot);
    free(macros);
  }
  const char **args = calloc((size_t)fe->n_prefix + n_file_args + (size_t)fe->n_suffix + 1, sizeof *args);
  int n = 0;
  if (!args) return NULL;
  for (int i = 0; i < fe->n_prefix; i++) args[n++] = fe->prefix[i];
  for (size_t i = 0; i < n_file_args; i++) {
    size_t used = 1;
    if (!fe->options.cuda_path && names_cuda_include_dir(file_args, n_file_args, i, &used)) {
      i += used - 1;
      continue;
    }
    args[n++] = file_args[i];
  }
  for (int i = 0; i < fe->n_suffix; i++) {
    if (pch && strcmp(fe->suffix[i], "-include") == 0 && i + 1 < fe->n_suffix) {
      args[n++] = "-include-pch";
      args[n++] = pch;
      i++;
      continue;
    }
    args[n++] = fe->suffix[i];
  }
  *n_out = n;
  return args;
}

/* Whether name is one of the CUDA headers the shim has a stub for. */
static int stub_header(void *ctx, const char *name, size_t len) {
  const c2h_front *fe = ctx;
  for (size_t i = 0; i < fe->options.n_cuda_headers; i++)
    if (strlen(fe->options.cuda_headers[i]) == len && memcmp(fe->options.cuda_headers[i], name, len) == 0) return 1;
  return 0;
}

/* What the preamble scan (preamble.h) needs of one parse's flags: the
 * folders project headers are looked up in, the macros the flags set, and
 * whether they force an include before the file (then the file's first
 * headers are not read first, and there is no preamble). */
typedef struct preamble_flags {
  const c2h_front *fe;
  const char **quote_dirs, **dirs, **macros;
  size_t n_quote_dirs, n_dirs, n_macros;
  int forced_include;
} preamble_flags;

/* The value of flag `name` at args[i] ("-Ifoo" or "-I foo"), or NULL;
 * *used: how many arguments it takes. */
static const char *flag_value(const char *const *args, size_t n, size_t i, const char *name, size_t *used) {
  size_t len = strlen(name);
  *used = 1;
  if (strncmp(args[i], name, len) != 0) return NULL;
  if (args[i][len]) return args[i] + len;
  if (i + 1 >= n) return NULL;
  *used = 2;
  return args[i + 1];
}

static int read_preamble_flags(preamble_flags *pf, const char *const *file_args, size_t n_file_args) {
  const c2h_front_options *o = &pf->fe->options;
  size_t total = o->n_clang_args + n_file_args;
  pf->quote_dirs = calloc(total + 1, sizeof *pf->quote_dirs);
  pf->dirs = calloc(total + 1, sizeof *pf->dirs);
  pf->macros = calloc(total + 1, sizeof *pf->macros);
  if (!pf->quote_dirs || !pf->dirs || !pf->macros) return C2H_ERR_NOMEM;
  for (int list = 0; list < 2; list++) {
    const char *const *args = list ? file_args : o->clang_args;
    size_t n = list ? n_file_args : o->n_clang_args;
    for (size_t i = 0; i < n; i++) {
      size_t used = 1;
      const char *v;
      if (list && names_cuda_include_dir(args, n, i, &used)) { /* left out of the parse */
      } else if (strcmp(args[i], "-include") == 0 || strcmp(args[i], "-imacros") == 0 ||
                 strncmp(args[i], "--include", 9) == 0 || strncmp(args[i], "-include=", 9) == 0) {
        pf->forced_include = 1;
      } else if ((v = flag_value(args, n, i, "-iquote", &used))) {
        pf->quote_dirs[pf->n_quote_dirs++] = v;
      } else if ((v = flag_value(args, n, i, "-I", &used))) {
        pf->dirs[pf->n_dirs++] = v;
      } else if ((v = flag_value(args, n, i, "-D", &used)) || (v = flag_value(args, n, i, "-U", &used))) {
        pf->macros[pf->n_macros++] = v;
      }
      i += used - 1;
    }
  }
  return 0;
}

static void free_preamble_flags(preamble_flags *pf) {
  free(pf->quote_dirs);
  free(pf->dirs);
  free(pf->macros);
}

/* Whether name occurs as a whole identifier in text. */
static int has_word(const char *text, size_t len, const char *name, size_t n) {
  for (const char *p = text, *end = text + len; (size_t)(end - p) >= n;) {
    const char *hit = memchr(p, name[0], (size_t)(end - p) - n + 1);
    if (!hit) return 0;
    if (memcmp(hit, name, n) == 0 && (hit == text || !(hit[-1] == '_' || isalnum((unsigned char)hit[-1]))) &&
        (hit + n == end || !(hit[n] == '_' || isalnum((unsigned char)hit[n]))))
      return 1;
    p = hit + 1;
  }
  return 0;
}

/* A macro that a flag sets, or that any text of the shim names (the shim
 * and the stubs are parsed before the file). */
static int preamble_maybe_defined(void *ctx, const char *name, size_t n) {
  const preamble_flags *pf = ctx;
  for (size_t i = 0; i < pf->n_macros; i++)
    if (strncmp(pf->macros[i], name, n) == 0 && (pf->macros[i][n] == '\0' || pf->macros[i][n] == '=')) return 1;
  for (size_t i = 0; i < pf->fe->n_shim_files; i++)
    if (has_word(pf->fe->shim_files[i].Contents, pf->fe->shim_files[i].Length, name, n)) return 1;
  return 0;
}

static int preamble_is_cuda(void *ctx, const char *name, size_t len) {
  return stub_header((void *)((const preamble_flags *)ctx)->fe, name, len);
}

char *c2h_front_preamble_for(c2h_front *fe, const char *path, const char *src, size_t len,
                             const char *const *file_args, size_t n_file_args) {
  preamble_flags pf = {fe, NULL, NULL, NULL, 0, 0, 0, 0};
  char *text = NULL;
  if (read_preamble_flags(&pf, file_args, n_file_args) == 0 && !pf.forced_include) {
    c2h_preamble_search search = {preamble_is_cuda,
                                  preamble_maybe_defined,
                                  &pf,
                                  pf.quote_dirs,
                                  pf.n_quote_dirs,
                                  pf.dirs,
                                  pf.n_dirs};
    text = c2h_preamble_of(path, src, len, &search);
  }
  free_preamble_flags(&pf);
  return text;
}
