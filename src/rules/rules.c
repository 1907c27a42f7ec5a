/* The rule table: YAML loading with strict validation, and the lookup index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "cu2hip/rules.h"
#include "cu2hip/translate.h"
#include "rules_internal.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/suggest.h"
#include "util/yaml_depth.h"


static const char *const section_names[C2H_RULE_KIND__COUNT] = {
    "headers", "functions", "types", "constants", "macros", "device", "namespaces", "members"};

const char *c2h_rule_kind_section(c2h_rule_kind kind) {
  return kind < C2H_RULE_KIND__COUNT ? section_names[kind] : "?";
}

static void *pool_alloc(c2h_rules *r, size_t n) {
  n = (n + 7) & ~(size_t)7;
  if (!r->pool || r->pool->used + n > r->pool->cap) {
    size_t cap = n > 65536 ? n : 65536;
    c2h_pool_block *b = malloc(sizeof *b + cap);
    if (!b) return NULL;
    b->next = r->pool;
    b->used = 0;
    b->cap = cap;
    r->pool = b;
  }
  void *p = r->pool->data + r->pool->used;
  r->pool->used += n;
  return p;
}

static const char *pool_strdup(c2h_rules *r, const char *s) {
  size_t n = strlen(s);
  char *p = pool_alloc(r, n + 1);
  if (p) memcpy(p, s, n + 1);
  return p;
}

int c2h_rules_new(c2h_rules **out, c2h_error *err) {
  c2h_rules *r = calloc(1, sizeof *r);
  if (!r) return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  /* Keys are the entries' names, which live in the pool as long as the table. */
  c2h_strmap_init_borrowed(&r->names);
  c2h_strmap_init_borrowed(&r->headers);
  r->newest = C2H_VERSION(5, 2);
  *out = r;
  return 0;
}

void c2h_rules_free(c2h_rules *r) {
  if (!r) return;
  c2h_strmap_dispose(&r->names);
  c2h_strmap_dispose(&r->headers);
  while (r->pool) {
    c2h_pool_block *next = r->pool->next;
    free(r->pool);
    r->pool = next;
  }
  free(r->items);
  free(r);
}

/* The length of an embedded file's library name: its name without .yaml. */
static size_t stem_len(const char *file) {
  size_t n = strlen(file);
  return n > 5 && strcmp(file + n - 5, ".yaml") == 0 ? n - 5 : n;
}

size_t c2h_rules_roc_library(size_t i, const char **name) {
  if (i >= c2h_embedded_roc_rules_count) return 0;
  *name = c2h_embedded_roc_rules[i].name;
  return stem_len(*name);
}

/* The embedded ROCm-native table of library[0..n), or NULL. */
static const c2h_embedded_file *roc_table(const char *library, size_t n) {
  for (size_t i = 0; i < c2h_embedded_roc_rules_count; i++) {
    const c2h_embedded_file *f = &c2h_embedded_roc_rules[i];
    if (stem_len(f->name) == n && memcmp(f->name, library, n) == 0) return f;
  }
  return NULL;
}

int c2h_rules_has_roc_table(const char *library) { return roc_table(library, strlen(library)) != NULL; }

/* Whether the default file `name` is replaced by a selected ROCm-native table. */
static const c2h_embedded_file *replaced(const char *name, const char *const *roc, size_t n) {
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(roc[i]);
    if (stem_len(name) == len && memcmp(name, roc[i], len) == 0) return roc_table(roc[i], len);
  }
  return NULL;
}

static int load_buffer(c2h_rules *rules, const char *name, const char *text, size_t len, int override,
                       int check_depth, c2h_error *err);

int c2h_rules_new_default_targets(c2h_rules **out, const char *const *roc, size_t n, c2h_error *err) {
  c2h_rules *r = NULL;
  for (size_t i = 0; i < n; i++)
    if (!c2h_rules_has_roc_table(roc[i]))
      return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "no ROCm-native rule table for '%s'", roc[i]);
  int rc = c2h_rules_new(&r, err);
  if (rc) return rc;
  /* The wrapper tables of the selected libraries are left out; the native
   * tables come last and may override an entry of another default table
   * that names the wrapper (cuRAND's include guard in nvcc.yaml). */
  for (size_t i = 0; rc == 0 && i < c2h_embedded_rules_count; i++) {
    const c2h_embedded_file *f = &c2h_embedded_rules[i];
    if (!replaced(f->name, roc, n)) rc = load_buffer(r, f->name, f->data, f->len, 0, 0, err);
  }
  for (size_t i = 0; rc == 0 && i < n; i++) {
    const c2h_embedded_file *f = roc_table(roc[i], strlen(roc[i]));
    char name[256];
    snprintf(name, sizeof name, "roc/%s", f->name);
    rc = load_buffer(r, name, f->data, f->len, 1, 0, err);
  }
  if (rc) {
    c2h_rules_free(r);
    return rc;
  }
  *out = r;
  return 0;
}

int c2h_rules_new_default(c2h_rules **out, c2h_error *err) {
  return c2h_rules_new_default_targets(out, NULL, 0, err);
}

/* ---- validation helpers ---------------------------------------------- */

typedef struct loader {
  c2h_rules *rules;
  yaml_document_t doc;
  const char *name;
  c2h_error *err;
  c2h_rule *pending; /* entries of this file, committed only if all are valid */
  size_t n_pending, cap_pending;
  c2h_strmap seen;   /* names in this file, for duplicate detection */
} loader;

