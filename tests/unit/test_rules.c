/* Rule-table loading: valid files, and every kind of invalid file reported
 * with the right line and column. */
#define _DEFAULT_SOURCE /* mkdtemp, truncate */
#include <dirent.h>
#include <setjmp.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cu2hip/rules.h"

static c2h_rules *load_ok(const char *text) {
  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_rules_new(&r, &err), 0);
  int rc = c2h_rules_load_buffer(r, "t.yaml", text, strlen(text), 0, &err);
  if (rc) fprintf(stderr, "unexpected: %s:%u:%u: %s\n", err.path, err.line, err.col, err.message);
  assert_int_equal(rc, 0);
  return r;
}

/* Loads text expecting an error at line:col whose message contains `needle`. */
static void load_bad(const char *text, unsigned line, unsigned col, const char *needle) {
  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_rules_new(&r, &err), 0);
  int rc = c2h_rules_load_buffer(r, "bad.yaml", text, strlen(text), 0, &err);
  assert_int_equal(rc, C2H_ERR_RULES);
  assert_string_equal(err.path, "bad.yaml");
  if (err.line != line || err.col != col || !strstr(err.message, needle))
    fprintf(stderr, "got %u:%u: %s\n", err.line, err.col, err.message);
  assert_int_equal(err.line, line);
  assert_int_equal(err.col, col);
  assert_non_null(strstr(err.message, needle));
  assert_int_equal(c2h_rules_count(r), 0); /* nothing half-loaded */
  c2h_rules_free(r);
}

static void short_and_long_forms(void **state) {
  (void)state;
  c2h_rules *r = load_ok(
      "library: test\n"
      "headers:\n  cuda_runtime.h: hip/hip_runtime.h\n"
      "functions:\n"
      "  cudaMalloc: hipMalloc\n"
      "  cudaMemcpyToSymbol: {hip: hipMemcpyToSymbol, args: {1: \"HIP_SYMBOL($1)\"}}\n"
      "  cudaBindTexture: {unsupported: \"texture references are gone\"}\n"
      "device:\n"
      "  __shfl_down_sync: {hip: __shfl_down_sync, rocm: \"7.0\", mask_arg: 1,\n"
      "                     fallback: {hip: __shfl_down, drop_args: [1]}}\n");
  const c2h_rule *m = c2h_rules_lookup(r, "cudaMalloc", 10);
  assert_non_null(m);
  assert_string_equal(m->form.hip, "hipMalloc");
  assert_int_equal(m->kind, C2H_RULE_FUNCTION);
  assert_string_equal(m->library, "test");
  const c2h_rule *s = c2h_rules_lookup(r, "cudaMemcpyToSymbol", 18);
  assert_int_equal(s->form.n_args, 1);
  assert_int_equal(s->form.args[0].index, 1);
  assert_string_equal(s->form.args[0].tmpl, "HIP_SYMBOL($1)");
  assert_non_null(c2h_rules_lookup(r, "cudaBindTexture", 15)->unsupported);
  const c2h_rule *sh = c2h_rules_lookup(r, "__shfl_down_sync", 16);
  assert_int_equal(sh->rocm, C2H_VERSION(7, 0));
  assert_int_equal(sh->mask_arg, 1);
  assert_true(sh->has_fallback);
  assert_string_equal(sh->fallback.hip, "__shfl_down");
  assert_int_equal(sh->fallback.drop_args, 1u);
  assert_int_equal(c2h_rules_newest_version(r), C2H_VERSION(7, 0));
  /* Headers live in their own namespace. */
  assert_null(c2h_rules_lookup(r, "cuda_runtime.h", 14));
  assert_string_equal(c2h_rules_lookup_header(r, "cuda_runtime.h", 14)->form.hip, "hip/hip_runtime.h");
  assert_null(c2h_rules_lookup(r, "cudaMallo", 9));
  c2h_rules_free(r);
}

