/* Finding the compilers and device libraries that build HIP code for an AMD
 * GPU architecture, and trying them on a tiny kernel (see toolchain.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "verify/toolchain.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"

enum { MESSAGE_ERROR_CHARS = 160 /* compiler error quoted in a message */ };

static const char probe_source[] = "#include <hip/hip_runtime.h>\n"
                                   "__global__ void cu2hip_doctor_probe(int *p) { p[threadIdx.x] = warpSize; }\n";

/* ---- small helpers ------------------------------------------------------ */

/* Formatted strings come from util/buf.c. */
#define fmt c2h_strdup_printf

static int is_file(const char *path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_exec(const char *path) { return is_file(path) && access(path, X_OK) == 0; }

/* 1 when dir/name is a file, 0 when not, -1 when out of memory. */
static int has_file(const char *dir, const char *name) {
  char *p = fmt("%s/%s", dir, name);
  if (!p) return -1;
  int r = is_file(p);
  free(p);
  return r;
}

static void free_argv(char **argv, size_t argc) {
  if (!argv) return;
  for (size_t i = 0; i < argc; i++) free(argv[i]);
  free(argv);
}

/* ---- architecture ------------------------------------------------------- */

/* ---- ROCm prefix and device libraries ----------------------------------- */

/* path made absolute (the compiles run in a scratch folder): its real path
 * when it exists, else path itself. NULL when out of memory. */
static char *absolute(const char *path) {
  char *real = realpath(path, NULL);
  return real ? real : c2h_strdup(path);
}

int c2h_hip_path_check(const char *hip_path, c2h_error *err) {
  if (!is_dir(hip_path)) return c2h_error_set(err, C2H_ERR_USAGE, hip_path, 0, 0, "the HIP path is not a folder");
  int found = has_file(hip_path, "include/hip/hip_runtime.h");
  if (found < 0) return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  if (!found)
    return c2h_error_set(err, C2H_ERR_USAGE, hip_path, 0, 0,
                         "the HIP path holds no include/hip/hip_runtime.h: give the folder of a HIP installation "
                         "(the one holding include/ and bin/, e.g. /opt/rocm)");
  return 0;
}

typedef struct devlib_dir {
  char *dir;
  const char *origin;
} devlib_dir;

/* Takes dir (NULL: out of memory), made absolute, unless it is already a
 * candidate. */
static int add_devlib(devlib_dir *c, size_t *n, char *dir, const char *origin) {
  if (!dir) return C2H_ERR_NOMEM;
  char *abs = absolute(dir);
  free(dir);
  if (!(dir = abs)) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < *n; i++)
    if (strcmp(c[i].dir, dir) == 0) {
      free(dir);
      return 0;
    }
  c[*n].dir = dir;
  c[(*n)++].origin = origin;
  return 0;
}

