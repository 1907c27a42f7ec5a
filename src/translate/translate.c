/* One file: parse, run the rewrite passes, apply the edits. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "checks/checks.h"
#include "cu2hip/cu2hip.h"
#include "diag/suppress.h"
#include "edit/edit.h"
#include "front/front.h"
#include "scan/constants.h"
#include "scan/scan.h"
#include "translate/annotate.h"
#include "translate/brackets.h"
#include "translate/libcu_stub.h"
#include "translate/lone_header.h"
#include "translate/nesting.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/python_sites.h"

struct c2h_translator {
  c2h_translate_options options;
  c2h_front *front;
  const char **headers; /* CUDA header names the shim stands in for */
  char **preludes;      /* per header: the macros its stub defines, or NULL */
  unsigned char *empty_headers; /* per header: 1 when HIP lacks it (its stub declares nothing) */
  char *implicit;       /* the macros nvcc's implicit cuda_runtime.h defines */
};

/* The header nvcc includes in every file before the user's code. */
#define IMPLICIT_HEADER "cuda_runtime.h"

/* Appends `#define NAME [value]` (unless the user's flags define it) for
 * each macro rule `defined_by` the header. */
static int add_defines(char **text, const c2h_rule *const *macros, size_t n, const char *header) {
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++)
    for (size_t k = 0; k < macros[i]->n_defined_by && rc == 0; k++) {
      if (strcmp(macros[i]->defined_by[k], header) != 0) continue;
      const char *m = macros[i]->cuda;
      rc = macros[i]->version ? c2h_buf_printf(&b, "#ifndef %s\n#define %s %lld\n#endif\n", m, m, macros[i]->cuda_value)
                              : c2h_buf_printf(&b, "#ifndef %s\n#define %s\n#endif\n", m, m);
    }
  if (rc == 0 && b.len && !(*text = c2h_buf_detach(&b, NULL))) rc = C2H_ERR_NOMEM;
  c2h_buf_dispose(&b);
  return rc;
}

/* The texts the parser's header stubs and implicit include hold, from the
 * macro rules that say which CUDA header defines them. */
static int build_preludes(c2h_translator *tr, size_t n_headers) {
  const c2h_rules *rules = tr->options.rules;
  size_t n_rules = c2h_rules_count(rules), n = 0;
  int rc = 0;
  const c2h_rule **macros = calloc(n_rules + 1, sizeof *macros);
  if (!macros || !(tr->preludes = calloc(n_headers + 1, sizeof *tr->preludes))) {
    free(macros);
    return C2H_ERR_NOMEM;
  }
  for (size_t i = 0; i < n_rules; i++)
    if (c2h_rules_at(rules, i)->n_defined_by) macros[n++] = c2h_rules_at(rules, i);
  rc = add_defines(&tr->implicit, macros, n, IMPLICIT_HEADER);
  for (size_t h = 0; h < n_headers && rc == 0; h++)
    if (strcmp(tr->headers[h], IMPLICIT_HEADER) != 0) rc = add_defines(&tr->preludes[h], macros, n, tr->headers[h]);
  /* libcu++'s headers declare their atomics (the macros, if any, first). */
  for (size_t h = 0; h < n_headers && rc == 0; h++) {
    const char *decls = c2h_libcu_stub(tr->headers[h]);
    if (!decls) continue;
    size_t a = tr->preludes[h] ? strlen(tr->preludes[h]) : 0, b = strlen(decls);
    char *t = realloc(tr->preludes[h], a + b + 1);
    if (!t) {
      rc = C2H_ERR_NOMEM;
      break;
    }
    memcpy(t + a, decls, b + 1);
    tr->preludes[h] = t;
  }
  free(macros);
  return rc;
}

const char *c2h_version_string(void) { return C2H_VERSION_STRING; }

void c2h_translator_free(c2h_translator *tr) {
  if (!tr) return;
  c2h_front_free(tr->front);
  for (size_t i = 0; tr->preludes && tr->headers && tr->headers[i]; i++) free(tr->preludes[i]);
  free(tr->preludes);
  free(tr->implicit);
  free(tr->headers);
  free(tr->empty_headers);
  free(tr);
}

