/* `cu2hip doctor`: what this machine offers for building the translated
 * output for one AMD GPU architecture. Each finding is an item with a status
 * (ok, warning, missing) and a one-line explanation; the verdict (and the
 * exit code) says whether some compiler here builds HIP code for the
 * architecture, which is learnt by compiling a tiny kernel in a temporary
 * folder. The compilers, device libraries and flags are found by
 * src/verify/toolchain.c, which --verify uses too, so that both agree.
 * Documented in docs/doctor.md. */
#define _XOPEN_SOURCE 700 /* access, stat, opendir */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/doctor.h"
#include "cu2hip/exit_codes.h"
#include "cu2hip/cu2hip.h"
#include "cu2hip/translate.h"
#include "report/json_common.h"
#include "report/report.h"
#include "rocm/arch_support.h"
#include "rocm/install.h"
#include "util/proc.h"
#include "verify/toolchain.h"

#if defined(__GNUC__)
#define C2H_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define C2H_PRINTF(f, a)
#endif

enum {
  VERSION_TIMEOUT_MS = 10000, /* rocminfo */
  /* python3 importing torch: seconds on a cold cache. The probe runs while
   * the compilers are probed, so it adds nothing to the total wait but for
   * a Python that hangs. */
  PYTHON_TIMEOUT_MS = 60000
};

static const char doctor_usage[] =
    "usage: cu2hip doctor [--offload-arch ARCH] [--format text|json] [--hip-path DIR]\n"
    "                     [--device-lib-path DIR] [--pytorch [--python PY]]\n"
    "\n"
    "Reports what this machine offers for building HIP code for ARCH: ROCm/HIP\n"
    "headers and libraries, hipcc and clang++ (each tried on a tiny kernel), the\n"
    "ROCm device libraries, the GPUs present and environment variables that\n"
    "disagree with ARCH. Each item is ok, warning or missing, with an explanation.\n"
    "\n"
    "options:\n"
    "      --offload-arch ARCH    target architecture            [default: gfx942]\n"
    "      --format F             text or json                   [default: text]\n"
    "      --hip-path DIR         the HIP installation to check (the folder holding\n"
    "                             include/hip)  [default: the first found in\n"
    "                             $ROCM_PATH, $HIP_PATH, /opt/rocm, /opt/rocm/core-X.Y,\n"
    "                             /opt/rocm-X.Y.Z, rocm-sdk Python packages, /usr]\n"
    "      --device-lib-path DIR  also look for device libraries in DIR (first)\n"
    "      --pytorch              also check PyTorch for extensions built for ARCH:\n"
    "                             importable, a ROCm build, its architectures,\n"
    "                             PYTORCH_ROCM_ARCH, ROCM_HOME, Triton\n"
    "      --python PY            the Python that runs PyTorch [default: python3 on PATH]\n"
    "  -h, --help                 this help\n"
    "\n"
    "exit codes:\n"
    "  0  a compiler here builds HIP code for ARCH (warnings do not change this)\n"
    "  1  no compiler here builds HIP code for ARCH\n"
    "  2  usage error\n"
    "  3  internal error\n"
    "\n"
    "See docs/doctor.md for what each item means and how to fix it.\n";

/* ---- small helpers ------------------------------------------------------ */

static char *g_tmpdir; /* removed by oom() too */
static void remove_tmpdir(void);

static void oom(void) {
  remove_tmpdir();
  fputs("cu2hip: out of memory\n", stderr);
  exit(C2H_EXIT_INTERNAL);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) oom();
  return p;
}

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) oom();
  return p;
}

static char *xstrdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

static char *vfmt(const char *f, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, f, ap2);
  va_end(ap2);
  if (n < 0) n = 0;
  char *s = xmalloc((size_t)n + 1);
  vsnprintf(s, (size_t)n + 1, f, ap);
  return s;
}

static char *fmt(const char *f, ...) C2H_PRINTF(1, 2);
static char *fmt(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *s = vfmt(f, ap);
  va_end(ap);
  return s;
}

static int is_file(const char *path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_exec(const char *path) { return is_file(path) && access(path, X_OK) == 0; }

static int has_file(const char *dir, const char *name) {
  char *p = fmt("%s/%s", dir, name);
  int r = is_file(p);
  free(p);
  return r;
}

/* The first `max` bytes of a file, NUL-terminated; NULL if unreadable. */
static char *read_text(const char *path, size_t max) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = xmalloc(max + 1);
  size_t n = fread(s, 1, max, f);
  fclose(f);
  s[n] = '\0';
  return s;
}

static int ends_with_ci(const char *s, size_t n, const char *suffix) {
  size_t m = strlen(suffix);
  if (n < m) return 0;
  for (size_t i = 0; i < m; i++)
    if (tolower((unsigned char)s[n - m + i]) != tolower((unsigned char)suffix[i])) return 0;
  return 1;
}

/* ---- items -------------------------------------------------------------- */

/* ST_UNSET: an environment variable that is not set; neither ok nor a
 * fault, so not counted as either. */
typedef enum status { ST_OK, ST_WARNING, ST_MISSING, ST_UNSET } status;
static const char *const status_names[] = {"ok", "warning", "missing", "unset"};

typedef enum section { SEC_ROCM, SEC_COMPILERS, SEC_DEVICE_LIBS, SEC_GPUS, SEC_ENV, SEC_PYTORCH, SEC__COUNT } section;
static const char *const section_ids[] = {"rocm", "compilers", "device-libs", "gpus", "environment", "pytorch"};
static const char *const section_titles[] = {"ROCm / HIP", "Compilers", "Device libraries", "GPUs",
                                             "Environment", "PyTorch"};

typedef struct item {
  section sec;
  status st;
  char *name;
  char *message;  /* one line: what was found and, when not ok, what to do */
  char *version;  /* optional */
  char *path;     /* optional */
  char *value;    /* environment: the variable's value, NULL when unset */
  char *command;  /* compilers: the probe command line */
  int accepts;    /* compilers: 1 builds for ARCH, 0 does not, -1 not tried */
} item;

typedef struct doctor {
  c2h_arch t;      /* the target: t.name as given (gfx942:xnack-), t.base (gfx942), t.isa (942) */
  const char *device_lib_opt;
  const char *hip_path;  /* --hip-path, or NULL */
  item **items;
  size_t n_items;
  c2h_rocm_list rocm;  /* the ROCm installations found, in search order */
  const char *rocm_root; /* the first one's prefix, or NULL: the one used below */
  c2h_device_libs dl;  /* device-library folders: any, and the one for the target */
  int n_gpus;          /* -1: unknown */
  char builder[32];    /* label of the compiler named in the verdict */
  char *build_command;
  int pytorch;         /* --pytorch */
  const char *python;  /* --python, or NULL */
  char *python_path;   /* the Python probed, or NULL when there is none */
  c2h_proc python_probe; /* started by start_pytorch_probe, waited for by check_pytorch */
} doctor;

static item *add(doctor *d, section sec, const char *name, status st, const char *f, ...) C2H_PRINTF(5, 6);
static item *add(doctor *d, section sec, const char *name, status st, const char *f, ...) {
  item *it = xmalloc(sizeof *it);
  memset(it, 0, sizeof *it);
  it->sec = sec;
  it->st = st;
  it->name = xstrdup(name);
  it->accepts = -1;
  va_list ap;
  va_start(ap, f);
  it->message = vfmt(f, ap);
  va_end(ap);
  d->items = xrealloc(d->items, (d->n_items + 1) * sizeof *d->items);
  d->items[d->n_items++] = it;
  return it;
}

