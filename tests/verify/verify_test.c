/* c2h_verify_run with the real compiler: a good HIP file compiles, errors
 * become compile-error diagnostics where the compiler put them (the file, a
 * header it includes), the units' flags reach the compiler, the jobs do not
 * change the diagnostics, and bad options fail clearly.
 *
 * usage: verify_test MAKE_DEVICE_LIBS_SH
 *
 * Like tests/compile/hip_compile.sh, it first makes the gfx942 device-library
 * folder ${TMPDIR:-/tmp}/cu2hip-device-libs-UID with make_device_libs.sh.
 * Exits 77 (skipped) when no compiler here takes -x hip --offload-arch=gfx942. */
#define _XOPEN_SOURCE 700 /* mkdtemp, setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cu2hip/diag.h"
#include "cu2hip/verify.h"
#include "util/proc.h"

static char dir[512];       /* the test's files */
static char devlibs[512];   /* the device-library folder made by make_device_libs.sh */
static const char *make_device_libs;

static void path_of(char *buf, size_t size, const char *name) { snprintf(buf, size, "%s/%s", dir, name); }

static void write_file(const char *name, const char *text) {
  char p[600];
  path_of(p, sizeof p, name);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  assert_true(fputs(text, f) != EOF);
  assert_int_equal(fclose(f), 0);
}

/* A compiler that takes HIP for gfx942 at all (device libraries and HIP
 * headers aside): hipcc, or a clang with HIP support. */
static int hip_compiler_exists(const char *work) {
  char src[600];
  snprintf(src, sizeof src, "%s/probe.hip", work);
  FILE *f = fopen(src, "w");
  if (!f) return 0;
  fputs("__attribute__((global)) void k(void) {}\n", f);
  fclose(f);
  static const char *const names[] = {"hipcc",      "clang++-22", "clang++-21", "clang++-20", "clang++-19",
                                      "clang++-18", "clang++-17", "clang++-16", "clang++"};
  int found = 0;
  for (size_t i = 0; i < sizeof names / sizeof *names && !found; i++) {
    char *cc = c2h_proc_find_in_path(names[i]);
    if (!cc) continue;
    char *argv[] = {cc, "-x", "hip", "--offload-arch=gfx942", "-nogpulib", "-nogpuinc", "-fsyntax-only", src, NULL};
    char *out = NULL;
    found = c2h_proc_run(argv, work, 60000, &out) == 0;
    free(out);
    free(cc);
  }
  unlink(src);
  return found;
}

/* As hip_compile.sh: the folder is made when it lacks the gfx942 file. */
static int make_devlibs(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(devlibs, sizeof devlibs, "%s/cu2hip-device-libs-%ld", tmp && *tmp ? tmp : "/tmp", (long)getuid());
  char isa[600];
  snprintf(isa, sizeof isa, "%s/oclc_isa_version_942.bc", devlibs);
  if (access(isa, F_OK) == 0) return 0;
  char *argv[] = {"/bin/sh", (char *)make_device_libs, devlibs, NULL};
  char *out = NULL;
  int rc = c2h_proc_run(argv, NULL, 300000, &out);
  if (rc != 0) fprintf(stderr, "verify_test: %s %s failed:\n%s\n", make_device_libs, devlibs, out ? out : "");
  free(out);
  return rc == 0 && access(isa, F_OK) == 0 ? 0 : -1;
}

static const char good_src[] = "#include <hip/hip_runtime.h>\n"
                               "__global__ void scale(float *p, float s) { p[threadIdx.x] *= sinf(s); }\n"
                               "int main() {\n"
                               "  float *d = nullptr;\n"
                               "  hipLaunchKernelGGL(scale, dim3(1), dim3(64), 0, 0, d, 2.0f);\n"
                               "  return 0;\n"
                               "}\n";

