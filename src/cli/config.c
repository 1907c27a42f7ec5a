/* .cu2hip.yaml: discovery, parsing (libyaml) and validation. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "cli/config.h"
#include "cli/library_target.h"
#include "cu2hip/cu2hip.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/suggest.h"
#include "util/yaml_depth.h"

void c2h_config_init(c2h_config *cfg) { memset(cfg, 0, sizeof *cfg); }

static void free_list(char **list, size_t n) {
  for (size_t i = 0; i < n; i++) free(list[i]);
  free(list);
}

void c2h_config_dispose(c2h_config *cfg) {
  free(cfg->path);
  free_list(cfg->rules, cfg->n_rules);
  free(cfg->rocm_version);
  free(cfg->pytorch_version);
  free(cfg->launch_syntax);
  free(cfg->wave64);
  free(cfg->fail_on);
  free(cfg->format);
  free_list(cfg->enable, cfg->n_enable);
  free_list(cfg->disable, cfg->n_disable);
  free_list(cfg->extra_args, cfg->n_extra_args);
  free(cfg->extra_arg_marks);
  free_list(cfg->library_targets, cfg->n_library_targets);
  c2h_config_init(cfg);
}

/* ---- discovery ---------------------------------------------------------- */

static int exists(const char *path, int want_dir) {
  struct stat st;
  if (stat(path, &st) != 0) return 0;
  return want_dir < 0 || (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

int c2h_config_find(const char *input, char **found, c2h_error *err) {
  int rc = 0;
  char *dir = realpath(input, NULL), *candidate = NULL, *git = NULL;
  *found = NULL;
  if (!dir) return 0; /* the input itself is reported later */
  if (!exists(dir, 1)) {
    char *slash = strrchr(dir, '/');
    if (slash) slash[slash == dir ? 1 : 0] = '\0';
  }
  for (;;) {
    candidate = c2h_path_join(dir, C2H_CONFIG_NAME);
    git = c2h_path_join(dir, ".git");
    if (!candidate || !git) {
      rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
      goto done;
    }
    if (exists(candidate, 0)) {
      *found = candidate;
      candidate = NULL;
      goto done;
    }
    if (exists(git, -1) || strcmp(dir, "/") == 0) goto done;
    char *slash = strrchr(dir, '/');
    slash[slash == dir ? 1 : 0] = '\0';
    free(candidate);
    free(git);
    candidate = git = NULL;
  }
done:
  free(candidate);
  free(git);
  free(dir);
  return rc;
}

/* ---- parsing ------------------------------------------------------------ */

typedef struct loader {
  c2h_config *cfg;
  yaml_document_t *doc;
  const char *path;
  char *dir; /* directory of the file, for relative rule paths */
  c2h_error *err;
} loader;

static int fail_at(loader *l, const yaml_node_t *node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail_at(loader *l, const yaml_node_t *node, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return c2h_error_set(l->err, C2H_ERR_USAGE, l->path, (unsigned)node->start_mark.line + 1,
                       (unsigned)node->start_mark.column + 1, "%s", msg);
}

static int nomem(loader *l) { return c2h_error_set(l->err, C2H_ERR_NOMEM, l->path, 0, 0, "out of memory"); }

static const char *scalar(const yaml_node_t *n) { return (const char *)n->data.scalar.value; }

/* A non-empty scalar value of key. */
static int get_scalar(loader *l, const char *key, const yaml_node_t *v, char **out) {
  if (v->type != YAML_SCALAR_NODE || v->data.scalar.length == 0 ||
      (v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && strcmp(scalar(v), "null") == 0))
    return fail_at(l, v, "'%s' needs a single value", key);
  if (strlen(scalar(v)) != v->data.scalar.length) return fail_at(l, v, "'%s': NUL byte in the value", key);
  if (!(*out = c2h_strdup(scalar(v)))) return nomem(l);
  return 0;
}

static int one_of(loader *l, const char *key, const yaml_node_t *v, const char *const *allowed, char **out) {
  int rc = get_scalar(l, key, v, out);
  if (rc) return rc;
  for (size_t i = 0; allowed[i]; i++)
    if (strcmp(*out, allowed[i]) == 0) return 0;
  c2h_buf msg;
  c2h_buf_init(&msg);
  for (size_t i = 0; allowed[i]; i++)
    if (c2h_buf_printf(&msg, "%s%s", i ? (allowed[i + 1] ? ", " : " or ") : "", allowed[i])) {
      c2h_buf_dispose(&msg);
      return nomem(l);
    }
  char text[256];
  snprintf(text, sizeof text, "'%s' must be %s, not", key, msg.data);
  c2h_buf_dispose(&msg);
  rc = fail_at(l, v, "%s '%s'", text, *out);
  free(*out);
  *out = NULL;
  return rc;
}

/* Validates one list item (a scalar): NULL check = any string. */
typedef int (*item_check)(const char *value);

static int pattern_ok(const char *value) { return c2h_check_pattern_valid(value); }

void c2h_check_pattern_hint(const char *pattern, char *buf, size_t size) {
  c2h_suggest sug;
  c2h_suggest_init(&sug, pattern);
  for (int i = 0; i < C2H_CHECK__COUNT; i++) c2h_suggest_add(&sug, c2h_check_name((c2h_check)i));
  c2h_suggest_format(buf, size, &sug, "");
}

/* What a plain (unquoted) scalar is to YAML when it is not a string: "null",
 * "a boolean", "a number", or NULL for a string. */
static const char *plain_non_string(const yaml_node_t *n) {
  if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return NULL;
  const char *t = scalar(n);
  static const char *const nulls[] = {"null", "Null", "NULL", "~", NULL};
  static const char *const bools[] = {"true", "True", "TRUE", "false", "False", "FALSE", NULL};
  for (size_t i = 0; nulls[i]; i++)
    if (strcmp(t, nulls[i]) == 0) return "null";
  for (size_t i = 0; bools[i]; i++)
    if (strcmp(t, bools[i]) == 0) return "a boolean";
  char *end = NULL;
  int numeric = isdigit((unsigned char)t[0]) || (t[0] && strchr("+-.", t[0]) && isdigit((unsigned char)t[1]));
  if (numeric && (strtod(t, &end), end && !*end)) return "a number";
  return NULL;
}

/* A list of strings (a single scalar counts as a list of one). marks, when
 * not NULL, gets the line and column of each item (malloc'd). */
static int get_list(loader *l, const char *key, const yaml_node_t *v, item_check check, char ***out,
                    size_t *n, unsigned (**marks)[2]) {
  yaml_node_item_t single = 0, *items, *top;
  if (v->type == YAML_SCALAR_NODE) {
    const char *what = plain_non_string(v);
    if ((v->data.scalar.length == 0 && v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) ||
        (what && !strcmp(what, "null")))
      return 0; /* empty: key:, key: null, key: ~ */
    single = (yaml_node_item_t)(v - l->doc->nodes.start) + 1;
    items = &single;
    top = items + 1;
  } else if (v->type == YAML_SEQUENCE_NODE) {
    items = v->data.sequence.items.start;
    top = v->data.sequence.items.top;
  } else {
    return fail_at(l, v, "'%s' must be a list of strings", key);
  }
  char **list = calloc((size_t)(top - items) + 1, sizeof *list);
  unsigned(*where)[2] = marks ? calloc((size_t)(top - items) + 1, sizeof *where) : NULL;
  if (!list || (marks && !where)) {
    free(list);
    free(where);
    return nomem(l);
  }
  size_t k = 0;
  int rc = 0;
  const char *what;
  for (yaml_node_item_t *it = items; it < top && rc == 0; it++) {
    yaml_node_t *item = yaml_document_get_node(l->doc, *it);
    if (!item || item->type != YAML_SCALAR_NODE || item->data.scalar.length == 0) {
      rc = fail_at(l, item ? item : v, "'%s' must be a list of strings", key);
    } else if ((what = plain_non_string(item))) {
      rc = fail_at(l, item, "'%s' must be a list of strings: item %zu is %s, not a string (quote it: \"%s\")", key,
                   (size_t)(it - items) + 1, what, scalar(item));
    } else if (strlen(scalar(item)) != item->data.scalar.length) {
      rc = fail_at(l, item, "'%s': NUL byte in item %zu", key, (size_t)(it - items) + 1);
    } else if (check && !check(scalar(item))) {
      char hint[256];
      c2h_check_pattern_hint(scalar(item), hint, sizeof hint);
      rc = fail_at(l, item, "check pattern '%s' names no check%s (see 'cu2hip explain')", scalar(item), hint);
    } else if (!(list[k] = c2h_strdup(scalar(item)))) {
      rc = nomem(l);
    } else {
      if (where) {
        where[k][0] = (unsigned)item->start_mark.line + 1;
        where[k][1] = (unsigned)item->start_mark.column + 1;
      }
      k++;
    }
  }
  if (rc) {
    free_list(list, k);
    free(where);
    return rc;
  }
  *out = list;
  *n = k;
  if (marks) *marks = where;
  return 0;
}

static int pytorch_ok(loader *l, const yaml_node_t *v, char **out) {
  int rc = get_scalar(l, "pytorch-version", v, out);
  c2h_version ver;
  if (rc || strcmp(*out, "auto") == 0 || c2h_version_parse(*out, &ver) == 0) return rc;
  rc = fail_at(l, v, "'pytorch-version' must be X.Y or auto, not '%s'", *out);
  free(*out);
  *out = NULL;
  return rc;
}

static int rocm_ok(loader *l, const yaml_node_t *v, char **out) {
  int rc = get_scalar(l, "rocm-version", v, out);
  c2h_version ver;
  if (rc || strcmp(*out, "auto") == 0 || strcmp(*out, "latest") == 0 || c2h_version_parse(*out, &ver) == 0) return rc;
  rc = fail_at(l, v, "'rocm-version' must be X.Y, auto or latest, not '%s'", *out);
  free(*out);
  *out = NULL;
  return rc;
}

/* Rule paths are relative to the configuration file. */
static int resolve_rules(loader *l) {
  for (size_t i = 0; i < l->cfg->n_rules; i++) {
    if (l->cfg->rules[i][0] == '/') continue;
    char *p = c2h_path_join(l->dir, l->cfg->rules[i]);
    if (!p) return nomem(l);
    free(l->cfg->rules[i]);
    l->cfg->rules[i] = p;
  }
  return 0;
}

/* library-target: a list of --library-target values, each checked now. */
static int library_targets(loader *l, const char *key, const yaml_node_t *v) {
  c2h_config *c = l->cfg;
  int rc = get_list(l, key, v, NULL, &c->library_targets, &c->n_library_targets, NULL);
  c2h_lib_targets scratch = {{0}};
  char why[512];
  for (size_t i = 0; rc == 0 && i < c->n_library_targets; i++)
    if (c2h_lib_targets_apply(&scratch, c->library_targets[i], why, sizeof why)) rc = fail_at(l, v, "%s", why);
  return rc;
}

static int load_mapping(loader *l, const yaml_node_t *root) {
  static const char *const launch[] = {"cuda", "hip", NULL};
  static const char *const wave64[] = {"rewrite", "report", NULL};
  static const char *const fail_on[] = {"error", "warning", "never", NULL};
  static const char *const formats[] = {"text", "json", "jsonl", "sarif", NULL};
  static const char *const keys[] = {"rules", "rocm-version", "launch-syntax", "fail-on", "enable",
                                     "disable", "format", "extra-args", "library-target", "pytorch-version", "wave64", NULL};
  c2h_config *c = l->cfg;
  int rc = 0;
  unsigned seen = 0;
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top && rc == 0; p++) {
    yaml_node_t *k = yaml_document_get_node(l->doc, p->key), *v = yaml_document_get_node(l->doc, p->value);
    if (!k || !v) return fail_at(l, root, "malformed mapping");
    if (k->type != YAML_SCALAR_NODE) return fail_at(l, k, "keys must be plain names");
    const char *key = scalar(k);
    size_t idx = 0;
    while (keys[idx] && strcmp(keys[idx], key) != 0) idx++;
    if (!keys[idx]) {
      c2h_suggest sug;
      char hint[256];
      c2h_suggest_init(&sug, key);
      for (size_t i = 0; keys[i]; i++) c2h_suggest_add(&sug, keys[i]);
      c2h_suggest_format(hint, sizeof hint, &sug, "");
      return fail_at(l, k, "unknown key '%s'%s (known: rules, rocm-version, launch-syntax, fail-on, enable, "
                           "disable, format, extra-args, library-target, pytorch-version, wave64)", key, hint);
    }
    if (seen & (1u << idx)) return fail_at(l, k, "duplicate key '%s'", key);
    seen |= 1u << idx;
    switch (idx) {
      case 0: rc = get_list(l, key, v, NULL, &c->rules, &c->n_rules, NULL); break;
      case 1: rc = rocm_ok(l, v, &c->rocm_version); break;
      case 2: rc = one_of(l, key, v, launch, &c->launch_syntax); break;
      case 3: rc = one_of(l, key, v, fail_on, &c->fail_on); break;
      case 4:
        rc = get_list(l, key, v, pattern_ok, &c->enable, &c->n_enable, NULL);
        break;
      case 5:
        rc = get_list(l, key, v, pattern_ok, &c->disable, &c->n_disable, NULL);
        break;
      case 6: rc = one_of(l, key, v, formats, &c->format); break;
      case 7: rc = get_list(l, key, v, NULL, &c->extra_args, &c->n_extra_args, &c->extra_arg_marks); break;
      case 8: rc = library_targets(l, key, v); break;
      case 9: rc = pytorch_ok(l, v, &c->pytorch_version); break;
      default: rc = one_of(l, key, v, wave64, &c->wave64); break;
    }
  }
  return rc ? rc : resolve_rules(l);
}

int c2h_config_load_buffer(c2h_config *cfg, const char *path, const char *text, size_t len, c2h_error *err) {
  int rc = 0;
  yaml_parser_t parser;
  yaml_document_t doc;
  int have_parser = 0, have_doc = 0;
  loader l = {cfg, &doc, path, NULL, err};
  if (!(cfg->path = c2h_strdup(path)) || !(l.dir = c2h_strdup(path))) {
    rc = nomem(&l);
    goto done;
  }
  char *slash = strrchr(l.dir, '/');
  if (slash) slash[slash == l.dir ? 1 : 0] = '\0';
  else strcpy(l.dir, ".");
  if (!yaml_parser_initialize(&parser)) {
    rc = nomem(&l);
    goto done;
  }
  have_parser = 1;
  if ((rc = c2h_yaml_check_depth(path, text, len, C2H_ERR_USAGE, err))) goto done;
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  if (!yaml_parser_load(&parser, &doc)) {
    const char *problem = parser.problem ? parser.problem : "invalid YAML";
    rc = c2h_error_set(err, C2H_ERR_USAGE, path, (unsigned)parser.problem_mark.line + 1,
                       (unsigned)parser.problem_mark.column + 1, "%s%s%s", parser.context ? parser.context : "",
                       parser.context ? ": " : "", problem);
    goto done;
  }
  have_doc = 1;
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (!root) goto done; /* an empty file: no settings */
  if (root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0) goto done;
  if (root->type != YAML_MAPPING_NODE) {
    rc = fail_at(&l, root, "the configuration must be a mapping of settings (key: value)");
    goto done;
  }
  rc = load_mapping(&l, root);
done:
  if (have_doc) yaml_document_delete(&doc);
  if (have_parser) yaml_parser_delete(&parser);
  free(l.dir);
  return rc;
}

int c2h_config_load(c2h_config *cfg, const char *path, c2h_error *err) {
  char *text = NULL;
  size_t len = 0;
  int rc = c2h_file_read(path, &text, &len, err);
  if (rc == 0) rc = c2h_config_load_buffer(cfg, path, text, len, err);
  free(text);
  return rc;
}
