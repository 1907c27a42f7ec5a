/* Translation of in-memory buffers through the public API, with the
 * default rule table: what a user of libcu2hip relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cu2hip/cu2hip.h"

static c2h_rules *rules;

static int setup(void **state) {
  (void)state;
  c2h_error err;
  return c2h_rules_new_default(&rules, &err);
}

static int teardown(void **state) {
  (void)state;
  c2h_rules_free(rules);
  return 0;
}

/* Translates src; returns the output (caller frees) and fills *res. */
static int annotate;

static char *translate_with(const char *src, size_t len, c2h_version target, c2h_launch_syntax launch,
                            c2h_file_result *res) {
  c2h_translate_options o = {.rules = rules, .rocm_version = target, .launch_syntax = launch, .annotate = annotate};
  c2h_translator *tr = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_translator_new(&tr, &o, &err), 0);
  c2h_file_result_init(res);
  int rc = c2h_translate_buffer(tr, "/virtual/t.cu", src, len, res, &err);
  if (rc) fprintf(stderr, "%s\n", err.message);
  assert_int_equal(rc, 0);
  c2h_translator_free(tr);
  char *out = res->output;
  res->output = NULL;
  return out;
}

static char *translate(const char *src, c2h_file_result *res) {
  return translate_with(src, strlen(src), C2H_VERSION(5, 2), C2H_LAUNCH_KEEP, res);
}

static void expect(const char *src, const char *want) {
  c2h_file_result res;
  char *out = translate(src, &res);
  if (strcmp(out, want) != 0) fprintf(stderr, "got:\n%s\nwant:\n%s\n", out, want);
  assert_string_equal(out, want);
  /* Translating the output again changes nothing. */
  c2h_file_result again;
  char *out2 = translate(out, &again);
  assert_string_equal(out2, out);
  assert_false(again.changed);
  free(out2);
  free(out);
  c2h_file_result_dispose(&again);
  c2h_file_result_dispose(&res);
}

static void renames_api_and_headers(void **state) {
  (void)state;
  expect("#include <cuda_runtime.h>\n"
         "int main() { float *d; cudaStream_t s; cudaStreamCreate(&s);\n"
         "  cudaMalloc(&d, 64); cudaMemcpyAsync(d, d, 4, cudaMemcpyDeviceToDevice, s);\n"
         "  return cudaFree(d) == cudaSuccess ? 0 : 1; }\n",
         "#include <hip/hip_runtime.h>\n"
         "int main() { float *d; hipStream_t s; hipStreamCreate(&s);\n"
         "  hipMalloc(&d, 64); hipMemcpyAsync(d, d, 4, hipMemcpyDeviceToDevice, s);\n"
         "  return hipFree(d) == hipSuccess ? 0 : 1; }\n");
}

static void leaves_user_names_members_strings_comments(void **state) {
  (void)state;
  expect("namespace mine { int cudaMalloc(void **p, int n); }\n"
         "struct Pool { int cudaFree; void cudaMemset(); };\n"
         "int main() {\n"
         "  void *p; Pool pool; pool.cudaFree = 1; pool.cudaMemset();\n"
         "  mine::cudaMalloc(&p, 1);\n"
         "  const char *s = \"cudaMalloc failed\"; // cudaMalloc in a comment\n"
         "  /* cudaFree */ return s[0] == 'c' ? 0 : 1; }\n",
         "namespace mine { int cudaMalloc(void **p, int n); }\n"
         "struct Pool { int cudaFree; void cudaMemset(); };\n"
         "int main() {\n"
         "  void *p; Pool pool; pool.cudaFree = 1; pool.cudaMemset();\n"
         "  mine::cudaMalloc(&p, 1);\n"
         "  const char *s = \"cudaMalloc failed\"; // cudaMalloc in a comment\n"
         "  /* cudaFree */ return s[0] == 'c' ? 0 : 1; }\n");
}

