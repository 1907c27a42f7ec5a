/* `cu2hip run`: build a translation against the HIP CPU runtime and run it
 * (run.h, docs/run.md). */
#define _XOPEN_SOURCE 700
#include "run/run.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2hip/exit_codes.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/proc.h"

extern const char c2h_hipcpu_header_text[];
extern const size_t c2h_hipcpu_header_text_len;
extern const char c2h_hipcpu_cg_header_text[];
extern const size_t c2h_hipcpu_cg_header_text_len;

#define C2H_HIPCPU_HEADER_NAME "cu2hip_hipcpu.h"
/* HIP's cooperative groups for the CPU runtime (src/run/cu2hip_hipcpu_cg.h),
 * where `#include <hip/hip_cooperative_groups.h>` finds it (-I BUILD). */
#define C2H_HIPCPU_CG_HEADER_NAME "hip/hip_cooperative_groups.h"
#define C2H_RUN_PROGRAM_NAME "cu2hip-program"

const char c2h_run_usage[] =
    "usage: cu2hip run [--hip-cpu-path DIR] [--build-dir DIR] [--keep] [translation options]\n"
    "                  PATH... [-- ARGS...]\n"
    "\n"
    "Translates PATH (files or a project folder) into a build folder with\n"
    "--launch-syntax hip, builds the translation with the host C++ compiler ($CXX,\n"
    "else g++) against AMD's HIP CPU runtime (64-lane wavefronts, as gfx942) and\n"
    "cu2hip's completion header, runs it with ARGS in the folder of the first PATH,\n"
    "and exits with its status.\n"
    "\n"
    "  --hip-cpu-path DIR   the HIP CPU runtime (ROCm/HIP-CPU: DIR/include/hip);\n"
    "                       default: $HIP_CPU_PATH, else $CU2HIP_FIXTURES/hip-cpu\n"
    "                       ($CU2HIP_FIXTURES: /var/cache/cu2hip-fixtures)\n"
    "  --build-dir DIR      build there (default: a new temporary folder, removed\n"
    "                       after a successful run, kept and named on failure)\n"
    "  --keep               keep the build folder\n"
    "\n"
    "Translation options (see cu2hip --help) go before PATH; -o and --in-place\n"
    "cannot be given.\n"
    "\n"
    "exit codes: the program's status (128 + N when signal N killed it); 2 usage,\n"
    "no HIP CPU runtime; 3 internal error; 125 the program uses what the CPU\n"
    "runtime cannot provide (inline assembly, ROCm libraries, textures);\n"
    "126 the translation does not build against the CPU runtime.\n";

int c2h_run_split_args(int argc, char **argv, c2h_run_options *o, int *out_argc, char ***out_argv) {
  char **rest = calloc((size_t)argc + 1, sizeof *rest);
  if (!rest) {
    fputs("cu2hip: out of memory\n", stderr);
    return C2H_EXIT_INTERNAL;
  }
  int n = 0;
  rest[n++] = argv[0];
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    const char *value = NULL;
    int takes = 0;
    if (strcmp(a, "--") == 0) {
      o->args = argv + i + 1;
      o->n_args = (size_t)(argc - i - 1);
      break;
    }
    if (strcmp(a, "--keep") == 0) {
      o->keep = 1;
      continue;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(c2h_run_usage, stdout);
      free(rest);
      return fflush(stdout) != 0 ? C2H_EXIT_USAGE : C2H_EXIT_OK;
    }
    const char **slot = NULL;
    const char *name = NULL;
    if (strncmp(a, "--hip-cpu-path", 14) == 0 && (a[14] == '\0' || a[14] == '=')) {
      slot = &o->hip_cpu_path, name = "--hip-cpu-path", takes = a[14] == '\0', value = a[14] ? a + 15 : NULL;
    } else if (strncmp(a, "--build-dir", 11) == 0 && (a[11] == '\0' || a[11] == '=')) {
      slot = &o->build_dir, name = "--build-dir", takes = a[11] == '\0', value = a[11] ? a + 12 : NULL;
    } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
      o->quiet = 1;
    } else if (strcmp(a, "-o") == 0 || strncmp(a, "--output-dir", 12) == 0 || strcmp(a, "--in-place") == 0 ||
               (strncmp(a, "-o", 2) == 0 && a[2] != '\0' && a[1] == 'o')) {
      fprintf(stderr, "cu2hip: run writes its translation into the build folder: give --build-dir DIR, not '%s'\n"
                      "Try 'cu2hip run --help'.\n", a);
      free(rest);
      return C2H_EXIT_USAGE;
    }
    if (slot) {
      if (takes) {
        if (i + 1 >= argc) {
          fprintf(stderr, "cu2hip: option '%s' needs a value\nTry 'cu2hip run --help'.\n", name);
          free(rest);
          return C2H_EXIT_USAGE;
        }
        value = argv[++i];
      }
      if (!*value) {
        fprintf(stderr, "cu2hip: option '%s' needs a folder\nTry 'cu2hip run --help'.\n", name);
        free(rest);
        return C2H_EXIT_USAGE;
      }
      *slot = value;
      continue;
    }
    rest[n++] = argv[i];
  }
  rest[n] = NULL;
  *out_argc = n;
  *out_argv = rest;
  return -1;
}

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int hipcpu_ok(const char *dir) {
  char *h = c2h_path_join(dir, "include/hip/hip_runtime.h");
  int ok = h && access(h, R_OK) == 0;
  free(h);
  return ok;
}

