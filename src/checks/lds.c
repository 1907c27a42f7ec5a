/* lds-limit: shared memory above the 64 KiB of LDS a gfx942 workgroup can
 * use. Three sources are checked:
 *  - static __shared__ variables of one function (sizes from the AST), plus
 *    file-scope __shared__ variables the function names;
 *  - dynamic shared memory of a launch (the third <<<>>> value, the smem
 *    argument of cudaLaunchKernel / hipLaunchKernelGGL), alone or added to
 *    the launched kernel's static total;
 *  - cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, N).
 * Sizes are read by the one evaluator (scan/const_expr.h: literals, the
 * file's constants, sizeof, casts, C's operators and types); those it
 * does not know are skipped: a diagnostic is only given when the value is
 * known. */
#include <stdio.h>
#include <stdlib.h>

#include "checks.h"
#include "scan/const_expr.h"

#define LDS_LIMIT 65536LL

/* ---- functions and their static shared memory ------------------------- */

/* The name token of function f: the identifier before the first '(' of
 * its declaration that is not an attribute's. n_toks when not found. */
static size_t function_name(const c2h_scan *s, size_t f) {
  const c2h_function *fn = &s->facts->functions[f];
  size_t n = s->facts->n_toks;
  for (size_t i = c2h_tok_first_at(s, fn->begin); i < n && s->facts->toks[i].begin < fn->end; i++) {
    if (c2h_tok_is(s, i, "{") || c2h_tok_is(s, i, ";")) break;
    if (!c2h_tok_is(s, i, "(") || i == 0) continue;
    size_t name = i - 1;
    if (s->facts->toks[name].kind == C2H_TOK_IDENT && !c2h_tok_is(s, name, "__launch_bounds__") &&
        !c2h_tok_is(s, name, "__attribute__") && !c2h_tok_is(s, name, "__declspec") &&
        !c2h_tok_is(s, name, "alignas") && !c2h_tok_is(s, name, "__align__") &&
        !c2h_tok_is(s, name, "decltype"))
      return name;
    i = c2h_tok_match(s, i);
  }
  return n;
}

/* A static __shared__ variable with a known size. */
typedef struct lds_var {
  size_t name;    /* token of the declared name */
  long long bytes;
  long long fn;   /* innermost function around it, -1 at file scope */
} lds_var;

/* The variables, and each function's name token (looked up once). */
typedef struct lds_vars {
  lds_var *v;
  size_t n, cap;
  size_t *names; /* per function; n_toks when not found */
} lds_vars;