static void macro_bodies_and_inactive_code(void **state) {
  (void)state;
  expect("#include <cuda_runtime.h>\n"
         "#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) return 1; } while (0)\n"
         "#if 0\nvoid old() { cudaGetDeviceCount(0); cudaDeviceReset(); }\n#endif\n"
         "int main() { CHECK(cudaDeviceSynchronize()); return 0; }\n",
         "#include <hip/hip_runtime.h>\n"
         "#define CHECK(x) do { hipError_t e = (x); if (e != hipSuccess) return 1; } while (0)\n"
         "#if 0\nvoid old() { hipGetDeviceCount(0); hipDeviceReset(); }\n#endif\n"
         "int main() { CHECK(hipDeviceSynchronize()); return 0; }\n");
}

static void symbols_get_hip_symbol(void **state) {
  (void)state;
  expect("#include <cuda_runtime.h>\n__constant__ float coef[4];\n"
         "void up(const float *h) { cudaMemcpyToSymbol(coef, h, sizeof(coef)); }\n",
         "#include <hip/hip_runtime.h>\n__constant__ float coef[4];\n"
         "void up(const float *h) { hipMemcpyToSymbol(HIP_SYMBOL(coef), h, sizeof(coef)); }\n");
}

static void launch_syntax_hip(void **state) {
  (void)state;
  const char *src =
      "template <typename T, int N> __global__ void k(T *p) {}\n"
      "__global__ void plain(int *p, int n) {}\n"
      "void go(float *f, int *i, cudaStream_t s) {\n"
      "  k<float, 4><<<dim3(2, 2), 64, 0, s>>>(f);\n"
      "  plain<<<1, 32>>>(i, 3);\n"
      "  plain<<<1, 32, 128>>>(i, 3);\n"
      "}\n";
  c2h_file_result res;
  char *out = translate_with(src, strlen(src), C2H_VERSION(5, 2), C2H_LAUNCH_HIP, &res);
  assert_non_null(strstr(out, "hipLaunchKernelGGL(HIP_KERNEL_NAME(k<float, 4>), dim3(dim3(2, 2)), dim3(64), 0, s, f);"));
  assert_non_null(strstr(out, "hipLaunchKernelGGL(plain, dim3(1), dim3(32), 0, 0, i, 3);"));
  assert_non_null(strstr(out, "hipLaunchKernelGGL(plain, dim3(1), dim3(32), 128, 0, i, 3);"));
  assert_non_null(strstr(out, "hipStream_t s"));
  assert_int_equal(res.stats.launches, 3);
  free(out);
  c2h_file_result_dispose(&res);
}

static void warp_masks_follow_the_target(void **state) {
  (void)state;
  const char *src = "#include <cuda_runtime.h>\n"
                    "__device__ float f(float v, unsigned m) {\n"
                    "  v += __shfl_down_sync(0xffffffff, v, 16);\n"
                    "  v += __shfl_xor_sync(m, v, 1);\n"
                    "  return v; }\n";
  c2h_file_result res;
  char *old = translate_with(src, strlen(src), C2H_VERSION(5, 2), C2H_LAUNCH_KEEP, &res);
  assert_non_null(strstr(old, "v += __shfl_down(v, 16);"));
  assert_non_null(strstr(old, "v += __shfl_xor(v, 1);"));
  /* Only the dropped non-full mask is worth a warning. */
  assert_int_equal(res.diags.len, 1);
  assert_int_equal(res.diags.items[0].check, C2H_CHECK_WARP_MASK_32BIT);
  assert_int_equal(res.diags.items[0].begin.line, 4);
  assert_int_equal(res.diags.items[0].begin.col, 24);
  c2h_file_result_dispose(&res);
  char *fresh = translate_with(src, strlen(src), C2H_VERSION(7, 0), C2H_LAUNCH_KEEP, &res);
  assert_non_null(strstr(fresh, "__shfl_down_sync(0xffffffffffffffffULL, v, 16);"));
  assert_non_null(strstr(fresh, "__shfl_xor_sync(m, v, 1);"));
  /* The widened literal is a note carrying its replacement; the 32-bit
   * variable mask a warning. */
  assert_int_equal(res.diags.len, 2);
  assert_int_equal(res.diags.items[0].check, C2H_CHECK_WARP_MASK_32BIT);
  assert_int_equal(res.diags.items[0].severity, C2H_SEV_NOTE);
  assert_string_equal(res.diags.items[0].replacement, "0xffffffffffffffffULL");
  assert_int_equal(res.diags.items[1].severity, C2H_SEV_WARNING);
  assert_int_equal(res.diags.items[1].begin.line, 4);
  free(old);
  free(fresh);
  c2h_file_result_dispose(&res);
}