int c2h_run_prepare(c2h_run_options *o) {
  const char *env = getenv("HIP_CPU_PATH");
  const char *fixtures = getenv("CU2HIP_FIXTURES");
  char *from_fixtures = c2h_path_join(fixtures && *fixtures ? fixtures : "/var/cache/cu2hip-fixtures", "hip-cpu");
  const char *dir = o->hip_cpu_path ? o->hip_cpu_path : env && *env ? env : from_fixtures;
  const char *how = o->hip_cpu_path ? "--hip-cpu-path" : env && *env ? "$HIP_CPU_PATH" : "$CU2HIP_FIXTURES/hip-cpu";
  if (!from_fixtures) goto nomem;
  if (!hipcpu_ok(dir)) {
    fprintf(stderr,
            "cu2hip: no HIP CPU runtime at %s (from %s): run needs ROCm/HIP-CPU (the folder holding\n"
            "include/hip/hip_runtime.h): give --hip-cpu-path DIR, or set $HIP_CPU_PATH, or\n"
            "$CU2HIP_FIXTURES (its hip-cpu folder); see docs/run.md\n",
            dir, how);
    free(from_fixtures);
    return C2H_EXIT_USAGE;
  }
  o->hipcpu = realpath(dir, NULL);
  free(from_fixtures);
  if (!o->hipcpu) goto nomem;
  if (o->build_dir) {
    c2h_error err;
    c2h_error_clear(&err);
    if (c2h_mkdirs(o->build_dir, &err) != 0) {
      fprintf(stderr, "cu2hip: cannot make the build folder %s: %s\n", o->build_dir, err.message);
      return C2H_EXIT_USAGE;
    }
    o->dir = realpath(o->build_dir, NULL);
  } else {
    o->dir = c2h_proc_scratch_make("cu2hip-run");
    o->temporary = 1;
    if (!o->dir) {
      fprintf(stderr, "cu2hip: cannot make a temporary build folder: %s\n", strerror(errno));
      return C2H_EXIT_USAGE;
    }
  }
  if (!o->dir) goto nomem;
  return -1;
nomem:
  fputs("cu2hip: out of memory\n", stderr);
  return C2H_EXIT_INTERNAL;
}

void c2h_run_finish(c2h_run_options *o, int code) {
  if (o->dir && o->temporary && !o->keep && code == 0) c2h_proc_remove_tree(o->dir);
  else if (o->dir && (o->keep || code != 0)) fprintf(stderr, "cu2hip: the build folder is %s\n", o->dir);
  free(o->dir);
  free(o->hipcpu);
  o->dir = o->hipcpu = NULL;
}

/* ---- string vectors ------------------------------------------------------- */

typedef struct strv {
  char **items;
  size_t len, cap;
} strv;

static int strv_push_owned(strv *v, char *s) {
  if (!s) return -1;
  if (v->len + 2 > v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 16;
    char **p = realloc(v->items, cap * sizeof *p);
    if (!p) {
      free(s);
      return -1;
    }
    v->items = p;
    v->cap = cap;
  }
  v->items[v->len++] = s;
  v->items[v->len] = NULL;
  return 0;
}

