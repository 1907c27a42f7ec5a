/* The HIP headers a translated file must include that nothing it includes
 * provides. nvcc includes cuda_runtime.h before the code of every .cu file;
 * HIP has no such implicit include, so a translated source gets
 * hip/hip_runtime.h as its first line (before any macro of its own, which
 * could otherwise change what the HIP headers mean). A source that uses a
 * library in code the compiler sees, but reaches none of its headers in
 * the parse, gets the library's header there too.
 *
 * Headers get nothing: a header that uses CUDA without including it relies
 * on its includers, as it did under nvcc, and those include the HIP header
 * first once translated. Inserting it into the header would run the HIP
 * headers after whatever macros the includer defined before its #include
 * (`#define T double`, then `#include "part.h"`). */
#include <stdio.h>
#include <string.h>

#include "tokens.h"

#define RUNTIME_HEADER "hip/hip_runtime.h"

/* Whether the translated file will have `include` anyway: it includes
 * (directly, or through headers it includes) a CUDA header of `library`, or
 * one whose HIP header, or whose library's header, is `include`. */
static int reaches_library(const c2h_scan *s, const char *library, const char *include) {
  for (size_t i = 0; i < s->n_included_libraries; i++)
    if (strcmp(s->included_libraries[i], library) == 0) return 1;
  for (size_t i = 0; i < c2h_rules_count(s->rules); i++) {
    const c2h_rule *r = c2h_rules_at(s->rules, i);
    if (r->kind != C2H_RULE_HEADER || c2h_strmap_get(&s->facts->reached_headers, r->cuda, strlen(r->cuda)) < 0)
      continue;
    if (strcmp(r->library, library) == 0 || (r->form.hip && strcmp(r->form.hip, include) == 0) ||
        (r->include && strcmp(r->include, include) == 0))
      return 1;
  }
  return 0;
}

static int has_extension(const char *path, const char *const *exts) {
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash)) return 0;
  for (size_t i = 0; exts[i]; i++)
    if (strcmp(dot, exts[i]) == 0) return 1;
  return 0;
}

int c2h_scan_is_header_path(const char *path) {
  static const char *const exts[] = {".h", ".hh", ".hpp", ".hxx", ".h++", ".cuh", ".inl", ".inc",
                                     ".ipp", ".tcc", ".tpp", ".H", NULL};
  return has_extension(path, exts);
}

static int is_cu_source(const char *path) {
  static const char *const exts[] = {".cu", NULL};
  return has_extension(path, exts);
}

/* Token index of the first token that is not a comment, or n_toks. */
static size_t first_code_token(const c2h_scan *s) {
  size_t i = 0;
  while (i < s->facts->n_toks && s->facts->toks[i].kind == C2H_TOK_COMMENT) i++;
  return i;
}

/* The start of the line of the first token that is not a comment: after
 * the licence header, before any code or directive of the file's own. */