int c2h_translator_new(c2h_translator **out, const c2h_translate_options *options, c2h_error *err) {
  int rc = 0;
  if (!options->rules) return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "no rule table given");
  c2h_translator *tr = calloc(1, sizeof *tr);
  size_t n_rules = c2h_rules_count(options->rules), n_headers = 0;
  if (!tr || !(tr->headers = calloc(n_rules + 1, sizeof *tr->headers)) ||
      !(tr->empty_headers = calloc(n_rules + 1, 1))) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
    goto fail;
  }
  tr->options = *options;
  for (size_t i = 0; i < n_rules; i++) {
    const c2h_rule *r = c2h_rules_at(options->rules, i);
    if (r->kind != C2H_RULE_HEADER) continue;
    /* A header HIP lacks: its stub declares nothing, but libcu++'s atomics. */
    /* PyTorch's headers are never read (docs/pytorch.md): their stubs
     * declare none of their names either. */
    tr->empty_headers[n_headers] =
        (r->unsupported && !c2h_libcu_stub(r->cuda)) || (r->library && strcmp(r->library, "pytorch") == 0);
    tr->headers[n_headers++] = r->cuda;
  }
  if (build_preludes(tr, n_headers)) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
    goto fail;
  }
  c2h_front_options fo = {options->clang_args, options->n_clang_args, options->cuda_path,
                          tr->headers, n_headers, (const char *const *)tr->preludes, tr->implicit,
                          options->parse_cache_dir, tr->empty_headers};
  if ((rc = c2h_front_new(&tr->front, &fo, err))) goto fail;
  *out = tr;
  return 0;
fail:
  c2h_translator_free(tr);
  return rc;
}

/* Sources hold text: a file whose start is more than 1/8 control
 * characters (other than tab, newline, CR, form feed, vertical tab, escape)
 * is data, even without a NUL byte. */
#define BINARY_SNIFF 4096
static int looks_binary(const char *src, size_t len) {
  size_t n = len < BINARY_SNIFF ? len : BINARY_SNIFF, ctrl = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)src[i];
    ctrl += (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b) || c == 0x7f;
  }
  return n && ctrl * 8 > n;
}

/* The 1-based line and byte column of offset `at`, counting lines the way
 * the parser does (LF, CR LF or a lone CR ends one). */
static void line_col(const char *src, size_t at, unsigned *line, unsigned *col) {
  size_t l = 1, start = 0;
  for (size_t i = 0; i < at; i++) {
    if (src[i] == '\n' || (src[i] == '\r' && src[i + 1] != '\n')) {
      l++;
      start = i + 1;
    }
  }
  *line = l > 0xffffffffu ? 0xffffffffu : (unsigned)l;
  *col = at - start + 1 > 0xffffffffu ? 0xffffffffu : (unsigned)(at - start + 1);
}

/* A name of the rule table; its calls need their overload's parameter types
 * when an entry of it goes by them (by_param_type). */
static int is_cuda_name(void *ctx, const char *name, size_t len) {
  const c2h_rule *r = c2h_rules_lookup((const c2h_rules *)ctx, name, len);
  if (!r) return 0;
  for (size_t k = 0; k < r->n_by_args; k++)
    if (r->by_args[k].param_type) return C2H_NAME_OF_INTEREST | C2H_NAME_PARAM_TYPES;
  return C2H_NAME_OF_INTEREST;
}

/* The name of the encoding when the bytes are UTF-16 or UTF-32 text: a
 * byte-order mark, or (UTF-16 without one) ASCII characters each followed
 * or preceded by a NUL in the first bytes. NULL for anything else. */
static const char *wide_encoding(const char *src, size_t len) {
  const unsigned char *u = (const unsigned char *)src;
  if (len >= 4 && u[0] == 0xff && u[1] == 0xfe && u[2] == 0 && u[3] == 0) return "UTF-32 (little-endian, with a BOM)";
  if (len >= 4 && u[0] == 0 && u[1] == 0 && u[2] == 0xfe && u[3] == 0xff) return "UTF-32 (big-endian, with a BOM)";
  if (len >= 2 && u[0] == 0xff && u[1] == 0xfe) return "UTF-16 (little-endian, with a BOM)";
  if (len >= 2 && u[0] == 0xfe && u[1] == 0xff) return "UTF-16 (big-endian, with a BOM)";
  size_t n = len < 64 ? len & ~(size_t)1 : 64, le = 0, be = 0;
  if (n < 8) return NULL;
  for (size_t i = 0; i < n; i += 2) {
    le += u[i] >= 0x09 && u[i] < 0x7f && u[i + 1] == 0;
    be += u[i] == 0 && u[i + 1] >= 0x09 && u[i + 1] < 0x7f;
  }
  if (le == n / 2) return "UTF-16 (little-endian)";
  if (be == n / 2) return "UTF-16 (big-endian)";
  return NULL;
}

int c2h_translate_buffer(c2h_translator *tr, const char *path, const char *src, size_t len,
                         c2h_file_result *res, c2h_error *err) {
  return c2h_translate_file(tr, path, src, len, NULL, res, err);
}

