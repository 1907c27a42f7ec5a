/* dynamic-parallelism: kernels launched from device code. HIP has no
 * device-side launch, so a `<<<>>>` launch, cudaLaunchKernel,
 * cudaGraphLaunch or cudaDeviceSynchronize inside a __global__, __device__
 * or __host__ __device__ function cannot be ported as it is; nor can the
 * rest of the device runtime (cudaMalloc, cudaGetLastError, ... called in a
 * __global__ or __device__ function).
 *
 * Code under `#ifndef __CUDA_ARCH__` (or the #else of `#ifdef
 * __CUDA_ARCH__`) is the host pass of a __host__ __device__ function and is
 * not reported; code under `#ifdef __CUDA_ARCH__` inside such a function is
 * the device pass and is. The cuda-arch-check family reports the
 * __CUDA_ARCH__ tests themselves. */
#include <string.h>

#include "checks.h"

/* What a preprocessor conditional says about the compilation pass. */
typedef enum pass_kind { PASS_ANY, PASS_DEVICE, PASS_HOST } pass_kind;

#define MAX_NESTING 64

typedef struct pp_state {
  pass_kind frames[MAX_NESTING];
  size_t depth;  /* frames in use; deeper nesting is counted, not stored */
  size_t excess; /* conditionals nested deeper than MAX_NESTING */
} pp_state;

/* APIs of the CUDA device runtime that only make sense with dynamic
 * parallelism when called on the GPU. */
static const char *const device_launch_apis[] = {
    "cudaLaunchKernel",   "cudaLaunchCooperativeKernel", "cudaLaunchKernelEx", "cudaGraphLaunch",
    "cudaGetParameterBuffer", "cudaGetParameterBufferV2",   "cudaLaunchDevice",   "cudaLaunchDeviceV2",
    NULL};

/* `defined(__CUDA_ARCH__)` or `defined __CUDA_ARCH__` at token i; sets *end
 * to the token after it. */
static int defined_arch(const c2h_scan *s, size_t i, size_t stop, size_t *end) {
  if (!c2h_tok_is(s, i, "defined")) return 0;
  if (i + 1 < stop && c2h_tok_is(s, i + 1, "__CUDA_ARCH__")) return *end = i + 2, 1;
  if (i + 3 < stop && c2h_tok_is(s, i + 1, "(") && c2h_tok_is(s, i + 2, "__CUDA_ARCH__") &&
      c2h_tok_is(s, i + 3, ")"))
    return *end = i + 4, 1;
  return 0;
}

/* Whether tokens [b, e) are a test that holds only in the device pass:
 * defined(__CUDA_ARCH__), __CUDA_ARCH__ alone, or __CUDA_ARCH__ >/>= N. */
static int device_only_term(const c2h_scan *s, size_t b, size_t e) {
  size_t end;
  while (b + 1 < e && c2h_tok_is(s, b, "(") && c2h_tok_match(s, b) == e - 1) b++, e--;
  if (defined_arch(s, b, e, &end) && end == e) return 1;
  if (!c2h_tok_is(s, b, "__CUDA_ARCH__")) return 0;
  if (b + 1 == e) return 1;
  long long v;
  return b + 3 == e && (c2h_tok_is(s, b + 1, ">=") || c2h_tok_is(s, b + 1, ">")) &&
         c2h_tok_int_value(s, b + 2, &v) && v > 0;
}

/* Classifies the condition of `#if` / `#elif` in tokens [b, e). */
static pass_kind classify_if(const c2h_scan *s, size_t b, size_t e) {
  size_t end;
  if (c2h_tok_is(s, b, "!") && defined_arch(s, b + 1, e, &end) && end == e) return PASS_HOST;
  /* A conjunction with one device-only term holds only in the device pass. */
  size_t start = b, depth = 0;
  for (size_t i = b; i <= e; i++) {
    if (i < e && c2h_tok_is(s, i, "(")) depth++;
    else if (i < e && c2h_tok_is(s, i, ")")) depth--;
    else if (i < e && depth == 0 && c2h_tok_is(s, i, "||")) return PASS_ANY;
    else if (i == e || (depth == 0 && c2h_tok_is(s, i, "&&"))) {
      if (device_only_term(s, start, i)) return PASS_DEVICE;
      start = i + 1;
    }
  }
  return PASS_ANY;
}

