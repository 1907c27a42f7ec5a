/* The standard-header preamble of a source (src/front/preamble.c): which
 * standard headers a file's parse reads before anything of the project's
 * happens, through the project headers it starts with, and where the scan
 * must stop. A standard header taken too far would be parsed in another
 * state than the file gives it; tests/parse_cache checks the outputs. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "front/preamble.h"

static char g_dir[64];
static char g_inc[96];

static int is_cuda(void *ctx, const char *name, size_t len) {
  (void)ctx;
  return len == 14 && memcmp(name, "cuda_runtime.h", 14) == 0;
}

/* Macros "set by flags" in these tests: -DWIN32 in one of them. */
static const char *g_flag_macro = "";
static int maybe_defined(void *ctx, const char *name, size_t len) {
  (void)ctx;
  return strlen(g_flag_macro) == len && memcmp(g_flag_macro, name, len) == 0;
}

static void put(const char *dir, const char *name, const char *text) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static int setup(void **state) {
  (void)state;
  snprintf(g_dir, sizeof g_dir, "/tmp/cu2hip-preamble-test.XXXXXX");
  assert_non_null(mkdtemp(g_dir));
  snprintf(g_inc, sizeof g_inc, "%s/inc", g_dir);
  assert_int_equal(mkdir(g_inc, 0700), 0);
  /* Beside the source. */
  put(g_dir, "local.h", "// a guarded header of includes only\n#ifndef LOCAL_H\n#define LOCAL_H\n#pragma once\n"
                        "#include <vector>\n#include <string>\n#endif\n");
  put(g_dir, "code.h", "#ifndef CODE_H\n#define CODE_H\n#include <map>\nint code_h_value;\n#include <list>\n#endif\n");
  put(g_dir, "defines.h", "#ifndef DEFINES_H\n#define DEFINES_H\n#include <cmath>\n#define printf my_printf\n"
                          "#include <cstdio>\n#endif\n");
  put(g_dir, "reserved.h", "#ifndef _RESERVED_H\n#define _RESERVED_H\n#include <deque>\n#endif\n");
  put(g_dir, "platform.h", "#ifndef PLATFORM_H\n#define PLATFORM_H\n#if defined(WIN32) || defined(_WIN32)\n"
                           "#define NOMINMAX\n#include <windows.h>\n#else\n#include <unistd.h>\n#endif\n"
                           "#ifndef _WIN32\n#include <dirent.h>\n#endif\n#include <set>\n#endif\n");
  put(g_dir, "nested.h", "#ifndef NESTED_H\n#define NESTED_H\n#include \"local.h\"\n#include <api.h>\n"
                         "#include <array>\nstruct after {};\n#include <tuple>\n#endif\n");
  put(g_dir, "cycle_a.h", "#ifndef CYCLE_A\n#define CYCLE_A\n#include \"cycle_b.h\"\n#include <queue>\n#endif\n");
  put(g_dir, "cycle_b.h", "#ifndef CYCLE_B\n#define CYCLE_B\n#include <stack>\n#include \"cycle_a.h\"\n#endif\n");
  /* Only through -I. */
  put(g_inc, "api.h", "#ifndef API_H\n#define API_H\n#include <cuda_runtime.h>\n#include <memory>\n#endif\n");
  return 0;
}

static int teardown(void **state) {
  (void)state;
  const char *names[] = {"local.h", "code.h", "defines.h", "reserved.h", "platform.h", "nested.h",
                         "cycle_a.h", "cycle_b.h", "inc/api.h", NULL};
  char path[256];
  for (size_t i = 0; names[i]; i++) {
    snprintf(path, sizeof path, "%s/%s", g_dir, names[i]);
    unlink(path);
  }
  rmdir(g_inc);
  rmdir(g_dir);
  return 0;
}

/* The preamble of a source in g_dir with text src, -I g_inc. */
static char *preamble(const char *src) {
  char path[128];
  snprintf(path, sizeof path, "%s/main.cu", g_dir);
  const char *dirs[] = {g_inc};
  c2h_preamble_search s = {is_cuda, maybe_defined, NULL, NULL, 0, dirs, 1};
  return c2h_preamble_of(path, src, strlen(src), &s);
}

static void expect(const char *src, const char *want) {
  char *got = preamble(src);
  if (!want) assert_null(got);
  else assert_string_equal(got ? got : "(none)", want);
  free(got);
}

static void test_file_alone(void **state) {
  (void)state;
  expect("// x\n#include <vector>\n#include <cuda_runtime.h>\n#include <cstdio>\n#include <vector>\nint x;\n",
         "#include <cstdio>\n#include <vector>\n");
  expect("int x;\n#include <vector>\n", NULL);
  expect("#define N 4\n#include <vector>\n", NULL);
}

static void test_project_header(void **state) {
  (void)state;
  /* A header of includes only is read to its end: the scan goes on after it. */
  expect("#include <cstdlib>\n#include \"local.h\"\n#include <map>\nint x;\n",
         "#include <cstdlib>\n#include <map>\n#include <string>\n#include <vector>\n");
  /* One with code stops the scan at its code, in the header and after it. */
  expect("#include \"code.h\"\n#include <set>\n", "#include <map>\n");
  /* Through -I, in <>, and a header that includes it. */
  expect("#include <api.h>\n", "#include <memory>\n");
  expect("#include \"nested.h\"\n#include <set>\n",
         "#include <array>\n#include <memory>\n#include <string>\n#include <vector>\n");
  /* A header included again is a no-op. */
  expect("#include \"local.h\"\n#include \"local.h\"\n#include <set>\n",
         "#include <set>\n#include <string>\n#include <vector>\n");
}

static void test_stops(void **state) {
  (void)state;
  /* A macro defined before a standard header can change it: <cstdio> is
   * left to the file's own parse. */
  expect("#include \"defines.h\"\n", "#include <cmath>\n");
  /* A header not found, a guard the implementation could define. */
  expect("#include <vector>\n#include \"missing.h\"\n#include <set>\n", "#include <vector>\n");
  expect("#include <vector>\n#include \"reserved.h\"\n", "#include <vector>\n");
  /* A cycle. */
  expect("#include \"cycle_a.h\"\n", "#include <stack>\n");
  /* -I folders are the parse's only: <api.h> beside the file is not found in <>. */
  expect("#include <local.h>\n", NULL);
}

static void test_platform_tests(void **state) {
  (void)state;
  /* Blocks for other platforms are skipped, their #else read. */
  expect("#include \"platform.h\"\n", "#include <dirent.h>\n#include <set>\n#include <unistd.h>\n");
  expect("#ifdef _WIN32\n#define X\n#else\n#include <cmath>\n#endif\n#include <vector>\n",
         "#include <cmath>\n#include <vector>\n");
  expect("#ifndef WIN32\n#include <cmath>\n#else\n#define X 1\n#endif\n#include <vector>\n",
         "#include <cmath>\n#include <vector>\n");
  /* ... unless a flag defines the macro, or the test is of another kind. */
  g_flag_macro = "WIN32";
  expect("#include \"platform.h\"\n", NULL);
  g_flag_macro = "";
  expect("#ifdef USE_X\n#include <cmath>\n#endif\n#include <vector>\n", NULL);
  expect("#if defined(_WIN32) && defined(LINUX)\n#endif\n#include <vector>\n", NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_file_alone),
      cmocka_unit_test(test_project_header),
      cmocka_unit_test(test_stops),
      cmocka_unit_test(test_platform_tests),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