static void doctor_free(doctor *d) {
  for (size_t i = 0; i < d->n_items; i++) {
    item *it = d->items[i];
    free(it->name);
    free(it->message);
    free(it->version);
    free(it->path);
    free(it->value);
    free(it->command);
    free(it);
  }
  free(d->items);
  c2h_rocm_list_dispose(&d->rocm);
  c2h_device_libs_dispose(&d->dl);
  free(d->build_command);
  c2h_proc_dispose(&d->python_probe);
  free(d->python_path);
}

static void remove_tmpdir(void) {
  if (!g_tmpdir) return;
  c2h_proc_remove_tree(g_tmpdir);
  free(g_tmpdir);
  g_tmpdir = NULL;
}

/* ---- text scanning ------------------------------------------------------ */

/* The first line of text holding `key`, from just after key to the end of
 * the line, trimmed; NULL if none. */
static char *line_after(const char *text, const char *key) {
  const char *s = text ? strstr(text, key) : NULL;
  if (!s) return NULL;
  s += strlen(key);
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strcspn(s, "\r\n");
  while (n && isspace((unsigned char)s[n - 1])) n--;
  return fmt("%.*s", (int)n, s);
}

/* The first word (up to blank) of s; s is freed. */
static char *first_word(char *s) {
  if (!s) return NULL;
  s[strcspn(s, " \t(")] = '\0';
  return s;
}

/* The version a library's header announces: NAME..MAJOR / MINOR / PATCH
 * macros (hipsparseVersionMajor, ROCPRIM_VERSION_MAJOR, NCCL_MAJOR), else
 * one NAME..VERSION macro holding major * 100000 + minor * 100 + patch.
 * NULL if none. */