static void unsupported_api_is_an_error_at_its_position(void **state) {
  (void)state;
  c2h_file_result res;
  /* Pick any entry marked unsupported in the default table. */
  const c2h_rule *u = NULL;
  for (size_t i = 0; i < c2h_rules_count(rules) && !u; i++) {
    const c2h_rule *r = c2h_rules_at(rules, i);
    if (r->unsupported && r->kind == C2H_RULE_FUNCTION && strcmp(r->library, "cuda-runtime") == 0) u = r;
  }
  assert_non_null(u);
  char text[256];
  snprintf(text, sizeof text, "#include <cuda_runtime.h>\nvoid f() {\n  %s();\n}\n", u->cuda);
  char *out = translate(text, &res);
  assert_non_null(strstr(out, "#include <hip/hip_runtime.h>\nvoid f() {\n"));
  assert_non_null(strstr(out, u->cuda)); /* left as it is */
  int found = 0;
  for (size_t i = 0; i < res.diags.len; i++) {
    const c2h_diag *d = &res.diags.items[i];
    if (d->check != C2H_CHECK_API_UNSUPPORTED) continue;
    found = 1;
    assert_int_equal(d->severity, C2H_SEV_ERROR);
    assert_int_equal(d->begin.line, 3);
    assert_int_equal(d->begin.col, 3);
    assert_non_null(strstr(d->message, u->unsupported));
  }
  assert_true(found);
  free(out);
  c2h_file_result_dispose(&res);
}

static void line_endings_and_bom_are_kept(void **state) {
  (void)state;
  expect("\xef\xbb\xbf#include \"cuda_runtime.h\"\r\nvoid f() {\r\n\tcudaDeviceReset();  \r\n}\r\n",
         "\xef\xbb\xbf#include \"hip/hip_runtime.h\"\r\nvoid f() {\r\n\thipDeviceReset();  \r\n}\r\n");
}

static void binary_input_is_refused(void **state) {
  (void)state;
  c2h_translate_options o = {.rules = rules, .rocm_version = C2H_VERSION(5, 2), .launch_syntax = C2H_LAUNCH_KEEP};
  c2h_translator *tr = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_translator_new(&tr, &o, &err), 0);
  c2h_file_result res;
  c2h_file_result_init(&res);
  const char bin[] = "int x;\0\x01\x02";
  assert_int_equal(c2h_translate_buffer(tr, "b.cu", bin, sizeof bin, &res, &err), C2H_ERR_INPUT);
  assert_non_null(strstr(err.message, "binary"));
  c2h_file_result_dispose(&res);
  c2h_translator_free(tr);
}

static void broken_code_is_still_translated(void **state) {
  (void)state;
  c2h_file_result res;
  char *out = translate("#include <cuda_runtime.h>\n#include \"no_such_header.h\"\nvoid f() { cudaDeviceReset() }\n", &res);
  assert_string_equal(out, "#include <hip/hip_runtime.h>\n#include \"no_such_header.h\"\nvoid f() { hipDeviceReset() }\n");
  int missing = 0, parse = 0;
  for (size_t i = 0; i < res.diags.len; i++) {
    missing += res.diags.items[i].check == C2H_CHECK_PARSE_MISSING_HEADER;
    parse += res.diags.items[i].check == C2H_CHECK_PARSE_ERROR;
  }
  assert_int_equal(missing, 1);
  assert_true(parse >= 1);
  free(out);
  c2h_file_result_dispose(&res);
}

