/* cuda-arch-check: code chosen by NVIDIA architecture.
 *
 * __CUDA_ARCH__: HIP does not define it, in the host pass or in the gfx942
 * device pass. So
 *  - a device-pass test (`#ifdef __CUDA_ARCH__`, `defined(__CUDA_ARCH__)`,
 *    `#if __CUDA_ARCH__`) reads the same in both passes: device-only code is
 *    never compiled for the GPU and host-only code is. __HIP_DEVICE_COMPILE__
 *    is the HIP test (defined only in the device pass), offered as the
 *    replacement;
 *  - a comparison (`__CUDA_ARCH__ >= 700`) reads 0 in #if, so the branch is
 *    the same on every pass whatever the hardware; outside #if it does not
 *    compile. No replacement: the right AMD condition depends on why the
 *    code asked;
 *  - in a directive that also compares, only the comparison is reported.
 *
 * Compute capability: HIP reports 9.4 (major 9, minor 4) for gfx942, so
 * comparisons of cudaDeviceProp::major/minor, of values read with
 * cudaDeviceGetAttribute(..., cudaDevAttrComputeCapabilityMajor/Minor, ...),
 * or of variables computed from them, pick paths meant for NVIDIA GPUs.
 * Printing them, or comparing two devices' capabilities with each other,
 * stays silent. */
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "scan/const_expr.h"

#define GFX942_MAJOR 9
#define GFX942_MINOR 4

/* A variable that holds a device-properties struct or a compute capability. */
typedef struct var {
  size_t tok;      /* the declared or assigned name */
  long long fn;    /* innermost function around it, -1 at file scope */
  int known;       /* value on gfx942 known (capability variables) */
  long long value;
} var;

typedef struct var_list {
  var *v;
  size_t n, cap;
} var_list;

typedef struct cc_state {
  var_list props; /* cudaDeviceProp / hipDeviceProp_t variables */
  var_list caps;  /* variables holding a capability */
} cc_state;

/* ---- __CUDA_ARCH__ ------------------------------------------------------ */

typedef enum arch_use { ARCH_DEFINED, ARCH_COMPARE, ARCH_VALUE, ARCH_SKIP } arch_use;

/* How __CUDA_ARCH__ at token i is used. */
static arch_use classify_arch(const c2h_scan *s, size_t i, size_t directive) {
  size_t n = s->facts->n_toks;
  int in_if = directive < n && (c2h_tok_is(s, directive + 1, "if") || c2h_tok_is(s, directive + 1, "elif"));
  if (i >= 2 && c2h_tok_is(s, i - 2, "#") &&
      (c2h_tok_is(s, i - 1, "define") || c2h_tok_is(s, i - 1, "undef")))
    return ARCH_SKIP; /* the user defines it (e.g. for a host-only build) */
  if (i >= 2 && c2h_tok_is(s, i - 2, "#") && (c2h_tok_is(s, i - 1, "ifdef") || c2h_tok_is(s, i - 1, "ifndef")))
    return ARCH_DEFINED;
  if (c2h_tok_is(s, i - 1, "defined") || (c2h_tok_is(s, i - 1, "(") && i >= 2 && c2h_tok_is(s, i - 2, "defined")))
    return ARCH_DEFINED;
  if ((i > 0 && c2h_tok_is_comparison(s, i - 1)) || c2h_tok_is_comparison(s, i + 1)) return ARCH_COMPARE;
  /* `#if __CUDA_ARCH__` or `... && __CUDA_ARCH__`: a truth test. */
  size_t stop = in_if ? c2h_tok_directive_stop(s, directive) : 0;
  if (in_if && (c2h_tok_is(s, i - 1, "if") || c2h_tok_is(s, i - 1, "elif") || c2h_tok_is(s, i - 1, "&&") ||
                c2h_tok_is(s, i - 1, "||") || c2h_tok_is(s, i - 1, "!") || c2h_tok_is(s, i - 1, "(")) &&
      (i + 1 >= stop || c2h_tok_is(s, i + 1, "&&") || c2h_tok_is(s, i + 1, "||") || c2h_tok_is(s, i + 1, ")")))
    return ARCH_DEFINED;
  return ARCH_VALUE;
}

/* Whether the directive at d compares __CUDA_ARCH__ somewhere. */
static int directive_compares(const c2h_scan *s, size_t d) {
  size_t stop = c2h_tok_directive_stop(s, d);
  for (size_t j = d + 1; j < stop; j++)
    if (c2h_tok_is(s, j, "__CUDA_ARCH__") && classify_arch(s, j, d) == ARCH_COMPARE) return 1;
  return 0;
}

