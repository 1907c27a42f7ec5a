#ifndef C2H_CLI_CONFIG_H
#define C2H_CLI_CONFIG_H
/* The project configuration file, .cu2hip.yaml: defaults for the command's
 * options, found by walking up from the first input. */
#include <stddef.h>

#include "cu2hip/error.h"

#define C2H_CONFIG_NAME ".cu2hip.yaml"

typedef struct c2h_config {
  char *path;           /* the file read */
  char **rules;         /* rule files, resolved against the file's directory */
  size_t n_rules;
  char *rocm_version;   /* validated values as written, or NULL when absent */
  char *pytorch_version;
  char *launch_syntax;
  char *wave64;
  char *fail_on;
  char *format;
  char **enable, **disable; /* check patterns, each naming at least one check */
  size_t n_enable, n_disable;
  char **extra_args;
  size_t n_extra_args;
  unsigned (*extra_arg_marks)[2]; /* line and column (1-based) of each extra-args item */
  char **library_targets; /* --library-target values, validated, in order */
  size_t n_library_targets;
} c2h_config;

void c2h_config_init(c2h_config *cfg);
void c2h_config_dispose(c2h_config *cfg);

/* Reads and validates the file at path into cfg (initialised, empty).
 * Unknown keys, duplicate keys and bad values are C2H_ERR_USAGE errors with
 * the file, line and column in err. */
int c2h_config_load(c2h_config *cfg, const char *path, c2h_error *err);

/* The same on text already in memory (len bytes): path names it in errors,
 * and its directory resolves relative rule paths. */
int c2h_config_load_buffer(c2h_config *cfg, const char *path, const char *text, size_t len, c2h_error *err);

/* Looks for C2H_CONFIG_NAME in the directory of `input` (or in `input` when
 * it is a directory) and in each parent, stopping after the filesystem root
 * or a directory that holds .git. *found is the malloc'd path (the caller
 * frees it), or NULL when there is none. Returns 0 or C2H_ERR_NOMEM. */
int c2h_config_find(const char *input, char **found, c2h_error *err);

/* "; did you mean NAME?" for a --enable/--disable pattern that names no
 * check ("" when no check name is close). */
void c2h_check_pattern_hint(const char *pattern, char *buf, size_t size);

#endif
