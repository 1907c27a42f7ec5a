/* Lane masks computed from a kernel template's parameters, judged per
 * launch (src/scan/instances.c): dropped before ROCm 7.0 without a warning
 * only when every launch of the kernel in the file provably runs blocks the
 * mask covers. Each case below is one host function launching the same
 * kernel; the count is that of warp-mask-32bit warnings. The launch sizes
 * also tell kernels that only run in blocks of 32 threads or fewer. */
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

/* The kernel: lanes 0..kThreads-1 for fewer than 32 threads, else all 32. */
static const char kernel[] =
    "#include <cuda_runtime.h>\n"
    "template <class T> __device__ T lane_sum(unsigned long long lanes, T v) {\n"
    "  for (int step = 16; step > 0; step >>= 1) v += __shfl_down_sync(lanes, v, step);\n"
    "  return v;\n"
    "}\n"
    "template <typename T, unsigned int kThreads> __global__ void block_sum(const T *in, T *out) {\n"
    "  unsigned int cut = kThreads & 31;\n"
    "  cut = (cut > 0) ? (32 - cut) : cut;\n"
    "  const unsigned long long lanes = 0xffffffffu >> cut;\n"
    "  T v = lane_sum<T>(lanes, in[threadIdx.x]);\n"
    "  if (threadIdx.x == 0) out[blockIdx.x] = v;\n"
    "}\n"
    "void adjust(int &threads);\n";

/* The number of warp-mask-32bit warnings for the source. */
static size_t mask_warnings_of(const char *src) {
  c2h_translate_options o = {.rules = rules, .rocm_version = C2H_VERSION(6, 2), .launch_syntax = C2H_LAUNCH_KEEP};
  c2h_translator *tr = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_translator_new(&tr, &o, &err), 0);
  c2h_file_result res;
  c2h_file_result_init(&res);
  assert_int_equal(c2h_translate_buffer(tr, "/virtual/t.cu", src, strlen(src), &res, &err), 0);
  size_t n = 0;
  for (size_t k = 0; k < res.diags.len; k++)
    n += res.diags.items[k].severity == C2H_SEV_WARNING &&
         strcmp(c2h_check_name(res.diags.items[k].check), "warp-mask-32bit") == 0;
  c2h_file_result_dispose(&res);
  c2h_translator_free(tr);
  return n;
}

/* The same for the kernel above plus host. */
static size_t mask_warnings(const char *host) {
  size_t len = strlen(kernel) + strlen(host) + 1;
  char *src = malloc(len);
  assert_non_null(src);
  snprintf(src, len, "%s%s", kernel, host);
  size_t n = mask_warnings_of(src);
  free(src);
  return n;
}

#define SWITCH_HEAD                                                                                                    \
  "void run(int threads, const float *in, float *out) {\n"                                                             \
  "  dim3 block(threads, 1, 1);\n"                                                                                     \
  "  switch (threads) {\n"

static void exact_in_every_launch(void **state) {
  (void)state;
  /* Case labels fix the block size of each instance. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 64:\n    block_sum<float, 64><<<1, block>>>(in, out);\n    break;\n"
                                             "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   0);
  /* A case whose block ends in break. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 64: {\n    block_sum<float, 64><<<1, block>>>(in, out);\n    break;\n  }\n"
                                             "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   0);
  /* A variable with a value not known here, but never assigned. */
  assert_int_equal(mask_warnings("int pick(void);\nvoid run(const float *in, float *out) {\n"
                                 "  const int threads = pick();\n  dim3 block(threads, 1, 1);\n  switch (threads) {\n"
                                 "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n  }\n}\n"),
                   0);
  /* Constant blocks, dim3 products. */
  assert_int_equal(mask_warnings("void run(const float *in, float *out) {\n"
                                 "  block_sum<float, 16><<<1, 16>>>(in, out);\n"
                                 "  block_sum<float, 16><<<1, dim3(8, 2)>>>(in, out);\n"
                                 "  block_sum<float, 128><<<4, 128>>>(in, out);\n}\n"),
                   0);
}