int c2h_device_libs_find(const char *first, const char *first_origin, const char *rocm_root, const char *isa,
                         c2h_device_libs *out) {
  memset(out, 0, sizeof *out);
  devlib_dir cand[14];
  size_t n = 0;
  int rc = 0;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  if (first) rc |= add_devlib(cand, &n, c2h_strdup(first), first_origin);
  const char *env;
  if ((env = getenv("HIP_DEVICE_LIB_PATH")) && *env)
    rc |= add_devlib(cand, &n, c2h_strdup(env), "HIP_DEVICE_LIB_PATH");
  if ((env = getenv("DEVICE_LIB_PATH")) && *env) rc |= add_devlib(cand, &n, c2h_strdup(env), "DEVICE_LIB_PATH");
  if (rocm_root && strcmp(rocm_root, "/usr") != 0) {
    rc |= add_devlib(cand, &n, fmt("%s/amdgcn/bitcode", rocm_root), "ROCm");
    rc |= add_devlib(cand, &n, fmt("%s/lib/amdgcn/bitcode", rocm_root), "ROCm");
    rc |= add_devlib(cand, &n, fmt("%s/lib/llvm/amdgcn/bitcode", rocm_root), "ROCm"); /* TheRock's layout */
  }
  rc |= add_devlib(cand, &n, c2h_strdup("/opt/rocm/amdgcn/bitcode"), "ROCm");
  rc |= add_devlib(cand, &n, c2h_strdup("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"), "Debian's rocm-device-libs");
  rc |= add_devlib(cand, &n, c2h_strdup("/usr/lib/amdgcn/bitcode"), "rocm-device-libs");
  const char *made_origin = "made by cu2hip's tests/compile/make_device_libs.sh";
  rc |= add_devlib(cand, &n, fmt("%s/cu2hip-device-libs-%ld", tmp, (long)getuid()), made_origin);
  /* scripts/run-examples.sh makes build/device-libs, beside build/cu2hip. */
  const char *examples_origin = "made by cu2hip's scripts/run-examples.sh";
  char *exe = realpath("/proc/self/exe", NULL);
  char *slash = exe ? strrchr(exe, '/') : NULL;
  if (slash) rc |= add_devlib(cand, &n, fmt("%.*s/device-libs", (int)(slash - exe), exe), examples_origin);
  free(exe);

  char *isa_file = fmt("oclc_isa_version_%s.bc", isa);
  if (!isa_file) rc = C2H_ERR_NOMEM;
  for (size_t i = 0; i < n && !rc; i++) {
    int ocml = has_file(cand[i].dir, "ocml.bc");
    int has_isa = ocml > 0 ? has_file(cand[i].dir, isa_file) : 0;
    if (ocml < 0 || has_isa < 0) rc = C2H_ERR_NOMEM;
    if (ocml <= 0 || rc) continue;
    int made = cand[i].origin == made_origin || cand[i].origin == examples_origin;
    if (!out->any && !made && !(out->any = c2h_strdup(cand[i].dir))) rc = C2H_ERR_NOMEM;
    if (!out->isa && has_isa) {
      if (!(out->isa = c2h_strdup(cand[i].dir))) rc = C2H_ERR_NOMEM;
      out->isa_origin = cand[i].origin;
    }
  }
  if (!rc && !out->any && out->isa && !(out->any = c2h_strdup(out->isa))) rc = C2H_ERR_NOMEM;
  free(isa_file);
  for (size_t i = 0; i < n; i++) free(cand[i].dir);
  if (rc) {
    c2h_device_libs_dispose(out);
    return C2H_ERR_NOMEM;
  }
  return 0;
}

const char *c2h_device_libs_folder(const c2h_device_libs *dl) { return dl->isa ? dl->isa : dl->any; }

void c2h_device_libs_dispose(c2h_device_libs *dl) {
  free(dl->any);
  free(dl->isa);
  memset(dl, 0, sizeof *dl);
}

/* ---- compilers ---------------------------------------------------------- */

/* Takes path (NULL: out of memory). */
static int add_compiler(c2h_compilers *cs, const char *label, char *path, int hipcc) {
  if (!path) return C2H_ERR_NOMEM;
  if (cs->n >= C2H_TOOLCHAIN_MAX_COMPILERS) {
    free(path);
    return 0;
  }
  c2h_compiler *c = &cs->items[cs->n++];
  snprintf(c->label, sizeof c->label, "%s", label);
  c->path = path;
  c->hipcc = hipcc;
  c->dup_of = -1;
  if (hipcc) cs->hipcc_found = 1;
  else cs->clang_found = 1;
  return 0;
}

/* Resolves each path and marks the names of a binary already listed. */
static int mark_duplicates(c2h_compilers *cs) {
  for (size_t i = 0; i < cs->n; i++) {
    c2h_compiler *c = &cs->items[i];
    c->real = realpath(c->path, NULL);
    if (!c->real && !(c->real = c2h_strdup(c->path))) return C2H_ERR_NOMEM;
    c->dup_of = -1;
    for (size_t j = 0; j < i; j++)
      if (!strcmp(cs->items[j].real, c->real) && cs->items[j].hipcc == c->hipcc) {
        c->dup_of = (int)j;
        break;
      }
  }
  return 0;
}

/* The installations whose bin/ may hold hipcc or ROCm's clang: not the
 * system's, whose compilers are on PATH (Debian's hipcc, clang++-NN). */