static size_t top_of_file(const c2h_scan *s) {
  size_t i = first_code_token(s);
  if (i == s->facts->n_toks) return s->len >= 3 && memcmp(s->src, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  size_t off = s->facts->toks[i].begin;
  while (off > 0 && s->src[off - 1] != '\n') off--;
  if (off == 0 && s->len >= 3 && memcmp(s->src, "\xef\xbb\xbf", 3) == 0) off = 3;
  return off;
}

/* Whether the file begins (after comments and <system> includes) with an
 * #include that becomes the HIP runtime header: then nothing of its own
 * comes before the runtime, as with nvcc. */
static int starts_with_runtime(const c2h_scan *s) {
  const c2h_token *t = s->facts->toks;
  for (size_t i = first_code_token(s); i + 1 < s->facts->n_toks; i++) {
    if (t[i].kind == C2H_TOK_COMMENT) continue;
    if (!c2h_tok_is(s, i, "#") || !c2h_tok_is(s, i + 1, "include")) return 0;
    size_t p = t[i + 1].end;
    while (p < s->len && (s->src[p] == ' ' || s->src[p] == '\t')) p++;
    if (p >= s->len || (s->src[p] != '<' && s->src[p] != '"')) return 0;
    char close = s->src[p] == '<' ? '>' : '"';
    size_t b = p + 1, q = b;
    while (q < s->len && s->src[q] != close && s->src[q] != '\n') q++;
    const c2h_rule *r = c2h_rules_lookup_header(s->rules, s->src + b, q - b);
    if (r && r->form.hip && strcmp(r->form.hip, RUNTIME_HEADER) == 0) return 1;
    if ((q - b == strlen(RUNTIME_HEADER) && memcmp(s->src + b, RUNTIME_HEADER, q - b) == 0)) return 1;
    /* cu2hip_compat.h starts with the HIP runtime header. */
    if (q - b == strlen(C2H_COMPAT_HEADER_NAME) && memcmp(s->src + b, C2H_COMPAT_HEADER_NAME, q - b) == 0) return 1;
    /* A user header could define macros the HIP headers then see, or test
     * macros they define (helper_cuda.h included before cuda_runtime.h:
     * nvcc's implicit include came first). */
    if (close == '"' || c2h_scan_project_include(s, t[i].line)) return 0;
    while (i + 1 < s->facts->n_toks && t[i + 1].line == t[i].line) i++;
  }
  return 0;
}

/* Whether the file includes headers of the project (found or not): they
 * may use CUDA on the strength of the runtime nvcc includes first. */
static int includes_project_files(const c2h_scan *s) {
  if (s->facts->n_user_include_lines) return 1;
  const c2h_token *t = s->facts->toks;
  for (size_t i = 0; i + 2 < s->facts->n_toks; i++)
    if (c2h_tok_is(s, i, "#") && (i == 0 || t[i - 1].line != t[i].line) && c2h_tok_is(s, i + 1, "include") &&
        s->src[t[i + 2].begin] == '"')
      return 1;
  return 0;
}

/* Device code (kernels, qualifiers, built-in variables) needs the runtime
 * header in HIP even when no API call was renamed; nvcc supplied it. */
static size_t first_device_code(const c2h_scan *s) {
  static const char *const markers[] = {"__global__", "__device__", "__shared__", "__constant__",
                                        "threadIdx", "blockIdx", "blockDim", "gridDim",
                                        "__syncthreads", "<<<", NULL};
  for (size_t i = 0; i < s->facts->n_toks; i++)
    for (size_t m = 0; markers[m]; m++)
      if (c2h_tok_is(s, i, markers[m]) && c2h_tok_active(s, i)) return i;
  return s->facts->n_toks;
}

/* Counts the runtime library as used by a file that has device code. */
static void note_device_code(c2h_scan *s, const c2h_rule *runtime) {
  for (size_t i = 0; i < s->n_used_libraries; i++)
    if (strcmp(s->used_libraries[i].first_use->library, runtime->library) == 0) return;
  size_t tok = first_device_code(s);
  size_t cap = sizeof s->used_libraries / sizeof *s->used_libraries;
  if (tok == s->facts->n_toks || s->n_used_libraries == cap) return;
  s->used_libraries[s->n_used_libraries].first_use = runtime;
  s->used_libraries[s->n_used_libraries++].token = tok;
}

static int insert_line(c2h_scan *s, size_t at, const char *header) {
  /* Keep the file's line endings. */
  const char *nl = memchr(s->src, '\n', s->len);
  const char *eol = nl && nl > s->src && nl[-1] == '\r' ? "\r\n" : "\n";
  char line[300];
  int n = snprintf(line, sizeof line, "#include <%s>%s", header, eol);
  if (n < 0 || (size_t)n >= sizeof line) return 0;
  int rc = c2h_edit_add(s->edits, at, at, line, (size_t)n);
  if (rc == 0) s->stats->includes++;
  return rc;
}

/* The runtime header, first in a source: in a .cu file that uses CUDA or
 * includes headers of the project (nvcc's implicit include), in other
 * sources when they use the runtime and reach none of its headers. */
static int add_runtime(c2h_scan *s, const c2h_rule *runtime, size_t at) {
  size_t use = s->facts->n_toks;
  for (size_t i = 0; i < s->n_used_libraries; i++) {
    const c2h_rule *r = s->used_libraries[i].first_use;
    if ((strcmp(r->library, runtime->library) == 0 || (r->include && strcmp(r->include, RUNTIME_HEADER) == 0)) &&
        s->used_libraries[i].token < use)
      use = s->used_libraries[i].token;
  }
  int cu = is_cu_source(s->path);
  if (cu ? starts_with_runtime(s) || (use == s->facts->n_toks && !includes_project_files(s))
         : use == s->facts->n_toks || reaches_library(s, runtime->library, RUNTIME_HEADER))
    return 0;
  size_t where = use < s->facts->n_toks ? use : first_code_token(s);
  if (where >= s->facts->n_toks) return 0; /* an empty file */
  int rc = insert_line(s, at, RUNTIME_HEADER);
  if (rc) return rc;
  if (s->runtime_needed_edit) { /* the first line serves that header too */
    c2h_edit_remove(s->edits, s->runtime_needed_edit - 1);
    s->runtime_needed_edit = 0;
    s->stats->includes--;
  }
  if (cu)
    return c2h_scan_diag(s, where, where, C2H_SEV_NOTE, C2H_CHECK_INCLUDE_ADDED, NULL,
                         "added #include <" RUNTIME_HEADER "> as the first line: nvcc includes "
                         "cuda_runtime.h before the code of every .cu file, HIP needs it included");
  return c2h_scan_diag(s, where, where, C2H_SEV_NOTE, C2H_CHECK_INCLUDE_ADDED, NULL,
                       "added #include <" RUNTIME_HEADER "> as the first line: the file uses the "
                       "CUDA runtime (first use here) and includes none of its headers");
}

/* Whether the file has an #include line naming the compatibility header. */
static int includes_compat(const c2h_scan *s) {
  static const char name[] = C2H_COMPAT_HEADER_NAME;
  const c2h_token *t = s->facts->toks;
  for (size_t i = 0; i + 2 < s->facts->n_toks; i++) {
    if (!c2h_tok_is(s, i, "#") || !c2h_tok_is(s, i + 1, "include")) continue;
    size_t b = t[i + 2].begin, e = t[i + 2].end;
    if (e - b == sizeof name + 1 && memcmp(s->src + b + 1, name, sizeof name - 1) == 0) return 1;
  }
  return 0;
}

void c2h_scan_uses_compat(c2h_scan *s, size_t at) {
  s->used_compat = 1;
  if (at < s->first_compat_use) s->first_compat_use = at;
}

/* A file whose names became functions of cu2hip_compat.h includes it, as
 * its first line: the header includes the HIP runtime itself, and is
 * written beside the file, where "..." finds it first. Headers too: they
 * use the functions whoever includes them. */
static int add_compat(c2h_scan *s, size_t at) {
  if (!s->used_compat || includes_compat(s)) return 0;
  /* Where an #include of cooperative_groups/reduce.h became the header's,
   * that line serves the names after it. */
  if (s->compat_included && s->first_compat_use > s->compat_include_at) return 0;
  const char *nl = memchr(s->src, '\n', s->len);
  const char *line = nl && nl > s->src && nl[-1] == '\r' ? "#include \"" C2H_COMPAT_HEADER_NAME "\"\r\n"
                                                      : "#include \"" C2H_COMPAT_HEADER_NAME "\"\n";
  int rc = c2h_edit_add(s->edits, at, at, line, strlen(line));
  if (rc == 0) s->stats->includes++;
  return rc;
}

int c2h_scan_needed_includes(c2h_scan *s) {
  const c2h_rule *runtime = c2h_rules_lookup_header(s->rules, "cuda_runtime.h", strlen("cuda_runtime.h"));
  size_t at = top_of_file(s);
  int rc = 0;
  if (c2h_scan_is_header_path(s->path) || !runtime) return add_compat(s, at);
  note_device_code(s, runtime);
  rc = add_runtime(s, runtime, at);
  if (rc == 0) rc = add_compat(s, at);
  /* A header the parse did not find is the likely provider of a library's
   * names (nvcc includes none of them on its own): adding the library's
   * header would only guess, and fail where the library is not installed. */
  for (size_t i = 0; i < s->facts->diags.len; i++)
    if (s->facts->diags.items[i].check == C2H_CHECK_PARSE_MISSING_HEADER) return rc;
  for (size_t i = 0; i < s->n_used_libraries && rc == 0; i++) {
    const c2h_rule *first = s->used_libraries[i].first_use;
    if (!first->include || strcmp(first->library, runtime->library) == 0 ||
        strcmp(first->include, RUNTIME_HEADER) == 0 || reaches_library(s, first->library, first->include))
      continue;
    /* Two libraries may share a header (runtime, device): add it once. */
    int dup = 0;
    for (size_t k = 0; k < i && !dup; k++) {
      const c2h_rule *other = s->used_libraries[k].first_use;
      dup = other->include && strcmp(other->include, first->include) == 0 &&
            !reaches_library(s, other->library, other->include);
    }
    if (dup) continue;
    if ((rc = insert_line(s, at, first->include))) break;
    size_t use = s->used_libraries[i].token;
    rc = c2h_scan_diag(s, use, use, C2H_SEV_NOTE, C2H_CHECK_INCLUDE_ADDED, NULL,
                       "added #include <%s> at the top: the file uses %s here, in code the compiler "
                       "sees, and the parse reached none of its headers (if an #include that was "
                       "not found provides them, this line is redundant)",
                       first->include, first->library);
  }
  return rc;
}