static const char two_errors_src[] = "#include <hip/hip_runtime.h>\n"
                                     "__global__ void k(int *p) {\n"
                                     "  p[threadIdx.x] = undeclared_one;\n"
                                     "}\n"
                                     "int host_side(void) { return undeclared_two(); }\n";

static int setup(void **state) {
  (void)state;
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/c2h-test-verify-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return -1;
  char inc[600];
  path_of(inc, sizeof inc, "inc");
  if (mkdir(inc, 0755) != 0) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  c2h_proc_remove_tree(dir);
  return 0;
}

static void write_sources(void) {
  write_file("good.hip", good_src);
  write_file("two_errors.hip", two_errors_src);
  write_file("bad_header.h", "#pragma once\n"
                             "inline int broken(void) { return missing_symbol; }\n");
  write_file("uses_header.hip", "#include <hip/hip_runtime.h>\n"
                                "#include \"bad_header.h\"\n"
                                "int use(void) { return broken(); }\n");
  write_file("inc/needed.h", "#define FROM_NEEDED_HEADER 1\n");
  write_file("needs_define.hip", "#include <hip/hip_runtime.h>\n"
                                 "#include \"needed.h\"\n"
                                 "#if !defined(NEEDED) || NEEDED != 1 || !FROM_NEEDED_HEADER\n"
                                 "#error NEEDED must be 1\n"
                                 "#endif\n"
                                 "__global__ void k(int *p) { p[0] = NEEDED; }\n");
}

enum { N_UNITS = 7 };

typedef struct fixture_units {
  char paths[N_UNITS][600];
  char inc_flag[620];
  const char *args[2];
  c2h_verify_unit units[N_UNITS];
} fixture_units;

static const char *const error_limit_args[] = {"-ferror-limit=0"};
static const char *const bogus_args[] = {"--no-such-flag-for-cu2hip"};

/* good, two_errors, uses_header, needs_define with -I and -D, needs_define
 * without them, 25 errors (clang's own limit off), and good with a flag the
 * compiler rejects. */
static void fixture(fixture_units *f) {
  write_sources();
  char many[4096] = "#include <hip/hip_runtime.h>\nint f(void) {\n  int x = 0;\n";
  for (int i = 0; i < 25; i++) {
    char line[64];
    snprintf(line, sizeof line, "  x += missing_%d;\n", i);
    strcat(many, line);
  }
  strcat(many, "  return x;\n}\n");
  write_file("many.hip", many);
  static const char *const names[] = {"good.hip",         "two_errors.hip", "uses_header.hip", "needs_define.hip",
                                      "needs_define.hip", "many.hip",       "good.hip"};
  for (int i = 0; i < N_UNITS; i++) {
    path_of(f->paths[i], sizeof f->paths[i], names[i]);
    f->units[i].path = f->paths[i];
    f->units[i].args = NULL;
    f->units[i].n_args = 0;
  }
  snprintf(f->inc_flag, sizeof f->inc_flag, "-I%s/inc", dir);
  f->args[0] = f->inc_flag;
  f->args[1] = "-DNEEDED=1";
  f->units[3].args = f->args;
  f->units[3].n_args = 2;
  f->units[5].args = error_limit_args;
  f->units[5].n_args = 1;
  f->units[6].args = bogus_args;
  f->units[6].n_args = 1;
}

static void run_ok(const c2h_verify_options *o, const c2h_verify_unit *units, size_t n, c2h_diag_list *diags,
                   c2h_verify_summary *sum) {
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_verify_run(o, units, n, diags, sum, &err);
  if (rc) fail_msg("c2h_verify_run: %s", err.message);
  assert_non_null(sum->command);
}

static void assert_diag(const c2h_diag *d, const char *path, unsigned line, const char *needle) {
  assert_string_equal(d->path, path);
  assert_int_equal(d->begin.line, line);
  assert_int_equal(d->check, C2H_CHECK_COMPILE_ERROR);
  assert_int_equal(d->severity, C2H_SEV_ERROR);
  if (!strstr(d->message, needle)) fail_msg("message '%s' lacks '%s'", d->message, needle);
}