static void invalid_files_are_located(void **state) {
  (void)state;
  load_bad("library: x\nfunctions:\n  cudaA: hipA\n  cudaA: hipB\n", 4, 3, "defined twice");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, colour: red}\n", 3, 22, "unknown key 'colour'");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, rocm: \"6\"}\n", 3, 28, "malformed ROCm version");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, rocm: \"6.x\"}\n", 3, 28, "malformed ROCm version");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, unsupported: \"no\"}\n", 3, 10, "also has a HIP form");
  load_bad("library: x\nfunctions:\n  cudaA: {rocm: \"6.0\"}\n", 3, 10, "needs 'hip'");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, fallback: {hip: hipB}}\n", 3, 32, "needs 'rocm'");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: hipA, args: {0: x}}\n", 3, 29, "argument index");
  load_bad("library: x\nfunctions:\n  cudaA: [hipA]\n", 3, 10, "must be a HIP name or a mapping");
  load_bad("library: x\nfunctions:\n  cuda-A: hipA\n", 3, 3, "not an identifier");
  load_bad("library: x\nfunctionz:\n  cudaA: hipA\n", 2, 1, "unknown key 'functionz'");
  load_bad("functions:\n  cudaA: hipA\n", 1, 1, "missing required key 'library'");
  load_bad("library: x\nfunctions: {cudaA: hipA\n", 3, 1, "invalid YAML");
  load_bad("library: x\n", 1, 1, "no entries");
  /* compat: device and function entries (a header names the compatibility
   * header itself), only where HIP lacks the name; namespace: device
   * entries, and only the namespace the parse tells apart. */
  load_bad("library: x\ntypes:\n  cudaA_t: {unsupported: \"no\", compat: c}\n", 3, 32, "unknown key 'compat'");
  load_bad("library: x\nheaders:\n  a.h: {unsupported: \"no\", compat: c.h}\n", 3, 36, "must be cu2hip_compat.h");
  load_bad("library: x\ndevice:\n  reduce: {unsupported: \"no\", namespace: thrust}\n", 3, 42,
           "'namespace' must be cooperative_groups");
  load_bad("library: x\nfunctions:\n  f: {unsupported: \"no\", namespace: cooperative_groups}\n", 3, 26,
           "unknown key 'namespace'");
  load_bad("library: x\ndevice:\n  __a: {hip: a, compat: c}\n", 3, 8, "'compat' needs 'unsupported'");
  load_bad("library: x\ndevice:\n  __a: {hip: a, rocm: \"7.0\", fallback: {hip: b}, compat: c}\n", 3, 8,
           "'compat' needs 'unsupported'");
  /* value_args: functions only, identifiers to identifiers, never with
   * unsupported or on a dropped argument. */
  load_bad("library: x\ntypes:\n  cudaT: {hip: hipT, value_args: {1: {A: B}}}\n", 3, 22, "unknown key 'value_args'");
  load_bad("library: x\nfunctions:\n  cudaA: {unsupported: \"no\", value_args: {1: {A: B}}}\n", 3, 10,
           "also has a HIP form");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: a, value_args: {1: {A: \"B C\"}}}\n", 3, 36, "identifiers");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: a, value_args: {1: B}}\n", 3, 35, "must map CUDA constants");
  load_bad("library: x\nfunctions:\n  cudaA: {hip: a, drop_args: [2], value_args: {2: {A: B}}}\n", 3, 10,
           "names a dropped argument");
}

/* by_param_type: entries for the form of a call the parse resolved, listed
 * before the by_args entries whatever the order in the file. */
static void by_param_type_entries(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: x\nfunctions:\n"
                         "  cuA: {hip: a, by_args: {5: {hip: a5}}, by_param_type: {4: {cuLoc: {hip: a_v2, rocm: \"7.1\", "
                         "compat: cu2hip_a}, int: a_int}}}\n");
  const c2h_rule *a = c2h_rules_lookup(r, "cuA", 3);
  assert_int_equal(a->n_by_args, 3);
  assert_int_equal(a->by_args[0].arity, -1);
  assert_int_equal(a->by_args[0].param_index, 4);
  assert_string_equal(a->by_args[0].param_type, "cuLoc");
  assert_string_equal(a->by_args[0].form.hip, "a_v2");
  assert_string_equal(a->by_args[0].compat, "cu2hip_a");
  assert_int_equal(a->by_args[0].rocm, C2H_VERSION(7, 1));
  assert_string_equal(a->by_args[1].param_type, "int");
  assert_int_equal(a->by_args[2].arity, 5);
  assert_null(a->by_args[2].param_type);
  c2h_rules_free(r);
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, by_param_type: {4: cuLoc}}\n", 3, 36, "must map parameter numbers");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, by_param_type: {0: {T: b}}}\n", 3, 33, "argument index");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, by_param_type: {1: {T: {hip: b, by_args: {1: c}}}}}\n", 3, 37,
           "cannot have");
  load_bad("library: x\ntypes:\n  cuT: {hip: t, by_param_type: {1: {T: b}}}\n", 3, 32, "is for functions");
}