static char *header_version(const char *path) {
  char *text = read_text(path, 256 * 1024);
  if (!text) return NULL;
  long major = -1, minor = -1, patch = -1, combined = -1;
  for (char *line = text; line && *line;) {
    char *next = strchr(line, '\n');
    if (next) *next++ = '\0';
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (*s++ != '#') goto next_line;
    while (*s == ' ' || *s == '\t') s++;
    if (strncmp(s, "define", 6) != 0 || (s[6] != ' ' && s[6] != '\t')) goto next_line;
    s += 6;
    while (*s == ' ' || *s == '\t') s++;
    const char *name = s;
    while (isalnum((unsigned char)*s) || *s == '_') s++;
    size_t name_len = (size_t)(s - name);
    if (!name_len || (*s != ' ' && *s != '\t')) goto next_line;
    while (*s == ' ' || *s == '\t') s++;
    if (!isdigit((unsigned char)*s)) goto next_line;
    char *end;
    long v = strtol(s, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r') end++;
    if (*end && strncmp(end, "//", 2) != 0 && strncmp(end, "/*", 2) != 0) goto next_line;
    if (major < 0 && ends_with_ci(name, name_len, "major")) major = v;
    else if (minor < 0 && ends_with_ci(name, name_len, "minor")) minor = v;
    else if (patch < 0 && ends_with_ci(name, name_len, "patch")) patch = v;
    else if (combined < 0 && ends_with_ci(name, name_len, "version") && v >= 100) combined = v;
  next_line:
    line = next;
  }
  free(text);
  if (major >= 0 && minor >= 0)
    return patch >= 0 ? fmt("%ld.%ld.%ld", major, minor, patch) : fmt("%ld.%ld", major, minor);
  if (combined >= 0) return fmt("%ld.%ld.%ld", combined / 100000, combined / 100 % 1000, combined % 100);
  return NULL;
}

/* Splits a list of architectures (separated by ; , or blanks) and tells
 * whether one of them, without its features, is `base`. */
static int list_has_arch(const char *list, const char *base) {
  size_t bl = strlen(base);
  for (const char *s = list; *s;) {
    s += strspn(s, ";, \t");
    size_t n = strcspn(s, ";, \t");
    size_t proc_len = strcspn(s, ";, \t:");
    if (proc_len > n) proc_len = n;
    if (n && proc_len == bl && strncmp(s, base, bl) == 0) return 1;
    s += n;
  }
  return 0;
}

/* ---- ROCm / HIP --------------------------------------------------------- */

typedef struct hip_lib {
  const char *name;
  const char *needed_by;      /* who needs it */
  const char *headers[3];     /* any of them present: installed */
  const char *version_hdrs[4];
} hip_lib;

static const hip_lib hip_libs[] = {
    {"hipblas", "translated cuBLAS code", {"hipblas/hipblas.h", "hipblas.h"}, {"hipblas/hipblas-version.h", "hipblas-version.h"}},
    {"hiprand", "translated cuRAND code", {"hiprand/hiprand.h", "hiprand.h"}, {"hiprand/hiprand_version.h", "hiprand_version.h"}},
    {"hipfft", "translated cuFFT code", {"hipfft/hipfft.h", "hipfft.h"}, {"hipfft/hipfft-version.h", "hipfft-version.h"}},
    {"hipsparse", "translated cuSPARSE code", {"hipsparse/hipsparse.h", "hipsparse.h"},
     {"hipsparse/hipsparse-version.h", "hipsparse-version.h"}},
    {"hipsolver", "translated cuSOLVER code", {"hipsolver/hipsolver.h", "hipsolver.h"},
     {"hipsolver/hipsolver-version.h", "hipsolver/internal/hipsolver-version.h", "hipsolver-version.h"}},
    {"hipcub", "translated CUB code", {"hipcub/hipcub.hpp"}, {"hipcub/hipcub_version.hpp"}},
    {"rocthrust", "translated Thrust code", {"thrust/rocthrust_version.hpp"}, {"thrust/rocthrust_version.hpp"}},
    {"rccl", "translated NCCL code", {"rccl/rccl.h", "rccl.h"}, {"rccl/rccl.h", "rccl.h"}},
    {"rocprim", "hipCUB and rocThrust", {"rocprim/rocprim.hpp"},
     {"rocprim/rocprim_version.hpp"}},
};

static void check_rocm(doctor *d) {
  if (c2h_rocm_find_all(d->hip_path, &d->rocm) != 0) oom();
  const c2h_rocm_install *inst = d->rocm.n ? &d->rocm.items[0] : NULL;
  if (inst) {
    d->rocm_root = inst->root;
    char *vh = fmt("%s/hip/hip_version.h", inst->include_dir);
    char *rt = fmt("%s/hip/hip_runtime.h", inst->include_dir);
    char auto_text[96] = "";
    if (inst->version)
      snprintf(auto_text, sizeof auto_text, "; translations with --rocm-version auto%s target %d.%d",
               d->hip_path ? " and this --hip-path" : "", inst->version / 100, inst->version % 100);
    item *it;
    if (is_file(rt))
      it = add(d, SEC_ROCM, "hip", ST_OK, "HIP %s headers in %s/hip (found through %s)%s",
               *inst->version_text ? inst->version_text : "(version unknown)", inst->include_dir,
               c2h_rocm_origin_text(inst->origin), auto_text);
    else
      it = add(d, SEC_ROCM, "hip", ST_WARNING,
               "%s exists but hip/hip_runtime.h does not: the HIP headers are incomplete; reinstall ROCm's "
               "hip-dev (Debian: libamdhip64-dev)",
               vh);
    it->version = *inst->version_text ? xstrdup(inst->version_text) : NULL;
    it->path = vh;
    free(rt);
    /* What a translation run warns about, said here too. */
    char *too_old = NULL;
    if (c2h_rocm_predates_arch(inst, d->t.name, &too_old) != 0) oom();
    if (too_old) {
      it = add(d, SEC_ROCM, "rocm-version", ST_WARNING, "%s", too_old);
      it->version = xstrdup(inst->version_text);
      free(too_old);
    }
  } else {
    add(d, SEC_ROCM, "hip", ST_MISSING,
        "no include/hip/hip_version.h in " C2H_ROCM_SEARCH_PLACES ": install ROCm's hip-dev (Debian: "
        "libamdhip64-dev), or set ROCM_PATH to the ROCm install");
  }

  /* The runtime library, needed to link programs (not to compile them). */
  char *lib = NULL;
  const char *lib_prefixes[2] = {d->rocm_root ? d->rocm_root : "/opt/rocm", "/usr"};
  static const char *const lib_dirs[] = {"lib", "lib64", "lib/x86_64-linux-gnu"};
  for (int p = 0; p < 2 && !lib; p++)
    for (size_t k = 0; k < sizeof lib_dirs / sizeof *lib_dirs && !lib; k++) {
      char *c = fmt("%s/%s/libamdhip64.so", lib_prefixes[p], lib_dirs[k]);
      if (is_file(c)) lib = c;
      else free(c);
    }
  if (lib) {
    item *it = add(d, SEC_ROCM, "libamdhip64", ST_OK, "HIP runtime library %s (for linking programs)", lib);
    it->path = lib;
  } else {
    add(d, SEC_ROCM, "libamdhip64", ST_WARNING,
        "libamdhip64.so not found: objects compile, but linking programs needs it; install ROCm's hip-runtime-amd "
        "(Debian: libamdhip64-dev)");
  }

  /* The HIP libraries, looked for in each installation in turn. */
  for (size_t l = 0; l < sizeof hip_libs / sizeof *hip_libs; l++) {
    const hip_lib *hl = &hip_libs[l];
    char *found = NULL;
    const char *include_dir = NULL;
    for (size_t r = 0; r < d->rocm.n && !found; r++)
      for (size_t h = 0; h < 3 && hl->headers[h] && !found; h++) {
        char *c = fmt("%s/%s", d->rocm.items[r].include_dir, hl->headers[h]);
        if (is_file(c)) {
          found = c;
          include_dir = d->rocm.items[r].include_dir;
        } else {
          free(c);
        }
      }
    if (!found) {
      add(d, SEC_ROCM, hl->name, ST_MISSING,
          "headers not found: needed only by %s; install ROCm's %s-dev (Debian: lib%s-dev)", hl->needed_by,
          hl->name, hl->name);
      continue;
    }
    char *ver = NULL;
    for (size_t h = 0; h < 4 && hl->version_hdrs[h] && !ver; h++) {
      char *c = fmt("%s/%s", include_dir, hl->version_hdrs[h]);
      ver = header_version(c);
      free(c);
    }
    item *it = ver ? add(d, SEC_ROCM, hl->name, ST_OK, "%s at %s (needed by %s)", ver, found, hl->needed_by)
                   : add(d, SEC_ROCM, hl->name, ST_OK, "%s, no version header (needed by %s)", found,
                         hl->needed_by);
    it->version = ver;
    it->path = found;
  }
}

/* ---- device libraries --------------------------------------------------- */

static void check_device_libs(doctor *d) {
  if (c2h_device_libs_find(d->device_lib_opt, "--device-lib-path", d->rocm_root, d->t.isa, &d->dl) != 0) oom();
  char *isa_file = fmt("oclc_isa_version_%s.bc", d->t.isa);
  if (d->dl.any) {
    item *it = add(d, SEC_DEVICE_LIBS, "device-libs", ST_OK, "ROCm device libraries (ocml.bc, ockl.bc, ...) in %s",
                   d->dl.any);
    it->path = xstrdup(d->dl.any);
  } else {
    add(d, SEC_DEVICE_LIBS, "device-libs", ST_MISSING,
        "no amdgcn/bitcode folder with ocml.bc under ROCm, /usr/lib/x86_64-linux-gnu or $HIP_DEVICE_LIB_PATH: "
        "install rocm-device-libs (ROCm and Debian)");
  }

  if (d->dl.isa) {
    item *it = add(d, SEC_DEVICE_LIBS, isa_file, ST_OK, "%s/%s (%s): device code for %s links", d->dl.isa,
                   isa_file, d->dl.isa_origin, d->t.base);
    it->path = fmt("%s/%s", d->dl.isa, isa_file);
  } else if (strcmp(d->t.isa, "942") == 0 && d->dl.any && has_file(d->dl.any, "oclc_isa_version_940.bc")) {
    add(d, SEC_DEVICE_LIBS, isa_file, ST_MISSING,
        "%s stops at gfx940: make a folder with a gfx942 variant with cu2hip's tests/compile/make_device_libs.sh "
        "DIR (needs llvm-19), then give clang --rocm-device-lib-path=DIR (and doctor --device-lib-path DIR), or "
        "install ROCm 6 or later",
        d->dl.any);
  } else {
    add(d, SEC_DEVICE_LIBS, isa_file, ST_MISSING,
        "not found in any device-library folder: clang cannot link device code for %s; install ROCm device "
        "libraries that support %s (ROCm's rocm-device-libs), or name a folder with --device-lib-path",
        d->t.base, d->t.base);
  }
  free(isa_file);
}

/* ---- compilers ---------------------------------------------------------- */

static char *compiler_version(const c2h_compiler *c, const c2h_proc *version) {
  if (version->code != 0) return NULL;
  if (c->hipcc) {
    char *hip = first_word(line_after(version->out, "HIP version:"));
    char *clang = first_word(line_after(version->out, "clang version"));
    char *v = NULL;
    if (hip && clang) v = fmt("HIP %s, clang %s", hip, clang);
    else if (hip) v = fmt("HIP %s", hip);
    else if (clang) v = fmt("clang %s", clang);
    free(hip);
    free(clang);
    return v;
  }
  return first_word(line_after(version->out, "clang version"));
}

/* What to do about a failed probe, after its error. */
static const char *probe_hint(c2h_probe_failure f) {
  switch (f) {
    case C2H_PROBE_OLD_HIPCC:
      return " (Debian's hipcc uses clang-15, which predates gfx942: use ROCm's hipcc or clang++-19)";
    case C2H_PROBE_NO_DEVICE_LIB: return " (see Device libraries)";
    case C2H_PROBE_NEWER_DEVICE_LIB:
      return " (the device libraries come from a newer LLVM than this clang: use a newer clang)";
    case C2H_PROBE_OLD_CLANG: return " (this clang predates the architecture: use a newer one)";
    default: return "";
  }
}

static int check_compilers(doctor *d) {
  c2h_compilers cl;
  if (c2h_compilers_find(d->hip_path, &d->rocm, &cl) != 0) oom();
  const c2h_compiler *cs = cl.items;
  size_t n = cl.n;

  /* A temporary folder holding the probe kernel and the objects. */
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  g_tmpdir = c2h_proc_scratch_make("cu2hip-doctor");
  int have_dir = g_tmpdir && c2h_probe_write(g_tmpdir) == 0;
  char *dir_error = have_dir ? NULL : fmt("could not write a probe kernel in %s: %s", tmp, strerror(errno));

  /* The --version runs go along with the probes. */
  c2h_proc versions[C2H_TOOLCHAIN_MAX_COMPILERS];
  for (size_t i = 0; i < n; i++) {
    memset(&versions[i], 0, sizeof versions[i]);
    versions[i].fd = -1;
    versions[i].code = -1;
    if (cs[i].dup_of >= 0) continue;
    char *vargv[] = {cs[i].path, "--version", NULL};
    if (c2h_proc_start(&versions[i], vargv, NULL, C2H_TOOLCHAIN_PROBE_TIMEOUT_MS) == C2H_ERR_NOMEM) oom();
  }
  c2h_probe probes[C2H_TOOLCHAIN_MAX_COMPILERS];
  if (c2h_probe_all(&cl, d->t.name, d->rocm_root, c2h_device_libs_folder(&d->dl), have_dir ? g_tmpdir : NULL,
                    C2H_PROBE_COMPILE, NULL, C2H_TOOLCHAIN_PROBE_TIMEOUT_MS, probes) != 0 ||
      c2h_proc_wait(versions, n, 1) != 0)
    oom();

  if (!cl.hipcc_found)
    add(d, SEC_COMPILERS, "hipcc", ST_MISSING,
        "not on PATH nor in a ROCm prefix's bin folder: install ROCm (hipcc) to use it; not needed when a clang++ here "
        "builds for %s",
        d->t.name);
  int builder = c2h_probe_first_built(&cl, probes);
  for (size_t i = 0; i < n; i++) {
    const c2h_compiler *c = &cs[i];
    const c2h_probe *p = &probes[i];
    item *it;
    if (c->dup_of >= 0) {
      const item *orig = NULL;
      for (size_t k = d->n_items; k-- > 0;)
        if (d->items[k]->sec == SEC_COMPILERS && !strcmp(d->items[k]->name, cs[c->dup_of].label)) {
          orig = d->items[k];
          break;
        }
      it = add(d, SEC_COMPILERS, c->label, orig ? orig->st : ST_WARNING, "%s is the same compiler as %s (%s)",
               c->path, cs[c->dup_of].label, c->real);
      it->path = xstrdup(c->path);
      if (orig) {
        it->version = xstrdup(orig->version);
        it->accepts = orig->accepts;
      }
      continue;
    }
    char *ver = compiler_version(c, &versions[i]);
    char *where = fmt("%s%s%s", ver ? ver : "version unknown", ver ? " at " : ", ", c->path);
    if (p->built) {
      it = add(d, SEC_COMPILERS, c->label, ST_OK, "%s: compiles HIP for %s", where, d->t.name);
      if ((int)i == builder) {
        memcpy(d->builder, c->label, sizeof d->builder);
        d->build_command = xstrdup(p->shown);
      }
    } else {
      char *why = have_dir ? c2h_probe_error(p, C2H_TOOLCHAIN_PROBE_TIMEOUT_MS) : xstrdup(dir_error);
      if (!why) oom();
      it = add(d, SEC_COMPILERS, c->label, ST_WARNING, "%s: cannot build for %s: %s%s", where, d->t.name, why,
               probe_hint(c2h_probe_classify(c, p, why)));
      free(why);
    }
    it->accepts = have_dir ? p->built : -1;
    it->version = ver;
    it->path = xstrdup(c->path);
    it->command = xstrdup(p->shown);
    free(where);
  }
  if (!cl.clang_found)
    add(d, SEC_COMPILERS, "clang++", ST_MISSING,
        "no clang++ or clang++-NN on PATH: install clang-19 and clang-tools-19 (Debian), whose clang builds HIP "
        "code with --offload-arch=%s",
        d->t.name);

  /* clang-offload-bundler: clang looks next to itself, then on PATH. */
  char *bundler = NULL;
  const char *bundler_for = NULL;
  for (size_t i = 0; i < n && !bundler; i++) {
    if (cs[i].hipcc) continue;
    char *r = xstrdup(cs[i].real);
    char *slash = strrchr(r, '/');
    if (slash) {
      *slash = '\0';
      char *c = fmt("%s/clang-offload-bundler", r);
      if (is_exec(c)) {
        bundler = c;
        bundler_for = cs[i].label;
      } else {
        free(c);
      }
    }
    free(r);
  }
  if (!bundler) bundler = c2h_proc_find_in_path("clang-offload-bundler");
  if (bundler) {
    item *it = bundler_for ? add(d, SEC_COMPILERS, "clang-offload-bundler", ST_OK, "%s (next to %s)", bundler,
                                 bundler_for)
                           : add(d, SEC_COMPILERS, "clang-offload-bundler", ST_OK, "%s (on PATH)", bundler);
    it->path = bundler;
  } else {
    add(d, SEC_COMPILERS, "clang-offload-bundler", ST_MISSING,
        "not next to any clang nor on PATH: clang needs it to bundle host and device code; install "
        "clang-tools-19 (Debian) or use ROCm's clang");
  }

  for (size_t i = 0; i < n; i++) {
    c2h_proc_dispose(&versions[i]);
    c2h_probe_dispose(&probes[i]);
  }
  c2h_compilers_dispose(&cl);
  free(dir_error);
  remove_tmpdir();
  return builder >= 0;
}

/* ---- GPUs --------------------------------------------------------------- */

typedef struct gpu_count {
  char name[32];
  int n;
} gpu_count;

static void count_gpu(gpu_count *g, size_t *n, const char *name) {
  for (size_t i = 0; i < *n; i++)
    if (!strcmp(g[i].name, name)) {
      g[i].n++;
      return;
    }
  if (*n >= 64) return;
  snprintf(g[*n].name, sizeof g[*n].name, "%s", name);
  g[(*n)++].n = 1;
}

static void check_gpus(doctor *d) {
  gpu_count g[64];
  size_t n = 0;
  const char *source = NULL;
  char *rocminfo = c2h_proc_find_in_path("rocminfo");
  if (!rocminfo && d->rocm_root) {
    rocminfo = fmt("%s/bin/rocminfo", d->rocm_root);
    if (!is_exec(rocminfo)) {
      free(rocminfo);
      rocminfo = NULL;
    }
  }
  char *rocminfo_error = NULL;
  if (rocminfo) {
    char *argv[] = {rocminfo, NULL};
    c2h_proc run;
    if (c2h_proc_start(&run, argv, NULL, VERSION_TIMEOUT_MS) == C2H_ERR_NOMEM ||
        (run.pid && c2h_proc_wait(&run, 1, 1) != 0))
      oom();
    int rc = run.pid && run.code == 0 ? 0 : -1;
    const char *out = run.out;
    for (const char *s = out; rc == 0 && s && (s = strstr(s, "Name:")) != NULL;) {
      s += 5;
      while (*s == ' ' || *s == '\t') s++;
      if (strncmp(s, "gfx", 3) != 0) continue;
      size_t len = 3 + strspn(s + 3, "0123456789abcdef");
      if (len > 3 && len < 16 && (s[len] == '\0' || isspace((unsigned char)s[len]))) {
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)len, s);
        count_gpu(g, &n, name);
      }
    }
    if (n) {
      source = "rocminfo";
    } else if (rc != 0) {
      char *why = c2h_proc_failure(&run, VERSION_TIMEOUT_MS);
      if (!why) oom();
      rocminfo_error = fmt("rocminfo %s", why);
      free(why);
    }
    c2h_proc_dispose(&run);
  }
  if (!n) {
    const char *nodes = "/sys/class/kfd/kfd/topology/nodes";
    DIR *dir = opendir(nodes);
    struct dirent *e;
    while (dir && (e = readdir(dir)) != NULL) {
      if (e->d_name[0] == '.') continue;
      char *p = fmt("%s/%s/properties", nodes, e->d_name);
      char *text = read_text(p, 64 * 1024);
      free(p);
      const char *s = text ? strstr(text, "gfx_target_version ") : NULL;
      long v = s ? strtol(s + 19, NULL, 10) : 0;
      free(text);
      if (v <= 0) continue; /* a CPU node */
      char name[32];
      snprintf(name, sizeof name, "gfx%ld%ld%lx", v / 10000, v / 100 % 100, v % 100);
      count_gpu(g, &n, name);
    }
    if (dir) closedir(dir);
    if (n) source = "/sys/class/kfd";
  }
  d->n_gpus = 0;
  for (size_t i = 0; i < n; i++) {
    d->n_gpus += g[i].n;
    if (!strcmp(g[i].name, d->t.base))
      add(d, SEC_GPUS, g[i].name, ST_OK, "%d GPU%s (%s): runs code built for %s", g[i].n, g[i].n > 1 ? "s" : "",
          source, d->t.name);
    else
      add(d, SEC_GPUS, g[i].name, ST_WARNING,
          "%d GPU%s (%s) that cannot run code built only for %s: add --offload-arch=%s to the build", g[i].n,
          g[i].n > 1 ? "s" : "", source, d->t.base, g[i].name);
  }
  if (!n)
    add(d, SEC_GPUS, "gpu", ST_MISSING,
        "none found (%s%s/sys/class/kfd %s): the output can be compiled here, but runs only on a machine with an "
        "AMD GPU",
        rocminfo_error ? rocminfo_error : rocminfo ? "rocminfo lists no gfx agent" : "no rocminfo",
        ", ", is_dir("/sys/class/kfd") ? "lists no GPU" : "absent");
  if (access("/dev/kfd", F_OK) == 0 && access("/dev/kfd", R_OK | W_OK) != 0)
    add(d, SEC_GPUS, "/dev/kfd", ST_WARNING,
        "exists but this user cannot open it, so HIP programs see no GPU: add the user to the render and video "
        "groups (usermod -aG render,video USER) and log in again");
  free(rocminfo);
  free(rocminfo_error);
}