static void annotations_mark_each_site_once(void **state) {
  (void)state;
  const char *src = "#include <cuda_runtime.h>\n"
                    "__device__ float f(float v, unsigned m) {\n"
                    "  return __shfl_xor_sync(m, v, 1); }\n"
                    "#define LANE(x) asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x))\n";
  c2h_file_result res;
  annotate = 1;
  char *out = translate_with(src, strlen(src), C2H_VERSION(5, 2), C2H_LAUNCH_KEEP, &res);
  assert_string_equal(out,
                      "#include <hip/hip_runtime.h>\n"
                      "__device__ float f(float v, unsigned m) {\n"
                      "  return /* cu2hip [warp-mask-32bit]: 32-bit lane mask on a 64-lane wavefront */ __shfl_xor(v, 1); }\n"
                      "#define LANE(x) /* cu2hip [ptx-inline-asm]: inline PTX assembly, which AMD GPUs cannot run */ "
                      "asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x))\n");
  /* Annotating the annotated output adds nothing. */
  c2h_file_result again;
  char *out2 = translate_with(out, strlen(out), C2H_VERSION(5, 2), C2H_LAUNCH_KEEP, &again);
  assert_string_equal(out2, out);
  annotate = 0;
  free(out);
  free(out2);
  c2h_file_result_dispose(&res);
  c2h_file_result_dispose(&again);
}

static void runtime_header_added_when_missing(void **state) {
  (void)state;
  /* nvcc includes cuda_runtime.h implicitly; HIP needs hip_runtime.h spelled out. */
  c2h_file_result res;
  char *out = translate("__global__ void k(float *p) { p[threadIdx.x] = 0; }\n", &res);
  assert_string_equal(out, "#include <hip/hip_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 0; }\n");
  assert_int_equal(res.diags.len, 1);
  assert_int_equal(res.diags.items[0].check, C2H_CHECK_INCLUDE_ADDED);
  assert_int_equal(res.diags.items[0].severity, C2H_SEV_NOTE);
  free(out);
  c2h_file_result_dispose(&res);
  /* Host code that uses no CUDA gets nothing. */
  out = translate("int main() { return 0; }\n", &res);
  assert_string_equal(out, "int main() { return 0; }\n");
  assert_int_equal(res.diags.len, 0);
  free(out);
  c2h_file_result_dispose(&res);
}

/* A file that runs past the per-file time limit is left as it is, with one
 * time-limit diagnostic; with time to spare, the same file is translated. */
