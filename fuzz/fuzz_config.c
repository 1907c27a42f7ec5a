/* Fuzz target: the .cu2hip.yaml loader (src/cli/config.c).
 *
 * Checked besides the sanitizers: a failure is a usage error with a
 * position-bearing message about the file; a success holds only validated
 * values (the documented choices, non-empty list items, rule paths made
 * absolute against the file's directory); disposing leaves an empty
 * configuration either way. */
#include <string.h>

#include "cli/config.h"
#include "cu2hip/diag.h"
#include "cu2hip/rules.h"
#include "fuzz_common.h"

#define FUZZ_PATH "/nonexistent-cu2hip-fuzz/.cu2hip.yaml"

static int one_of(const char *value, const char *const *allowed) {
  for (size_t i = 0; allowed[i]; i++)
    if (strcmp(value, allowed[i]) == 0) return 1;
  return 0;
}

static void check_list(char **list, size_t n) {
  C2H_FUZZ_CHECK(n == 0 || list != NULL);
  for (size_t i = 0; i < n; i++) C2H_FUZZ_CHECK(list[i] && list[i][0] != '\0');
}

static void check_patterns(char **list, size_t n) {
  check_list(list, n);
  for (size_t i = 0; i < n; i++) C2H_FUZZ_CHECK(c2h_check_pattern_valid(list[i]));
}

static void check_config(const c2h_config *c) {
  static const char *const launch[] = {"cuda", "hip", NULL};
  static const char *const fail_on[] = {"error", "warning", "never", NULL};
  static const char *const formats[] = {"text", "json", "jsonl", "sarif", NULL};
  C2H_FUZZ_CHECK(c->path && strcmp(c->path, FUZZ_PATH) == 0);
  check_list(c->rules, c->n_rules);
  /* Relative paths were joined to the file's (absolute) directory. */
  for (size_t i = 0; i < c->n_rules; i++) C2H_FUZZ_CHECK(c->rules[i][0] == '/');
  if (c->rocm_version) {
    c2h_version v;
    C2H_FUZZ_CHECK(strcmp(c->rocm_version, "auto") == 0 || strcmp(c->rocm_version, "latest") == 0 ||
                   c2h_version_parse(c->rocm_version, &v) == 0);
  }
  if (c->launch_syntax) C2H_FUZZ_CHECK(one_of(c->launch_syntax, launch));
  if (c->fail_on) C2H_FUZZ_CHECK(one_of(c->fail_on, fail_on));
  if (c->format) C2H_FUZZ_CHECK(one_of(c->format, formats));
  check_patterns(c->enable, c->n_enable);
  check_patterns(c->disable, c->n_disable);
  check_list(c->extra_args, c->n_extra_args);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size ? size : 1);
  if (!text) return 0;
  if (size) memcpy(text, data, size);
  c2h_config cfg;
  c2h_error err;
  c2h_config_init(&cfg);
  c2h_error_clear(&err);
  int rc = c2h_config_load_buffer(&cfg, FUZZ_PATH, text, size, &err);
  if (rc == 0) {
    check_config(&cfg);
  } else {
    C2H_FUZZ_CHECK(rc == C2H_ERR_USAGE && err.code == rc);
    C2H_FUZZ_CHECK(strcmp(err.path, FUZZ_PATH) == 0);
    C2H_FUZZ_CHECK(err.line >= 1 && err.col >= 1);
    C2H_FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message) && err.message[0] != '\0');
  }
  c2h_config_dispose(&cfg);
  C2H_FUZZ_CHECK(cfg.path == NULL && cfg.n_rules == 0 && cfg.n_enable == 0 && cfg.n_extra_args == 0);
  free(text);
  return 0;
}