/* ---- environment -------------------------------------------------------- */

static item *env_item(doctor *d, const char *name, status st, const char *f, ...) C2H_PRINTF(4, 5);
static item *env_item(doctor *d, const char *name, status st, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *msg = vfmt(f, ap);
  va_end(ap);
  const char *v = getenv(name);
  item *it = add(d, SEC_ENV, name, !v && st == ST_OK ? ST_UNSET : st, "%s", msg);
  free(msg);
  it->value = xstrdup(v);
  return it;
}

/* A variable naming GPUs: indices, UUIDs (GPU-...). */
static void check_visible(doctor *d, const char *name, const char *extra) {
  const char *v = getenv(name);
  if (!v) {
    env_item(d, name, ST_OK, "not set");
    return;
  }
  if (!*v) {
    env_item(d, name, ST_WARNING, "set but empty, which hides every GPU from HIP programs%s: unset it", extra);
    return;
  }
  long max_index = -1;
  for (const char *s = v; *s;) {
    size_t n = strcspn(s, ",");
    int ok = n > 0;
    if (ok && n > 4 && strncmp(s, "GPU-", 4) == 0) {
      for (size_t k = 4; k < n; k++) ok = ok && (isxdigit((unsigned char)s[k]) || s[k] == '-');
    } else {
      for (size_t k = 0; k < n; k++) ok = ok && isdigit((unsigned char)s[k]);
      if (ok) {
        long idx = strtol(s, NULL, 10);
        if (idx > max_index) max_index = idx;
      }
    }
    if (!ok) {
      if (n && s[0] == '-')
        env_item(d, name, ST_WARNING, "hides every GPU from HIP programs%s: unset it", extra);
      else
        env_item(d, name, ST_WARNING, "'%.*s' is not a GPU index or UUID (GPU-...)%s: unset it or list indices", (int)n,
                 s, extra);
      return;
    }
    s += n;
    if (*s == ',') s++;
  }
  if (d->n_gpus > 0 && max_index >= d->n_gpus)
    env_item(d, name, ST_WARNING, "names GPU %ld, but %d GPU%s found%s: programs may see fewer GPUs than expected",
             max_index, d->n_gpus, d->n_gpus > 1 ? "s were" : " was", extra);
  else
    env_item(d, name, ST_OK, "limits the GPUs HIP programs see%s", extra);
}