static int fail_at(loader *ld, const yaml_node_t *node, const char *fmt, const char *a,
                   const char *b) {
  char msg[800];
  snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "");
  return c2h_error_set(ld->err, C2H_ERR_RULES, ld->name, node ? (unsigned)node->start_mark.line + 1 : 0,
                       node ? (unsigned)node->start_mark.column + 1 : 0, "%s", msg);
}

/* "; did you mean KEY?" among known (NULL-terminated), or "". */
static void key_hint(const char *typed, const char *const *known, char *buf, size_t size) {
  c2h_suggest sug;
  c2h_suggest_init(&sug, typed);
  for (size_t i = 0; known[i]; i++) c2h_suggest_add(&sug, known[i]);
  c2h_suggest_format(buf, size, &sug, "");
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int is_identifier(const char *s) {
  if (!s || !(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))) return 0;
  for (s++; *s; s++)
    if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
          (*s >= '0' && *s <= '9')))
      return 0;
  return 1;
}

/* A namespace entry may name a namespace inside another one (`c10::cuda`):
 * OUTER::INNER, both identifiers. */
static int is_qualified_namespace(const char *s) {
  const char *sep = s ? strstr(s, "::") : NULL;
  if (!sep || sep == s) return 0;
  char outer[128];
  size_t n = (size_t)(sep - s);
  if (n >= sizeof outer) return 0;
  memcpy(outer, s, n);
  outer[n] = '\0';
  return is_identifier(outer) && is_identifier(sep + 2);
}

static int is_header_path(const char *s) {
  if (!s || !*s || *s == '/') return 0;
  for (; *s; s++)
    if (*s == '<' || *s == '>' || *s == '"' || *s == '\n' || *s == ' ') return 0;
  return 1;
}

static int parse_arg_index(loader *ld, yaml_node_t *n, int *out) {
  const char *s = scalar(n);
  char *end = NULL;
  long v = s ? strtol(s, &end, 10) : 0;
  if (!s || *end || v < 1 || v > 32)
    return fail_at(ld, n, "argument index must be a number from 1 to 32", NULL, NULL);
  *out = (int)v;
  return 0;
}

static int parse_version(loader *ld, yaml_node_t *n, c2h_version *out) {
  const char *s = scalar(n);
  if (!s || c2h_version_parse(s, out))
    return fail_at(ld, n, "malformed ROCm version '%s': expected \"MAJOR.MINOR\"", s ? s : "?",
                   NULL);
  if (*out > ld->rules->newest) ld->rules->newest = *out;
  return 0;
}

/* Fills a form from the keys hip/call/args/drop_args of mapping `node`;
 * other keys are handled (or rejected) by the caller. `header` is 1 for a
 * header entry, 2 for a macro: a macro's `hip` may be empty, for a macro
 * that expands to nothing under nvcc and that HIP does not need (the use
 * is removed). */
static int parse_form_key(loader *ld, c2h_rule_form *form, const char *key, yaml_node_t *val,
                          int header) {
  if (strcmp(key, "hip") == 0) {
    const char *s = scalar(val);
    if (header == 2 && s && !*s) return (form->hip = pool_strdup(ld->rules, s)) ? 0 : C2H_ERR_NOMEM;
    if (!(header == 1 ? is_header_path(s) : is_identifier(s)))
      return fail_at(ld, val, header ? "'hip' must be a header path" : "'hip' must be an identifier, not '%s'",
                     s ? s : "?", NULL);
    return (form->hip = pool_strdup(ld->rules, s)) ? 0 : C2H_ERR_NOMEM;
  }
  if (strcmp(key, "call") == 0) {
    const char *s = scalar(val);
    if (!s || !*s) return fail_at(ld, val, "'call' must be a non-empty string", NULL, NULL);
    return (form->call = pool_strdup(ld->rules, s)) ? 0 : C2H_ERR_NOMEM;
  }
  if (strcmp(key, "drop_args") == 0) {
    if (val->type != YAML_SEQUENCE_NODE)
      return fail_at(ld, val, "'drop_args' must be a list of argument numbers", NULL, NULL);
    for (yaml_node_item_t *it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
      int idx = 0, rc;
      if ((rc = parse_arg_index(ld, yaml_document_get_node(&ld->doc, *it), &idx))) return rc;
      form->drop_args |= 1u << (idx - 1);
    }
    return 0;
  }
  if (strcmp(key, "args") == 0) {
    if (val->type != YAML_MAPPING_NODE)
      return fail_at(ld, val, "'args' must map argument numbers to templates", NULL, NULL);
    size_t n = (size_t)(val->data.mapping.pairs.top - val->data.mapping.pairs.start);
    c2h_rule_arg *args = pool_alloc(ld->rules, n * sizeof *args + 1);
    if (!args) return C2H_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
      yaml_node_pair_t *p = &val->data.mapping.pairs.start[i];
      yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
      yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
      int rc = parse_arg_index(ld, k, &args[i].index);
      if (rc) return rc;
      for (size_t j = 0; j < i; j++)
        if (args[j].index == args[i].index)
          return fail_at(ld, k, "argument %s is rewritten twice", scalar(k), NULL);
      if (!scalar(v)) return fail_at(ld, v, "an argument template must be a string", NULL, NULL);
      if (!(args[i].tmpl = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    }
    form->args = args;
    form->n_args = n;
    return 0;
  }
  return 1; /* not a form key */
}

/* `defined_by`: one header path or a list of them. */
static int parse_header_list(loader *ld, yaml_node_t *v, c2h_rule *rule) {
  size_t n = v->type == YAML_SEQUENCE_NODE ? (size_t)(v->data.sequence.items.top - v->data.sequence.items.start) : 1;
  const char **list = pool_alloc(ld->rules, n * sizeof *list + 1);
  if (!list) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    yaml_node_t *item = v->type == YAML_SEQUENCE_NODE ? yaml_document_get_node(&ld->doc, v->data.sequence.items.start[i]) : v;
    if (!is_header_path(scalar(item)))
      return fail_at(ld, item, "'defined_by' must be a header path or a list of them", NULL, NULL);
    if (!(list[i] = pool_strdup(ld->rules, scalar(item)))) return C2H_ERR_NOMEM;
  }
  rule->defined_by = list;
  rule->n_defined_by = n;
  return 0;
}