static int strv_push(strv *v, const char *s) { return strv_push_owned(v, strdup(s)); }

static int strv_has(const strv *v, const char *s) {
  for (size_t i = 0; i < v->len; i++)
    if (strcmp(v->items[i], s) == 0) return 1;
  return 0;
}

static void strv_dispose(strv *v) {
  for (size_t i = 0; i < v->len; i++) free(v->items[i]);
  free(v->items);
  memset(v, 0, sizeof *v);
}

/* ---- the translation's layout ----------------------------------------------- */

/* The folder the run's outputs mirror (as the project run computes it: the
 * longest common folder of the inputs, a file counting by its folder). */
static char *common_root(const char *const *inputs, size_t n) {
  char *root = NULL;
  for (size_t i = 0; i < n; i++) {
    char *base = realpath(inputs[i], NULL);
    if (!base) continue;
    if (!is_dir(base)) {
      char *slash = strrchr(base, '/');
      if (slash) slash[slash == base ? 1 : 0] = '\0';
    }
    c2h_path_fold_root(&root, base);
  }
  return root;
}

/* The build folder's copy of `path` (a folder), when path lies below root
 * and the copy exists; else NULL. */
static char *copy_of(const char *dir, const char *root, const char *path) {
  char *real = realpath(path, NULL);
  char *out = NULL;
  size_t n = root ? strlen(root) : 0;
  if (real && root && strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0' || n == 1)) {
    const char *rel = real + n + (real[n] == '/');
    out = *rel ? c2h_path_join(dir, rel) : strdup(dir);
    if (out && !is_dir(out)) {
      free(out);
      out = NULL;
    }
  }
  free(real);
  return out;
}