static void time_limit_leaves_the_file_as_it_is(void **state) {
  (void)state;
  static const char head[] = "#include <cuda_runtime.h>\n";
  size_t cap = sizeof head + 4000 * 160, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  len += (size_t)snprintf(text, cap, "%s", head);
  for (int i = 0; i < 4000; i++)
    len += (size_t)snprintf(text + len, cap - len,
                            "__global__ void k%d(float *p) { p[threadIdx.x] += %d.0f; }\n"
                            "void h%d(float *d) { cudaMemset(d, 0, 4); k%d<<<1, 64>>>(d); }\n",
                            i, i, i, i);
  unsigned long limits[] = {1, 3600000};
  for (size_t l = 0; l < 2; l++) {
    c2h_translate_options o = {.rules = rules, .rocm_version = C2H_VERSION(5, 2), .launch_syntax = C2H_LAUNCH_KEEP,
                               .time_limit_ms = limits[l]};
    c2h_translator *tr = NULL;
    c2h_error err;
    c2h_error_clear(&err);
    assert_int_equal(c2h_translator_new(&tr, &o, &err), 0);
    c2h_file_result res;
    c2h_file_result_init(&res);
    assert_int_equal(c2h_translate_buffer(tr, "/virtual/big.cu", text, len, &res, &err), 0);
    if (limits[l] == 1) {
      /* The parse alone takes longer than a millisecond. */
      assert_false(res.changed);
      assert_int_equal(res.output_len, len);
      assert_memory_equal(res.output, text, len);
      assert_int_equal(res.stats.edits, 0);
      assert_int_equal(res.diags.len, 1);
      const c2h_diag *d = &res.diags.items[0];
      assert_int_equal(d->check, C2H_CHECK_TIME_LIMIT);
      assert_int_equal(d->severity, C2H_SEV_ERROR);
      assert_int_equal(d->begin.line, 0);
      assert_string_equal(d->path, "/virtual/big.cu");
      assert_non_null(strstr(d->message, "limit of 1 ms"));
      assert_non_null(strstr(d->message, "stopped after"));
    } else {
      assert_true(res.changed);
      assert_non_null(strstr(res.output, "hipMemset(d, 0, 4)"));
      for (size_t i = 0; i < res.diags.len; i++) assert_int_not_equal(res.diags.items[i].check, C2H_CHECK_TIME_LIMIT);
    }
    c2h_file_result_dispose(&res);
    c2h_translator_free(tr);
  }
  free(text);
}

/* Prefix operators nested past what the parser's stack takes are refused
 * with their position before libclang sees them; fewer are translated. */
static void parser_recursion_is_refused(void **state) {
  (void)state;
  char src[1024];
  for (int depth = 200; depth <= 300; depth += 100) {
    int n = snprintf(src, sizeof src, "int f() { return ");
    for (int i = 0; i < depth; i++) n += snprintf(src + n, sizeof src - (size_t)n, "- ");
    n += snprintf(src + n, sizeof src - (size_t)n, "1; }\nvoid g() { cudaDeviceReset(); }\n");
    c2h_translate_options o = {.rules = rules, .rocm_version = C2H_VERSION(5, 2), .launch_syntax = C2H_LAUNCH_KEEP};
    c2h_translator *tr = NULL;
    c2h_error err;
    c2h_error_clear(&err);
    assert_int_equal(c2h_translator_new(&tr, &o, &err), 0);
    c2h_file_result res;
    c2h_file_result_init(&res);
    int rc = c2h_translate_buffer(tr, "/virtual/deep.cu", src, (size_t)n, &res, &err);
    if (depth == 200) {
      assert_int_equal(rc, 0);
      assert_non_null(strstr(res.output, "hipDeviceReset"));
    } else {
      /* The 257th '-', after "int f() { return " and 256 "- ". */
      assert_int_equal(rc, C2H_ERR_INPUT);
      assert_int_equal(err.line, 1);
      assert_int_equal(err.col, 17 + 256 * 2 + 1);
      assert_non_null(strstr(err.message, "prefix operators"));
    }
    c2h_file_result_dispose(&res);
    c2h_translator_free(tr);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(renames_api_and_headers),
      cmocka_unit_test(leaves_user_names_members_strings_comments),
      cmocka_unit_test(macro_bodies_and_inactive_code),
      cmocka_unit_test(symbols_get_hip_symbol),
      cmocka_unit_test(launch_syntax_hip),
      cmocka_unit_test(warp_masks_follow_the_target),
      cmocka_unit_test(unsupported_api_is_an_error_at_its_position),
      cmocka_unit_test(line_endings_and_bom_are_kept),
      cmocka_unit_test(binary_input_is_refused),
      cmocka_unit_test(broken_code_is_still_translated),
      cmocka_unit_test(annotations_mark_each_site_once),
      cmocka_unit_test(runtime_header_added_when_missing),
      cmocka_unit_test(time_limit_leaves_the_file_as_it_is),
      cmocka_unit_test(parser_recursion_is_refused),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
