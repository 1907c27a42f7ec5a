#ifndef C2H_VERIFY_TOOLCHAIN_H
#define C2H_VERIFY_TOOLCHAIN_H
/* Where the tools that build HIP code for an AMD GPU architecture are on
 * this machine: the ROCm prefix, the ROCm device libraries, the compilers
 * (hipcc, clang++-NN, clang++, ROCm's clang), the flags each needs, and
 * whether it builds for the architecture, learnt by compiling a tiny kernel.
 * `cu2hip doctor` reports on every piece; --verify (c2h_toolchain_select)
 * takes the first compiler that builds. Both use these functions, so what
 * doctor recommends is what --verify runs. Documented in docs/doctor.md. */
#include <stddef.h>

#include "cu2hip/error.h"
#include "rocm/arch_support.h" /* c2h_arch, c2h_arch_parse */
#include "rocm/install.h"
#include "util/proc.h"

enum {
  C2H_TOOLCHAIN_MAX_COMPILERS = 16,
  C2H_TOOLCHAIN_PROBE_TIMEOUT_MS = 120000 /* one compile of the probe kernel */
};

/* ---- ROCm prefix and device libraries ----------------------------------- */

/* The ROCm prefix (the first installation rocm/install.h finds, searching
 * --hip-path first) is what the compiles use: --rocm-path, --hip-path and
 * -isystem PREFIX/include for clang, and the device libraries below it. */

/* Whether hip_path (--hip-path) is a HIP installation: a folder holding
 * include/hip/hip_runtime.h. Returns 0, or C2H_ERR_USAGE with err saying
 * what is wrong. */
int c2h_hip_path_check(const char *hip_path, c2h_error *err);

typedef struct c2h_device_libs {
  /* The first folder with ocml.bc; the test suite's folder only when no
   * other has it (it holds links to one of the others). */
  char *any;
  /* The first folder with ocml.bc and oclc_isa_version_<isa>.bc. */
  char *isa;
  const char *isa_origin; /* where that folder comes from: "--device-lib-path", "ROCm", ... */
} c2h_device_libs;

/* Looks for device-library folders, in order: `first` (when not NULL, with
 * origin `first_origin`), $HIP_DEVICE_LIB_PATH, $DEVICE_LIB_PATH,
 * amdgcn/bitcode under rocm_root and /opt/rocm,
 * /usr/lib/x86_64-linux-gnu/amdgcn/bitcode, /usr/lib/amdgcn/bitcode,
 * $TMPDIR/cu2hip-device-libs-UID (what tests/compile/make_device_libs.sh
 * makes by default) and device-libs beside the cu2hip binary (what
 * scripts/run-examples.sh makes in build/). Relative folders are taken from
 * the current folder, and the folders found are absolute. Returns 0 or
 * C2H_ERR_NOMEM. */
int c2h_device_libs_find(const char *first, const char *first_origin, const char *rocm_root, const char *isa,
                         c2h_device_libs *out);

/* The folder clang is given: the one for the architecture, else any. NULL
 * when none was found. */
const char *c2h_device_libs_folder(const c2h_device_libs *dl);

void c2h_device_libs_dispose(c2h_device_libs *dl);

/* ---- compilers ---------------------------------------------------------- */

typedef struct c2h_compiler {
  char label[32]; /* hipcc, clang++-19, clang++ (ROCm) */
  char *path;
  char *real;     /* the path resolved, to notice one binary under two names */
  int hipcc;
  int dup_of;     /* index of the same compiler under another name, or -1 */
} c2h_compiler;

typedef struct c2h_compilers {
  c2h_compiler items[C2H_TOOLCHAIN_MAX_COMPILERS]; /* in order of preference */
  size_t n;
  int hipcc_found; /* a hipcc is among them */
  int clang_found; /* a clang++ is among them */
} c2h_compilers;

/* The compilers of this machine, in order of preference: hipcc (on PATH,
 * else in bin/ of the ROCm installations found, rocm, other than /usr; with
 * hip_path, only the one in its bin/, as another hipcc would use its own
 * HIP), clang++-22 ... clang++-14 and clang++ on PATH, then the ROCm
 * installations' own clang++. Returns 0 or C2H_ERR_NOMEM. */
int c2h_compilers_find(const char *hip_path, const c2h_rocm_list *rocm, c2h_compilers *out);

/* One compiler named by the user, used as it is: a path, or a name looked
 * up on PATH. It is hipcc when its name starts with "hipcc". Returns 0,
 * C2H_ERR_NOMEM, or C2H_ERR_USAGE (in err) when it is not an executable. */
int c2h_compilers_given(const char *path, c2h_compilers *out, c2h_error *err);