static int own_compilers(const c2h_rocm_install *inst) { return strcmp(inst->root, "/usr") != 0; }

int c2h_compilers_find(const char *hip_path, const c2h_rocm_list *rocm, c2h_compilers *out) {
  memset(out, 0, sizeof *out);
  int rc = 0;

  /* hipcc: on PATH, else in a ROCm installation; with --hip-path, only its own. */
  char *hipcc = NULL;
  if (hip_path) {
    char *c = fmt("%s/bin/hipcc", hip_path);
    if (!c) rc = C2H_ERR_NOMEM;
    else if (is_exec(c)) hipcc = c;
    else free(c);
  } else {
    hipcc = c2h_proc_find_in_path("hipcc");
  }
  for (size_t i = 0; !hip_path && i < rocm->n && !hipcc && !rc; i++) {
    if (!own_compilers(&rocm->items[i])) continue;
    char *c = fmt("%s/bin/hipcc", rocm->items[i].root);
    if (!c) rc = C2H_ERR_NOMEM;
    else if (is_exec(c)) hipcc = c;
    else free(c);
  }
  if (hipcc) rc |= add_compiler(out, "hipcc", hipcc, 1);
  for (int v = 22; v >= 14 && !rc; v--) {
    char name[32];
    snprintf(name, sizeof name, "clang++-%d", v);
    char *p = c2h_proc_find_in_path(name);
    if (p) rc |= add_compiler(out, name, p, 0);
  }
  char *plain = rc ? NULL : c2h_proc_find_in_path("clang++");
  if (plain) rc |= add_compiler(out, "clang++", plain, 0);
  /* ROCm's own clang, in the installations other than the system's. */
  for (size_t i = 0; i < rocm->n && out->n < 14 && !rc; i++) {
    if (!own_compilers(&rocm->items[i])) continue;
    static const char *const sub[] = {"llvm/bin/clang++", "lib/llvm/bin/clang++"};
    for (int k = 0; k < 2; k++) {
      char *c = fmt("%s/%s", rocm->items[i].root, sub[k]);
      if (!c) {
        rc = C2H_ERR_NOMEM;
        break;
      }
      if (!is_exec(c)) {
        free(c);
        continue;
      }
      rc |= add_compiler(out, "clang++ (ROCm)", c, 0);
      break;
    }
  }
  if (!rc) rc = mark_duplicates(out);
  if (rc) {
    c2h_compilers_dispose(out);
    return C2H_ERR_NOMEM;
  }
  return 0;
}

int c2h_compilers_given(const char *path, c2h_compilers *out, c2h_error *err) {
  memset(out, 0, sizeof *out);
  char *found = strchr(path, '/') ? c2h_strdup(path) : c2h_proc_find_in_path(path);
  if (!found && strchr(path, '/')) return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  if (!found || !is_exec(found)) {
    struct stat st;
    const char *why = !found                   ? "is not on PATH"
                      : stat(found, &st) != 0 ? "does not exist"
                                              : "is not an executable file";
    free(found);
    return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "compiler '%s' %s", path, why);
  }
  const char *base = strrchr(found, '/');
  base = base ? base + 1 : found;
  int rc = add_compiler(out, base, found, strncmp(base, "hipcc", 5) == 0);
  if (!rc) rc = mark_duplicates(out);
  if (rc) {
    c2h_compilers_dispose(out);
    return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  }
  return 0;
}

void c2h_compilers_dispose(c2h_compilers *cs) {
  for (size_t i = 0; i < cs->n; i++) {
    free(cs->items[i].path);
    free(cs->items[i].real);
  }
  memset(cs, 0, sizeof *cs);
}

/* ---- probes ------------------------------------------------------------- */

int c2h_probe_write(const char *dir) {
  char *path = fmt("%s/probe.hip", dir);
  if (!path) {
    errno = ENOMEM;
    return -1;
  }
  FILE *f = fopen(path, "w");
  free(path);
  if (!f) return -1;
  int bad = fputs(probe_source, f) == EOF;
  int saved = errno;
  if (fclose(f) != 0 && !bad) return -1;
  errno = saved;
  return bad ? -1 : 0;
}