/* arg_is: the argument values a call rewrite is right for. */
static void arg_is_conditions(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: x\nfunctions:\n"
                         "  cuA: {hip: a, drop_args: [2], arg_is: {2: [K_A, K_B], 3: K_C}}\n"
                         "  cuB: {hip: b, by_args: {2: {call: \"b($1)\", arg_is: {2: K_D}}}}\n");
  const c2h_rule *a = c2h_rules_lookup(r, "cuA", 3);
  assert_int_equal(a->n_arg_is, 2);
  assert_int_equal(a->arg_is[0].index, 2);
  assert_int_equal(a->arg_is[0].n_names, 2);
  assert_string_equal(a->arg_is[0].names[1], "K_B");
  assert_int_equal(a->arg_is[1].index, 3);
  assert_int_equal(a->arg_is[1].n_names, 1);
  assert_string_equal(a->arg_is[1].names[0], "K_C");
  const c2h_rule *b = c2h_rules_lookup(r, "cuB", 3);
  assert_int_equal(b->n_arg_is, 0);
  assert_int_equal(b->by_args[0].n_arg_is, 1);
  assert_string_equal(b->by_args[0].arg_is[0].names[0], "K_D");
  c2h_rules_free(r);
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, arg_is: {2: K}}\n", 3, 25, "needs a call rewrite");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, drop_args: [2], arg_is: {2: []}}\n", 3, 45,
           "at least one name");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, drop_args: [2], arg_is: {2: \"K-1\"}}\n", 3, 45,
           "takes identifiers");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, drop_args: [2], arg_is: {0: K}}\n", 3, 42,
           "argument index");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, drop_args: [2], arg_is: {2: K, 2: L}}\n", 3, 48,
           "listed twice");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, drop_args: [2], arg_is: [2]}\n", 3, 41,
           "must map argument numbers");
  load_bad("library: x\nfunctions:\n  cuA: {unsupported: \"no\", arg_is: {2: K}}\n", 3, 8,
           "also has a HIP form");
  load_bad("library: x\nfunctions:\n  cuA: {hip: a, rocm: \"7.0\", drop_args: [2], arg_is: {2: K},\n"
           "        fallback: {hip: b}}\n",
           3, 54, "cannot be combined with 'fallback'");
  load_bad("library: x\nheaders:\n  a.h: {hip: b.h, arg_is: {2: K}}\n", 3, 8, "header entries take only");
}

static void compat_entries_name_the_header_function(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: x\ndevice:\n  __a: {unsupported: \"no\", compat: cu2hip_a}\n"
                         "  __b: {hip: __b, rocm: \"7.0\", compat: cu2hip_b}\n");
  assert_string_equal(c2h_rules_lookup(r, "__a", 3)->compat, "cu2hip_a");
  assert_string_equal(c2h_rules_lookup(r, "__b", 3)->compat, "cu2hip_b");
  c2h_rules_free(r);
  r = load_ok("library: x\nheaders:\n  a/b.h: {unsupported: \"no\", compat: cu2hip_compat.h}\n"
              "functions:\n  cuF: {hip: hipF, rocm: \"6.0\", compat: cu2hip_cuF}\n"
              "device:\n  plus: {unsupported: \"no\", compat: cu2hip_cg_plus, namespace: cooperative_groups}\n");
  assert_string_equal(c2h_rules_lookup_header(r, "a/b.h", 5)->compat, "cu2hip_compat.h");
  assert_string_equal(c2h_rules_lookup(r, "cuF", 3)->compat, "cu2hip_cuF");
  assert_string_equal(c2h_rules_lookup(r, "plus", 4)->ns, "cooperative_groups");
  assert_null(c2h_rules_lookup(r, "cuF", 3)->ns);
  c2h_rules_free(r);
  /* The default table marks what cu2hip_compat.h provides. */
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_rules_new_default(&r, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "__dp4a", 6)->compat, "cu2hip_dp4a");
  assert_string_equal(c2h_rules_lookup(r, "__match_any_sync", 16)->compat, "cu2hip_match_any_sync");
  assert_null(c2h_rules_lookup(r, "__frcp_rd", 9)->compat);
  c2h_rules_free(r);
}