static int report_defined(c2h_scan *s, size_t i) {
  return c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CUDA_ARCH_CHECK, "__HIP_DEVICE_COMPILE__",
                       "HIP does not define __CUDA_ARCH__, so this test reads the same in the host "
                       "and the gfx942 device pass: code meant for the device pass is never "
                       "compiled for the GPU, and code meant for the host pass is; test "
                       "__HIP_DEVICE_COMPILE__ instead");
}

/* `__CUDA_ARCH__ OP N` or `N OP __CUDA_ARCH__`: evaluates it with 0. */
static int report_compare(c2h_scan *s, size_t i, size_t directive) {
  size_t op = c2h_tok_is_comparison(s, i + 1) ? i + 1 : i - 1, other = op == i + 1 ? i + 2 : i - 2;
  size_t first = op > i ? i : other, last = op > i ? other : i;
  long long v;
  const char *verdict = "";
  /* The answer is only worth stating when the comparison is the whole
   * condition of its #if. */
  int whole = directive < s->facts->n_toks && first == directive + 2 && c2h_tok_directive_stop(s, directive) == last + 1;
  if (other < s->facts->n_toks && c2h_tok_int_value(s, other, &v)) {
    long long l = op > i ? 0 : v, r = op > i ? v : 0;
    int t = c2h_tok_compare(s, op, l, r);
    if (whole) verdict = t ? " (here: always true)" : " (here: always false)";
  } else {
    first = last = i;
  }
  if (directive >= s->facts->n_toks)
    return c2h_scan_diag(s, first, last, C2H_SEV_WARNING, C2H_CHECK_CUDA_ARCH_CHECK, NULL,
                         "compares __CUDA_ARCH__, an NVIDIA architecture number HIP does not define: "
                         "this does not compile for gfx942; choose the code by AMD target "
                         "(__gfx942__) or by the feature it needs");
  return c2h_scan_diag(s, first, last, C2H_SEV_WARNING, C2H_CHECK_CUDA_ARCH_CHECK, NULL,
                       "selects code by NVIDIA architecture: HIP does not define __CUDA_ARCH__, so "
                       "it reads as 0 and the test gives the same answer on every pass and every "
                       "GPU%s, silently changing which code gfx942 runs; choose by AMD target "
                       "(__gfx942__) or by the feature the code needs",
                       verdict);
}

static int report_value(c2h_scan *s, size_t i) {
  return c2h_scan_diag(s, i, i, C2H_SEV_WARNING, C2H_CHECK_CUDA_ARCH_CHECK, NULL,
                       "uses the value of __CUDA_ARCH__, an NVIDIA architecture number HIP does not "
                       "define (it reads as 0 in #if and does not compile elsewhere); use the AMD "
                       "target macros (__gfx942__) or the feature the code needs");
}

static int check_arch_macro(c2h_scan *s) {
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    if (!c2h_tok_is(s, i, "__CUDA_ARCH__")) continue;
    size_t d = c2h_tok_directive_of(s, i);
    switch (classify_arch(s, i, d)) {
      case ARCH_DEFINED:
        if (d >= s->facts->n_toks || !directive_compares(s, d)) rc = report_defined(s, i);
        break;
      case ARCH_COMPARE: rc = report_compare(s, i, d); break;
      case ARCH_VALUE: rc = report_value(s, i); break;
      case ARCH_SKIP: break;
    }
  }
  return rc;
}

/* ---- compute capability ----------------------------------------------- */

/* 1 + the index of the variable token tok names (same spelling, declared
 * at file scope or in the same function), or 0. The function is looked up
 * only for a name that matches. */
static int var_has(const var_list *l, const c2h_scan *s, size_t tok) {
  long long fn = -2; /* not looked up yet */
  for (size_t k = 0; k < l->n; k++) {
    if (!c2h_tok_same(s, l->v[k].tok, tok)) continue;
    if (l->v[k].fn >= 0 && fn == -2) fn = c2h_function_at(s, s->facts->toks[tok].begin);
    if (l->v[k].fn < 0 || l->v[k].fn == fn) return (int)k + 1;
  }
  return 0;
}

/* Returns 0 or C2H_ERR_NOMEM. */
static int var_add(var_list *l, const c2h_scan *s, size_t tok, int known, long long value) {
  if (var_has(l, s, tok)) return 0;
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    var *p = realloc(l->v, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    l->v = p;
    l->cap = cap;
  }
  l->v[l->n++] = (var){tok, c2h_function_at(s, s->facts->toks[tok].begin), known, value};
  return 0;
}