void c2h_compilers_dispose(c2h_compilers *cs);

/* ---- probes ------------------------------------------------------------- */

typedef enum c2h_probe_mode {
  C2H_PROBE_COMPILE, /* -c probe.hip -o probe-N.o: host and device code, device libraries linked */
  C2H_PROBE_SYNTAX   /* -nogpulib -fsyntax-only probe.hip: no device library needed */
} c2h_probe_mode;

typedef struct c2h_probe {
  char **argv;   /* the compiler and its flags for the architecture, NULL-terminated (owned) */
  size_t argc;
  char *shown;   /* the probe command as shown to users: argv, then "-c FILE.hip" (owned) */
  c2h_proc proc; /* the probe compile; proc.pid is 0 when it was not started */
  int built;     /* the probe compiled */
} c2h_probe;

/* Writes the probe kernel, probe.hip, into dir. Returns 0, or -1 with errno. */
int c2h_probe_write(const char *dir);

/* For each compiler of cs that is not a duplicate and, when `which` is not
 * NULL, whose which[i] is set: out[i] gets its flags for arch (clang:
 * -std=c++17, --rocm-path=rocm_root, and for a prefix other than /usr also
 * --hip-path=rocm_root -isystem rocm_root/include, so that its headers come
 * before the system's; --rocm-device-lib-path=devlib when not NULL; hipcc
 * finds its own) and, when dir is not NULL (holding the
 * probe kernel), a compile of the probe kernel in dir. The compiles run at
 * once; each is killed after timeout_ms. out[0..cs->n) is set up in every
 * case. Returns 0 or C2H_ERR_NOMEM. */
int c2h_probe_all(const c2h_compilers *cs, const char *arch, const char *rocm_root, const char *devlib,
                  const char *dir, c2h_probe_mode mode, const int *which, long timeout_ms, c2h_probe *out);

/* The first compiler (in order of preference) whose probe built, or -1. */
int c2h_probe_first_built(const c2h_compilers *cs, const c2h_probe *probes);

void c2h_probe_dispose(c2h_probe *p);

/* One line saying why a probe did not build: the first error the compiler
 * printed, a timeout, or that it could not be run. NULL when out of memory. */
char *c2h_probe_error(const c2h_probe *p, long timeout_ms);

typedef enum c2h_probe_failure {
  C2H_PROBE_FAILED,            /* no known cause */
  C2H_PROBE_OLD_HIPCC,         /* a hipcc whose clang predates the architecture (Debian's) */
  C2H_PROBE_NO_DEVICE_LIB,     /* clang found no device library for the architecture */
  C2H_PROBE_NEWER_DEVICE_LIB,  /* the device libraries come from a newer LLVM than this clang */
  C2H_PROBE_OLD_CLANG          /* a clang that predates the architecture */
} c2h_probe_failure;

/* Why the probe of c failed, as far as its output tells; why is what
 * c2h_probe_error said. */
c2h_probe_failure c2h_probe_classify(const c2h_compiler *c, const c2h_probe *p, const char *why);

/* argv[0..argc) joined with blanks, each word quoted for a POSIX shell when
 * it needs it. NULL when out of memory. */
char *c2h_argv_join(char *const *argv, size_t argc);

/* ---- the toolchain --verify uses ---------------------------------------- */

typedef struct c2h_toolchain_request {
  const c2h_arch *arch;
  const char *compiler;        /* used as it is; NULL: the first of c2h_compilers_find that builds */
  const char *hip_path;        /* a HIP installation (--hip-path); NULL: c2h_rocm_find_all finds one */
  const char *device_lib_path; /* NULL: found by c2h_device_libs_find (relative: from the current folder) */
  const char *dir;             /* a scratch folder for the probes */
} c2h_toolchain_request;

typedef struct c2h_toolchain {
  char label[32];
  char **argv;     /* the compiler and its flags for the architecture, NULL-terminated (owned) */
  size_t argc;
  int syntax_only; /* no device library for the architecture: check with -nogpulib -fsyntax-only */
} c2h_toolchain;

/* Picks the compiler: the first (hipcc, then the clangs) whose probe builds
 * for the architecture; when none does because clang finds no device
 * library for it, the first whose probe passes -nogpulib -fsyntax-only.
 * Fails with C2H_ERR_IO when no compiler builds for the architecture, or
 * C2H_ERR_USAGE when the one requested does not or cannot be run, with a
 * message that names what was tried and what to install. */
int c2h_toolchain_select(const c2h_toolchain_request *rq, c2h_toolchain *tc, c2h_error *err);

void c2h_toolchain_dispose(c2h_toolchain *tc);

#endif