/* A name an older CUDA header declares as an API of its own. */
static void unsupported_in_names_a_header(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: x\nfunctions:\n  cuF: {hip: hipF, unsupported_in: old/api.h}\n  cuG: hipG\n");
  assert_string_equal(c2h_rules_lookup(r, "cuF", 3)->unsupported_in, "old/api.h");
  assert_null(c2h_rules_lookup(r, "cuG", 3)->unsupported_in);
  c2h_rules_free(r);
  load_bad("library: x\nfunctions:\n  cuF: {hip: hipF, unsupported_in: \"<a.h>\"}\n", 3, 36, "must be a header path");
  load_bad("library: x\nfunctions:\n  cuF: {unsupported: \"no\", unsupported_in: a.h}\n", 3, 8,
           "also has a HIP form");
  load_bad("library: x\ntypes:\n  cuT: {hip: hipT, unsupported_in: a.h}\n", 3, 20, "unknown key 'unsupported_in'");
  /* The default table: cuBLAS's functions that cublas.h declares too. */
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_rules_new_default(&r, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "cublasSscal", 11)->unsupported_in, "cublas.h");
  assert_null(c2h_rules_lookup(r, "cublasSscal_v2", 14)->unsupported_in);
  assert_null(c2h_rules_lookup(r, "cublasSetVector", 15)->unsupported_in);
  c2h_rules_free(r);
}

/* PyTorch entries: the name a newer PyTorch's ROCm build uses instead, and
 * namespaces nested in another (c10::cuda). */
static void pytorch_entries(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: x\nheaders:\n  a/cuda/G.h: {hip: a/hip/GM.h, pytorch_removed: \"2.11\", "
                         "pytorch_hip: a/hip/G.h}\nnamespaces:\n  \"c10::cuda\": {hip: hip, pytorch_removed: \"2.11\", "
                         "pytorch_hip: cuda}\ntypes:\n  CG: {hip: HGM, pytorch_removed: \"2.11\", pytorch_hip: CG}\n"
                         "  CS: HS\n");
  const c2h_rule *t = c2h_rules_lookup(r, "CG", 2);
  assert_non_null(t);
  assert_int_equal(t->pytorch_removed, C2H_VERSION(2, 11));
  assert_string_equal(t->pytorch_hip, "CG");
  c2h_rule tmp;
  assert_ptr_equal(c2h_rule_for_pytorch(t, 0, &tmp), t);                    /* unknown: oldest naming */
  assert_ptr_equal(c2h_rule_for_pytorch(t, C2H_VERSION(2, 10), &tmp), t);
  const c2h_rule *v2 = c2h_rule_for_pytorch(t, C2H_VERSION(2, 11), &tmp);
  assert_ptr_equal(v2, &tmp);
  assert_string_equal(v2->form.hip, "CG");
  assert_string_equal(t->form.hip, "HGM");
  const c2h_rule *cs = c2h_rules_lookup(r, "CS", 2);
  assert_ptr_equal(c2h_rule_for_pytorch(cs, C2H_VERSION(2, 11), &tmp), cs); /* the same in every release */
  const c2h_rule *ns = c2h_rules_lookup(r, "c10::cuda", 9);
  assert_non_null(ns);
  assert_int_equal(ns->kind, C2H_RULE_NAMESPACE);
  assert_string_equal(ns->form.hip, "hip");
  const c2h_rule *h = c2h_rules_lookup_header(r, "a/cuda/G.h", 10);
  assert_string_equal(c2h_rule_for_pytorch(h, C2H_VERSION(2, 12), &tmp)->form.hip, "a/hip/G.h");
  c2h_rules_free(r);
  load_bad("library: x\ntypes:\n  CG: {hip: H, pytorch_removed: \"2.11\"}\n", 3, 7, "go together");
  load_bad("library: x\ntypes:\n  CG: {hip: H, pytorch_removed: \"v2\", pytorch_hip: CG}\n", 3, 33,
           "malformed PyTorch version");
  load_bad("library: x\ntypes:\n  CG: {unsupported: \"no\", pytorch_removed: \"2.11\", pytorch_hip: CG}\n", 3, 7,
           "takes no 'unsupported'");
  load_bad("library: x\ntypes:\n  \"c10::cuda\": hip\n", 3, 3, "is not an identifier");
  load_bad("library: x\nnamespaces:\n  \"::cuda\": hip\n", 3, 3, "is not an identifier");
}