/* `cudaDeviceProp [const] [*&] name` (also hipDeviceProp_t). */
static int collect_props(const c2h_scan *s, cc_state *st) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (!c2h_tok_ident_is(s, i, "cudaDeviceProp") && !c2h_tok_ident_is(s, i, "hipDeviceProp_t")) continue;
    size_t j = i + 1;
    while (j < n && (c2h_tok_is(s, j, "const") || c2h_tok_is(s, j, "*") || c2h_tok_is(s, j, "&"))) j++;
    if (j < n && s->facts->toks[j].kind == C2H_TOK_IDENT && !c2h_tok_is(s, j + 1, "("))
      rc = var_add(&st->props, s, j, 0, 0);
  }
  return rc;
}

/* Token i is `major` or `minor` of a device-properties variable
 * (`prop.major`, `p->minor`, `props[i].major`). Sets *value for gfx942. */
static int prop_access(const c2h_scan *s, const cc_state *st, size_t i, long long *value) {
  int major = c2h_tok_is(s, i, "major");
  if ((!major && !c2h_tok_is(s, i, "minor")) || i < 2 || !(c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->")))
    return 0;
  size_t obj = i - 2;
  while (c2h_tok_is(s, obj, "]") && obj > 0) { /* props[k].major */
    size_t depth = 0, j = obj;
    for (; j > 0; j--) {
      if (c2h_tok_is(s, j, "]")) depth++;
      else if (c2h_tok_is(s, j, "[") && --depth == 0) break;
    }
    if (j == 0) return 0;
    obj = j - 1;
  }
  if (s->facts->toks[obj].kind != C2H_TOK_IDENT || !var_has(&st->props, s, obj))
    return 0;
  *value = major ? GFX942_MAJOR : GFX942_MINOR;
  return 1;
}

/* Token i reads a capability: a property access or a capability variable.
 * *known says whether *value (gfx942's) is known. */
static int cap_source(const c2h_scan *s, const cc_state *st, size_t i, int *known, long long *value) {
  if (prop_access(s, st, i, value)) return *known = 1, 1;
  if (s->facts->toks[i].kind != C2H_TOK_IDENT || c2h_tok_is(s, i + 1, "(") ||
      (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))))
    return 0;
  int k = var_has(&st->caps, s, i);
  if (!k) return 0;
  *known = st->caps.v[k - 1].known;
  *value = st->caps.v[k - 1].value;
  return 1;
}

static int span_has_cap(const c2h_scan *s, const cc_state *st, size_t b, size_t e) {
  int known;
  long long v;
  for (size_t i = b; i < e; i++)
    if (cap_source(s, st, i, &known, &v)) return 1;
  return 0;
}

/* ---- values: the one evaluator, with capabilities --------------------- */

typedef struct cap_ctx {
  const c2h_scan *s;
  const cc_state *st;
} cap_ctx;

/* Names in a capability expression: a device-property access
 * (`prop.major`, `p->minor`, `props[i].major`) or a capability variable
 * is worth what gfx942 reports; a capability variable whose value is not
 * known has none; anything else is the file's constants. */
static int cap_hook(void *ctx, const c2h_const_name *name, c2h_const *out, size_t *used) {
  const cap_ctx *c = ctx;
  const c2h_scan *s = c->s;
  size_t i = name->tok, j;
  long long v;
  int known;
  if (i == C2H_CONST_NO_TOKEN) return C2H_CONST_PASS;
  for (j = i + 1; j < name->end && c2h_tok_is(s, j, "[");) j = c2h_tok_match(s, j) + 1;
  if (j + 1 < name->end && (c2h_tok_is(s, j, ".") || c2h_tok_is(s, j, "->")) && prop_access(s, c->st, j + 1, &v)) {
    *out = (c2h_const){(unsigned long long)v, 32, 0};
    *used = c2h_const_name_used(name, j + 2);
    return C2H_CONST_VALUE;
  }
  if (!cap_source(s, c->st, i, &known, &v)) return C2H_CONST_PASS;
  if (!known) return C2H_CONST_UNKNOWN;
  *out = (c2h_const){(unsigned long long)v, 32, 0};
  *used = 1;
  return C2H_CONST_VALUE;
}