/* The compiler and its flags for the architecture: what doctor shows and
 * --verify runs, before the file. */
static int base_argv(const c2h_compiler *c, const char *arch, const char *rocm_root, const char *devlib,
                     c2h_probe *p) {
  p->argv = calloc(12, sizeof *p->argv);
  if (!p->argv) return C2H_ERR_NOMEM;
  size_t n = 0;
  p->argv[n++] = c2h_strdup(c->path);
  p->argv[n++] = c2h_strdup("-x");
  p->argv[n++] = c2h_strdup("hip");
  p->argv[n++] = fmt("--offload-arch=%s", arch);
  if (!c->hipcc) {
    p->argv[n++] = c2h_strdup("-std=c++17");
    if (rocm_root) p->argv[n++] = fmt("--rocm-path=%s", rocm_root);
    /* clang searches /usr/include before the HIP headers of another prefix,
     * so a system HIP would win over the one asked for. */
    if (rocm_root && strcmp(rocm_root, "/usr") != 0) {
      p->argv[n++] = fmt("--hip-path=%s", rocm_root);
      p->argv[n++] = c2h_strdup("-isystem");
      p->argv[n++] = fmt("%s/include", rocm_root);
    }
    if (devlib) p->argv[n++] = fmt("--rocm-device-lib-path=%s", devlib);
  }
  p->argc = n;
  for (size_t i = 0; i < n; i++)
    if (!p->argv[i]) return C2H_ERR_NOMEM;
  return 0;
}

/* Starts the probe compile of p (flags set) in dir. */
static int probe_start(c2h_probe *p, size_t index, const char *dir, c2h_probe_mode mode, long timeout_ms) {
  char obj[48];
  snprintf(obj, sizeof obj, "probe-%zu.o", index);
  char *compile_tail[] = {"-c", "probe.hip", "-o", obj};
  char *syntax_tail[] = {"-nogpulib", "-fsyntax-only", "probe.hip"};
  char **tail = mode == C2H_PROBE_COMPILE ? compile_tail : syntax_tail;
  size_t n_tail = mode == C2H_PROBE_COMPILE ? 4 : 3;
  char **argv = malloc((p->argc + n_tail + 1) * sizeof *argv);
  if (!argv) return C2H_ERR_NOMEM;
  memcpy(argv, p->argv, p->argc * sizeof *argv);
  memcpy(argv + p->argc, tail, n_tail * sizeof *argv);
  argv[p->argc + n_tail] = NULL;
  int rc = c2h_proc_start(&p->proc, argv, dir, timeout_ms);
  free(argv);
  return rc == C2H_ERR_NOMEM ? rc : 0; /* a process that could not start is a probe that failed */
}

static void probe_init(c2h_probe *p) {
  memset(p, 0, sizeof *p);
  p->proc.fd = -1;
  p->proc.code = -1;
}

int c2h_probe_all(const c2h_compilers *cs, const char *arch, const char *rocm_root, const char *devlib,
                  const char *dir, c2h_probe_mode mode, const int *which, long timeout_ms, c2h_probe *out) {
  for (size_t i = 0; i < cs->n; i++) probe_init(&out[i]);
  int rc = 0;
  for (size_t i = 0; i < cs->n && !rc; i++) {
    const c2h_compiler *c = &cs->items[i];
    if (c->dup_of >= 0 || (which && !which[i])) continue;
    c2h_probe *p = &out[i];
    rc = base_argv(c, arch, rocm_root, devlib, p);
    char *joined = rc ? NULL : c2h_argv_join(p->argv, p->argc);
    if (joined)
      p->shown = mode == C2H_PROBE_COMPILE ? fmt("%s -c FILE.hip", joined)
                                           : fmt("%s -nogpulib -fsyntax-only FILE.hip", joined);
    free(joined);
    if (!rc && !p->shown) rc = C2H_ERR_NOMEM;
    if (!rc && dir) rc = probe_start(p, i, dir, mode, timeout_ms);
  }
  /* All at once; c2h_proc_wait wants them side by side. */
  c2h_proc procs[C2H_TOOLCHAIN_MAX_COMPILERS];
  for (size_t i = 0; i < cs->n; i++) procs[i] = out[i].proc;
  if (!rc) rc = c2h_proc_wait(procs, cs->n, 1);
  for (size_t i = 0; i < cs->n; i++) {
    out[i].proc = procs[i];
    out[i].built = !rc && out[i].proc.pid && out[i].proc.exited && out[i].proc.code == 0;
  }
  if (rc)
    for (size_t i = 0; i < cs->n; i++) c2h_probe_dispose(&out[i]);
  return rc;
}