/* A variable listing target architectures. */
static void check_arch_list(doctor *d, const char *name, const char *what) {
  const char *v = getenv(name);
  if (!v) env_item(d, name, ST_OK, "not set");
  else if (list_has_arch(v, d->t.base)) env_item(d, name, ST_OK, "includes %s", d->t.base);
  else
    env_item(d, name, ST_WARNING, "does not include %s, so %s: add %s or unset it", d->t.base, what, d->t.base);
}

/* A variable naming a folder; `must_hold` is a file it should contain. */
static void check_dir_var(doctor *d, const char *name, const char *must_hold, const char *use) {
  const char *v = getenv(name);
  if (!v) {
    env_item(d, name, ST_OK, "not set");
  } else if (!is_dir(v)) {
    env_item(d, name, ST_WARNING, "is not an existing folder, but %s: unset it or fix it", use);
  } else if (must_hold && !has_file(v, must_hold)) {
    env_item(d, name, ST_WARNING, "has no %s, but %s: unset it or point it to the right folder", must_hold, use);
  } else {
    env_item(d, name, ST_OK, "%s", use);
  }
}

static void check_environment(doctor *d) {
  const char *v = getenv("HIP_PLATFORM");
  if (!v) env_item(d, "HIP_PLATFORM", ST_OK, "not set (hipcc defaults to amd)");
  else if (!strcmp(v, "amd")) env_item(d, "HIP_PLATFORM", ST_OK, "HIP targets AMD GPUs");
  else if (!strcmp(v, "hcc"))
    env_item(d, "HIP_PLATFORM", ST_WARNING, "'hcc' is the deprecated name of amd: set HIP_PLATFORM=amd");
  else
    env_item(d, "HIP_PLATFORM", ST_WARNING,
             "makes hipcc and the HIP headers target %s instead of AMD GPUs (%s): unset it or set HIP_PLATFORM=amd",
             !strcmp(v, "nvidia") || !strcmp(v, "nvcc") ? "NVIDIA GPUs through CUDA" : "another platform",
             d->t.name);

  v = getenv("HIP_COMPILER");
  if (v && strcmp(v, "clang") != 0)
    env_item(d, "HIP_COMPILER", ST_WARNING, "hipcc needs clang to build for AMD GPUs: unset it");

  v = getenv("HSA_OVERRIDE_GFX_VERSION");
  if (!v) {
    env_item(d, "HSA_OVERRIDE_GFX_VERSION", ST_OK, "not set");
  } else {
    int major, minor, step, used = 0;
    if (sscanf(v, "%d.%d.%d%n", &major, &minor, &step, &used) == 3 && !v[used] && major > 0 && minor >= 0 &&
        minor < 10 && step >= 0 && step < 16) {
      char gfx[32];
      snprintf(gfx, sizeof gfx, "gfx%d%d%x", major, minor, (unsigned)step);
      if (!strcmp(gfx, d->t.base))
        env_item(d, "HSA_OVERRIDE_GFX_VERSION", ST_OK,
                 "matches %s (needed only when a GPU reports another ISA)", d->t.base);
      else
        env_item(d, "HSA_OVERRIDE_GFX_VERSION", ST_WARNING,
                 "makes the runtime treat every GPU as %s, which disagrees with %s: code built for %s will not "
                 "load; unset it",
                 gfx, d->t.base, d->t.base);
    } else {
      env_item(d, "HSA_OVERRIDE_GFX_VERSION", ST_WARNING,
               "is not MAJOR.MINOR.STEPPING (e.g. 9.4.2 for gfx942): the runtime may refuse every GPU; unset it");
    }
  }

  check_arch_list(d, "PYTORCH_ROCM_ARCH", "PyTorch extensions built here get no code for it");
  check_arch_list(d, "GPU_TARGETS", "ROCm library builds that read it get no code for it");
  check_arch_list(d, "AMDGPU_TARGETS", "ROCm library builds that read it get no code for it");
  v = getenv("HCC_AMDGPU_TARGET");
  if (v && list_has_arch(v, d->t.base))
    env_item(d, "HCC_AMDGPU_TARGET", ST_WARNING,
             "includes %s but is obsolete (HCC era) and ignored by current hipcc: use --offload-arch=%s", d->t.base,
             d->t.base);
  else
    check_arch_list(d, "HCC_AMDGPU_TARGET", "old hipcc builds get no code for it (the variable is obsolete)");

  check_visible(d, "HIP_VISIBLE_DEVICES", "");
  check_visible(d, "ROCR_VISIBLE_DEVICES", "");
  check_visible(d, "CUDA_VISIBLE_DEVICES", " (HIP honours it on AMD GPUs too)");

  check_dir_var(d, "ROCM_PATH", "include/hip/hip_runtime.h", "hipcc, clang and CMake look for ROCm there");
  check_dir_var(d, "HIP_PATH", "include/hip/hip_runtime.h", "hipcc looks for the HIP headers there");
  check_dir_var(d, "HIP_CLANG_PATH", "clang++", "hipcc runs the clang found there");
  char *isa_file = fmt("oclc_isa_version_%s.bc", d->t.isa);
  check_dir_var(d, "HIP_DEVICE_LIB_PATH", isa_file, "hipcc links device libraries from there");
  free(isa_file);
}

