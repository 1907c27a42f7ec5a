/* c2h_tu_facts: its life, its lookups, and the growth of its arrays. */
#include <stdlib.h>
#include <string.h>

#include "front/front_internal.h"

void c2h_tu_facts_init(c2h_tu_facts *f) {
  f->toks = NULL;
  f->n_toks = 0;
  f->functions = NULL;
  f->n_functions = 0;
  f->variables = NULL;
  f->n_variables = 0;
  c2h_strmap_init(&f->user_names);
  c2h_strmap_init(&f->user_overloads);
  c2h_strmap_init(&f->reached_headers);
  c2h_diag_list_init(&f->diags);
  f->parse_errors = 0;
  f->user_include_lines = NULL;
  f->n_user_include_lines = 0;
  f->depends = NULL;
  f->n_depends = 0;
  f->parse_cpu_ms = 0;
  f->user_min_template = f->user_max_template = 0;
  f->handle_uses = NULL;
  f->n_handle_uses = f->cap_handle_uses = 0;
  f->api_calls = NULL;
  f->n_api_calls = f->cap_api_calls = 0;
  f->cg_shuffles = NULL;
  f->n_cg_shuffles = f->cap_cg_shuffles = 0;
  c2h_strmap_init(&f->header_const_names);
  f->header_consts = NULL;
  f->n_header_consts = f->cap_header_consts = 0;
}

void c2h_tu_facts_dispose(c2h_tu_facts *f) {
  free(f->toks);
  free(f->functions);
  free(f->variables);
  c2h_strmap_dispose(&f->user_names);
  c2h_strmap_dispose(&f->user_overloads);
  c2h_strmap_dispose(&f->reached_headers);
  c2h_diag_list_dispose(&f->diags);
  free(f->user_include_lines);
  for (size_t i = 0; i < f->n_depends; i++) free(f->depends[i]);
  free(f->depends);
  free(f->handle_uses);
  for (size_t i = 0; i < f->n_api_calls; i++) free(f->api_calls[i].params);
  free(f->api_calls);
  for (size_t i = 0; i < f->n_cg_shuffles; i++) free(f->cg_shuffles[i].type);
  free(f->cg_shuffles);
  c2h_strmap_dispose(&f->header_const_names);
  for (size_t i = 0; i < f->n_header_consts; i++) free(f->header_consts[i].body);
  free(f->header_consts);
  c2h_tu_facts_init(f);
}

const char *c2h_tu_facts_param_type(const c2h_tu_facts *f, size_t begin, unsigned index, size_t *len) {
  size_t lo = 0, hi = f->n_api_calls;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->api_calls[mid].begin < begin) lo = mid + 1;
    else hi = mid;
  }
  if (lo == f->n_api_calls || f->api_calls[lo].begin != begin || index == 0) return NULL;
  const char *p = f->api_calls[lo].params;
  for (unsigned k = 1; k < index; k++) {
    p = strchr(p, '\n');
    if (!p || !*++p) return NULL;
  }
  const char *e = strchr(p, '\n');
  if (!e || e == p) return NULL;
  *len = (size_t)(e - p);
  return p;
}

const c2h_header_const *c2h_tu_facts_header_const(const c2h_tu_facts *f, const char *name, size_t len) {
  int at = c2h_strmap_get(&f->header_const_names, name, len);
  return at >= 0 && f->header_consts[at].known ? &f->header_consts[at] : NULL;
}

void *c2h_front_grow_array(void *items, size_t n, size_t *cap, size_t size) {
  if (n < *cap) return items;
  size_t more = *cap ? *cap * 2 : 8;
  void *p = realloc(items, more * size);
  if (p) *cap = more;
  return p;
}