static int parse_entry(loader *ld, c2h_rule_kind kind, const char *library, yaml_node_t *key,
                       yaml_node_t *val, c2h_rule *rule);

/* `arg_is: {N: NAME}` or `{N: [NAME, ...]}`: the call rewrite is only
 * right where argument N is written as one of the names. */
static int parse_arg_is(loader *ld, yaml_node_t *val, c2h_rule *rule) {
  if (val->type != YAML_MAPPING_NODE || val->data.mapping.pairs.top == val->data.mapping.pairs.start)
    return fail_at(ld, val, "'arg_is' must map argument numbers to a name or a list of names", NULL, NULL);
  size_t n = (size_t)(val->data.mapping.pairs.top - val->data.mapping.pairs.start);
  c2h_rule_arg_is *conds = pool_alloc(ld->rules, n * sizeof *conds);
  if (!conds) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    yaml_node_pair_t *p = &val->data.mapping.pairs.start[i];
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
    int rc = parse_arg_index(ld, k, &conds[i].index);
    if (rc) return rc;
    for (size_t j = 0; j < i; j++)
      if (conds[j].index == conds[i].index) return fail_at(ld, k, "argument %s is listed twice", scalar(k), NULL);
    int seq = v->type == YAML_SEQUENCE_NODE;
    size_t m = seq ? (size_t)(v->data.sequence.items.top - v->data.sequence.items.start) : 1;
    if (m == 0) return fail_at(ld, v, "'arg_is' needs at least one name for argument %s", scalar(k), NULL);
    const char **names = pool_alloc(ld->rules, m * sizeof *names);
    if (!names) return C2H_ERR_NOMEM;
    for (size_t j = 0; j < m; j++) {
      yaml_node_t *item = seq ? yaml_document_get_node(&ld->doc, v->data.sequence.items.start[j]) : v;
      if (!is_identifier(scalar(item)))
        return fail_at(ld, item, "'arg_is' takes identifiers (the CUDA spelling of a constant)", NULL, NULL);
      if (!(names[j] = pool_strdup(ld->rules, scalar(item)))) return C2H_ERR_NOMEM;
    }
    conds[i].names = names;
    conds[i].n_names = m;
  }
  rule->arg_is = conds;
  rule->n_arg_is = n;
  return 0;
}

/* `value_args: {N: {CUDA_CONST: target, ...}, ...}`: an argument whose
 * constants the target library spells (and numbers) its own way. */
static int parse_value_args(loader *ld, yaml_node_t *val, c2h_rule *rule) {
  if (val->type != YAML_MAPPING_NODE || val->data.mapping.pairs.top == val->data.mapping.pairs.start)
    return fail_at(ld, val, "'value_args' must map argument numbers to mappings of constants", NULL, NULL);
  size_t n = (size_t)(val->data.mapping.pairs.top - val->data.mapping.pairs.start);
  c2h_rule_value_arg *va = pool_alloc(ld->rules, n * sizeof *va);
  if (!va) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    yaml_node_t *k = yaml_document_get_node(&ld->doc, val->data.mapping.pairs.start[i].key);
    yaml_node_t *m = yaml_document_get_node(&ld->doc, val->data.mapping.pairs.start[i].value);
    int rc = parse_arg_index(ld, k, &va[i].index);
    if (rc) return rc;
    for (size_t j = 0; j < i; j++)
      if (va[j].index == va[i].index) return fail_at(ld, k, "argument %s is listed twice", scalar(k), NULL);
    if (m->type != YAML_MAPPING_NODE || m->data.mapping.pairs.top == m->data.mapping.pairs.start)
      return fail_at(ld, m, "argument %s of 'value_args' must map CUDA constants to target constants",
                     scalar(k), NULL);
    size_t c = (size_t)(m->data.mapping.pairs.top - m->data.mapping.pairs.start);
    const char **from = pool_alloc(ld->rules, c * sizeof *from), **to = pool_alloc(ld->rules, c * sizeof *to);
    if (!from || !to) return C2H_ERR_NOMEM;
    for (size_t j = 0; j < c; j++) {
      yaml_node_t *f = yaml_document_get_node(&ld->doc, m->data.mapping.pairs.start[j].key);
      yaml_node_t *t = yaml_document_get_node(&ld->doc, m->data.mapping.pairs.start[j].value);
      if (!is_identifier(scalar(f)) || !is_identifier(scalar(t)))
        return fail_at(ld, f, "'value_args' maps identifiers to identifiers ('%s')", scalar(f) ? scalar(f) : "?",
                       NULL);
      for (size_t q = 0; q < j; q++)
        if (strcmp(from[q], scalar(f)) == 0) return fail_at(ld, f, "'%s' is listed twice", scalar(f), NULL);
      if (!(from[j] = pool_strdup(ld->rules, scalar(f))) || !(to[j] = pool_strdup(ld->rules, scalar(t))))
        return C2H_ERR_NOMEM;
    }
    va[i].from = from;
    va[i].to = to;
    va[i].n = c;
  }
  rule->value_args = va;
  rule->n_value_args = n;
  return 0;
}

