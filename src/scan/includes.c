/* #include <cuda_header.h> -> #include <hip_header.h>. Works on the raw
 * text after the directive, so inactive #if branches are covered too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tokens.h"

/* Chooses what a header entry becomes for the target version and reports
 * what the target cannot provide. Returns the HIP header or NULL. */
static const char *header_target(c2h_scan *s, const c2h_rule *r, size_t tok, int *rc) {
  char need[16], have[16];
  *rc = 0;
  if (r->unsupported) {
    *rc = c2h_scan_diag(s, tok, tok, C2H_SEV_ERROR, C2H_CHECK_API_UNSUPPORTED, NULL,
                        "<%s> has no HIP equivalent: %s", r->cuda, r->unsupported);
    return NULL;
  }
  if (r->rocm && s->target < r->rocm) {
    if (r->has_fallback && r->fallback.hip) return r->fallback.hip;
    c2h_version_format(r->rocm, need, sizeof need);
    c2h_version_format(s->target, have, sizeof have);
    *rc = c2h_scan_diag(s, tok, tok, C2H_SEV_WARNING, C2H_CHECK_API_VERSION, NULL,
                        "<%s> becomes <%s>, which needs ROCm %s or newer (target: ROCm %s)", r->cuda,
                        r->form.hip, need, have);
  }
  return r->form.hip;
}

/* A header of the project that --rename renamed: the line follows it. */
static int rename_local_include(c2h_scan *s, size_t tok, size_t name_begin, size_t name_end, int bracketed) {
  if (!s->rename_include) return 0;
  char *unresolved = NULL;
  char *renamed = s->rename_include(s->rename_ctx, s->path, s->src + name_begin, name_end - name_begin, bracketed,
                                    &unresolved);
  if (unresolved) {
    /* A renamed file may be meant: the line cannot follow it blindly. */
    int rc = c2h_scan_diag(s, tok, tok, C2H_SEV_WARNING, C2H_CHECK_RENAME_INCLUDE, NULL,
                           "#include \"%.*s\" was not found, and --rename renamed a file of that name (now %s): "
                           "if this line means it, change the name here (or give cu2hip the include folders "
                           "with -I or -p)",
                           (int)(name_end - name_begin), s->src + name_begin, unresolved);
    free(unresolved);
    if (rc) {
      free(renamed);
      return rc;
    }
  }
  if (!renamed) return 0;
  int rc = c2h_edit_add(s->edits, name_begin, name_end, renamed, strlen(renamed));
  if (rc == 0) s->stats->includes++;
  free(renamed);
  return rc;
}

/* Whether the parse resolved the #include on this line to a file of the
 * project: a header of the user's named like a CUDA one stays. */
int c2h_scan_project_include(const c2h_scan *s, unsigned line) {
  for (size_t i = 0; i < s->facts->n_user_include_lines; i++)
    if (s->facts->user_include_lines[i] == line) return 1;
  return 0;
}

/* Whether an #include of a header that becomes `hip` (or includes it)
 * comes before byte `before`: the HIP header some others need first. */
static int included_before(const c2h_scan *s, const char *hip, size_t before) {
  const c2h_token *toks = s->facts->toks;
  for (size_t i = 0; i + 2 < s->facts->n_toks && toks[i].begin < before; i++) {
    if (!c2h_tok_is(s, i, "#") || (i > 0 && toks[i - 1].line == toks[i].line) || !c2h_tok_is(s, i + 1, "include"))
      continue;
    size_t p = toks[i + 1].end;
    while (p < s->len && (s->src[p] == ' ' || s->src[p] == '\t')) p++;
    if (p >= s->len || (s->src[p] != '<' && s->src[p] != '"')) continue;
    size_t b = p + 1, q = b;
    while (q < s->len && s->src[q] != '>' && s->src[q] != '"' && s->src[q] != '\n') q++;
    const c2h_rule *r = c2h_rules_lookup_header(s->rules, s->src + b, q - b);
    const char *got = r && r->form.hip ? r->form.hip : NULL;
    for (int k = 0; k < 2; k++) { /* hip_runtime.h includes every other runtime header */
      const char *want = k ? "hip/hip_runtime.h" : hip;
      if ((got && strcmp(got, want) == 0) || (q - b == strlen(want) && memcmp(s->src + b, want, q - b) == 0))
        return 1;
    }
  }
  return 0;
}