static int vars_add(lds_vars *vs, const c2h_scan *s, size_t name, long long bytes) {
  for (size_t k = 0; k < vs->n; k++)
    if (vs->v[k].name == name) return 0;
  if (vs->n == vs->cap) {
    size_t cap = vs->cap ? vs->cap * 2 : 16;
    lds_var *p = realloc(vs->v, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    vs->v = p;
    vs->cap = cap;
  }
  vs->v[vs->n++] = (lds_var){name, bytes, c2h_function_at(s, s->facts->toks[name].begin)};
  return 0;
}

/* Declarations `__shared__ T a[N], b;` in code the AST saw: the names and
 * the sizes the AST gave their tokens. This covers declarations the
 * variable facts miss (a statement that starts with a macro such as
 * __shared__ is not placed in the main file). Dependent sizes are 0 and
 * left out; so are extern (dynamic) arrays. */
static int collect_from_tokens(const c2h_scan *s, lds_vars *vs) {
  size_t n = s->facts->n_toks;
  for (size_t i = 0; i < n; i++) {
    if (!c2h_tok_ident_is(s, i, "__shared__") || s->facts->toks[i].ctx == C2H_CTX_UNKNOWN) continue;
    if ((i > 0 && c2h_tok_is(s, i - 1, "extern")) || (i > 1 && c2h_tok_is(s, i - 2, "extern")) ||
        c2h_tok_is(s, i + 1, "extern"))
      continue;
    for (size_t j = i + 1; j < n && !c2h_tok_is(s, j, ";"); j++) {
      if (c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[") || c2h_tok_is(s, j, "{")) {
        size_t close = c2h_tok_match(s, j);
        if (close >= n) break;
        j = close;
        continue;
      }
      const c2h_token *t = &s->facts->toks[j];
      int rc;
      if (t->kind == C2H_TOK_IDENT && t->var_bytes > 0 &&
          (c2h_tok_is(s, j + 1, "[") || c2h_tok_is(s, j + 1, ";") || c2h_tok_is(s, j + 1, "=") ||
           c2h_tok_is(s, j + 1, ",")) &&
          (rc = vars_add(vs, s, j, t->var_bytes)))
        return rc;
    }
  }
  return 0;
}

/* The static __shared__ variables of the file with known sizes, and the
 * functions' names. */
static int collect_vars(const c2h_scan *s, lds_vars *vs) {
  if (s->facts->n_functions) {
    vs->names = malloc(s->facts->n_functions * sizeof *vs->names);
    if (!vs->names) return C2H_ERR_NOMEM;
    for (size_t f = 0; f < s->facts->n_functions; f++) vs->names[f] = function_name(s, f);
  }
  for (size_t k = 0; k < s->facts->n_variables; k++) {
    const c2h_variable *v = &s->facts->variables[k];
    size_t name = c2h_tok_first_at(s, v->name_begin);
    int rc;
    if (!v->shared || v->extern_unsized || v->bytes <= 0 || name >= s->facts->n_toks ||
        s->facts->toks[name].begin != v->name_begin)
      continue;
    if ((rc = vars_add(vs, s, name, v->bytes))) return rc;
  }
  return collect_from_tokens(s, vs);
}

/* Whether function f names file-scope variable v in its body. */
static int function_uses(const c2h_scan *s, size_t f, const lds_var *v) {
  const c2h_function *fn = &s->facts->functions[f];
  for (size_t i = c2h_tok_first_at(s, fn->begin); i < s->facts->n_toks && s->facts->toks[i].begin < fn->end; i++)
    if (s->facts->toks[i].kind == C2H_TOK_IDENT && c2h_tok_same(s, i, v->name) &&
        !(i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))))
      return 1;
  return 0;
}

/* Static shared bytes of function f: its own variables plus the file-scope
 * ones it names. Sizes that are not known are left out, so the total is a
 * lower bound. *last gets the function's variable declared last. */
static long long static_shared(const c2h_scan *s, const lds_vars *vs, size_t f, const lds_var **last) {
  long long total = 0;
  *last = NULL;
  for (size_t k = 0; k < vs->n; k++) {
    const lds_var *v = &vs->v[k];
    if (v->fn >= 0 ? v->fn != (long long)f : !function_uses(s, f, v)) continue;
    total += v->bytes;
    if (v->fn >= 0 && (!*last || v->name > (*last)->name)) *last = v;
  }
  return total;
}

/* "a: 65536, b: 512" for the first few variables function f counts. */
static void describe_vars(const c2h_scan *s, const lds_vars *vs, size_t f, char *out, size_t size) {
  size_t used = 0, shown = 0;
  out[0] = '\0';
  for (size_t k = 0; k < vs->n && used < size; k++) {
    const lds_var *v = &vs->v[k];
    if (v->fn >= 0 ? v->fn != (long long)f : !function_uses(s, f, v)) continue;
    const c2h_token *t = &s->facts->toks[v->name];
    int w = shown == 3 ? snprintf(out + used, size - used, ", ...")
                       : snprintf(out + used, size - used, "%s%.*s: %lld", shown ? ", " : "",
                                  (int)(t->end - t->begin > 40 ? 40 : t->end - t->begin), s->src + t->begin,
                                  v->bytes);
    if (w < 0) break;
    used += (size_t)w;
    if (++shown > 3) break;
  }
}

/* Reported at the function's name, listing the variables counted. */
static int report_static(c2h_scan *s, const lds_vars *vs, size_t f, long long total, const lds_var *last) {
  size_t name = vs->names[f], at_tok = name < s->facts->n_toks ? name : last->name;
  const c2h_token *t = &s->facts->toks[at_tok];
  const char *what = s->facts->functions[f].ctx == C2H_CTX_KERNEL ? "kernel" : "function";
  char list[200];
  describe_vars(s, vs, f, list, sizeof list);
  return c2h_scan_diag(s, at_tok, at_tok, C2H_SEV_ERROR, C2H_CHECK_LDS_LIMIT, NULL,
                       "%s '%.*s' uses %lld bytes of static __shared__ memory (%s); a gfx942 "
                       "workgroup gets at most 64 KiB (65536 bytes) of LDS, so it does not compile "
                       "for gfx942: use smaller tiles or split the work",
                       what, (int)(t->end - t->begin), s->src + t->begin, total, list);
}

static int check_static(c2h_scan *s, const lds_vars *vs) {
  for (size_t f = 0; f < s->facts->n_functions; f++) {
    const lds_var *last;
    long long total = static_shared(s, vs, f, &last);
    int rc;
    if (total > LDS_LIMIT && last && (rc = report_static(s, vs, f, total, last))) return rc;
  }
  return 0;
}

/* ---- dynamic shared memory -------------------------------------------- */

/* The function defined in this file with the name token k names, when
 * there is exactly one; -1 otherwise. */
static long long function_named(const c2h_scan *s, const lds_vars *vs, size_t k) {
  long long found = -1;
  for (size_t f = 0; f < s->facts->n_functions; f++) {
    size_t name = vs->names[f];
    if (name >= s->facts->n_toks || !c2h_tok_same(s, k, name)) continue;
    if (found >= 0) return -1;
    found = (long long)f;
  }
  return found;
}

/* Reports a dynamic request `span` of `bytes` for the kernel named by
 * token k (n_toks when unknown), adding its static total when known. */
static int report_dynamic(c2h_scan *s, const lds_vars *vs, c2h_tok_span span, long long bytes, size_t k) {
  long long f = k < s->facts->n_toks ? function_named(s, vs, k) : -1;
  const lds_var *last;
  long long stat = f >= 0 ? static_shared(s, vs, (size_t)f, &last) : 0;
  if (bytes > LDS_LIMIT) {
    char who[80] = "";
    if (k < s->facts->n_toks) {
      const c2h_token *t = &s->facts->toks[k];
      snprintf(who, sizeof who, " of '%.*s'", (int)(t->end - t->begin > 60 ? 60 : t->end - t->begin),
               s->src + t->begin);
    }
    return c2h_scan_diag(s, span.first, span.last, C2H_SEV_ERROR, C2H_CHECK_LDS_LIMIT, NULL,
                         "the launch%s asks for %lld bytes of dynamic shared memory; a gfx942 "
                         "workgroup gets at most 64 KiB (65536 bytes) of LDS, so the launch fails: "
                         "use smaller tiles or split the work",
                         who, bytes);
  }
  if (bytes > 0 && stat > 0 && bytes + stat > LDS_LIMIT) {
    const c2h_token *t = &s->facts->toks[k];
    return c2h_scan_diag(s, span.first, span.last, C2H_SEV_ERROR, C2H_CHECK_LDS_LIMIT, NULL,
                         "'%.*s' has %lld bytes of static __shared__ memory and the launch adds %lld "
                         "bytes of dynamic shared memory, %lld in all; a gfx942 workgroup gets at "
                         "most 64 KiB (65536 bytes) of LDS, so the launch fails: use smaller tiles "
                         "or split the work",
                         (int)(t->end - t->begin), s->src + t->begin, stat, bytes, stat + bytes);
  }
  return 0;
}


/* The argument `arg` (0-based) of the list between open and close, when it
 * evaluates; then reports it. kernel is the name token or n_toks. */
static int check_request(c2h_scan *s, const lds_vars *vs, size_t open, size_t close, size_t arg,
                         size_t kernel) {
  c2h_tok_span a[8];
  size_t n = c2h_tok_split(s, open, close, a, 8);
  long long bytes;
  if (n <= arg || n > 8 || !c2h_const_tokens_int(s, a[arg].first, a[arg].last, &bytes)) return 0;
  return report_dynamic(s, vs, a[arg], bytes, kernel);
}

/* The kernel argument of a launch API: a plain name, maybe after a cast
 * or '&'; n_toks when it is something else. */
static size_t api_kernel_name(const c2h_scan *s, size_t open, size_t close) {
  c2h_tok_span a[1];
  if (c2h_tok_split(s, open, close, a, 1) < 1) return s->facts->n_toks;
  size_t last = a[0].last;
  return s->facts->toks[last].kind == C2H_TOK_IDENT ? last : s->facts->n_toks;
}

/* cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, N). */
static int check_set_attribute(c2h_scan *s, size_t name, size_t open, size_t close) {
  c2h_tok_span a[3];
  long long bytes;
  if (c2h_tok_split(s, open, close, a, 3) != 3 || a[1].first != a[1].last ||
      !(c2h_tok_is(s, a[1].first, "cudaFuncAttributeMaxDynamicSharedMemorySize") ||
        c2h_tok_is(s, a[1].first, "hipFuncAttributeMaxDynamicSharedMemorySize")) ||
      !c2h_const_tokens_int(s, a[2].first, a[2].last, &bytes) || bytes <= LDS_LIMIT)
    return 0;
  return c2h_scan_diag(s, a[2].first, a[2].last, C2H_SEV_ERROR, C2H_CHECK_LDS_LIMIT, NULL,
                       "%.*s allows %lld bytes of dynamic shared memory, but a gfx942 workgroup "
                       "gets at most 64 KiB (65536 bytes) of LDS: the call fails and so do launches "
                       "that rely on it; use smaller tiles or split the work",
                       (int)(s->facts->toks[name].end - s->facts->toks[name].begin),
                       s->src + s->facts->toks[name].begin, bytes);
}

static int check_dynamic(c2h_scan *s, const lds_vars *vs) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (c2h_tok_is(s, i, "<<<")) {
      size_t close = c2h_tok_launch_close(s, i);
      int templated;
      if (close < n) rc = check_request(s, vs, i, close, 2, c2h_tok_kernel_name(s, i, &templated));
      continue;
    }
    /* The name first: matching the parenthesis of every call would cost
     * time quadratic in the nesting depth. */
    int launch_args = 0, set_attribute = 0;
    if (c2h_tok_is(s, i, "cudaLaunchKernel") || c2h_tok_is(s, i, "cudaLaunchCooperativeKernel") ||
        c2h_tok_is(s, i, "hipLaunchKernel") || c2h_tok_is(s, i, "hipLaunchCooperativeKernel"))
      launch_args = 4;
    else if (c2h_tok_is(s, i, "hipLaunchKernelGGL"))
      launch_args = 3;
    else
      set_attribute = c2h_tok_is(s, i, "cudaFuncSetAttribute") || c2h_tok_is(s, i, "hipFuncSetAttribute");
    if ((!launch_args && !set_attribute) || !c2h_tok_is(s, i + 1, "(") || s->facts->toks[i].use == C2H_USE_USER ||
        s->facts->toks[i].use == C2H_USE_MEMBER)
      continue;
    size_t close = c2h_tok_match(s, i + 1);
    if (close >= n) continue;
    if (launch_args) rc = check_request(s, vs, i + 1, close, launch_args, api_kernel_name(s, i + 1, close));
    else rc = check_set_attribute(s, i, i + 1, close);
  }
  return rc;
}

int c2h_check_lds(c2h_scan *s) {
  lds_vars vs = {NULL, 0, 0, NULL};
  int rc = collect_vars(s, &vs);
  if (rc == 0) rc = check_static(s, &vs);
  if (rc == 0) rc = check_dynamic(s, &vs);
  free(vs.v);
  free(vs.names);
  return rc;
}