static void duplicates_across_files_and_overrides(void **state) {
  (void)state;
  c2h_rules *r = load_ok("library: a\nfunctions:\n  cudaA: hipA\n");
  c2h_error err;
  c2h_error_clear(&err);
  const char *again = "library: b\nfunctions:\n  cudaA: hipB\n  cudaC: hipC\n";
  assert_int_equal(c2h_rules_load_buffer(r, "b.yaml", again, strlen(again), 0, &err), C2H_ERR_RULES);
  assert_non_null(strstr(err.message, "already defined at t.yaml:3:3"));
  assert_null(c2h_rules_lookup(r, "cudaC", 5)); /* the failed file added nothing */
  assert_int_equal(c2h_rules_load_buffer(r, "b.yaml", again, strlen(again), 1, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "cudaA", 5)->form.hip, "hipB");
  assert_string_equal(c2h_rules_lookup(r, "cudaC", 5)->form.hip, "hipC");
  assert_int_equal(c2h_rules_count(r), 2);
  c2h_rules_free(r);
}

static void default_table_loads(void **state) {
  (void)state;
  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_rules_new_default(&r, &err);
  if (rc) fprintf(stderr, "%s:%u:%u: %s\n", err.path, err.line, err.col, err.message);
  assert_int_equal(rc, 0);
  assert_true(c2h_rules_count(r) > 1000);
  assert_string_equal(c2h_rules_lookup(r, "cudaMalloc", 10)->form.hip, "hipMalloc");
  assert_string_equal(c2h_rules_lookup(r, "cudaStream_t", 12)->form.hip, "hipStream_t");
  assert_string_equal(c2h_rules_lookup(r, "cudaMemcpyHostToDevice", 22)->form.hip, "hipMemcpyHostToDevice");
  assert_string_equal(c2h_rules_lookup_header(r, "cuda_runtime.h", 14)->form.hip, "hip/hip_runtime.h");
  c2h_rules_free(r);
}

/* --library-target curand=roc: rules/roc/curand.yaml replaces
 * rules/curand.yaml (no cuRAND name keeps its hipRAND target), the other
 * tables stay; a library without a native table is refused. */