/* A HIP header that does not include the one it needs (rule key `needs`)
 * gets that one on a line of its own just before it, unless the file
 * includes it earlier. Next to the directive, so inside the same #if. */
static int add_needed_first(c2h_scan *s, const c2h_rule *r, size_t hash_tok, const char **added) {
  if (!r->needs) return 0;
  size_t at = s->facts->toks[hash_tok].begin;
  while (at > 0 && s->src[at - 1] != '\n') at--;
  if (*added && (strcmp(*added, r->needs) == 0 || strcmp(*added, "hip/hip_runtime.h") == 0)) return 0;
  if (included_before(s, r->needs, at)) return 0;
  *added = r->needs;
  const char *nl = memchr(s->src, '\n', s->len);
  const char *eol = nl && nl > s->src && nl[-1] == '\r' ? "\r\n" : "\n";
  char line[300];
  int n = snprintf(line, sizeof line, "#include <%s>%s", r->needs, eol);
  if (n < 0 || (size_t)n >= sizeof line) return 0;
  int rc = c2h_edit_add(s->edits, at, at, line, (size_t)n);
  if (rc == 0) s->stats->includes++;
  if (rc == 0 && strcmp(r->needs, "hip/hip_runtime.h") == 0) s->runtime_needed_edit = s->edits->len;
  return rc;
}

/* A CUDA header whose names cu2hip_compat.h provides (its `compat` key):
 * the first such #include becomes the compatibility header's, later ones
 * go (their whole line), as one include of it serves them all. The names
 * the file uses are renamed by c2h_scan_names. */
static int include_compat(c2h_scan *s, const c2h_rule *r, size_t hash_tok, size_t tok, size_t begin, size_t end) {
  static const char quoted[] = "\"" C2H_COMPAT_HEADER_NAME "\"";
  int rc;
  s->used_compat = 1;
  if (!s->compat_included) {
    s->compat_included = 1;
    s->compat_include_at = s->facts->toks[hash_tok].begin;
    rc = c2h_edit_add(s->edits, begin, end, quoted, sizeof quoted - 1);
  } else {
    size_t b = s->facts->toks[hash_tok].begin, e = end;
    while (b > 0 && s->src[b - 1] != '\n') b--;
    while (e < s->len && s->src[e] != '\n') e++;
    rc = c2h_edit_add(s->edits, b, e < s->len ? e + 1 : e, "", 0);
  }
  if (rc) return rc;
  s->stats->includes++;
  return c2h_scan_diag(s, tok, tok, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                       "<%s> has no HIP equivalent; " C2H_COMPAT_HEADER_NAME " (%s; written beside the output, or "
                       "printed by `cu2hip compat-header`) provides what it declares, as %s",
                       r->cuda,
                       s->compat_include_at == s->facts->toks[hash_tok].begin ? "included here instead"
                                                                              : "included above instead",
                       strncmp(r->cuda, "cuda/", 5) == 0 ? "cu2hip_atomic_ref and cu2hip_atomic"
                                                         : "cu2hip_cg_* functions");
}

/* Whether token i starts an #include (include_next, import) directive; if
 * so, *p is the byte of its opening < or ", [*name_begin, *name_end) the
 * header name. */