/* ---- PyTorch (--pytorch) ------------------------------------------------ */

/* What the Python side reports, one KEY=VALUE line each; it never raises. */
static const char pytorch_probe[] =
    "import sys\n"
    "def out(k, v):\n"
    "    print('%s=%s' % (k, str(v).replace('\\n', ' ')))\n"
    "out('python', sys.version.split()[0])\n"
    "try:\n"
    "    import torch\n"
    "except BaseException as e:\n"
    "    out('torch_error', '%s: %s' % (type(e).__name__, e))\n"
    "    torch = None\n"
    "if torch is not None:\n"
    "    out('torch_version', getattr(torch, '__version__', '?'))\n"
    "    out('torch_path', getattr(torch, '__file__', ''))\n"
    "    v = getattr(torch, 'version', None)\n"
    "    out('hip', getattr(v, 'hip', None) or '')\n"
    "    out('cuda', getattr(v, 'cuda', None) or '')\n"
    "    try:\n"
    "        out('arch_flags', torch._C._cuda_getArchFlags() or '')\n"
    "    except BaseException:\n"
    "        out('arch_flags', '')\n"
    "    try:\n"
    "        out('arch_list', ' '.join(torch.cuda.get_arch_list()))\n"
    "    except BaseException:\n"
    "        out('arch_list', '')\n"
    "    try:\n"
    "        import torch.utils.cpp_extension as ce\n"
    "        out('rocm_home', getattr(ce, 'ROCM_HOME', None) or '')\n"
    "        import inspect\n"
    "        src = inspect.getsource(ce._get_rocm_arch_flags)\n"
    "        out('user_arch_flag', 'offload-arch' if 'offload-arch' in src else 'amdgpu-target')\n"
    "    except BaseException as e:\n"
    "        out('cpp_extension_error', '%s: %s' % (type(e).__name__, e))\n"
    "try:\n"
    "    import triton\n"
    "    out('triton_version', getattr(triton, '__version__', '?'))\n"
    "    b = getattr(getattr(triton, 'backends', None), 'backends', None)\n"
    "    out('triton_backends', ' '.join(sorted(b)) if b else '')\n"
    "except BaseException as e:\n"
    "    out('triton_error', '%s: %s' % (type(e).__name__, e))\n";

/* The value of KEY= in the probe's output (a copy), or NULL. */
static char *probe_value(const char *text, const char *key) {
  size_t n = strlen(key);
  for (const char *s = text; s && *s;) {
    if (!strncmp(s, key, n) && s[n] == '=') {
      size_t m = strcspn(s + n + 1, "\r\n");
      return fmt("%.*s", (int)m, s + n + 1);
    }
    s = strchr(s, '\n');
    if (s) s++;
  }
  return NULL;
}

/* Why a missing architecture matters: the errors people meet. */
#define ARCH_SYMPTOMS                                                                                        \
  "its GPU code cannot run on %s: PyTorch and extension kernels fail with 'HIP error: invalid device "      \
  "function' or 'no kernel image is available for execution on the device', and forcing the GPU's ISA with " \
  "HSA_OVERRIDE_GFX_VERSION to make it load ends in 'Illegal instruction' or memory faults"

/* Starts the Python probe of --pytorch, which check_pytorch waits for: it
 * runs while the compilers are probed. */
static void start_pytorch_probe(doctor *d) {
  char *python = d->python ? xstrdup(d->python) : c2h_proc_find_in_path("python3");
  if (d->python && !strchr(python, '/')) {
    char *found = c2h_proc_find_in_path(python);
    free(python);
    python = found ? found : xstrdup(d->python);
  }
  if (!python || !is_exec(python)) {
    free(python);
    return;
  }
  d->python_path = python;
  char *argv[] = {python, "-c", (char *)pytorch_probe, NULL};
  if (c2h_proc_start(&d->python_probe, argv, NULL, PYTHON_TIMEOUT_MS) == C2H_ERR_NOMEM) oom();
}