static void diagnostics_follow_the_compiler(void **state) {
  (void)state;
  fixture_units f;
  fixture(&f);
  c2h_verify_options o = {0};
  o.jobs = 1;
  c2h_diag_list one, two;
  c2h_diag_list_init(&one);
  c2h_diag_list_init(&two);
  c2h_verify_summary s1, s2;
  run_ok(&o, f.units, N_UNITS, &one, &s1);
  o.jobs = 2;
  run_ok(&o, f.units, N_UNITS, &two, &s2);
  for (size_t i = 0; one.len != 25 && i < one.len; i++)
    fprintf(stderr, "  %s:%u:%u: %s\n", one.items[i].path, one.items[i].begin.line, one.items[i].begin.col,
            one.items[i].message);

  /* good and needs_define with its flags compile; the others do not. */
  assert_int_equal(s1.compiled, 2);
  assert_int_equal(s1.failed, 5);
  /* The device libraries exist here (found as doctor finds them): full
   * compiles, not a syntax check. */
  assert_non_null(strstr(s1.command, "--offload-arch=gfx942"));
  assert_non_null(strstr(s1.command, " -c FILE"));
  assert_null(strstr(s1.command, "-fsyntax-only"));
  assert_false(s1.syntax_only);
  /* Per unit, in unit order: which ones failed (sum to s1.failed). */
  size_t n_failed = 0;
  for (size_t i = 0; i < N_UNITS; i++) n_failed += s1.unit_failed[i];
  assert_int_equal(n_failed, s1.failed);
  assert_int_equal(s1.unit_failed[0], 0); /* good.hip */
  assert_int_equal(s1.unit_failed[1], 1); /* two_errors.hip */
  assert_int_equal(one.len, 2 + 1 + 1 + 20 + 1);
  /* Two errors, in the order of the file; the first names the command. */
  assert_diag(&one.items[0], f.paths[1], 3, "undeclared_one");
  assert_int_equal(one.items[0].begin.col, 20);
  assert_non_null(strstr(one.items[0].message, "(compiled with: "));
  assert_non_null(strstr(one.items[0].message, f.paths[1]));
  assert_diag(&one.items[1], f.paths[1], 5, "undeclared_two");
  assert_null(strstr(one.items[1].message, "compiled with"));
  /* An error in a header is reported at the header. */
  char header[600];
  path_of(header, sizeof header, "bad_header.h");
  assert_diag(&one.items[2], header, 2, "missing_symbol");
  assert_non_null(strstr(one.items[2].message, "(compiled with: "));
  /* Without -I the header is not found; with -I and -D the file compiled. */
  assert_diag(&one.items[3], f.paths[4], 2, "needed.h");
  assert_null(strstr(one.items[3].message, "-DNEEDED"));
  /* At most 20 errors of a file; the last says how many more. */
  assert_diag(&one.items[4], f.paths[5], 4, "missing_0");
  assert_non_null(strstr(one.items[4].message, "-ferror-limit=0 -c "));
  assert_diag(&one.items[23], f.paths[5], 23, "missing_19");
  assert_non_null(strstr(one.items[23].message, "... and 5 more errors"));
  /* A failure without a line: at the unit, with the compiler's last line. */
  assert_diag(&one.items[24], f.paths[6], 0, "--no-such-flag-for-cu2hip");
  assert_non_null(strstr(one.items[24].message, "exit status"));
  assert_non_null(strstr(one.items[24].message, "(compiled with: "));

  /* The same diagnostics with two jobs, in the same order. */
  assert_int_equal(two.len, one.len);
  assert_int_equal(s2.compiled, s1.compiled);
  assert_int_equal(s2.failed, s1.failed);
  assert_string_equal(s2.command, s1.command);
  for (size_t i = 0; i < one.len; i++) {
    assert_string_equal(two.items[i].path, one.items[i].path);
    assert_int_equal(two.items[i].begin.line, one.items[i].begin.line);
    assert_int_equal(two.items[i].begin.col, one.items[i].begin.col);
    assert_int_equal(two.items[i].check, one.items[i].check);
    assert_string_equal(two.items[i].message, one.items[i].message);
  }
  c2h_diag_list_dispose(&one);
  c2h_diag_list_dispose(&two);
  c2h_verify_summary_dispose(&s1);
  c2h_verify_summary_dispose(&s2);
}