/* The value of tokens [b, e) on gfx942. */
static int evaluate(const c2h_scan *s, const cc_state *st, size_t b, size_t e, long long *v) {
  cap_ctx c = {s, st};
  c2h_const r;
  return e > b && c2h_const_eval_tokens(s, b, e - 1, cap_hook, &c, 0, &r) && c2h_const_to_ll(&r, v);
}

/* ---- capability variables ---------------------------------------------- */

/* The attribute argument of a query names the major or minor number. */
static int attribute_value(const c2h_scan *s, size_t i, long long *v) {
  if (c2h_tok_is(s, i, "cudaDevAttrComputeCapabilityMajor") || c2h_tok_is(s, i, "hipDeviceAttributeComputeCapabilityMajor") ||
      c2h_tok_is(s, i, "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR"))
    return *v = GFX942_MAJOR, 1;
  if (c2h_tok_is(s, i, "cudaDevAttrComputeCapabilityMinor") || c2h_tok_is(s, i, "hipDeviceAttributeComputeCapabilityMinor") ||
      c2h_tok_is(s, i, "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR"))
    return *v = GFX942_MINOR, 1;
  return 0;
}

/* `&name` as a whole argument: the variable a query writes. */
static size_t out_arg(const c2h_scan *s, c2h_tok_span a) {
  if (a.last == a.first + 1 && c2h_tok_is(s, a.first, "&") && s->facts->toks[a.last].kind == C2H_TOK_IDENT)
    return a.last;
  return s->facts->n_toks;
}

/* cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, dev),
 * cuDeviceGetAttribute(...), cuDeviceComputeCapability(&major, &minor, dev). */
static int collect_queries(const c2h_scan *s, cc_state *st) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 0; i + 1 < n && rc == 0; i++) {
    int attr = c2h_tok_is_call(s, i, "cudaDeviceGetAttribute") || c2h_tok_is_call(s, i, "hipDeviceGetAttribute") ||
               c2h_tok_is_call(s, i, "cuDeviceGetAttribute");
    int pair = c2h_tok_is_call(s, i, "cuDeviceComputeCapability") || c2h_tok_is_call(s, i, "hipDeviceComputeCapability");
    if (!attr && !pair) continue;
    size_t close = c2h_tok_match(s, i + 1);
    c2h_tok_span a[3];
    if (close >= n || c2h_tok_split(s, i + 1, close, a, 3) != 3) continue;
    long long v;
    size_t out;
    if (attr && a[1].first == a[1].last && attribute_value(s, a[1].first, &v) && (out = out_arg(s, a[0])) < n)
      rc = var_add(&st->caps, s, out, 1, v);
    if (rc == 0 && pair && (out = out_arg(s, a[0])) < n) rc = var_add(&st->caps, s, out, 1, GFX942_MAJOR);
    if (rc == 0 && pair && (out = out_arg(s, a[1])) < n) rc = var_add(&st->caps, s, out, 1, GFX942_MINOR);
  }
  return rc;
}

/* Whether [b, e) reads a capability as a value, outside the arguments of
 * calls: `cc = prop.major * 10 + prop.minor` holds a capability, while
 * `cores = coresPerSM(prop.major, prop.minor)`, and what is computed from
 * it (a workload size), does not. */
static int span_is_cap(const c2h_scan *s, const cc_state *st, size_t b, size_t e) {
  int known;
  long long v;
  for (size_t i = b; i < e; i++) {
    if (s->facts->toks[i].kind == C2H_TOK_IDENT && c2h_tok_is(s, i + 1, "(")) {
      size_t close = c2h_tok_match(s, i + 1);
      if (close >= e) return 0;
      i = close;
      continue;
    }
    if (cap_source(s, st, i, &known, &v)) return 1;
  }
  return 0;
}

/* `name = expr;` (also in a declaration) where expr reads a capability:
 * name holds one too. Source order, so chains resolve in one pass. */
static int collect_assignments(const c2h_scan *s, cc_state *st) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 1; i + 1 < n && rc == 0; i++) {
    if (!c2h_tok_is(s, i, "=") || s->facts->toks[i - 1].kind != C2H_TOK_IDENT) continue;
    if (i >= 2 && (c2h_tok_is(s, i - 2, ".") || c2h_tok_is(s, i - 2, "->"))) continue; /* a member */
    size_t e = i + 1;
    while (e < n && !c2h_tok_is(s, e, ";") && !c2h_tok_is(s, e, ",") && !c2h_tok_is(s, e, "{") &&
           !c2h_tok_is(s, e, "}"))
      e++;
    if (!span_is_cap(s, st, i + 1, e)) continue;
    long long v = 0;
    int known = evaluate(s, st, i + 1, e, &v);
    rc = var_add(&st->caps, s, i - 1, known, v);
  }
  return rc;
}