static void check_pytorch(doctor *d) {
  if (!d->python_path) {
    add(d, SEC_PYTORCH, "python", ST_MISSING, "%s not found: PyTorch extensions are built with Python",
        d->python ? d->python : "python3");
    return;
  }
  const char *python = d->python_path;
  c2h_proc *probe = &d->python_probe;
  if (probe->pid && c2h_proc_wait(probe, 1, 1) != 0) oom();
  const char *out = probe->out;
  char *pyver = probe->pid && probe->code == 0 ? probe_value(out, "python") : NULL;
  if (!pyver) {
    char *why = probe->pid && probe->code == 0 ? xstrdup("printed no Python version")
                                               : c2h_proc_failure(probe, PYTHON_TIMEOUT_MS);
    if (!why) oom();
    add(d, SEC_PYTORCH, "python", ST_MISSING, "%s did not run the probe: it %s%s%.200s", python, why,
        out && *out ? ": " : "", out ? out : "");
    free(why);
    goto done;
  }
  item *it = add(d, SEC_PYTORCH, "python", ST_OK, "Python %s", pyver);
  it->version = xstrdup(pyver);
  it->path = xstrdup(python);
  char *err = probe_value(out, "torch_error");
  if (err) {
    add(d, SEC_PYTORCH, "torch", ST_MISSING,
        "cannot import torch (%s): install a ROCm build of PyTorch (pip install torch --index-url "
        "https://download.pytorch.org/whl/rocmX.Y)",
        err);
    free(err);
  } else {
    char *ver = probe_value(out, "torch_version"), *path = probe_value(out, "torch_path");
    char *hip = probe_value(out, "hip"), *cuda = probe_value(out, "cuda");
    char *flags = probe_value(out, "arch_flags"), *list = probe_value(out, "arch_list");
    char *rocm_home = probe_value(out, "rocm_home"), *user_flag = probe_value(out, "user_arch_flag");
    it = add(d, SEC_PYTORCH, "torch", ST_OK, "PyTorch %s", ver ? ver : "?");
    it->version = xstrdup(ver);
    it->path = xstrdup(path);
    int rocm = hip && *hip;
    if (rocm)
      add(d, SEC_PYTORCH, "torch-build", ST_OK, "a ROCm build (torch.version.hip = %s)", hip);
    else if (cuda && *cuda)
      add(d, SEC_PYTORCH, "torch-build", ST_MISSING,
          "a CUDA build (torch.version.cuda = %s, torch.version.hip = None): it runs nothing on AMD GPUs and builds "
          "extensions with nvcc; install a ROCm build of PyTorch",
          cuda);
    else
      add(d, SEC_PYTORCH, "torch-build", ST_MISSING,
          "a CPU-only build (torch.version.hip and torch.version.cuda are None): it builds no GPU extensions; "
          "install a ROCm build of PyTorch");
    /* The architectures PyTorch was built for: the list of the build
     * (what extensions get without PYTORCH_ROCM_ARCH), else the one of the
     * GPUs' runtime. */
    const char *archs = flags && *flags ? flags : list && *list ? list : NULL;
    if (rocm && archs) {
      if (list_has_arch(archs, d->t.base))
        add(d, SEC_PYTORCH, "torch-arch-list", ST_OK, "built for %s, which includes %s", archs, d->t.base);
      else
        add(d, SEC_PYTORCH, "torch-arch-list", ST_MISSING,
            "built for %s, not %s, so " ARCH_SYMPTOMS "; install a PyTorch build for %s (the ROCm 6.x wheels "
            "include gfx942)",
            archs, d->t.base, d->t.base, d->t.base);
    } else if (rocm) {
      add(d, SEC_PYTORCH, "torch-arch-list", ST_WARNING,
          "the architectures of this build cannot be read (torch._C._cuda_getArchFlags, torch.cuda.get_arch_list)");
    }
    /* What an extension built here is compiled for. */
    const char *env = getenv("PYTORCH_ROCM_ARCH");
    if (rocm) {
      if (env && *env && !list_has_arch(env, d->t.base))
        add(d, SEC_PYTORCH, "extension-arch", ST_MISSING,
            "PYTORCH_ROCM_ARCH=%s overrides the build's list and lacks %s: extensions built here get no code for "
            "it, and " ARCH_SYMPTOMS "; set PYTORCH_ROCM_ARCH=%s",
            env, d->t.base, d->t.base, d->t.base);
      else if (env && *env && archs && !list_has_arch(archs, d->t.base))
        add(d, SEC_PYTORCH, "extension-arch", ST_WARNING,
            "PYTORCH_ROCM_ARCH=%s gives extensions %s code, but PyTorch itself has none for it", env, d->t.base);
      else if (env && *env)
        add(d, SEC_PYTORCH, "extension-arch", ST_OK, "extensions are built for PYTORCH_ROCM_ARCH=%s", env);
      else if (archs && list_has_arch(archs, d->t.base))
        add(d, SEC_PYTORCH, "extension-arch", ST_OK,
            "PYTORCH_ROCM_ARCH is not set: extensions are built for the build's list (%s); PYTORCH_ROCM_ARCH=%s "
            "builds for %s alone, faster",
            archs, d->t.base, d->t.base);
      else
        add(d, SEC_PYTORCH, "extension-arch", ST_MISSING,
            "PYTORCH_ROCM_ARCH is not set and the build's list lacks %s: set PYTORCH_ROCM_ARCH=%s", d->t.base,
            d->t.base);
      if (user_flag)
        add(d, SEC_PYTORCH, "cpp-extension", ST_OK,
            "an architecture in extra_compile_args['nvcc'] replaces PYTORCH_ROCM_ARCH when spelt --%s=...%s",
            user_flag,
            strcmp(user_flag, "offload-arch") ? " (this version does not see --offload-arch there and adds its own)"
                                              : "");
      if (rocm_home && *rocm_home)
        add(d, SEC_PYTORCH, "ROCM_HOME", ST_OK, "PyTorch builds extensions with the ROCm at %s", rocm_home);
      else
        add(d, SEC_PYTORCH, "ROCM_HOME", ST_MISSING,
            "PyTorch found no ROCm (torch.utils.cpp_extension.ROCM_HOME is None): set ROCM_HOME to the folder "
            "holding bin/hipcc");
    }
    free(ver);
    free(path);
    free(hip);
    free(cuda);
    free(flags);
    free(list);
    free(rocm_home);
    free(user_flag);
  }
  char *tv = probe_value(out, "triton_version"), *tb = probe_value(out, "triton_backends");
  if (tv && tb && *tb && !strstr(tb, "amd"))
    add(d, SEC_PYTORCH, "triton", ST_WARNING,
        "Triton %s has no AMD backend (backends: %s): torch.compile cannot generate kernels for %s; install "
        "pytorch-triton-rocm",
        tv, tb, d->t.base);
  else if (tv)
    add(d, SEC_PYTORCH, "triton", ST_OK, "Triton %s%s%s", tv, tb && *tb ? ", backends: " : "", tb && *tb ? tb : "")
        ->version = xstrdup(tv);
  else
    add(d, SEC_PYTORCH, "triton", ST_WARNING,
        "Triton is not importable: torch.compile and Triton kernels need it (pytorch-triton-rocm on ROCm)");
  free(tv);
  free(tb);
done:
  free(pyver);
}

/* ---- output ------------------------------------------------------------- */

static void count_status(const doctor *d, size_t counts[4]) {
  counts[0] = counts[1] = counts[2] = counts[3] = 0;
  for (size_t i = 0; i < d->n_items; i++) counts[d->items[i]->st]++;
}

static char *verdict_text(const doctor *d, int can_build) {
  if (!can_build)
    return fmt("cannot build for %s here: no compiler accepted --offload-arch=%s (see Compilers above)", d->t.name,
               d->t.name);
  return fmt("can build for %s here with %s: %s%s", d->t.name, d->builder, d->build_command,
             d->n_gpus > 0 ? "" : " (no GPU here to run it)");
}

/* s with its control characters escaped (\n, \t, \x1b, ...): values come
 * from the environment, paths and programs' output, and must not start a
 * line of their own or drive the terminal. The caller frees it. */
static char *escaped(const char *s) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem) oom();
  c2h_report_put_escaped(mem, s ? s : "");
  if (fclose(mem) != 0 || !text) oom();
  return text;
}

static void print_text(const doctor *d, int can_build) {
  printf("cu2hip doctor: building HIP code for %s\n", d->t.name);
  for (int s = 0; s < SEC__COUNT; s++) {
    if (s == SEC_PYTORCH && !d->pytorch) continue;
    printf("\n%s\n", section_titles[s]);
    const char *unset[32];
    size_t n_unset = 0;
    for (size_t i = 0; i < d->n_items; i++) {
      const item *it = d->items[i];
      if ((int)it->sec != s) continue;
      if (it->st == ST_UNSET) {
        if (n_unset < 32) unset[n_unset++] = it->name;
        continue;
      }
      char *name = escaped(it->name), *message = escaped(it->message);
      int w = (int)strlen(name) > 24 ? 0 : 24;
      if (s == SEC_ENV && it->value) {
        char *value = escaped(it->value);
        printf("  %-8s %s=%s: %s\n", status_names[it->st], name, value, message);
        free(value);
      } else {
        printf("  %-8s %-*s %s\n", status_names[it->st], w, name, message);
      }
      free(name);
      free(message);
    }
    if (n_unset) {
      printf("  %-8s %-24s", status_names[ST_UNSET], "not set:");
      for (size_t k = 0; k < n_unset; k++) printf("%s%s", k ? ", " : " ", unset[k]);
      printf("\n");
    }
  }
  size_t c[4];
  count_status(d, c);
  char *v = verdict_text(d, can_build), *shown = escaped(v);
  printf("\nverdict: %s\n", shown);
  free(shown);
  printf("%zu ok, %zu warning%s, %zu missing (%zu variable%s not set)\n", c[0], c[1], c[1] == 1 ? "" : "s", c[2],
         c[3], c[3] == 1 ? "" : "s");
  free(v);
}