static int has_suffix(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int is_unit(const char *path) {
  static const char *const exts[] = {".cu", ".hip", ".cpp", ".cc", ".cxx", ".c++"};
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (has_suffix(path, exts[i])) return 1;
  return 0;
}

static char *read_text(const char *path) {
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  c2h_error_clear(&err);
  if (c2h_file_read(path, &data, &len, &err) != 0) return NULL;
  return data;
}

/* Whether `text` (a file in folder `dir`) has `#include "NAME"` resolving
 * to the file `target`. */
static int includes_file(const char *text, const char *dir, const char *target) {
  const char *base = c2h_path_basename(target);
  for (const char *p = text; (p = strstr(p, "#include")) != NULL; p += 8) {
    const char *q = p + 8;
    while (*q == ' ' || *q == '\t') q++;
    if (*q != '"') continue;
    const char *end = strchr(q + 1, '"');
    if (!end || memchr(q, '\n', (size_t)(end - q))) continue;
    size_t len = (size_t)(end - q - 1);
    char name[PATH_MAX];
    if (len >= sizeof name) continue;
    memcpy(name, q + 1, len);
    name[len] = '\0';
    if (strcmp(c2h_path_basename(name), base) != 0) continue;
    char *joined = c2h_path_join(dir, name);
    char *real = joined ? realpath(joined, NULL) : NULL;
    int same = real && strcmp(real, target) == 0;
    free(joined);
    free(real);
    if (same) return 1;
  }
  return 0;
}

/* The translated sources to compile: the outputs that are translation
 * units, less those another unit #includes (compiled as part of it). */
static int collect_units(const c2h_project_summary *sum, strv *units) {
  strv all = {0};
  int rc = 0;
  for (size_t i = 0; i < sum->n_records && rc == 0; i++) {
    const c2h_project_file *r = &sum->records[i];
    if (!r->output || r->failed || !is_unit(r->output)) continue;
    char *real = realpath(r->output, NULL);
    if (real && !strv_has(&all, real)) rc = strv_push_owned(&all, real);
    else free(real);
  }
  for (size_t i = 0; i < all.len && rc == 0; i++) {
    int included = 0;
    for (size_t j = 0; j < all.len && !included; j++) {
      if (i == j) continue;
      char *text = read_text(all.items[j]);
      char *dir = strdup(all.items[j]);
      if (dir) *strrchr(dir, '/') = '\0';
      included = text && dir && includes_file(text, dir, all.items[i]);
      free(text);
      free(dir);
    }
    if (!included) rc = strv_push(units, all.items[i]);
  }
  strv_dispose(&all);
  return rc;
}

/* ---- what the CPU runtime cannot build ------------------------------------ */

typedef struct blocker {
  const char *needle; /* searched in code (not comments) */
  int include;        /* needle must be an #include'd header name prefix */
  const char *what;
} blocker;

static const blocker blockers[] = {
    {"asm(", 0, "inline assembly"},
    {"asm (", 0, "inline assembly"},
    {"asm volatile", 0, "inline assembly"},
    {"__asm__", 0, "inline assembly"},
    {"hipblas", 1, "hipBLAS (a ROCm library the CPU runtime does not have)"},
    {"rocblas", 1, "rocBLAS (a ROCm library the CPU runtime does not have)"},
    {"hipblaslt", 1, "hipBLASLt (a ROCm library the CPU runtime does not have)"},
    {"hipfft", 1, "hipFFT (a ROCm library the CPU runtime does not have)"},
    {"rocfft", 1, "rocFFT (a ROCm library the CPU runtime does not have)"},
    {"hiprand", 1, "hipRAND (a ROCm library the CPU runtime does not have)"},
    {"rocrand", 1, "rocRAND (a ROCm library the CPU runtime does not have)"},
    {"hipsparse", 1, "hipSPARSE (a ROCm library the CPU runtime does not have)"},
    {"rocsparse", 1, "rocSPARSE (a ROCm library the CPU runtime does not have)"},
    {"hipcub", 1, "hipCUB (a ROCm library the CPU runtime does not have)"},
    {"rocprim", 1, "rocPRIM (a ROCm library the CPU runtime does not have)"},
    {"thrust/", 1, "Thrust/rocThrust (a ROCm library the CPU runtime does not have)"},
    {"rccl", 1, "RCCL (a ROCm library the CPU runtime does not have)"},
    {"hipsolver", 1, "hipSOLVER (a ROCm library the CPU runtime does not have)"},
    {"rocsolver", 1, "rocSOLVER (a ROCm library the CPU runtime does not have)"},
    {"miopen", 1, "MIOpen (a ROCm library the CPU runtime does not have)"},
    {"hip/hiprtc.h", 1, "hipRTC (run-time compilation; the CPU runtime has none)"},
    {"hipTextureObject_t", 0, "textures"},
    {"hipCreateTextureObject", 0, "textures"},
    {"texture<", 0, "textures"},
    {"tex1Dfetch", 0, "textures"},
    {"tex2D", 0, "textures"},
    {"tex3D", 0, "textures"},
    {"hipSurfaceObject_t", 0, "surfaces"},
    {"surf2Dwrite", 0, "surfaces"},
    {"surf2Dread", 0, "surfaces"},
    {"hipGraphicsGLRegisterBuffer", 0, "OpenGL interoperability"},
    {"extern __shared__", 0, "dynamic shared memory declared extern __shared__ (HIP-CPU has it only as HIP_DYNAMIC_SHARED)"},
    {"hipGraphicsResource", 0, "OpenGL interoperability"},
};

static int ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* Blanks comments and string literals of a copy of text (lines kept), so
 * that the blockers are looked for in code only; #include names stay. */
static void blank_comments(char *s) {
  for (char *p = s; *p; p++) {
    if (p[0] == '/' && p[1] == '/') {
      while (*p && *p != '\n') *p++ = ' ';
      if (!*p) break;
    } else if (p[0] == '/' && p[1] == '*') {
      while (*p && !(p[0] == '*' && p[1] == '/')) {
        if (*p != '\n') *p = ' ';
        p++;
      }
      if (!*p) break;
      p[0] = p[1] = ' ';
      p++;
    }
  }
}

/* Whether a blocker starts at p (in text, comments blanked). */
static int blocker_at(const char *text, const char *p, const blocker *k) {
  if ((p != text && ident_char(p[-1])) || strncmp(p, k->needle, strlen(k->needle)) != 0) return 0;
  if (!k->include) return 1;
  /* The name must open an #include's header name: <hipblas/...>, "hipcub/..." */
  if (p == text || (p[-1] != '<' && p[-1] != '"' && p[-1] != '/')) return 0;
  const char *start = p;
  while (start > text && start[-1] != '\n') start--;
  while (*start == ' ' || *start == '\t') start++;
  return strncmp(start, "#include", 8) == 0 || strncmp(start, "# include", 9) == 0;
}

/* The first line of a file where blocker `only` (or, when NULL, any
 * blocker) is; sets *found to it. 0: none. */
static int find_blocker(const char *path, const blocker *only, const blocker **found) {
  char *text = read_text(path);
  if (!text) return 0;
  blank_comments(text);
  int line = 0, ln = 1;
  for (char *p = text; *p && !line; p++) {
    if (*p == '\n') {
      ln++;
      continue;
    }
    for (size_t b = 0; b < sizeof blockers / sizeof *blockers && !line; b++) {
      if (only && only != &blockers[b]) continue;
      if (blocker_at(text, p, &blockers[b])) {
        *found = &blockers[b];
        line = ln;
      }
    }
  }
  free(text);
  return line;
}

/* Reports what stops the build for the CPU runtime, looking in every
 * translated file: the input's FILE:LINE where the input has the same text
 * (asm, texture calls), else the translated file's (a ROCm library's
 * header, which the input names by its CUDA name). Returns how many kinds
 * it named. */
static int report_blockers(const c2h_project_summary *sum) {
  int named = 0;
  const char *shown[8] = {0};
  for (size_t i = 0; i < sum->n_records && named < 8; i++) {
    const c2h_project_file *r = &sum->records[i];
    if (!r->output || r->failed) continue;
    const blocker *k = NULL;
    int line = find_blocker(r->output, NULL, &k);
    if (!line) continue;
    int dup = 0;
    for (int j = 0; j < named; j++) dup |= shown[j] == k->what;
    if (dup) continue;
    shown[named++] = k->what;
    const blocker *same = NULL;
    int in_line = find_blocker(r->path, k, &same);
    if (in_line)
      fprintf(stderr, "%s:%d: cannot build for the CPU runtime: %s uses %s\n", r->path, in_line,
              c2h_path_basename(r->path), k->what);
    else
      fprintf(stderr, "%s:%d: cannot build for the CPU runtime: %s (translated from %s) uses %s\n", r->output, line,
              c2h_path_basename(r->output), r->path, k->what);
  }
  return named;
}

/* ---- build and run ---------------------------------------------------------- */

static int write_file(const char *dir, const char *name, const char *data, size_t len) {
  char *path = c2h_path_join(dir, name);
  c2h_error err;
  c2h_error_clear(&err);
  int rc = path ? c2h_file_write_atomic(path, data, len, 0644, &err) : -1;
  if (rc) fprintf(stderr, "cu2hip: cannot write %s: %s\n", path ? path : name, path ? err.message : "out of memory");
  free(path);
  return rc;
}

static int make_subdir(const char *dir, const char *name) {
  char *path = c2h_path_join(dir, name);
  c2h_error err;
  c2h_error_clear(&err);
  int rc = path ? c2h_mkdirs(path, &err) : -1;
  if (rc) fprintf(stderr, "cu2hip: cannot make %s: %s\n", path ? path : name, path ? err.message : "out of memory");
  free(path);
  return rc;
}

/* What the completion headers refuse (a function declared with GCC's
 * error attribute, whose message starts "cannot build for the CPU
 * runtime: "): the compiler's lines "FILE:LINE:COL: error: call to 'F'
 * declared with attribute error: cannot build ... : WHY", shown as
 * "FILE:LINE: cannot build for the CPU runtime: WHY". Returns how many. */
static int report_refused(const char *out) {
  static const char mark[] = "declared with attribute error: cannot build for the CPU runtime: ";
  static char shown[8][1024]; /* said once each (the compiler repeats them) */
  int n = 0;
  for (const char *m = strstr(out, mark); m && n < 8; m = strstr(m, mark)) {
    const char *p = m;
    while (p > out && p[-1] != '\n') p--;
    const char *why = m + sizeof mark - 1;
    const char *end = strchr(why, '\n');
    if (!end) end = why + strlen(why);
    /* FILE:LINE of "FILE:LINE:COL: error: ..." */
    const char *loc_end = p;
    for (const char *e = p; e < m; e++) {
      if (strncmp(e, ": error: ", 9) != 0) continue;
      const char *c = e;
      while (c > p && c[-1] != ':') c--;
      loc_end = c > p ? c - 1 : e;
      break;
    }
    char line[1024];
    snprintf(line, sizeof line, "%.*s: cannot build for the CPU runtime: %.*s", (int)(loc_end - p), p,
             (int)(end - why), why);
    int dup = 0;
    for (int k = 0; k < n && !dup; k++) dup = strcmp(shown[k], line) == 0;
    if (!dup) {
      fprintf(stderr, "%s\n", line);
      memcpy(shown[n++], line, sizeof line);
    }
    m = end;
  }
  return n;
}

/* The compiler: $CXX's words (e.g. "ccache g++"), else g++. */
static int compiler_words(strv *cmd) {
  const char *cxx = getenv("CXX");
  char *copy = strdup(cxx && *cxx ? cxx : "g++");
  if (!copy) return -1;
  int rc = 0, first = 1;
  for (char *save = NULL, *w = strtok_r(copy, " \t", &save); w && rc == 0; w = strtok_r(NULL, " \t", &save)) {
    if (first && !strchr(w, '/')) {
      char *found = c2h_proc_find_in_path(w);
      if (!found) {
        fprintf(stderr, "cu2hip: no C++ compiler '%s' on PATH (set $CXX)\n", w);
        rc = 1;
        break;
      }
      rc = strv_push_owned(cmd, found);
    } else {
      rc = strv_push(cmd, w);
    }
    first = 0;
  }
  free(copy);
  return rc;
}

/* Prints the first lines of the compiler's output. */
static void show_head(const char *out, int lines) {
  const char *p = out;
  for (int i = 0; i < lines && p && *p; i++) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    fprintf(stderr, "  %.*s\n", (int)n, p);
    p = nl ? nl + 1 : NULL;
  }
  if (p && *p) fprintf(stderr, "  ...\n");
}

