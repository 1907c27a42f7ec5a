/* Fuzz target: the rule-table loader (YAML -> validated entries).
 *
 * Besides the sanitizers, it checks what rules.h promises: a failed load
 * leaves the table as it was; a loaded table finds every entry by its name;
 * loading the same text again is a conflict without override and a no-op
 * with it. */
#include <string.h>

#include "cu2hip/rules.h"
#include "fuzz_common.h"

/* The error names the buffer and carries a bounded, terminated message. */
static void check_error(const c2h_error *err, int rc) {
  C2H_FUZZ_CHECK(err->code == rc);
  C2H_FUZZ_CHECK(memchr(err->message, '\0', sizeof err->message) != NULL);
  C2H_FUZZ_CHECK(err->message[0] != '\0');
  C2H_FUZZ_CHECK(strcmp(err->path, "fuzz.yaml") == 0);
}

static void check_form(const c2h_rule_form *f) {
  if (f->hip) (void)strlen(f->hip);
  if (f->call) C2H_FUZZ_CHECK(f->call[0] != '\0');
  C2H_FUZZ_CHECK(f->n_args == 0 || f->args != NULL);
  for (size_t i = 0; i < f->n_args; i++) {
    C2H_FUZZ_CHECK(f->args[i].index >= 1 && f->args[i].index <= 32);
    (void)strlen(f->args[i].tmpl);
    for (size_t j = 0; j < i; j++) C2H_FUZZ_CHECK(f->args[j].index != f->args[i].index);
  }
}

/* Every entry is reachable through the lookup of its kind and is well formed. */
static void check_table(const c2h_rules *r) {
  size_t n = c2h_rules_count(r);
  for (size_t i = 0; i < n; i++) {
    const c2h_rule *e = c2h_rules_at(r, i);
    C2H_FUZZ_CHECK(e && e->cuda && e->cuda[0] != '\0');
    C2H_FUZZ_CHECK(e->kind >= 0 && e->kind < C2H_RULE_KIND__COUNT);
    C2H_FUZZ_CHECK(e->library && e->file && e->line >= 1 && e->col >= 1);
    const c2h_rule *found = e->kind == C2H_RULE_HEADER ? c2h_rules_lookup_header(r, e->cuda, strlen(e->cuda))
                                                       : c2h_rules_lookup(r, e->cuda, strlen(e->cuda));
    C2H_FUZZ_CHECK(found == e);
    /* A version macro is kept as written: no form at all. */
    C2H_FUZZ_CHECK(e->version ? !e->form.hip && !e->form.call && !e->unsupported
                   : e->unsupported ? !e->form.hip && !e->form.call : e->form.hip || e->form.call);
    C2H_FUZZ_CHECK(e->n_defined_by == 0 || e->defined_by != NULL);
    for (size_t k = 0; k < e->n_defined_by; k++) C2H_FUZZ_CHECK(e->defined_by[k][0] != '\0');
    if (e->needs) (void)strlen(e->needs);
    C2H_FUZZ_CHECK(!e->has_fallback || (e->rocm && (e->fallback.hip || e->fallback.call)));
    C2H_FUZZ_CHECK(e->mask_arg >= 0 && e->mask_arg <= 32);
    check_form(&e->form);
    if (e->has_fallback) check_form(&e->fallback);
    if (e->note) (void)strlen(e->note);
    if (e->include) (void)strlen(e->include);
    char v[16];
    c2h_version_format(e->rocm, v, sizeof v);
    (void)c2h_rule_kind_section(e->kind);
  }
  C2H_FUZZ_CHECK(c2h_rules_at(r, n) == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A private copy, so that a read past the end is caught by ASan even where
   * libFuzzer's buffer would have slack. */
  char *text = malloc(size ? size : 1);
  if (!text) return 0;
  if (size) memcpy(text, data, size);
  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  C2H_FUZZ_CHECK(c2h_rules_new(&r, &err) == 0);
  int rc = c2h_rules_load_buffer(r, "fuzz.yaml", text, size, 0, &err);
  if (rc) {
    check_error(&err, rc);
    C2H_FUZZ_CHECK(c2h_rules_count(r) == 0);
    C2H_FUZZ_CHECK(c2h_rules_newest_version(r) == C2H_VERSION(5, 2));
  } else {
    size_t n = c2h_rules_count(r);
    c2h_version newest = c2h_rules_newest_version(r);
    C2H_FUZZ_CHECK(n > 0);
    check_table(r);
    /* The same entries again: each one is a conflict, and nothing changes. */
    c2h_error_clear(&err);
    rc = c2h_rules_load_buffer(r, "fuzz.yaml", text, size, 0, &err);
    C2H_FUZZ_CHECK(rc == C2H_ERR_RULES);
    check_error(&err, rc);
    C2H_FUZZ_CHECK(c2h_rules_count(r) == n && c2h_rules_newest_version(r) == newest);
    /* With override they replace themselves. */
    C2H_FUZZ_CHECK(c2h_rules_load_buffer(r, "fuzz.yaml", text, size, 1, &err) == 0);
    C2H_FUZZ_CHECK(c2h_rules_count(r) == n && c2h_rules_newest_version(r) == newest);
    check_table(r);
  }
  c2h_rules_free(r);
  free(text);
  return 0;
}