static void block_larger_than_mask(void **state) {
  (void)state;
  assert_int_equal(mask_warnings("void run(const float *in, float *out) {\n"
                                 "  block_sum<float, 16><<<1, dim3(8, 4)>>>(in, out);\n}\n"),
                   1);
  /* The template argument does not follow the case label. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 16:\n    block_sum<float, 8><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
}

static void case_label_not_the_only_way_in(void **state) {
  (void)state;
  /* Two labels, a fall-through from the case before, a default. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 8:\n  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n"
                                             "  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 64:\n    out[0] = 0;\n"
                                             "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 64:\n    if (in) {\n      out[0] = 0;\n      break;\n    }\n"
                                             "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings(SWITCH_HEAD "  default:\n    block_sum<float, 16><<<1, block>>>(in, out);\n"
                                             "  }\n}\n"),
                   1);
  /* A switch on another variable says nothing about the block. */
  assert_int_equal(mask_warnings("void run(int threads, int mode, const float *in, float *out) {\n"
                                 "  dim3 block(threads, 1, 1);\n  switch (mode) {\n"
                                 "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n  }\n}\n"),
                   1);
  /* A conditional directive may hide a label or a break. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 16:\n#ifdef WIDE\n    block.x = 64;\n#endif\n"
                                             "    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
}

static void block_changed_on_the_way(void **state) {
  (void)state;
  /* The variable changes after the block is made from it, the block
   * itself changes, or a call or a reference may change it. */
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 16:\n    threads *= 2;\n"
                                             "    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings(SWITCH_HEAD "  case 16:\n    block.x = 64;\n"
                                             "    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n"
                                             "  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings("void run(int threads, const float *in, float *out) {\n"
                                 "  adjust(threads);\n  dim3 block(threads, 1, 1);\n  switch (threads) {\n"
                                 "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n  }\n}\n"),
                   1);
  assert_int_equal(mask_warnings("void run(int threads, const float *in, float *out) {\n"
                                 "  int &alias = threads;\n  dim3 block(threads, 1, 1);\n  alias = 64;\n"
                                 "  switch (threads) {\n"
                                 "  case 16:\n    block_sum<float, 16><<<1, block>>>(in, out);\n    break;\n  }\n}\n"),
                   1);
  /* A loop brings a later value back to the switch. */
  assert_int_equal(mask_warnings("void run(int threads, const float *in, float *out) {\n"
                                 "  for (int k = 0; k < 2; k++) {\n    dim3 block(threads, 1, 1);\n"
                                 "    switch (threads) {\n    case 16:\n"
                                 "      block_sum<float, 16><<<1, block>>>(in, out);\n      break;\n    }\n"
                                 "    threads = 64;\n  }\n}\n"),
                   1);
}

static void kernel_used_otherwise(void **state) {
  (void)state;
  /* An explicit instantiation (other files may launch it), a pointer. */
  assert_int_equal(mask_warnings("template __global__ void block_sum<float, 8>(const float *, float *);\n"
                                 "void run(const float *in, float *out) {\n"
                                 "  block_sum<float, 16><<<1, 16>>>(in, out);\n}\n"),
                   1);
  assert_int_equal(mask_warnings("void run(const float *in, float *out) {\n"
                                 "  void (*k)(const float *, float *) = block_sum<float, 16>;\n"
                                 "  k<<<1, 16>>>(in, out);\n}\n"),
                   1);
  /* Template arguments that do not evaluate here. */
  assert_int_equal(mask_warnings("template <unsigned N> void run(const float *in, float *out) {\n"
                                 "  block_sum<float, N><<<1, N>>>(in, out);\n}\n"
                                 "template void run<16>(const float *, float *);\n"),
                   1);
}

/* A ballot kept in 32 bits is right in blocks of at most 32 threads; a
 * launch in an #if branch this build skips may be another build's. */
static void inactive_launch_counts(void **state) {
  (void)state;
  static const char k32[] = "#include <cuda_runtime.h>\n"
                            "__global__ void votes(const float *in, unsigned *out) {\n"
                            "  unsigned v = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);\n"
                            "  out[threadIdx.x] = v;\n"
                            "}\n";
  char src[1024];
  snprintf(src, sizeof src, "%s%s", k32, "void run(const float *in, unsigned *out) {\n  votes<<<1, 32>>>(in, out);\n}\n");
  assert_int_equal(mask_warnings_of(src), 0);
  snprintf(src, sizeof src, "%s%s", k32,
           "void run(const float *in, unsigned *out) {\n#ifdef WIDE\n  votes<<<1, 256>>>(in, out);\n#else\n"
           "  votes<<<1, 32>>>(in, out);\n#endif\n}\n");
  assert_int_equal(mask_warnings_of(src), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(exact_in_every_launch),
      cmocka_unit_test(block_larger_than_mask),
      cmocka_unit_test(case_label_not_the_only_way_in),
      cmocka_unit_test(block_changed_on_the_way),
      cmocka_unit_test(kernel_used_otherwise),
      cmocka_unit_test(inactive_launch_counts),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