static void roc_table_replaces_wrapper_table(void **state) {
  (void)state;
  const char *name = NULL;
  assert_int_equal(c2h_rules_roc_library(0, &name), 6);
  assert_memory_equal(name, "cublas", 6);
  assert_int_equal(c2h_rules_roc_library(1, &name), 5);
  assert_memory_equal(name, "cufft", 5);
  assert_int_equal(c2h_rules_roc_library(2, &name), 6);
  assert_memory_equal(name, "curand", 6);
  assert_int_equal(c2h_rules_roc_library(3, &name), 8);
  assert_memory_equal(name, "cusolver", 8);
  assert_int_equal(c2h_rules_roc_library(4, &name), 8);
  assert_memory_equal(name, "cusparse", 8);
  assert_int_equal(c2h_rules_roc_library(5, &name), 0);
  assert_true(c2h_rules_has_roc_table("curand"));
  assert_true(c2h_rules_has_roc_table("cusparse"));
  assert_false(c2h_rules_has_roc_table("nccl"));

  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  const char *roc[] = {"curand"};
  assert_int_equal(c2h_rules_new_default_targets(&r, roc, 1, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "curandCreateGenerator", 21)->form.hip, "rocrand_create_generator");
  assert_string_equal(c2h_rules_lookup(r, "curandState", 11)->form.hip, "rocrand_state_xorwow");
  assert_string_equal(c2h_rules_lookup_header(r, "curand_kernel.h", 15)->form.hip, "rocrand/rocrand_kernel.h");
  assert_non_null(c2h_rules_lookup(r, "curandGenerateLongLong", 22)->unsupported);
  assert_string_equal(c2h_rules_lookup(r, "cudaMalloc", 10)->form.hip, "hipMalloc");
  assert_string_equal(c2h_rules_lookup(r, "CURAND_H_", 9)->form.hip, "ROCRAND_H_");
  for (size_t i = 0; i < c2h_rules_count(r); i++) {
    const c2h_rule *e = c2h_rules_at(r, i);
    if (strcmp(e->library, "curand") == 0) assert_string_equal(e->file, "roc/curand.yaml");
    if (e->form.hip) assert_null(strstr(e->form.hip, "hiprand"));
    if (e->form.hip) assert_null(strstr(e->form.hip, "HIPRAND"));
  }
  c2h_rules_free(r);

  /* cusparse=roc alone: cuSPARSE's names go to rocSPARSE, cuRAND's stay
   * with hipRAND; the generic API's data-type argument maps by value. */
  const char *sparse[] = {"cusparse"};
  assert_int_equal(c2h_rules_new_default_targets(&r, sparse, 1, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "cusparseCreate", 14)->form.hip, "rocsparse_create_handle");
  assert_string_equal(c2h_rules_lookup(r, "curandCreateGenerator", 21)->form.hip, "hiprandCreateGenerator");
  const c2h_rule *dn = c2h_rules_lookup(r, "cusparseCreateDnVec", 19);
  assert_int_equal(dn->n_value_args, 1);
  assert_int_equal(dn->value_args[0].index, 4);
  assert_string_equal(dn->value_args[0].from[0], "CUDA_R_32F");
  assert_string_equal(dn->value_args[0].to[0], "rocsparse_datatype_f32_r");
  assert_string_equal(c2h_rules_lookup(r, "CUSPARSE_H_", 11)->form.hip, "_ROCSPARSE_H_");
  c2h_rules_free(r);

  /* cublas=roc: cuBLAS to rocBLAS, cuBLASLt stays with hipBLASLt. */
  const char *blas[] = {"cublas"};
  assert_int_equal(c2h_rules_new_default_targets(&r, blas, 1, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "cublasSgemm_v2", 14)->form.hip, "rocblas_sgemm");
  assert_string_equal(c2h_rules_lookup(r, "cublasLtCreate", 14)->form.hip, "hipblasLtCreate");
  assert_non_null(c2h_rules_lookup(r, "cublasGemmEx", 12)->form.call);
  assert_string_equal(c2h_rules_lookup(r, "CUBLAS_API_H_", 13)->form.hip, "_ROCBLAS_H_");
  c2h_rules_free(r);

  const char *bad[] = {"nccl"};
  r = NULL;
  assert_int_equal(c2h_rules_new_default_targets(&r, bad, 1, &err), C2H_ERR_USAGE);
  assert_null(r);
  assert_non_null(strstr(err.message, "nccl"));
}

static void versions(void **state) {
  (void)state;
  c2h_version v = 0;
  assert_int_equal(c2h_version_parse("6.2", &v), 0);
  assert_int_equal(v, 602);
  assert_int_equal(c2h_version_parse("10.12", &v), 0);
  assert_int_equal(v, 1012);
  assert_int_not_equal(c2h_version_parse("6", &v), 0);
  assert_int_not_equal(c2h_version_parse("6.2.1", &v), 0);
  assert_int_not_equal(c2h_version_parse("0.1", &v), 0);
  assert_int_not_equal(c2h_version_parse("", &v), 0);
  char buf[16];
  c2h_version_format(C2H_VERSION(7, 1), buf, sizeof buf);
  assert_string_equal(buf, "7.1");
}

/* ---- the compiled-table cache ------------------------------------------ */

static void same_str(const char *a, const char *b) {
  if (!a || !b) {
    assert_true(a == b);
    return;
  }
  assert_string_equal(a, b);
}

static void same_strs(const char *const *a, const char *const *b, size_t n) {
  assert_true((a == NULL) == (b == NULL));
  for (size_t i = 0; a && i < n; i++) same_str(a[i], b[i]);
}

static void same_form(const c2h_rule_form *a, const c2h_rule_form *b) {
  same_str(a->hip, b->hip);
  same_str(a->call, b->call);
  assert_int_equal(a->n_args, b->n_args);
  assert_true((a->args == NULL) == (b->args == NULL));
  for (size_t i = 0; a->args && i < a->n_args; i++) {
    assert_int_equal(a->args[i].index, b->args[i].index);
    same_str(a->args[i].tmpl, b->args[i].tmpl);
  }
  assert_int_equal(a->drop_args, b->drop_args);
}