/* Without a device library for the architecture, clang still checks the
 * code (-fsyntax-only) and the command says so. */
static void syntax_only_without_device_libs(void **state) {
  (void)state;
  write_file("two_errors.hip", two_errors_src);
  char p[600], empty[600];
  path_of(p, sizeof p, "two_errors.hip");
  path_of(empty, sizeof empty, "no-device-libs");
  assert_int_equal(mkdir(empty, 0755), 0);
  c2h_verify_unit u = {p, NULL, 0};
  c2h_verify_options o = {0};
  o.device_lib_path = empty;
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_verify_summary s;
  run_ok(&o, &u, 1, &diags, &s);
  if (strstr(s.command, "hipcc")) {
    /* hipcc finds its own device libraries. */
    assert_null(strstr(s.command, "-fsyntax-only"));
    assert_false(s.syntax_only);
  } else {
    assert_non_null(strstr(s.command, "-nogpulib -fsyntax-only FILE"));
    assert_non_null(strstr(s.command, "syntax check only"));
    /* The caller learns it, so as never to call the check a compile. */
    assert_true(s.syntax_only);
  }
  assert_int_equal(s.failed, 1);
  assert_non_null(s.unit_failed);
  assert_int_equal(s.unit_failed[0], 1);
  assert_int_equal(diags.len, 2);
  assert_diag(&diags.items[0], p, 3, "undeclared_one");
  assert_diag(&diags.items[1], p, 5, "undeclared_two");
  c2h_diag_list_dispose(&diags);
  c2h_verify_summary_dispose(&s);
}

static void bad_options(void **state) {
  (void)state;
  write_file("good.hip", good_src);
  char p[600];
  path_of(p, sizeof p, "good.hip");
  c2h_verify_unit u = {p, NULL, 0};
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_verify_summary s;
  c2h_error err;

  c2h_verify_options o = {0};
  o.compiler = "/nonexistent/cu2hip-test/clang++";
  assert_int_equal(c2h_verify_run(&o, &u, 1, &diags, &s, &err), C2H_ERR_USAGE);
  assert_non_null(strstr(err.message, "/nonexistent/cu2hip-test/clang++"));
  assert_non_null(strstr(err.message, "does not exist"));
  assert_null(s.command);

  /* A program that is not a compiler: what was tried and what to install. */
  o.compiler = "/bin/false";
  assert_int_equal(c2h_verify_run(&o, &u, 1, &diags, &s, &err), C2H_ERR_USAGE);
  assert_non_null(strstr(err.message, "/bin/false cannot build HIP code for gfx942"));
  assert_non_null(strstr(err.message, "install clang-19"));

  o.compiler = NULL;
  o.offload_arch = "sm_80";
  assert_int_equal(c2h_verify_run(&o, &u, 1, &diags, &s, &err), C2H_ERR_USAGE);
  assert_non_null(strstr(err.message, "sm_80"));

  o.offload_arch = NULL;
  o.device_lib_path = "/nonexistent/cu2hip-test/bitcode";
  assert_int_equal(c2h_verify_run(&o, &u, 1, &diags, &s, &err), C2H_ERR_USAGE);
  assert_int_equal(diags.len, 0);
}