int c2h_translate_file(c2h_translator *tr, const char *path, const char *src, size_t len,
                       const c2h_file_options *file, c2h_file_result *res, c2h_error *err) {
  static const c2h_file_options none = {0};
  /* The rewrite passes and checks a file goes through, in order. */
  static int (*const passes[])(c2h_scan *) = {c2h_scan_includes, c2h_scan_launches, c2h_scan_coords, c2h_scan_register,
                                              c2h_scan_names, c2h_scan_cg_shuffles,
                                              c2h_scan_needed_includes, c2h_scan_vector_ops, c2h_checks_run};
  unsigned long long start = c2h_scan_now_ms();
  int rc = 0;
  if (!file) file = &none;
  c2h_tu_facts facts;
  c2h_edit_list edits;
  c2h_bracket_fixes fixes;
  char *closed_up = NULL; /* src with spaced launch brackets closed up, or NULL */
  c2h_constants *constants = NULL;
  unsigned char *warp_lanes = NULL;
  c2h_tu_facts_init(&facts);
  c2h_edit_list_init(&edits);
  c2h_bracket_fixes_init(&fixes);
  const char *wide = wide_encoding(src, len);
  if (wide) {
    /* Its NUL bytes would otherwise call it binary, which says nothing of
     * how to fix it (editors on Windows save UTF-16 with a BOM). */
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, 0, 0,
                       "%s text, not UTF-8: cu2hip reads UTF-8 (or ASCII) sources; convert it first, e.g. "
                       "iconv -f %s -t UTF-8 FILE > FILE.utf8; not translated",
                       wide, strncmp(wide, "UTF-32", 6) == 0 ? "UTF-32" : "UTF-16");
    goto done;
  }
  const void *nul = memchr(src, '\0', len);
  if (nul) {
    size_t at = (size_t)((const char *)nul - src);
    unsigned line, col;
    line_col(src, at, &line, &col);
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, line, col,
                       "binary file (NUL byte at line %u, column %u, offset %zu); not translated", line, col, at);
    goto done;
  }
  if (looks_binary(src, len)) {
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, 0, 0,
                       "binary file (control characters in the first %zu bytes); not translated",
                       len < BINARY_SNIFF ? len : (size_t)BINARY_SNIFF);
    goto done;
  }
  if (len > 0x7fffffffu) {
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, 0, 0, "file too large to parse (%zu bytes)", len);
    goto done;
  }
  /* Constructs nested deep enough to overflow the parser's stack would
   * take the whole process down, not just this file. */
  c2h_nesting_excess deep;
  if (c2h_nesting_too_deep(src, len, &deep)) {
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, deep.line, deep.col,
                       "more than %zu %s at line %u, column %u: deeper than the parser can safely read; "
                       "not translated",
                       deep.limit, deep.what, deep.line, deep.col);
    goto done;
  }
  if (c2h_brackets_normalise(src, len, &closed_up, &fixes)) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory while translating");
    goto done;
  }
  /* The parse and the passes read the copy (same length, same offsets);
   * the edits apply to the original. */
  const char *text = closed_up ? closed_up : src;
  /* libclang's parse cannot be interrupted: what bounds it on hostile
   * inputs is clang's own limits (-fbracket-depth, the template and
   * constexpr depth limits) and the nesting check above, so the time limit
   * is checked from its end on. */
  int parsed = 0;
  if (file->includer && file->includer_src) {
    rc = c2h_front_parse_included(tr->front, file->includer, file->includer_src, file->includer_len, path, src, len,
                                  file->clang_args, file->n_clang_args, is_cuda_name, (void *)tr->options.rules,
                                  &facts, err);
    if (rc == C2H_ERR_CRASH) goto crashed;
    if (rc < 0) goto done;
    parsed = rc == 0;
    if (rc > 0) {
      c2h_tu_facts_dispose(&facts);
      c2h_tu_facts_init(&facts);
    }
    rc = 0;
  }
  if (!parsed)
    rc = c2h_front_parse(tr->front, path, text, len, file->clang_args, file->n_clang_args, is_cuda_name,
                         (void *)tr->options.rules, &facts, err);
  if (rc == C2H_ERR_CRASH) goto crashed;
  if (rc) goto done;
  if (!parsed && c2h_scan_is_header_path(path) && (rc = c2h_lone_header_fold_errors(path, &facts))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  /* The dependencies go to the result whatever happens next. */
  res->depends = facts.depends;
  res->n_depends = facts.n_depends;
  facts.depends = NULL;
  facts.n_depends = 0;
  c2h_scan s = {.path = path, .src = text, .len = len, .facts = &facts, .rules = tr->options.rules,
                .target = tr->options.rocm_version, .pytorch = tr->options.pytorch_version,
                .launch_syntax = tr->options.launch_syntax, .wave64 = tr->options.wave64,
                .rename_include = file->rename_include, .rename_ctx = file->rename_ctx,
                .edits = &edits, .diags = &res->diags, .stats = &res->stats,
                .deadline_ms = tr->options.time_limit_ms ? start + tr->options.time_limit_ms : 0,
                .compat = !tr->options.no_compat_header, .first_compat_use = SIZE_MAX,
                .included = file->includer != NULL};
  /* The parse ran on a thread of its own: its CPU time counts as well. */
  if (s.deadline_ms) {
    if (facts.parse_cpu_ms >= tr->options.time_limit_ms) goto timed_out;
    s.deadline_ms -= facts.parse_cpu_ms;
  }
  /* One table of the file's constants for every pass and check. */
  if ((rc = c2h_constants_new(&s, &constants))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  s.constants = constants;
  /* One warp model for the passes that rewrite and the checks that report. */
  if ((rc = c2h_warp_units(&s, &warp_lanes))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  s.warp_lanes = warp_lanes;
  /* The deadline is checked between the passes; the long loops inside them
   * stop early when it has passed, and the check after them notices. */
  for (size_t i = 0; i < sizeof passes / sizeof *passes; i++) {
    if (c2h_scan_expired(&s)) goto timed_out;
    if ((rc = passes[i](&s))) {
      rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
      goto done;
    }
  }
  if (c2h_scan_expired(&s)) goto timed_out;
  /* Spaced launch brackets that no rewrite replaced are closed up. */
  for (size_t i = 0; i < fixes.len && rc == 0; i++) {
    const c2h_bracket_fix *f = &fixes.items[i];
    if (!c2h_edit_overlaps(&edits, f->begin, f->end))
      rc = c2h_edit_add(&edits, f->begin, f->end, f->c == '<' ? "<<<" : ">>>", 3);
  }
  if (rc || (rc = c2h_diag_list_move(&res->diags, &facts.diags))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  /* Suppressions first, so that --annotate marks only what is reported. */
  c2h_diag_list_sort(&res->diags);
  if ((rc = c2h_diag_suppress(&res->diags, path, src, len, &res->stats.suppressed)) ||
      (tr->options.annotate && (rc = c2h_annotate(path, src, len, &res->diags, &edits)))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  size_t bad = 0;
  if (c2h_edit_list_finish(&edits, &bad)) {
    rc = c2h_error_set(err, C2H_ERR_INTERNAL, path, 0, 0,
                       "conflicting edits at byte %zu (a bug: please report it with this file)",
                       edits.items[bad].begin);
    goto done;
  }
  if ((rc = c2h_edit_apply(&edits, src, len, &res->output, &res->output_len))) {
    rc = c2h_error_set(err, rc, path, 0, 0, "out of memory while translating");
    goto done;
  }
  res->needs_compat_header = s.used_compat;
  res->stats.edits = edits.len;
  res->stats.lines_changed = c2h_edit_lines_touched(&edits, src, len);
  res->changed = res->output_len != len || memcmp(res->output, src, len) != 0;
  goto done;
crashed:
  rc = c2h_file_result_crashed(res, path, src, len, err->message, err);
  goto done;
timed_out:
  rc = c2h_file_result_timed_out(res, path, src, len, c2h_scan_now_ms() - start + facts.parse_cpu_ms, tr->options.time_limit_ms,
                   err);
done:
  c2h_constants_free(constants);
  free(warp_lanes);
  c2h_tu_facts_dispose(&facts);
  c2h_edit_list_dispose(&edits);
  c2h_bracket_fixes_dispose(&fixes);
  free(closed_up);
  return rc;
}

extern const char c2h_compat_header_text[];
extern const size_t c2h_compat_header_text_len;

const char *c2h_compat_header(size_t *len) {
  if (len) *len = c2h_compat_header_text_len;
  return c2h_compat_header_text;
}

/* `__version__ = '2.4.1+rocm6.1'` -> 2.4; 0 when the file has none. */
static c2h_version read_torch_version(const char *path) {
  char *text = NULL;
  size_t len = 0;
  c2h_error err;
  c2h_version v = 0;
  if (c2h_file_read(path, &text, &len, &err) != 0) return 0;
  const char *p = strstr(text, "__version__");
  if (p) p = strpbrk(p, "'\"\n");
  if (p && *p != '\n') {
    int major = atoi(p + 1);
    const char *dot = strchr(p + 1, '.');
    int minor = dot ? atoi(dot + 1) : -1;
    if (major > 0 && minor >= 0 && minor < 100) v = C2H_VERSION(major, minor);
  }
  free(text);
  return v;
}

c2h_version c2h_installed_pytorch_version(void) {
  c2h_python_sites sites;
  c2h_python_sites_init(&sites);
  c2h_python_sites_add_default(&sites); /* out of memory: the folders listed so far */
  c2h_version v = 0;
  for (size_t i = 0; i < sites.n && !v; i++) {
    char *path = c2h_path_join(sites.dirs[i], "torch/version.py");
    if (path) v = read_torch_version(path);
    free(path);
  }
  c2h_python_sites_dispose(&sites);
  return v;
}