static int include_directive(const c2h_scan *s, size_t i, size_t *p, size_t *name_begin, size_t *name_end) {
  const c2h_token *toks = s->facts->toks;
  /* A directive: '#' first on its line, then include / include_next / import. */
  if (i + 1 >= s->facts->n_toks || !c2h_tok_is(s, i, "#") || (i > 0 && toks[i - 1].line == toks[i].line)) return 0;
  if (!c2h_tok_is(s, i + 1, "include") && !c2h_tok_is(s, i + 1, "include_next") && !c2h_tok_is(s, i + 1, "import"))
    return 0;
  size_t at = toks[i + 1].end;
  while (at < s->len && (s->src[at] == ' ' || s->src[at] == '\t')) at++;
  if (at >= s->len || (s->src[at] != '<' && s->src[at] != '"')) return 0;
  char close = s->src[at] == '<' ? '>' : '"';
  size_t q = at + 1;
  while (q < s->len && s->src[q] != close && s->src[q] != '\n') q++;
  if (q >= s->len || s->src[q] != close || q == at + 1) return 0;
  *p = at, *name_begin = at + 1, *name_end = q;
  return 1;
}

int c2h_scan_is_torch_extension(const c2h_scan *s) {
  static const char *const dirs[] = {"torch/", "ATen/", "c10/", "THC/"};
  static const char *const spaces[] = {"at", "c10", "torch"};
  for (size_t i = 0; i < s->facts->n_toks; i++) {
    size_t p, b, e;
    if (include_directive(s, i, &p, &b, &e)) {
      for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++)
        if (e - b > strlen(dirs[k]) && memcmp(s->src + b, dirs[k], strlen(dirs[k])) == 0) return 1;
      continue;
    }
    /* at::Tensor, c10::Half, torch::Tensor outside an #include. */
    for (size_t k = 0; k < sizeof spaces / sizeof *spaces; k++)
      if (c2h_tok_is(s, i, spaces[k]) && c2h_tok_is(s, i + 1, "::") && (i == 0 || !c2h_tok_is(s, i - 1, "::")))
        return 1;
  }
  return 0;
}

int c2h_scan_includes(c2h_scan *s) {
  const c2h_token *toks = s->facts->toks;
  const char *added = NULL; /* the header add_needed_first inserted */
  for (size_t i = 0; i + 1 < s->facts->n_toks; i++) {
    size_t p, name_begin, q;
    if (!include_directive(s, i, &p, &name_begin, &q)) continue;
    if (c2h_tok_platform_only(s, i)) continue; /* a branch of HIP's own, or one HIP never compiles */
    char close = s->src[p] == '<' ? '>' : '"';
    const c2h_rule *r = c2h_rules_lookup_header(s->rules, s->src + name_begin, q - name_begin);
    if (r && c2h_scan_project_include(s, toks[i].line)) r = NULL;
    r = c2h_scan_pytorch_rule(s, r);
    if (!r) {
      int rc = rename_local_include(s, i + 2 < s->facts->n_toks ? i + 2 : i + 1, name_begin, q, close == '>');
      if (rc) return rc;
      continue;
    }
    /* The token the header name starts in, for the diagnostic position. */
    size_t tok = i + 2 < s->facts->n_toks ? i + 2 : i + 1;
    int rc;
    if (s->compat && r->compat && r->unsupported) {
      if ((rc = include_compat(s, r, i, tok, p, q + 1))) return rc;
      continue;
    }
    const char *hip = header_target(s, r, tok, &rc);
    if (rc) return rc;
    if (!hip) continue;
    if (s->n_included_libraries < sizeof s->included_libraries / sizeof *s->included_libraries)
      s->included_libraries[s->n_included_libraries++] = r->library;
    /* A header the target names alike (torch/extension.h) is not rewritten. */
    if (strlen(hip) == q - name_begin && memcmp(hip, s->src + name_begin, q - name_begin) == 0) continue;
    if ((rc = c2h_edit_add(s->edits, name_begin, q, hip, strlen(hip)))) return rc;
    s->stats->includes++;
    if (hip == r->form.hip && (rc = add_needed_first(s, r, i, &added))) return rc;
    if (r->note &&
        (rc = c2h_scan_diag(s, tok, tok, C2H_SEV_NOTE, C2H_CHECK_API_NOTE, NULL, "%s", r->note)))
      return rc;
  }
  return 0;
}