/* Updates the conditional stack for the directive starting at i. */
static void pp_directive(const c2h_scan *s, pp_state *pp, size_t i, size_t stop) {
  size_t kw = i + 1;
  pass_kind k = PASS_ANY;
  if (c2h_tok_is(s, kw, "ifdef") || c2h_tok_is(s, kw, "ifndef") || c2h_tok_is(s, kw, "if")) {
    if (c2h_tok_is(s, kw, "if")) k = classify_if(s, kw + 1, stop);
    else if (kw + 2 == stop && c2h_tok_is(s, kw + 1, "__CUDA_ARCH__"))
      k = c2h_tok_is(s, kw, "ifdef") ? PASS_DEVICE : PASS_HOST;
    if (pp->depth < MAX_NESTING) pp->frames[pp->depth++] = k;
    else pp->excess++;
  } else if (pp->excess) {
    if (c2h_tok_is(s, kw, "endif")) pp->excess--;
  } else if (pp->depth && c2h_tok_is(s, kw, "endif")) {
    pp->depth--;
  } else if (pp->depth && c2h_tok_is(s, kw, "else")) {
    pass_kind *f = &pp->frames[pp->depth - 1];
    *f = *f == PASS_DEVICE ? PASS_HOST : *f == PASS_HOST ? PASS_DEVICE : PASS_ANY;
  } else if (pp->depth && (c2h_tok_is(s, kw, "elif") || c2h_tok_is(s, kw, "elifdef") ||
                           c2h_tok_is(s, kw, "elifndef"))) {
    pp->frames[pp->depth - 1] = PASS_ANY;
  }
}

static int in_host_pass_only(const pp_state *pp) {
  for (size_t d = 0; d < pp->depth; d++)
    if (pp->frames[d] == PASS_HOST) return 1;
  return 0;
}

/* The context of token i; for tokens the AST did not see (inactive
 * branches), that of the innermost function around them. */
static c2h_code_ctx effective_ctx(const c2h_scan *s, size_t i) {
  c2h_code_ctx c = s->facts->toks[i].ctx;
  if (c != C2H_CTX_UNKNOWN) return c;
  size_t b = s->facts->toks[i].begin;
  for (size_t f = s->facts->n_functions; f-- > 0;) {
    const c2h_function *fn = &s->facts->functions[f];
    if (fn->begin <= b && b < fn->end) return fn->ctx; /* sorted: the last match is innermost */
  }
  return C2H_CTX_UNKNOWN;
}

static int runs_on_device(const c2h_scan *s, const pp_state *pp, size_t i) {
  c2h_code_ctx c = effective_ctx(s, i);
  return (c == C2H_CTX_DEVICE || c == C2H_CTX_KERNEL || c == C2H_CTX_HOST_DEVICE) && !in_host_pass_only(pp);
}

/* Whether the names pass already reports token i as an API HIP lacks. */
static int reported_unsupported(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  const c2h_rule *r = c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
  return r && r->unsupported;
}

/* Whether token i is a call of the CUDA device runtime that launches or
 * waits for child kernels (not a user's or member function so named). */
static const char *device_runtime_call(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT || !c2h_tok_is(s, i + 1, "(") || t->use == C2H_USE_USER ||
      t->use == C2H_USE_MEMBER || (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))))
    return NULL;
  if (c2h_tok_is(s, i, "cudaDeviceSynchronize")) return "cudaDeviceSynchronize";
  for (size_t k = 0; device_launch_apis[k]; k++)
    if (c2h_tok_is(s, i, device_launch_apis[k])) return device_launch_apis[k];
  return NULL;
}

/* Whether token i calls another function of the CUDA runtime API
 * (cudaMalloc, cudaGetLastError, ...) from a __global__ or __device__
 * function: CUDA's device runtime provides them there, HIP's runtime API is
 * host-only. __host__ __device__ functions are left out: clang compiles
 * their device pass only where device code calls them. */