/* Adds entries for forms of a call to rule->by_args: those told apart by a
 * parameter type first (they are the more specific), then by count. */
static int add_form_entries(loader *ld, c2h_rule *rule, const c2h_rule *subs, size_t n) {
  c2h_rule *all = pool_alloc(ld->rules, (rule->n_by_args + n) * sizeof *all);
  if (!all) return C2H_ERR_NOMEM;
  int typed_first = n && subs[0].arity < 0;
  const c2h_rule *a = typed_first ? subs : rule->by_args, *b = typed_first ? rule->by_args : subs;
  size_t na = typed_first ? n : rule->n_by_args, nb = typed_first ? rule->n_by_args : n;
  if (na) memcpy(all, a, na * sizeof *all);
  if (nb) memcpy(all + na, b, nb * sizeof *all);
  rule->by_args = all;
  rule->n_by_args += n;
  return 0;
}

/* `by_param_type: {N: {TYPE: entry, ...}, ...}`: entries for calls the
 * parse resolves to a declaration whose parameter N has type TYPE (a class
 * or enum by its name, otherwise the canonical spelling: `int`). */
static int parse_by_param_type(loader *ld, c2h_rule_kind kind, const char *library, yaml_node_t *key,
                               yaml_node_t *val, c2h_rule *rule) {
  const char *shape = "'by_param_type' must map parameter numbers to {type name: entry}";
  if (kind != C2H_RULE_FUNCTION && kind != C2H_RULE_DEVICE)
    return fail_at(ld, val, "'by_param_type' is for functions (the parse resolves their calls)", NULL, NULL);
  if (val->type != YAML_MAPPING_NODE || val->data.mapping.pairs.top == val->data.mapping.pairs.start)
    return fail_at(ld, val, shape, NULL, NULL);
  size_t n = 0;
  for (yaml_node_pair_t *p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
    yaml_node_t *types = yaml_document_get_node(&ld->doc, p->value);
    if (types->type != YAML_MAPPING_NODE || types->data.mapping.pairs.top == types->data.mapping.pairs.start)
      return fail_at(ld, types, shape, NULL, NULL);
    n += (size_t)(types->data.mapping.pairs.top - types->data.mapping.pairs.start);
  }
  c2h_rule *subs = pool_alloc(ld->rules, n * sizeof *subs);
  if (!subs) return C2H_ERR_NOMEM;
  size_t i = 0;
  for (yaml_node_pair_t *p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
    int index = 0;
    int rc = parse_arg_index(ld, yaml_document_get_node(&ld->doc, p->key), &index);
    if (rc) return rc;
    yaml_node_t *types = yaml_document_get_node(&ld->doc, p->value);
    for (yaml_node_pair_t *q = types->data.mapping.pairs.start; q < types->data.mapping.pairs.top; q++, i++) {
      yaml_node_t *tk = yaml_document_get_node(&ld->doc, q->key);
      const char *ts = scalar(tk);
      if (!ts || !*ts) return fail_at(ld, tk, "a parameter type must be a type name", NULL, NULL);
      for (size_t j = 0; j < i; j++)
        if (subs[j].param_index == index && strcmp(subs[j].param_type, ts) == 0)
          return fail_at(ld, tk, "parameter type '%s' is listed twice", ts, NULL);
      if ((rc = parse_entry(ld, kind, library, key, yaml_document_get_node(&ld->doc, q->value), &subs[i])))
        return rc;
      if (subs[i].n_by_args)
        return fail_at(ld, tk, "a 'by_param_type' entry cannot have 'by_args' or 'by_param_type' itself", NULL, NULL);
      subs[i].arity = -1;
      subs[i].param_index = index;
      if (!(subs[i].param_type = pool_strdup(ld->rules, ts))) return C2H_ERR_NOMEM;
    }
  }
  return add_form_entries(ld, rule, subs, n);
}

/* `by_args: {N: entry, ...}`: entries for calls with N arguments. */
static int parse_by_args(loader *ld, c2h_rule_kind kind, const char *library, yaml_node_t *key,
                         yaml_node_t *val, c2h_rule *rule) {
  if (val->type != YAML_MAPPING_NODE || val->data.mapping.pairs.top == val->data.mapping.pairs.start)
    return fail_at(ld, val, "'by_args' must map argument counts to entries", NULL, NULL);
  size_t n = (size_t)(val->data.mapping.pairs.top - val->data.mapping.pairs.start);
  c2h_rule *subs = pool_alloc(ld->rules, n * sizeof *subs);
  if (!subs) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    yaml_node_pair_t *p = &val->data.mapping.pairs.start[i];
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
    const char *ks = scalar(k);
    int count = 0;
    /* 0 arguments is a count too (`f()`), unlike argument numbers. */
    if (ks && strcmp(ks, "0") == 0) count = 0;
    else {
      int rc = parse_arg_index(ld, k, &count);
      if (rc) return rc;
    }
    for (size_t j = 0; j < i; j++)
      if (subs[j].arity == count) return fail_at(ld, k, "argument count %s is listed twice", ks, NULL);
    int rc = parse_entry(ld, kind, library, key, v, &subs[i]);
    if (rc) return rc;
    if (subs[i].n_by_args)
      return fail_at(ld, v, "a 'by_args' entry cannot have 'by_args' or 'by_param_type' itself", NULL, NULL);
    subs[i].arity = count;
  }
  return add_form_entries(ld, rule, subs, n);
}