int c2h_probe_first_built(const c2h_compilers *cs, const c2h_probe *probes) {
  for (size_t i = 0; i < cs->n; i++)
    if (cs->items[i].dup_of < 0 && probes[i].built) return (int)i;
  return -1;
}

void c2h_probe_dispose(c2h_probe *p) {
  free_argv(p->argv, p->argc);
  free(p->shown);
  c2h_proc_dispose(&p->proc);
  probe_init(p);
}

char *c2h_probe_error(const c2h_probe *p, long timeout_ms) {
  const c2h_proc *pr = &p->proc;
  if (!pr->pid) return c2h_strdup("it could not be started");
  if (pr->timed_out) return fmt("the probe compile timed out after %ld s", timeout_ms / 1000);
  const char *out = pr->out ? pr->out : "";
  if (pr->code == 127 && !*out) return c2h_strdup("it could not be run");
  const char *e = strstr(out, "error: ");
  const char *s = e ? e + 7 : out;
  while (isspace((unsigned char)*s)) s++;
  size_t n = strcspn(s, "\r\n");
  size_t semi = strcspn(s, ";");
  if (semi < n && semi >= 16) n = semi; /* the rest is usually advice on syntax */
  if (!n) return fmt("it failed (exit status %d) without a message", pr->code);
  if (n > MESSAGE_ERROR_CHARS) return fmt("%.*s...", MESSAGE_ERROR_CHARS, s);
  return fmt("%.*s", (int)n, s);
}

c2h_probe_failure c2h_probe_classify(const c2h_compiler *c, const c2h_probe *p, const char *why) {
  const char *out = p->proc.out ? p->proc.out : "";
  if (!why) why = "";
  if (c->hipcc && strstr(out, "invalid target ID")) return C2H_PROBE_OLD_HIPCC;
  if (!c->hipcc && strstr(why, "device library")) return C2H_PROBE_NO_DEVICE_LIB;
  if (!c->hipcc && strstr(out, "Producer:")) return C2H_PROBE_NEWER_DEVICE_LIB;
  if (!c->hipcc && strstr(why, "invalid target ID")) return C2H_PROBE_OLD_CLANG;
  return C2H_PROBE_FAILED;
}

/* Whether a word reads the same to a POSIX shell without quotes. */
static int shell_plain(const char *w) {
  if (!*w) return 0;
  for (const char *s = w; *s; s++)
    if (!isalnum((unsigned char)*s) && !strchr("_@%+=:,./-", *s)) return 0;
  return 1;
}

char *c2h_argv_join(char *const *argv, size_t argc) {
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = c2h_buf_reserve(&b, 0);
  for (size_t i = 0; i < argc && !rc; i++) {
    if (i) rc |= c2h_buf_puts(&b, " ");
    if (shell_plain(argv[i])) {
      rc |= c2h_buf_puts(&b, argv[i]);
      continue;
    }
    rc |= c2h_buf_puts(&b, "'");
    for (const char *s = argv[i]; *s && !rc; s++)
      rc |= *s == '\'' ? c2h_buf_puts(&b, "'\\''") : c2h_buf_append(&b, s, 1);
    rc |= c2h_buf_puts(&b, "'");
  }
  if (rc) {
    c2h_buf_dispose(&b);
    return NULL;
  }
  return c2h_buf_detach(&b, NULL);
}

/* ---- the toolchain --verify uses ---------------------------------------- */