static int run_program(const char *program, const c2h_run_options *o, const char *cwd) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "cu2hip: cannot start the program: %s\n", strerror(errno));
    return C2H_EXIT_INTERNAL;
  }
  if (pid == 0) {
    char **argv = calloc(o->n_args + 2, sizeof *argv);
    if (!argv) _exit(127);
    argv[0] = (char *)program;
    for (size_t i = 0; i < o->n_args; i++) argv[i + 1] = o->args[i];
    if (cwd && chdir(cwd) != 0) {
      fprintf(stderr, "cu2hip: cannot enter %s: %s\n", cwd, strerror(errno));
      _exit(127);
    }
    execv(program, argv);
    fprintf(stderr, "cu2hip: cannot run %s: %s\n", program, strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return C2H_EXIT_INTERNAL;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    fprintf(stderr, "cu2hip: the program was killed by signal %d (%s)\n", WTERMSIG(status), strsignal(WTERMSIG(status)));
    return 128 + WTERMSIG(status);
  }
  return C2H_EXIT_INTERNAL;
}

int c2h_run_build_and_exec(c2h_run_options *o, const c2h_project_summary *sum, const char *const *inputs,
                           size_t n_inputs, const char *const *clang_args, size_t n_clang_args) {
  strv units = {0}, cmd = {0}, incs = {0};
  char *root = NULL, *out = NULL, *program = NULL, *cwd = NULL;
  int code = C2H_EXIT_INTERNAL;
  size_t compat_len = 0;
  const char *compat = c2h_compat_header(&compat_len);
  if (write_file(o->dir, C2H_COMPAT_HEADER_NAME, compat, compat_len) ||
      write_file(o->dir, C2H_HIPCPU_HEADER_NAME, c2h_hipcpu_header_text, c2h_hipcpu_header_text_len) ||
      make_subdir(o->dir, "hip") ||
      write_file(o->dir, C2H_HIPCPU_CG_HEADER_NAME, c2h_hipcpu_cg_header_text, c2h_hipcpu_cg_header_text_len)) {
    code = C2H_EXIT_USAGE;
    goto done;
  }
  if (collect_units(sum, &units)) goto nomem;
  if (units.len == 0) {
    fprintf(stderr, "cu2hip: nothing to build: no translated source (.cu .hip .cpp .cc .cxx .c++) among the inputs\n");
    code = C2H_EXIT_USAGE;
    goto done;
  }
  root = common_root(inputs, n_inputs);
  /* -I: the build folder (cu2hip_compat.h), the copies of the inputs'
   * folders, then the -I folders of the translation (their copies when
   * they were translated too). */
  if (strv_push_owned(&incs, strdup(o->dir))) goto nomem;
  for (size_t i = 0; i < n_inputs; i++) {
    char *folder = NULL;
    if (is_dir(inputs[i])) {
      folder = strdup(inputs[i]);
    } else {
      const char *slash = strrchr(inputs[i], '/');
      folder = slash ? strndup(inputs[i], (size_t)(slash - inputs[i]) + (slash == inputs[i])) : strdup(".");
    }
    char *c = folder ? copy_of(o->dir, root, folder) : NULL;
    free(folder);
    if (c && !strv_has(&incs, c)) {
      if (strv_push_owned(&incs, c)) goto nomem;
    } else {
      free(c);
    }
  }
  if (compiler_words(&cmd)) {
    code = C2H_EXIT_USAGE;
    goto done;
  }
  if (strv_push(&cmd, "-std=c++17") || strv_push(&cmd, "-O1") || strv_push(&cmd, "-w") || strv_push(&cmd, "-pthread"))
    goto nomem;
  for (size_t i = 0; i < incs.len; i++)
    if (strv_push(&cmd, "-I") || strv_push(&cmd, incs.items[i])) goto nomem;
  for (size_t i = 0; i < n_clang_args; i++) {
    const char *a = clang_args[i];
    if (strncmp(a, "-I", 2) == 0 && a[2]) {
      char *c = copy_of(o->dir, root, a + 2);
      if (strv_push(&cmd, "-I") || strv_push_owned(&cmd, c ? c : strdup(a + 2))) goto nomem;
    } else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) && a[2]) {
      if (strv_push(&cmd, a)) goto nomem;
    }
  }
  char *hipinc = c2h_path_join(o->hipcpu, "include");
  char *header = c2h_path_join(o->dir, C2H_HIPCPU_HEADER_NAME);
  program = c2h_path_join(o->dir, C2H_RUN_PROGRAM_NAME);
  if (strv_push(&cmd, "-isystem") || strv_push_owned(&cmd, hipinc) || strv_push(&cmd, "-include") ||
      strv_push_owned(&cmd, header) || strv_push(&cmd, "-x") || strv_push(&cmd, "c++"))
    goto nomem;
  for (size_t i = 0; i < units.len; i++)
    if (strv_push(&cmd, units.items[i])) goto nomem;
  if (!program || strv_push(&cmd, "-x") || strv_push(&cmd, "none") || strv_push(&cmd, "-o") ||
      strv_push(&cmd, program) || strv_push(&cmd, "-ltbb") || strv_push(&cmd, "-lpthread"))
    goto nomem;
  if (!o->quiet)
    fprintf(stderr, "cu2hip: building %zu source%s against the CPU runtime (%s) in %s\n", units.len,
            units.len == 1 ? "" : "s", o->hipcpu, o->dir);
  int status = c2h_proc_run(cmd.items, o->dir, 0, &out);
  if (status != 0) {
    if ((out && report_refused(out) > 0) || report_blockers(sum) > 0) {
      code = C2H_EXIT_RUN_CANNOT_BUILD;
      goto done;
    }
    fprintf(stderr, "cu2hip: the translated program does not build against the CPU runtime (%s):\n",
            status < 0 ? "the compiler could not be run" : "compiler errors");
    if (out) show_head(out, 20);
    code = C2H_EXIT_RUN_BUILD_FAILED;
    goto done;
  }
  /* Run where the first input is, so that its data files resolve. */
  cwd = is_dir(inputs[0]) ? realpath(inputs[0], NULL) : NULL;
  if (!cwd) {
    char *real = realpath(inputs[0], NULL);
    if (real) *strrchr(real, '/') = '\0';
    cwd = real && *real ? real : (free(real), strdup("/"));
  }
  if (!o->quiet) fprintf(stderr, "cu2hip: running the program in %s\n", cwd);
  code = run_program(program, o, cwd);
  goto done;
nomem:
  fputs("cu2hip: out of memory\n", stderr);
  code = C2H_EXIT_INTERNAL;
done:
  strv_dispose(&units);
  strv_dispose(&cmd);
  strv_dispose(&incs);
  free(root);
  free(out);
  free(program);
  free(cwd);
  return code;
}