static int parse_entry(loader *ld, c2h_rule_kind kind, const char *library, yaml_node_t *key,
                       yaml_node_t *val, c2h_rule *rule) {
  int rc = 0, header = kind == C2H_RULE_HEADER;
  int form_kind = header ? 1 : kind == C2H_RULE_MACRO ? 2 : 0; /* see parse_form_key */
  const char *name = scalar(key);
  memset(rule, 0, sizeof *rule);
  rule->kind = kind;
  rule->library = library;
  rule->file = ld->name;
  rule->line = (unsigned)key->start_mark.line + 1;
  rule->col = (unsigned)key->start_mark.column + 1;
  if (!(header ? is_header_path(name)
              : is_identifier(name) || (kind == C2H_RULE_NAMESPACE && is_qualified_namespace(name))))
    return fail_at(ld, key, header ? "'%s' is not a header path" : "'%s' is not an identifier",
                   name ? name : "?", NULL);
  if (!(rule->cuda = pool_strdup(ld->rules, name))) return C2H_ERR_NOMEM;

  if (val->type == YAML_SCALAR_NODE) {
    if ((rc = parse_form_key(ld, &rule->form, "hip", val, form_kind)) != 0) return rc;
    return 0;
  }
  if (val->type != YAML_MAPPING_NODE)
    return fail_at(ld, val, "entry '%s' must be a HIP name or a mapping", name, NULL);

  yaml_node_t *fallback = NULL, *mask = NULL, *by_args = NULL, *arg_is = NULL;
  for (yaml_node_pair_t *p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
    const char *ks = scalar(k);
    if (!ks) return fail_at(ld, k, "keys must be plain strings", NULL, NULL);
    for (yaml_node_pair_t *q = val->data.mapping.pairs.start; q < p; q++)
      if (strcmp(scalar(yaml_document_get_node(&ld->doc, q->key)), ks) == 0)
        return fail_at(ld, k, "duplicate key '%s'", ks, NULL);
    rc = parse_form_key(ld, &rule->form, ks, v, form_kind);
    if (rc <= 0) {
      if (rc < 0) return rc;
      continue;
    }
    rc = 0;
    if (strcmp(ks, "unsupported") == 0) {
      if (!scalar(v) || !*scalar(v))
        return fail_at(ld, v, "'unsupported' needs a one-line reason", NULL, NULL);
      if (!(rule->unsupported = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "compat") == 0 && (kind == C2H_RULE_DEVICE || kind == C2H_RULE_FUNCTION)) {
      if (!scalar(v) || !*scalar(v))
        return fail_at(ld, v, "'compat' must name the function cu2hip_compat.h provides", NULL, NULL);
      if (!(rule->compat = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "compat") == 0 && header) {
      /* A CUDA header whose names the compatibility header provides. */
      if (!scalar(v) || strcmp(scalar(v), C2H_COMPAT_HEADER_NAME) != 0)
        return fail_at(ld, v, "'compat' of a header must be " C2H_COMPAT_HEADER_NAME, NULL, NULL);
      if (!(rule->compat = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "namespace") == 0 && kind == C2H_RULE_DEVICE) {
      /* The parse tells this one namespace apart (front.h, api_cg). */
      if (!scalar(v) || strcmp(scalar(v), "cooperative_groups") != 0)
        return fail_at(ld, v, "'namespace' must be cooperative_groups (the namespace the parse tells apart)",
                       NULL, NULL);
      if (!(rule->ns = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "defined_by") == 0 && kind == C2H_RULE_MACRO) {
      rc = parse_header_list(ld, v, rule);
    } else if (strcmp(ks, "version") == 0 && kind == C2H_RULE_MACRO) {
      const char *s = scalar(v);
      char *end = NULL;
      long long n = s ? strtoll(s, &end, 10) : -1;
      if (!s || !*s || *end || n < 0) return fail_at(ld, v, "'version' must be a non-negative number", NULL, NULL);
      rule->version = 1;
      rule->cuda_value = n;
    } else if (strcmp(ks, "needs") == 0 && header) {
      if (!is_header_path(scalar(v))) return fail_at(ld, v, "'needs' must be a header path", NULL, NULL);
      if (!(rule->needs = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "unsupported_in") == 0 && kind == C2H_RULE_FUNCTION) {
      if (!is_header_path(scalar(v))) return fail_at(ld, v, "'unsupported_in' must be a header path", NULL, NULL);
      if (!(rule->unsupported_in = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "note") == 0) {
      if (!scalar(v)) return fail_at(ld, v, "'note' must be a string", NULL, NULL);
      if (!(rule->note = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "pytorch_removed") == 0) {
      const char *s = scalar(v);
      if (!s || c2h_version_parse(s, &rule->pytorch_removed))
        return fail_at(ld, v, "malformed PyTorch version '%s': expected \"MAJOR.MINOR\"", s ? s : "?", NULL);
    } else if (strcmp(ks, "pytorch_hip") == 0) {
      const char *s = scalar(v);
      if (!(header ? is_header_path(s) : is_identifier(s)))
        return fail_at(ld, v, header ? "'pytorch_hip' must be a header path" : "'pytorch_hip' must be an identifier",
                       NULL, NULL);
      if (!(rule->pytorch_hip = pool_strdup(ld->rules, s))) return C2H_ERR_NOMEM;
    } else if (strcmp(ks, "rocm") == 0) {
      rc = parse_version(ld, v, &rule->rocm);
    } else if (strcmp(ks, "deprecated") == 0) {
      rc = parse_version(ld, v, &rule->deprecated);
    } else if (strcmp(ks, "removed") == 0) {
      rc = parse_version(ld, v, &rule->removed);
    } else if (strcmp(ks, "mask_arg") == 0) {
      mask = v;
      rc = parse_arg_index(ld, v, &rule->mask_arg);
    } else if (strcmp(ks, "func_arg") == 0) {
      rc = parse_arg_index(ld, v, &rule->func_arg);
    } else if (strcmp(ks, "null_arg") == 0) {
      rc = parse_arg_index(ld, v, &rule->null_arg);
    } else if (strcmp(ks, "arg_is") == 0) {
      arg_is = v;
      rc = parse_arg_is(ld, v, rule);
    } else if (strcmp(ks, "value_args") == 0 && kind == C2H_RULE_FUNCTION) {
      rc = parse_value_args(ld, v, rule);
    } else if (strcmp(ks, "by_args") == 0) {
      by_args = v;
      rc = parse_by_args(ld, kind, library, key, v, rule);
    } else if (strcmp(ks, "by_param_type") == 0) {
      by_args = v;
      rc = parse_by_param_type(ld, kind, library, key, v, rule);
    } else if (strcmp(ks, "fallback") == 0) {
      fallback = v;
      if (v->type != YAML_MAPPING_NODE)
        return fail_at(ld, v, "'fallback' must be a mapping", NULL, NULL);
      for (yaml_node_pair_t *f = v->data.mapping.pairs.start; f < v->data.mapping.pairs.top; f++) {
        yaml_node_t *fk = yaml_document_get_node(&ld->doc, f->key);
        const char *fks = scalar(fk);
        rc = fks ? parse_form_key(ld, &rule->fallback, fks, yaml_document_get_node(&ld->doc, f->value), form_kind) : 1;
        if (rc > 0) {
          static const char *const fallback_keys[] = {"hip", "call", "args", "drop_args", NULL};
          char hint[200];
          key_hint(fks ? fks : "?", fallback_keys, hint, sizeof hint);
          return fail_at(ld, fk, "unknown key '%s'%s in fallback (expected hip, call, args, drop_args)",
                         fks ? fks : "?", hint);
        }
        if (rc < 0) return rc;
      }
      if (!rule->fallback.hip && !rule->fallback.call)
        return fail_at(ld, v, "'fallback' needs 'hip' or 'call'", NULL, NULL);
      rule->has_fallback = 1;
    } else {
      static const char *const entry_keys[] = {
          "hip",     "unsupported", "rocm",     "deprecated",    "removed",  "args",       "drop_args",
          "mask_arg", "func_arg",   "null_arg", "arg_is",        "call",     "fallback",   "by_args",
          "note",    "value_args",  "unsupported_in", "by_param_type", "compat", "namespace", "defined_by",
          "version", "needs",       NULL};
      char hint[200];
      key_hint(ks, entry_keys, hint, sizeof hint);
      return fail_at(ld, k,
                     "unknown key '%s'%s (expected hip, unsupported, rocm, deprecated, removed, "
                     "args, drop_args, mask_arg, func_arg, null_arg, arg_is, call, fallback, by_args, note; value_args "
                     "and unsupported_in in functions; by_param_type in functions and device; compat in device and functions; namespace in device; defined_by and version in "
                     "macros; needs and compat in headers; pytorch_removed and pytorch_hip anywhere)",
                     ks, hint);
    }
    if (rc) return rc;
  }
  if (!rule->pytorch_removed != !rule->pytorch_hip)
    return fail_at(ld, val, "'pytorch_removed' and 'pytorch_hip' go together", NULL, NULL);
  if (rule->pytorch_hip && (rule->unsupported || rule->has_fallback || rule->form.call))
    return fail_at(ld, val, "'pytorch_hip' renames: it takes no 'unsupported', 'fallback' or 'call'", NULL, NULL);
  if (rule->version) {
    if (rule->form.hip || rule->form.call || rule->unsupported || rule->has_fallback || rule->rocm)
      return fail_at(ld, val, "'%s' is a version macro (kept as written): it takes no HIP form", name, NULL);
    return 0;
  }
  if (rule->unsupported) {
    if (rule->form.hip || rule->form.call || rule->form.n_args || rule->form.drop_args ||
        rule->has_fallback || rule->mask_arg || rule->func_arg || rule->null_arg || rule->n_by_args ||
        rule->n_arg_is || rule->n_value_args || rule->unsupported_in)
      return fail_at(ld, val, "'%s' is marked unsupported and also has a HIP form", name, NULL);
  } else if (!rule->form.hip && !rule->form.call) {
    return fail_at(ld, val, "'%s' needs 'hip', 'call' or 'unsupported'", name, NULL);
  }
  /* The compatibility header stands in where HIP has nothing: for an
   * unsupported name, or for one HIP gains in a later release. */
  if (rule->compat && !rule->unsupported && (!rule->rocm || rule->has_fallback))
    return fail_at(ld, val, "'compat' needs 'unsupported', or 'rocm' without 'fallback'", NULL, NULL);
  if (fallback && !rule->rocm)
    return fail_at(ld, fallback, "'fallback' needs 'rocm' (the version the main form appears in)",
                   NULL, NULL);
  if (mask && (rule->form.drop_args >> (rule->mask_arg - 1)) & 1)
    return fail_at(ld, mask, "'mask_arg' names a dropped argument", NULL, NULL);
  for (size_t i = 0; i < rule->n_value_args; i++)
    if ((rule->form.drop_args >> (rule->value_args[i].index - 1)) & 1)
      return fail_at(ld, val, "'value_args' names a dropped argument", NULL, NULL);
  if (rule->null_arg && !((rule->form.drop_args >> (rule->null_arg - 1)) & 1))
    return fail_at(ld, val, "'null_arg' must name an argument of 'drop_args'", NULL, NULL);
  /* A condition on an argument guards a rewrite of the call: without one
   * there is nothing it could keep from happening. */
  if (arg_is && !header && !rule->unsupported && !rule->form.call && !rule->form.n_args && !rule->form.drop_args)
    return fail_at(ld, arg_is, "'arg_is' needs a call rewrite ('call', 'args' or 'drop_args')", NULL, NULL);
  if (arg_is && fallback)
    return fail_at(ld, arg_is, "'arg_is' cannot be combined with 'fallback'", NULL, NULL);
  if (header && (rule->form.call || rule->form.n_args || rule->form.drop_args || rule->mask_arg ||
                 rule->func_arg || rule->null_arg || by_args || arg_is))
    return fail_at(ld, val, "header entries take only hip, unsupported, rocm, deprecated, removed, note, needs, compat, "
                   "pytorch_removed, pytorch_hip",
                   NULL, NULL);
  return 0;
}

static int add_pending(loader *ld, const c2h_rule *rule, yaml_node_t *key) {
  size_t len = strlen(rule->cuda);
  int prev = c2h_strmap_get(&ld->seen, rule->cuda, len);
  if (prev >= 0) {
    char where[64];
    snprintf(where, sizeof where, "%u:%u", ld->pending[prev].line, ld->pending[prev].col);
    return fail_at(ld, key, "'%s' is defined twice (first at line %s)", rule->cuda, where);
  }
  if (ld->n_pending == ld->cap_pending) {
    size_t cap = ld->cap_pending ? ld->cap_pending * 2 : 256;
    c2h_rule *p = realloc(ld->pending, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    ld->pending = p;
    ld->cap_pending = cap;
  }
  if (c2h_strmap_put(&ld->seen, rule->cuda, len, (int)ld->n_pending)) return C2H_ERR_NOMEM;
  ld->pending[ld->n_pending++] = *rule;
  return 0;
}

static int parse_document(loader *ld) {
  yaml_node_t *root = yaml_document_get_root_node(&ld->doc);
  if (!root) return fail_at(ld, NULL, "empty rule file", NULL, NULL);
  if (root->type != YAML_MAPPING_NODE)
    return fail_at(ld, root, "a rule file must be a mapping with 'library' and sections", NULL, NULL);
  const char *library = NULL;
  int rc = 0;
  /* First pass: the library name, which every entry records. */
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    if (scalar(k) && strcmp(scalar(k), "library") == 0) {
      yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
      if (!scalar(v) || !*scalar(v)) return fail_at(ld, v, "'library' must be a name", NULL, NULL);
      if (!(library = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    }
  }
  if (!library) return fail_at(ld, root, "missing required key 'library'", NULL, NULL);
  const char *include = NULL;
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    if (scalar(k) && strcmp(scalar(k), "include") == 0) {
      yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
      if (!is_header_path(scalar(v))) return fail_at(ld, v, "'include' must be a header path", NULL, NULL);
      if (!(include = pool_strdup(ld->rules, scalar(v)))) return C2H_ERR_NOMEM;
    }
  }
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
    yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
    const char *ks = scalar(k);
    if (!ks) return fail_at(ld, k, "keys must be plain strings", NULL, NULL);
    for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < p; q++)
      if (strcmp(scalar(yaml_document_get_node(&ld->doc, q->key)), ks) == 0)
        return fail_at(ld, k, "duplicate key '%s'", ks, NULL);
    if (strcmp(ks, "library") == 0 || strcmp(ks, "include") == 0) continue;
    if (strcmp(ks, "description") == 0) {
      if (!scalar(v)) return fail_at(ld, v, "'description' must be a string", NULL, NULL);
      continue;
    }
    int kind = -1;
    for (int i = 0; i < C2H_RULE_KIND__COUNT; i++)
      if (strcmp(ks, section_names[i]) == 0) kind = i;
    if (kind < 0) {
      static const char *const top_keys[] = {"library", "description", "include", NULL};
      char hint[200];
      c2h_suggest sug;
      c2h_suggest_init(&sug, ks);
      for (size_t i = 0; top_keys[i]; i++) c2h_suggest_add(&sug, top_keys[i]);
      for (int i = 0; i < C2H_RULE_KIND__COUNT; i++) c2h_suggest_add(&sug, section_names[i]);
      c2h_suggest_format(hint, sizeof hint, &sug, "");
      return fail_at(ld, k,
                     "unknown key '%s'%s (expected library, description, include, headers, functions, types, "
                     "constants, macros, device, namespaces)",
                     ks, hint);
    }
    if (v->type == YAML_SCALAR_NODE && !*scalar(v)) continue; /* an empty section */
    if (v->type != YAML_MAPPING_NODE)
      return fail_at(ld, v, "section '%s' must be a mapping of CUDA names", ks, NULL);
    for (yaml_node_pair_t *e = v->data.mapping.pairs.start; e < v->data.mapping.pairs.top; e++) {
      yaml_node_t *ek = yaml_document_get_node(&ld->doc, e->key);
      c2h_rule rule;
      if ((rc = parse_entry(ld, (c2h_rule_kind)kind, library, ek,
                            yaml_document_get_node(&ld->doc, e->value), &rule)))
        return rc;
      rule.include = include;
      if ((rc = add_pending(ld, &rule, ek))) return rc;
    }
  }
  if (ld->n_pending == 0) return fail_at(ld, root, "the file defines no entries", NULL, NULL);
  return 0;
}

static int commit(loader *ld, int override) {
  c2h_rules *r = ld->rules;
  /* Check every conflict before changing anything, so a failed load leaves
   * the table as it was. */
  for (size_t i = 0; i < ld->n_pending && !override; i++) {
    const c2h_rule *n = &ld->pending[i];
    c2h_strmap *idx = n->kind == C2H_RULE_HEADER ? &r->headers : &r->names;
    int prev = c2h_strmap_get(idx, n->cuda, strlen(n->cuda));
    if (prev >= 0) {
      const c2h_rule *o = &r->items[prev];
      return c2h_error_set(ld->err, C2H_ERR_RULES, ld->name, n->line, n->col,
                           "'%s' is already defined at %s:%u:%u", n->cuda, o->file, o->line, o->col);
    }
  }
  if (r->len + ld->n_pending > r->cap) {
    size_t cap = r->cap ? r->cap : 1024;
    while (cap < r->len + ld->n_pending) cap *= 2;
    c2h_rule *p = realloc(r->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    r->items = p;
    r->cap = cap;
  }
  for (size_t i = 0; i < ld->n_pending; i++) {
    const c2h_rule *n = &ld->pending[i];
    c2h_strmap *idx = n->kind == C2H_RULE_HEADER ? &r->headers : &r->names;
    int prev = c2h_strmap_get(idx, n->cuda, strlen(n->cuda));
    if (prev >= 0) {
      r->items[prev] = *n;
      continue;
    }
    if (c2h_strmap_put(idx, n->cuda, strlen(n->cuda), (int)r->len)) return C2H_ERR_NOMEM;
    r->items[r->len++] = *n;
  }
  return 0;
}

/* check_depth 0: the embedded tables, known to nest a few levels. */
static int load_buffer(c2h_rules *rules, const char *name, const char *text, size_t len, int override,
                       int check_depth, c2h_error *err) {
  int rc = 0, have_doc = 0;
  if (check_depth && (rc = c2h_yaml_check_depth(name, text, len, C2H_ERR_RULES, err))) return rc;
  yaml_parser_t parser;
  loader ld;
  memset(&ld, 0, sizeof ld);
  ld.rules = rules;
  ld.err = err;
  c2h_strmap_init_borrowed(&ld.seen); /* names in the pool */
  if (!(ld.name = pool_strdup(rules, name))) return c2h_error_set(err, C2H_ERR_NOMEM, name, 0, 0, "out of memory");
  if (!yaml_parser_initialize(&parser)) return c2h_error_set(err, C2H_ERR_NOMEM, name, 0, 0, "out of memory");
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  if (!yaml_parser_load(&parser, &ld.doc)) {
    rc = c2h_error_set(err, C2H_ERR_RULES, name, (unsigned)parser.problem_mark.line + 1,
                       (unsigned)parser.problem_mark.column + 1, "invalid YAML: %s%s%s",
                       parser.problem ? parser.problem : "syntax error",
                       parser.context ? " " : "", parser.context ? parser.context : "");
    goto done;
  }
  have_doc = 1;
  c2h_version newest = rules->newest;
  if ((rc = parse_document(&ld)) == 0) rc = commit(&ld, override);
  if (rc) rules->newest = newest;
  if (rc == C2H_ERR_NOMEM) c2h_error_set(err, rc, name, 0, 0, "out of memory");
done:
  if (have_doc) yaml_document_delete(&ld.doc);
  yaml_parser_delete(&parser);
  c2h_strmap_dispose(&ld.seen);
  free(ld.pending);
  return rc;
}

int c2h_rules_load_buffer(c2h_rules *rules, const char *name, const char *text, size_t len,
                          int override, c2h_error *err) {
  return load_buffer(rules, name, text, len, override, 1, err);
}

int c2h_rules_load_file(c2h_rules *rules, const char *path, c2h_error *err) {
  char *text = NULL;
  size_t len = 0;
  int rc = c2h_file_read(path, &text, &len, err);
  if (rc == 0) rc = c2h_rules_load_buffer(rules, path, text, len, 1, err);
  free(text);
  return rc;
}

const c2h_rule *c2h_rules_lookup(const c2h_rules *r, const char *name, size_t len) {
  int i = c2h_strmap_get(&r->names, name, len);
  return i < 0 ? NULL : &r->items[i];
}

const c2h_rule *c2h_rules_lookup_header(const c2h_rules *r, const char *path, size_t len) {
  int i = c2h_strmap_get(&r->headers, path, len);
  return i < 0 ? NULL : &r->items[i];
}

size_t c2h_rules_count(const c2h_rules *r) { return r->len; }
const c2h_rule *c2h_rules_at(const c2h_rules *r, size_t i) { return i < r->len ? &r->items[i] : NULL; }
c2h_version c2h_rules_newest_version(const c2h_rules *r) { return r->newest; }