/* ---- comparisons -------------------------------------------------------- */

static int operand_token(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  return t->kind == C2H_TOK_IDENT || t->kind == C2H_TOK_LITERAL || c2h_tok_is(s, i, ".") ||
         c2h_tok_is(s, i, "->") || c2h_tok_is(s, i, "*") || c2h_tok_is(s, i, "/") || c2h_tok_is(s, i, "%") ||
         c2h_tok_is(s, i, "+") || c2h_tok_is(s, i, "-") || c2h_tok_is(s, i, "::");
}

/* First token of the operand that ends at token `last`. */
static size_t operand_start(const c2h_scan *s, size_t last) {
  size_t i = last + 1;
  while (i > 0) {
    size_t j = i - 1;
    if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]")) {
      size_t depth = 0;
      for (; j > 0; j--) {
        if (c2h_tok_is(s, j, ")") || c2h_tok_is(s, j, "]")) depth++;
        else if ((c2h_tok_is(s, j, "(") || c2h_tok_is(s, j, "[")) && --depth == 0) break;
      }
      if (depth) break;
    } else if (!operand_token(s, j)) {
      break;
    }
    i = j;
  }
  return i;
}

/* Token after the operand that starts at token `first`. */
static size_t operand_end(const c2h_scan *s, size_t first) {
  size_t i = first, n = s->facts->n_toks;
  while (i < n) {
    if (c2h_tok_is(s, i, "(") || c2h_tok_is(s, i, "[")) {
      size_t close = c2h_tok_match(s, i);
      if (close >= n) break;
      i = close + 1;
    } else if (operand_token(s, i)) {
      i++;
    } else {
      break;
    }
  }
  return i;
}

static int report_capability(c2h_scan *s, const cc_state *st, size_t b, size_t e, size_t op) {
  long long l, r;
  const char *verdict = "";
  if (op < s->facts->n_toks && evaluate(s, st, b, op, &l) && evaluate(s, st, op + 1, e, &r)) {
    int t = c2h_tok_compare(s, op, l, r);
    verdict = t ? " (true on gfx942)" : " (false on gfx942)";
  }
  return c2h_scan_diag(s, b, e - 1, C2H_SEV_WARNING, C2H_CHECK_CUDA_ARCH_CHECK, NULL,
                       "compute-capability test: HIP reports compute capability 9.4 for gfx942 "
                       "(major 9, minor 4), so this test%s chooses between paths written for NVIDIA GPUs; test "
                       "hipDeviceProp_t::gcnArchName (\"gfx942:sramecc+:xnack-\") or query the "
                       "feature itself (warpSize, sharedMemPerBlock, ...)",
                       verdict);
}

static int check_comparisons(c2h_scan *s, const cc_state *st) {
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 1; i + 1 < n && rc == 0; i++) {
    if (c2h_tok_is_directive(s, i)) {
      i = c2h_tok_directive_stop(s, i) - 1;
      continue;
    }
    if (c2h_tok_is(s, i, "switch") && c2h_tok_is(s, i + 1, "(")) {
      size_t close = c2h_tok_match(s, i + 1);
      if (close < n && span_has_cap(s, st, i + 2, close))
        rc = report_capability(s, st, i + 2, close, n);
      continue;
    }
    if (!c2h_tok_is_comparison(s, i) || s->facts->toks[i - 1].template_name) continue;
    size_t b = operand_start(s, i - 1), e = operand_end(s, i + 1);
    if (b >= i || e <= i + 1) continue;
    int left = span_is_cap(s, st, b, i), right = span_is_cap(s, st, i + 1, e);
    if (left != right) rc = report_capability(s, st, b, e, i); /* not device against device */
    i = e - 1;
  }
  return rc;
}

int c2h_check_cuda_arch(c2h_scan *s) {
  int rc = check_arch_macro(s);
  cc_state st = {{NULL, 0, 0}, {NULL, 0, 0}};
  if (rc == 0) rc = collect_props(s, &st);
  if (rc == 0) rc = collect_queries(s, &st);
  /* Without a device-properties variable or a capability query there is
   * nothing to compare. */
  if (rc == 0 && (st.props.n || st.caps.n)) rc = collect_assignments(s, &st);
  if (rc == 0 && (st.props.n || st.caps.n)) rc = check_comparisons(s, &st);
  free(st.props.v);
  free(st.caps.v);
  return rc;
}