/* The likely cause of a failed probe and its fix (doctor says the same). */
static const char *failure_hint(c2h_probe_failure f) {
  switch (f) {
    case C2H_PROBE_OLD_HIPCC:
      return " (Debian's hipcc uses clang-15, which predates recent architectures: use ROCm's hipcc or clang++-19)";
    case C2H_PROBE_NO_DEVICE_LIB:
      return " (install ROCm's device libraries for it; for gfx942, cu2hip's tests/compile/make_device_libs.sh "
             "makes a folder)";
    case C2H_PROBE_NEWER_DEVICE_LIB:
      return " (the device libraries come from a newer LLVM than this clang: use a newer clang)";
    case C2H_PROBE_OLD_CLANG: return " (this clang predates the architecture: use a newer one)";
    default: return "";
  }
}

/* The error when no compiler builds for the architecture: what was tried
 * (as much as fits) and what to install. */
static int no_compiler(const c2h_toolchain_request *rq, const c2h_compilers *cs, const c2h_probe *probes,
                       c2h_error *err) {
  const char *arch = rq->arch->name;
  c2h_buf tail;
  c2h_buf_init(&tail);
  int rc = c2h_buf_printf(&tail,
                          "; install clang-19 and clang-tools-19 (Debian) or ROCm (hipcc); "
                          "`cu2hip doctor --offload-arch %s` says what is missing",
                          arch);
  c2h_buf tried;
  c2h_buf_init(&tried);
  for (size_t i = 0; i < cs->n && !rc; i++) {
    const c2h_compiler *c = &cs->items[i];
    if (c->dup_of >= 0) continue;
    char *why = c2h_probe_error(&probes[i], C2H_TOOLCHAIN_PROBE_TIMEOUT_MS);
    if (!why) rc = C2H_ERR_NOMEM;
    else
      rc = c2h_buf_printf(&tried, "%s%s: %s%s", tried.len ? "; " : "", c->label, why,
                          failure_hint(c2h_probe_classify(c, &probes[i], why)));
    free(why);
  }
  if (rc) {
    c2h_buf_dispose(&tail);
    c2h_buf_dispose(&tried);
    return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
  }
  /* The advice matters most: the list of what was tried gives way. */
  int budget = (int)sizeof err->message - 1 - (int)tail.len - 60 - (int)strlen(rq->compiler ? rq->compiler : "");
  if (budget < 40) budget = 40;
  const char *t = tried.len ? tried.data : "";
  int cut = (int)tried.len > budget;
  if (rq->compiler)
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "%s cannot build HIP code for %s: %.*s%s%s", rq->compiler,
                       arch, cut ? budget : (int)tried.len, t, cut ? "..." : "", tail.data);
  else
    rc = c2h_error_set(err, C2H_ERR_IO, NULL, 0, 0, "no compiler here builds HIP code for %s (tried %.*s%s)%s", arch,
                       cut ? budget : (int)tried.len, t, cut ? "..." : "", tail.data);
  c2h_buf_dispose(&tail);
  c2h_buf_dispose(&tried);
  return rc;
}