/* Every field of two entries, and of what they point at. */
static void same_rule(const c2h_rule *a, const c2h_rule *b) {
  same_str(a->cuda, b->cuda);
  assert_int_equal(a->kind, b->kind);
  same_str(a->library, b->library);
  same_str(a->include, b->include);
  same_str(a->unsupported, b->unsupported);
  same_form(&a->form, &b->form);
  assert_int_equal(a->has_fallback, b->has_fallback);
  same_form(&a->fallback, &b->fallback);
  assert_int_equal(a->mask_arg, b->mask_arg);
  assert_int_equal(a->func_arg, b->func_arg);
  assert_int_equal(a->null_arg, b->null_arg);
  assert_int_equal(a->n_arg_is, b->n_arg_is);
  assert_true((a->arg_is == NULL) == (b->arg_is == NULL));
  for (size_t i = 0; a->arg_is && i < a->n_arg_is; i++) {
    assert_int_equal(a->arg_is[i].index, b->arg_is[i].index);
    assert_int_equal(a->arg_is[i].n_names, b->arg_is[i].n_names);
    same_strs(a->arg_is[i].names, b->arg_is[i].names, a->arg_is[i].n_names);
  }
  assert_int_equal(a->n_value_args, b->n_value_args);
  assert_true((a->value_args == NULL) == (b->value_args == NULL));
  for (size_t i = 0; a->value_args && i < a->n_value_args; i++) {
    assert_int_equal(a->value_args[i].index, b->value_args[i].index);
    assert_int_equal(a->value_args[i].n, b->value_args[i].n);
    same_strs(a->value_args[i].from, b->value_args[i].from, a->value_args[i].n);
    same_strs(a->value_args[i].to, b->value_args[i].to, a->value_args[i].n);
  }
  assert_int_equal(a->n_by_args, b->n_by_args);
  assert_true((a->by_args == NULL) == (b->by_args == NULL));
  for (size_t i = 0; a->by_args && i < a->n_by_args; i++) same_rule(&a->by_args[i], &b->by_args[i]);
  assert_int_equal(a->arity, b->arity);
  assert_int_equal(a->param_index, b->param_index);
  same_str(a->param_type, b->param_type);
  assert_int_equal(a->rocm, b->rocm);
  assert_int_equal(a->deprecated, b->deprecated);
  assert_int_equal(a->removed, b->removed);
  same_str(a->note, b->note);
  same_str(a->compat, b->compat);
  same_str(a->ns, b->ns);
  assert_int_equal(a->n_defined_by, b->n_defined_by);
  same_strs(a->defined_by, b->defined_by, a->n_defined_by);
  assert_int_equal(a->version, b->version);
  assert_true(a->cuda_value == b->cuda_value);
  same_str(a->needs, b->needs);
  same_str(a->unsupported_in, b->unsupported_in);
  same_str(a->pytorch_hip, b->pytorch_hip);
  assert_int_equal(a->pytorch_removed, b->pytorch_removed);
  same_str(a->file, b->file);
  assert_int_equal(a->line, b->line);
  assert_int_equal(a->col, b->col);
}

/* Same entries in the same order, same lookups, same newest version. */
static void same_table(const c2h_rules *a, const c2h_rules *b) {
  assert_int_equal(c2h_rules_count(a), c2h_rules_count(b));
  assert_int_equal(c2h_rules_newest_version(a), c2h_rules_newest_version(b));
  for (size_t i = 0; i < c2h_rules_count(a); i++) {
    const c2h_rule *x = c2h_rules_at(a, i), *y = c2h_rules_at(b, i);
    same_rule(x, y);
    const c2h_rule *found = x->kind == C2H_RULE_HEADER ? c2h_rules_lookup_header(b, y->cuda, strlen(y->cuda))
                                                       : c2h_rules_lookup(b, y->cuda, strlen(y->cuda));
    assert_ptr_equal(found, y);
  }
}

/* The one rules-*.bin file in dir (malloc'd path), or NULL. */
static char *cache_file(const char *dir) {
  char *found = NULL;
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL) {
    if (strncmp(e->d_name, "rules-", 6) != 0 || !strstr(e->d_name, ".bin")) continue;
    assert_null(found);
    found = malloc(strlen(dir) + strlen(e->d_name) + 2);
    sprintf(found, "%s/%s", dir, e->d_name);
  }
  if (d) closedir(d);
  return found;
}

/* A rules-*.bin file of `size` bytes in dir (malloc'd path), or NULL. */
static char *cache_file_of_size(const char *dir, off_t size) {
  char *found = NULL;
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && !found && (e = readdir(d)) != NULL) {
    char path[512];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (strncmp(e->d_name, "rules-", 6) == 0 && stat(path, &st) == 0 && st.st_size == size) found = strdup(path);
  }
  if (d) closedir(d);
  return found;
}