static const char *device_runtime_api(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT || !c2h_tok_is(s, i + 1, "(") || t->use == C2H_USE_USER ||
      t->use == C2H_USE_MEMBER || (i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->"))) ||
      t->end - t->begin < 5 || memcmp(s->src + t->begin, "cuda", 4) != 0)
    return NULL;
  const c2h_rule *r = c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
  return r && r->kind == C2H_RULE_FUNCTION ? r->cuda : NULL;
}

static int only_device(const c2h_scan *s, const pp_state *pp, size_t i) {
  c2h_code_ctx c = effective_ctx(s, i);
  return (c == C2H_CTX_DEVICE || c == C2H_CTX_KERNEL) && !in_host_pass_only(pp);
}

/* The `>>>` closing the launch configuration opened at i, or n_toks. */
static size_t launch_close(const c2h_scan *s, size_t i) {
  for (size_t j = i + 1; j < s->facts->n_toks; j++) {
    if (c2h_tok_is(s, j, ">>>")) return j;
    if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, "}")) break;
  }
  return s->facts->n_toks;
}

static int report_launch(c2h_scan *s, size_t i) {
  int templated;
  size_t close = launch_close(s, i), first = c2h_tok_kernel_name(s, i, &templated);
  if (first >= s->facts->n_toks) first = i;
  if (close >= s->facts->n_toks) close = i;
  return c2h_scan_diag(s, first, close, C2H_SEV_ERROR, C2H_CHECK_DYNAMIC_PARALLELISM, NULL,
                       "kernel launch from device code (dynamic parallelism), which HIP does not "
                       "support on AMD GPUs: launch the child kernel from the host after this one "
                       "finishes, or do its work in this kernel (for example a persistent kernel "
                       "that takes items from a work queue)");
}

static int report_call(c2h_scan *s, size_t i, const char *name) {
  size_t close = c2h_tok_match(s, i + 1);
  if (close >= s->facts->n_toks) close = i;
  if (strcmp(name, "cudaDeviceSynchronize") == 0)
    return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_DYNAMIC_PARALLELISM, NULL,
                         "cudaDeviceSynchronize() in device code waits for child kernels (dynamic "
                         "parallelism), which HIP does not support on AMD GPUs: launch the child "
                         "kernels from the host and synchronize there, or restructure the work "
                         "into one kernel");
  return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_DYNAMIC_PARALLELISM, NULL,
                       "%s() in device code launches work from the GPU (dynamic parallelism), which "
                       "HIP does not support on AMD GPUs: make the launch from the host, or do the "
                       "work in this kernel (for example a persistent kernel)",
                       name);
}

static int report_runtime_api(c2h_scan *s, size_t i, const char *name) {
  size_t close = c2h_tok_match(s, i + 1);
  if (close >= s->facts->n_toks) close = i;
  return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_DYNAMIC_PARALLELISM, NULL,
                       "%s() in device code belongs to the CUDA device runtime (the library of "
                       "dynamic parallelism), which HIP does not have: HIP's runtime functions "
                       "run on the host only; call it from the host before or after the kernel "
                       "(in device code, malloc()/free() allocate from the device heap)",
                       name);
}

int c2h_check_dynamic_parallelism(c2h_scan *s) {
  pp_state pp = {{PASS_ANY}, 0, 0};
  size_t n = s->facts->n_toks;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (c2h_tok_is_directive(s, i)) {
      size_t stop = c2h_tok_directive_stop(s, i);
      pp_directive(s, &pp, i, stop);
      i = stop - 1; /* macro bodies are not placed in a function */
      continue;
    }
    const char *api = NULL;
    if (!c2h_tok_is(s, i, "<<<") && !(api = device_runtime_call(s, i))) {
      const char *other = device_runtime_api(s, i);
      if (other && only_device(s, &pp, i) && !reported_unsupported(s, i)) rc = report_runtime_api(s, i, other);
      continue;
    }
    if (!runs_on_device(s, &pp, i)) continue;
    if (!api) rc = report_launch(s, i);
    else if (!reported_unsupported(s, i)) rc = report_call(s, i, api);
  }
  return rc;
}