int c2h_toolchain_select(const c2h_toolchain_request *rq, c2h_toolchain *tc, c2h_error *err) {
  memset(tc, 0, sizeof *tc);
  c2h_rocm_list rocm;
  memset(&rocm, 0, sizeof rocm);
  const char *root = NULL; /* the ROCm prefix the compiles use */
  c2h_device_libs dl;
  memset(&dl, 0, sizeof dl);
  c2h_compilers cs;
  memset(&cs, 0, sizeof cs);
  c2h_probe probes[C2H_TOOLCHAIN_MAX_COMPILERS], syntax[C2H_TOOLCHAIN_MAX_COMPILERS];
  for (size_t i = 0; i < C2H_TOOLCHAIN_MAX_COMPILERS; i++) {
    probe_init(&probes[i]);
    probe_init(&syntax[i]);
  }
  char *given_devlib = NULL;
  const char *devlib = rq->device_lib_path;
  int rc = rq->hip_path ? c2h_hip_path_check(rq->hip_path, err) : 0;
  if (rc) goto done;
  if ((rc = c2h_rocm_find_all(rq->hip_path, &rocm)) != 0) goto nomem;
  if (rocm.n) root = rocm.items[0].root;
  if (devlib && !is_dir(devlib)) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, devlib, 0, 0, "the device-library path is not a folder");
    goto done;
  }
  if (devlib) {
    /* The compiles run in a scratch folder: a relative path is the user's. */
    if (!(given_devlib = absolute(devlib))) goto nomem;
    devlib = given_devlib;
  } else {
    if ((rc = c2h_device_libs_find(NULL, NULL, root, rq->arch->isa, &dl)) != 0) goto nomem;
    devlib = c2h_device_libs_folder(&dl);
  }
  if (rq->compiler) {
    if ((rc = c2h_compilers_given(rq->compiler, &cs, err)) != 0) goto done;
  } else if ((rc = c2h_compilers_find(rq->hip_path, &rocm, &cs)) != 0) {
    goto nomem;
  }
  if (!cs.n) {
    rc = c2h_error_set(err, C2H_ERR_IO, NULL, 0, 0,
                       "no HIP compiler here: no hipcc, clang++ or clang++-NN on PATH nor in a ROCm install; "
                       "install clang-19 and clang-tools-19 (Debian), whose clang builds HIP code with "
                       "--offload-arch=%s, or ROCm (hipcc)",
                       rq->arch->name);
    goto done;
  }
  if (c2h_probe_write(rq->dir) != 0) {
    rc = c2h_error_set(err, C2H_ERR_IO, rq->dir, 0, 0, "cannot write a probe kernel: %s", strerror(errno));
    goto done;
  }
  if ((rc = c2h_probe_all(&cs, rq->arch->name, root, devlib, rq->dir, C2H_PROBE_COMPILE, NULL,
                          C2H_TOOLCHAIN_PROBE_TIMEOUT_MS, probes)) != 0)
    goto nomem;
  c2h_probe *chosen = NULL;
  int pick = c2h_probe_first_built(&cs, probes);
  if (pick >= 0) {
    chosen = &probes[pick];
  } else {
    /* A clang that fails only for want of the architecture's device library
     * still checks the code, without compiling device code to machine code. */
    int which[C2H_TOOLCHAIN_MAX_COMPILERS] = {0}, any = 0;
    for (size_t i = 0; i < cs.n; i++) {
      char *why = cs.items[i].dup_of < 0 ? c2h_probe_error(&probes[i], C2H_TOOLCHAIN_PROBE_TIMEOUT_MS) : NULL;
      if (cs.items[i].dup_of < 0 && !why) {
        rc = C2H_ERR_NOMEM;
        goto nomem;
      }
      which[i] = why && c2h_probe_classify(&cs.items[i], &probes[i], why) == C2H_PROBE_NO_DEVICE_LIB;
      any |= which[i];
      free(why);
    }
    if (any && (rc = c2h_probe_all(&cs, rq->arch->name, root, devlib, rq->dir, C2H_PROBE_SYNTAX, which,
                                   C2H_TOOLCHAIN_PROBE_TIMEOUT_MS, syntax)) != 0)
      goto nomem;
    pick = any ? c2h_probe_first_built(&cs, syntax) : -1;
    if (pick >= 0) {
      chosen = &syntax[pick];
      tc->syntax_only = 1;
    }
  }
  if (!chosen) {
    rc = no_compiler(rq, &cs, probes, err);
    goto done;
  }
  snprintf(tc->label, sizeof tc->label, "%s", cs.items[pick].label);
  tc->argv = chosen->argv;
  tc->argc = chosen->argc;
  chosen->argv = NULL;
  chosen->argc = 0;
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
done:
  for (size_t i = 0; i < C2H_TOOLCHAIN_MAX_COMPILERS; i++) {
    c2h_probe_dispose(&probes[i]);
    c2h_probe_dispose(&syntax[i]);
  }
  c2h_compilers_dispose(&cs);
  c2h_device_libs_dispose(&dl);
  free(given_devlib);
  c2h_rocm_list_dispose(&rocm);
  if (rc) c2h_toolchain_dispose(tc);
  return rc;
}

void c2h_toolchain_dispose(c2h_toolchain *tc) {
  free_argv(tc->argv, tc->argc);
  memset(tc, 0, sizeof *tc);
}