/* No compiler on PATH at all. */
static void no_compiler_here(void **state) {
  (void)state;
  write_file("good.hip", good_src);
  char p[600];
  path_of(p, sizeof p, "good.hip");
  c2h_verify_unit u = {p, NULL, 0};
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_verify_summary s;
  c2h_error err;
  char *path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
  char *rocm = getenv("ROCM_PATH") ? strdup(getenv("ROCM_PATH")) : NULL;
  char *hip = getenv("HIP_PATH") ? strdup(getenv("HIP_PATH")) : NULL;
  setenv("PATH", dir, 1);
  /* ROCm prefixes are searched too; point them where nothing is. */
  setenv("ROCM_PATH", dir, 1);
  setenv("HIP_PATH", dir, 1);
  int rc = c2h_verify_run(NULL, &u, 1, &diags, &s, &err);
  if (path) setenv("PATH", path, 1);
  else unsetenv("PATH");
  if (rocm) setenv("ROCM_PATH", rocm, 1);
  else unsetenv("ROCM_PATH");
  if (hip) setenv("HIP_PATH", hip, 1);
  else unsetenv("HIP_PATH");
  free(path);
  free(rocm);
  free(hip);
  if (access("/opt/rocm", F_OK) == 0) skip(); /* /opt/rocm is always searched */
  assert_int_equal(rc, C2H_ERR_IO);
  assert_non_null(strstr(err.message, "no HIP compiler here"));
  assert_non_null(strstr(err.message, "install clang-19"));
  assert_int_equal(diags.len, 0);
}

/* A compile past its time limit is stopped and reported; killed compiles
 * leave nothing in TMPDIR. An explicit device-library folder is used. */
static void timeout_leaves_nothing_behind(void **state) {
  (void)state;
  write_file("good.hip", good_src);
  char p[600], tmp[600];
  path_of(p, sizeof p, "good.hip");
  path_of(tmp, sizeof tmp, "tmp");
  assert_int_equal(mkdir(tmp, 0755), 0);
  char *saved = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
  setenv("TMPDIR", tmp, 1);
  c2h_verify_unit u[2] = {{p, NULL, 0}, {p, NULL, 0}};
  c2h_verify_options o = {0};
  o.device_lib_path = devlibs;
  o.jobs = 2;
  o.timeout_ms = 1;
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_verify_summary s;
  c2h_error err;
  int rc = c2h_verify_run(&o, u, 2, &diags, &s, &err);
  if (saved) setenv("TMPDIR", saved, 1);
  else unsetenv("TMPDIR");
  free(saved);
  if (rc) fail_msg("c2h_verify_run: %s", err.message);
  assert_int_equal(s.compiled, 0);
  assert_int_equal(s.failed, 2);
  assert_int_equal(diags.len, 2);
  assert_diag(&diags.items[0], p, 0, "timed out");
  assert_diag(&diags.items[1], p, 0, "timed out");
  if (!strstr(s.command, "hipcc")) assert_non_null(strstr(s.command, devlibs));
  assert_int_equal(rmdir(tmp), 0); /* fails unless empty */
  c2h_diag_list_dispose(&diags);
  c2h_verify_summary_dispose(&s);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: verify_test MAKE_DEVICE_LIBS_SH\n");
    return 2;
  }
  make_device_libs = argv[1];
  if (setup(NULL) != 0) {
    perror("verify_test: temporary folder");
    return 1;
  }
  int have = hip_compiler_exists(dir);
  if (!have) {
    teardown(NULL);
    printf("verify_test: skipped: no hipcc or clang with HIP support (-x hip --offload-arch=gfx942) here\n");
    return 77;
  }
  if (make_devlibs() != 0) {
    teardown(NULL);
    return 1;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(diagnostics_follow_the_compiler),
      cmocka_unit_test(syntax_only_without_device_libs),
      cmocka_unit_test(bad_options),
      cmocka_unit_test(no_compiler_here),
      cmocka_unit_test(timeout_leaves_nothing_behind),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  teardown(NULL);
  return failed ? 1 : 0;
}