/* Loads through the cache in dir and checks the table against `want`. */
static void cached_matches(const char *dir, const char *const *roc, size_t n, const c2h_rules *want) {
  c2h_rules *r = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_rules_new_default_cached(&r, roc, n, dir, &err), 0);
  same_table(want, r);
  c2h_rules_free(r);
}

static void cached_table_is_the_same(void **state) {
  (void)state;
  char dir[] = "/tmp/c2h-rules-cache-XXXXXX";
  assert_non_null(mkdtemp(dir));
  c2h_error err;
  c2h_error_clear(&err);
  c2h_rules *plain = NULL, *blas = NULL;
  const char *roc[] = {"cublas"};
  assert_int_equal(c2h_rules_new_default(&plain, &err), 0);
  assert_int_equal(c2h_rules_new_default_targets(&blas, roc, 1, &err), 0);
  cached_matches(dir, NULL, 0, plain); /* writes the file */
  char *file = cache_file(dir);
  assert_non_null(file);
  struct stat st;
  assert_int_equal(stat(file, &st), 0);
  off_t size = st.st_size;
  cached_matches(dir, NULL, 0, plain); /* reads it: the file stays as it is */
  struct stat st2;
  assert_int_equal(stat(file, &st2), 0);
  assert_true(st2.st_ino == st.st_ino && st2.st_mtime == st.st_mtime);
  /* Another selection of ROCm-native tables is another file. */
  cached_matches(dir, roc, 1, blas);
  cached_matches(dir, roc, 1, blas);
  unlink(file);
  free(cache_file(dir)); /* one file: the cublas one */
  cached_matches(dir, NULL, 0, plain);
  free(file);
  /* Damaged files (a flipped byte, cut short) are loaded from YAML again
   * and written anew. */
  for (int damage = 0; damage < 2; damage++) {
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (strncmp(e->d_name, "rules-", 6) != 0) continue;
      char path[512];
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      FILE *f = fopen(path, "r+b");
      assert_non_null(f);
      if (damage == 0) {
        fseek(f, (long)size / 2, SEEK_SET);
        int c = fgetc(f);
        fseek(f, (long)size / 2, SEEK_SET);
        fputc(c ^ 0x20, f);
      }
      fclose(f);
      if (damage == 1) assert_int_equal(truncate(path, size / 3), 0);
    }
    closedir(d);
    cached_matches(dir, NULL, 0, plain);
    cached_matches(dir, roc, 1, blas);
    cached_matches(dir, NULL, 0, plain);
    char *rewritten = cache_file_of_size(dir, size);
    assert_non_null(rewritten);
    free(rewritten);
  }
  /* A table read from the file takes --rules overrides as one from YAML. */
  c2h_rules *r = NULL;
  assert_int_equal(c2h_rules_new_default_cached(&r, NULL, 0, dir, &err), 0);
  static const char more[] = "library: more\nfunctions:\n  cudaMalloc: hipMallocOther\n  cuFooNew: hipFooNew\n";
  assert_int_equal(c2h_rules_load_buffer(r, "more.yaml", more, sizeof more - 1, 1, &err), 0);
  assert_string_equal(c2h_rules_lookup(r, "cudaMalloc", 10)->form.hip, "hipMallocOther");
  assert_string_equal(c2h_rules_lookup(r, "cuFooNew", 8)->form.hip, "hipFooNew");
  assert_int_equal(c2h_rules_count(r), c2h_rules_count(plain) + 1);
  c2h_rules_free(r);
  /* No folder: no cache, same table. */
  cached_matches(NULL, NULL, 0, plain);
  c2h_rules_free(plain);
  c2h_rules_free(blas);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(short_and_long_forms),
      cmocka_unit_test(invalid_files_are_located),
      cmocka_unit_test(arg_is_conditions),
      cmocka_unit_test(by_param_type_entries),
      cmocka_unit_test(compat_entries_name_the_header_function),
      cmocka_unit_test(unsupported_in_names_a_header),
      cmocka_unit_test(pytorch_entries),
      cmocka_unit_test(duplicates_across_files_and_overrides),
      cmocka_unit_test(default_table_loads),
      cmocka_unit_test(roc_table_replaces_wrapper_table),
      cmocka_unit_test(versions),
      cmocka_unit_test(cached_table_is_the_same),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