static json_t *opt_text(const char *s) { return s ? c2h_json_text(s) : json_null(); }

static int print_json(const doctor *d, int can_build) {
  json_t *root = json_object();
  int bad = root ? 0 : -1;
  bad |= c2h_json_set(root, "tool", c2h_json_text("cu2hip doctor"));
  bad |= c2h_json_set(root, "version", c2h_json_text(c2h_version_string()));
  bad |= c2h_json_set(root, "offload_arch", c2h_json_text(d->t.name));
  json_t *items = json_array();
  for (size_t i = 0; i < d->n_items; i++) {
    const item *it = d->items[i];
    json_t *o = json_object();
    bad |= c2h_json_set(o, "section", c2h_json_text(section_ids[it->sec]));
    bad |= c2h_json_set(o, "name", c2h_json_text(it->name));
    bad |= c2h_json_set(o, "status", c2h_json_text(status_names[it->st]));
    bad |= c2h_json_set(o, "message", c2h_json_text(it->message));
    bad |= c2h_json_set(o, "version", opt_text(it->version));
    bad |= c2h_json_set(o, "path", opt_text(it->path));
    if (it->sec == SEC_ENV) {
      bad |= c2h_json_set(o, "set", json_boolean(it->value != NULL));
      bad |= c2h_json_set(o, "value", opt_text(it->value));
    }
    if (it->sec == SEC_COMPILERS && it->command) {
      bad |= c2h_json_set(o, "accepts_arch", it->accepts < 0 ? json_null() : json_boolean(it->accepts));
      bad |= c2h_json_set(o, "command", c2h_json_text(it->command));
    }
    bad |= c2h_json_push(items, o);
  }
  bad |= c2h_json_set(root, "items", items);
  size_t c[4];
  count_status(d, c);
  json_t *verdict = json_object();
  char *v = verdict_text(d, can_build);
  bad |= c2h_json_set(verdict, "can_build", json_boolean(can_build));
  bad |= c2h_json_set(verdict, "compiler", opt_text(can_build ? d->builder : NULL));
  bad |= c2h_json_set(verdict, "command", opt_text(can_build ? d->build_command : NULL));
  bad |= c2h_json_set(verdict, "gpus", json_integer(d->n_gpus < 0 ? 0 : d->n_gpus));
  bad |= c2h_json_set(verdict, "ok", json_integer((json_int_t)c[0]));
  bad |= c2h_json_set(verdict, "warnings", json_integer((json_int_t)c[1]));
  bad |= c2h_json_set(verdict, "missing", json_integer((json_int_t)c[2]));
  bad |= c2h_json_set(verdict, "unset", json_integer((json_int_t)c[3]));
  bad |= c2h_json_set(verdict, "message", c2h_json_text(v));
  bad |= c2h_json_set(root, "verdict", verdict);
  free(v);
  c2h_error err;
  c2h_error_clear(&err);
  if (!bad && c2h_json_write(stdout, root, 1, &err) != 0) bad = -2;
  json_decref(root);
  return bad;
}

/* ---- entry -------------------------------------------------------------- */

int c2h_cli_check_arch(const char *prog, const char *option, const char *value) {
  if (c2h_arch_parse(value, NULL) == 0) return 0;
  fprintf(stderr, "%s: %s: '", prog, option);
  c2h_report_put_escaped(stderr, value);
  fprintf(stderr, "' is not an AMD GPU architecture (" C2H_ARCH_FORM ")%s\nTry '%s --help'.\n",
          strchr(value, ',') ? "; give one architecture" : "", prog);
  return C2H_EXIT_USAGE;
}

static int doctor_usage_error(const char *f, const char *arg) {
  char *shown = escaped(arg);
  fprintf(stderr, "cu2hip doctor: ");
  fprintf(stderr, f, shown);
  fprintf(stderr, "\nTry 'cu2hip doctor --help'.\n");
  free(shown);
  return C2H_EXIT_USAGE;
}

int c2h_cli_doctor(int argc, char **argv) {
  doctor d;
  memset(&d, 0, sizeof d);
  d.n_gpus = -1;
  const char *arch = "gfx942", *format = "text";
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char **target = NULL;
    const char *name = NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(doctor_usage, stdout);
      return C2H_EXIT_OK;
    }
    if (!strcmp(a, "--pytorch")) {
      d.pytorch = 1;
      continue;
    }
    static const char *const opts[] = {"--offload-arch", "--format", "--device-lib-path", "--hip-path", "--python"};
    const char **targets[] = {&arch, &format, &d.device_lib_opt, &d.hip_path, &d.python};
    for (int k = 0; k < 5 && !target; k++) {
      size_t ol = strlen(opts[k]);
      if (strncmp(a, opts[k], ol) != 0) continue;
      if (a[ol] == '=') {
        *targets[k] = a + ol + 1;
        target = targets[k];
      } else if (!a[ol]) {
        if (i + 1 >= argc) return doctor_usage_error("option '%s' needs a value", opts[k]);
        *targets[k] = argv[++i];
        target = targets[k];
      }
      name = opts[k];
    }
    if (!target) return doctor_usage_error("unknown argument '%s'", a);
    if (!**target) return doctor_usage_error("option '%s' needs a non-empty value", name);
  }
  if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
    return doctor_usage_error("--format must be text or json, not '%s'", format);
  if (d.python) d.pytorch = 1; /* --python names the Python of the PyTorch checks */
  int bad_arch = c2h_cli_check_arch("cu2hip doctor", "--offload-arch", arch);
  if (bad_arch) return bad_arch;
  c2h_arch_parse(arch, &d.t);

  c2h_error herr;
  if (d.hip_path && c2h_hip_path_check(d.hip_path, &herr) != 0) {
    char msg[2048];
    c2h_error_format(&herr, msg, sizeof msg);
    fputs("cu2hip doctor: --hip-path: ", stderr);
    c2h_report_put_escaped(stderr, msg);
    fputc('\n', stderr);
    return herr.code == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  }
  if (d.pytorch) start_pytorch_probe(&d);
  check_rocm(&d);
  check_device_libs(&d);
  int can_build = check_compilers(&d);
  check_gpus(&d);
  check_environment(&d);
  if (d.pytorch) check_pytorch(&d);

  int rc = can_build ? C2H_EXIT_OK : C2H_EXIT_DIAGNOSTICS, unwritten = 0;
  errno = 0;
  if (!strcmp(format, "json")) {
    int bad = print_json(&d, can_build);
    if (bad == -2) {
      unwritten = 1;
    } else if (bad) {
      fputs("cu2hip doctor: out of memory building the report\n", stderr);
      rc = C2H_EXIT_INTERNAL;
    }
  } else {
    print_text(&d, can_build);
  }
  if (fflush(stdout) != 0 || ferror(stdout)) unwritten = 1;
  if (unwritten) {
    /* A full disk or a closed pipe: an I/O error, said with its reason. */
    int e = errno;
    fprintf(stderr, "cu2hip doctor: cannot write the report to standard output%s%s\n", e ? ": " : "",
            e ? strerror(e) : "");
    rc = C2H_EXIT_USAGE;
  }
  doctor_free(&d);
  return rc;
}
