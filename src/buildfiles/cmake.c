/* CMake scripts: a tokenizer for the command syntax and the translation of
 * CUDA language, packages, targets, properties and flags to HIP. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfiles/buildfiles.h"
#include "util/buf.h"

/* ---- tokenizer ---------------------------------------------------------- */

void c2h_cmake_file_dispose(c2h_cmake_file *f) {
  free(f->cmds);
  free(f->args);
  memset(f, 0, sizeof *f);
}

static int push_arg(c2h_cmake_file *f, c2h_cmake_arg a) {
  if (f->n_args == f->cap_args) {
    size_t cap = f->cap_args ? f->cap_args * 2 : 64;
    c2h_cmake_arg *p = realloc(f->args, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    f->args = p;
    f->cap_args = cap;
  }
  f->args[f->n_args++] = a;
  return 0;
}

static int push_cmd(c2h_cmake_file *f, c2h_cmake_cmd c) {
  if (f->n_cmds == f->cap_cmds) {
    size_t cap = f->cap_cmds ? f->cap_cmds * 2 : 32;
    c2h_cmake_cmd *p = realloc(f->cmds, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    f->cmds = p;
    f->cap_cmds = cap;
  }
  f->cmds[f->n_cmds++] = c;
  return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* If src[i] opens a bracket ("[" "="* "["), returns the number of '='s + 1
 * and sets *body to the offset after it; else 0. */
static size_t bracket_open(const char *src, size_t len, size_t i, size_t *body) {
  if (i >= len || src[i] != '[') return 0;
  size_t j = i + 1;
  while (j < len && src[j] == '=') j++;
  if (j >= len || src[j] != '[') return 0;
  *body = j + 1;
  return j - i; /* '='s + 1 */
}

/* Finds "]" "="*(level-1) "]" from `from`; returns the offset after it or 0. */
static size_t bracket_close(const char *src, size_t len, size_t from, size_t level, size_t *content_end) {
  for (size_t j = from; j < len; j++) {
    if (src[j] != ']') continue;
    size_t k = j + 1, eqs = 0;
    while (k < len && src[k] == '=') {
      k++;
      eqs++;
    }
    if (eqs == level - 1 && k < len && src[k] == ']') {
      *content_end = j;
      return k + 1;
    }
  }
  return 0;
}

/* Skips a comment at src[i] == '#'. Returns the offset after it, or 0 for
 * an unterminated bracket comment. */
static size_t skip_comment(const char *src, size_t len, size_t i) {
  size_t body, ce;
  size_t level = bracket_open(src, len, i + 1, &body);
  if (level) return bracket_close(src, len, body, level, &ce);
  while (i < len && src[i] != '\n') i++;
  return i;
}

static void set_bad(c2h_cmake_file *f, size_t at, const char *what) {
  f->bad = 1;
  f->bad_at = at;
  f->bad_what = what;
}

int c2h_cmake_parse(const char *src, size_t len, c2h_cmake_file *f) {
  size_t i = 0;
  memset(f, 0, sizeof *f);
  while (i < len) {
    char c = src[i];
    if (is_space(c)) {
      i++;
      continue;
    }
    if (c == '#') {
      size_t t = skip_comment(src, len, i);
      if (!t) {
        set_bad(f, i, "unterminated bracket comment");
        return 0;
      }
      i = t;
      continue;
    }
    if (!(c2h_bf_is_ident_char((unsigned char)c) && !(c >= '0' && c <= '9'))) {
      set_bad(f, i, "expected a command name");
      return 0;
    }
    c2h_cmake_cmd cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.name_b = i;
    while (i < len && c2h_bf_is_ident_char((unsigned char)src[i])) i++;
    cmd.name_e = i;
    while (i < len && (src[i] == ' ' || src[i] == '\t')) i++;
    if (i >= len || src[i] != '(') {
      set_bad(f, cmd.name_b, "expected '(' after the command name");
      return 0;
    }
    cmd.open = i++;
    cmd.first_arg = f->n_args;
    unsigned depth = 0;
    int closed = 0;
    while (i < len && !closed) {
      c = src[i];
      if (is_space(c)) {
        i++;
        continue;
      }
      c2h_cmake_arg a;
      memset(&a, 0, sizeof a);
      a.depth = depth;
      size_t body, level;
      if (c == '#') {
        size_t t = skip_comment(src, len, i);
        if (!t) break;
        i = t;
        continue;
      } else if (c == '(') {
        depth++;
        i++;
        continue;
      } else if (c == ')') {
        if (depth == 0) {
          cmd.close = i++;
          closed = 1;
        } else {
          depth--;
          i++;
        }
        continue;
      } else if (c == '"') {
        size_t j = i + 1;
        while (j < len && src[j] != '"') j += src[j] == '\\' ? 2 : 1;
        if (j >= len) break;
        a.kind = C2H_CMAKE_ARG_QUOTED;
        a.b = i;
        a.cb = i + 1;
        a.ce = j;
        a.e = j + 1;
      } else if ((level = bracket_open(src, len, i, &body)) != 0) {
        size_t ce, t = bracket_close(src, len, body, level, &ce);
        if (!t) break;
        a.kind = C2H_CMAKE_ARG_BRACKET;
        a.b = i;
        a.cb = body;
        a.ce = ce;
        a.e = t;
      } else {
        size_t j = i;
        while (j < len && !is_space(src[j]) && src[j] != '(' && src[j] != ')') {
          if (src[j] == '\\') {
            j += 2;
          } else if (src[j] == '"') {
            /* legacy: -Da="b c" */
            j++;
            while (j < len && src[j] != '"') j += src[j] == '\\' ? 2 : 1;
            j++;
          } else if (src[j] == '#' && j == i) {
            break;
          } else {
            j++;
          }
        }
        if (j > len) j = len;
        a.kind = C2H_CMAKE_ARG_UNQUOTED;
        a.b = a.cb = i;
        a.e = a.ce = j;
      }
      if (push_arg(f, a)) return C2H_ERR_NOMEM;
      i = a.e;
    }
    if (!closed) {
      f->n_args = cmd.first_arg;
      set_bad(f, cmd.name_b, "unterminated command (missing ')' or quote)");
      return 0;
    }
    cmd.n_args = f->n_args - cmd.first_arg;
    if (push_cmd(f, cmd)) return C2H_ERR_NOMEM;
  }
  return 0;
}

/* ---- tables ------------------------------------------------------------- */

typedef struct target_map {
  const char *cuda; /* CUDA target */
  const char *plain; /* the library's plain name in target_link_libraries, or NULL */
  const char *hip;  /* HIP target */
  const char *pkg;  /* package that defines it, NULL: hip */
} target_map;

static const target_map targets[] = {
    {"CUDA::cudart", "cudart", "hip::host", NULL},
    {"CUDA::cudart_static", "cudart_static", "hip::host", NULL},
    {"CUDA::cuda_driver", "cuda", "hip::host", NULL},
    {"CUDA::cublas", "cublas", "roc::hipblas", "hipblas"},
    {"CUDA::cublas_static", "cublas_static", "roc::hipblas", "hipblas"},
    {"CUDA::cublasLt", "cublasLt", "roc::hipblaslt", "hipblaslt"},
    {"CUDA::cublasLt_static", "cublasLt_static", "roc::hipblaslt", "hipblaslt"},
    {"CUDA::curand", "curand", "hip::hiprand", "hiprand"},
    {"CUDA::curand_static", "curand_static", "hip::hiprand", "hiprand"},
    {"CUDA::cufft", "cufft", "hip::hipfft", "hipfft"},
    {"CUDA::cufft_static", "cufft_static", "hip::hipfft", "hipfft"},
    {"CUDA::cusparse", "cusparse", "roc::hipsparse", "hipsparse"},
    {"CUDA::cusparse_static", "cusparse_static", "roc::hipsparse", "hipsparse"},
    {"CUDA::cusolver", "cusolver", "roc::hipsolver", "hipsolver"},
    {"CUDA::cusolver_static", "cusolver_static", "roc::hipsolver", "hipsolver"},
    {"CUDA::nvrtc", "nvrtc", "hiprtc::hiprtc", "hiprtc"},
    {"CUDA::nvrtc_static", NULL, "hiprtc::hiprtc", "hiprtc"},
    {"CUB::CUB", NULL, "hip::hipcub", "hipcub"},
    {"CCCL::CUB", NULL, "hip::hipcub", "hipcub"},
    {"Thrust::Thrust", NULL, "roc::rocthrust", "rocthrust"},
    {"CCCL::Thrust", NULL, "roc::rocthrust", "rocthrust"},
    {"CCCL::CCCL", NULL, "roc::rocthrust", "rocthrust"},
    {NULL, "nccl", "rccl::rccl", "rccl"},
    {NULL, "nccl_static", "rccl::rccl", "rccl"},
    /* cuDNN has no CMake target of the CUDA toolkit; MIOpen's package
     * (find_package(miopen)) exports the target MIOpen. */
    {NULL, "cudnn", "MIOpen", "miopen"},
    /* FindCUDA's result variables, used whole: ${CUDA_LIBRARIES}. */
    {"${CUDA_LIBRARIES}", NULL, "hip::host", NULL},
    {"${CUDA_CUDART_LIBRARY}", NULL, "hip::host", NULL},
    {"${CUDA_CUDA_LIBRARY}", NULL, "hip::host", NULL},
    {"${CUDA_CUBLAS_LIBRARIES}", NULL, "roc::hipblas", "hipblas"},
    {"${CUDA_cublas_LIBRARY}", NULL, "roc::hipblas", "hipblas"},
    {"${CUDA_curand_LIBRARY}", NULL, "hip::hiprand", "hiprand"},
    {"${CUDA_CUFFT_LIBRARIES}", NULL, "hip::hipfft", "hipfft"},
    {"${CUDA_cufft_LIBRARY}", NULL, "hip::hipfft", "hipfft"},
    {"${CUDA_cusparse_LIBRARY}", NULL, "roc::hipsparse", "hipsparse"},
    {"${CUDA_cusolver_LIBRARY}", NULL, "roc::hipsolver", "hipsolver"},
};
#define N_TARGETS (sizeof targets / sizeof targets[0])

/* What a row of targets[] becomes when its library is translated to the
 * ROCm-native API (--library-target LIB=roc): rule-table library, row. */
static const struct {
  const char *library;
  target_map map;
} roc_targets[] = {
    {"curand", {"CUDA::curand", "curand", "roc::rocrand", "rocrand"}},
    {"curand", {"CUDA::curand_static", "curand_static", "roc::rocrand", "rocrand"}},
    {"curand", {"${CUDA_curand_LIBRARY}", NULL, "roc::rocrand", "rocrand"}},
    {"cublas", {"CUDA::cublas", "cublas", "roc::rocblas", "rocblas"}},
    {"cublas", {"CUDA::cublas_static", "cublas_static", "roc::rocblas", "rocblas"}},
    {"cublas", {"${CUDA_CUBLAS_LIBRARIES}", NULL, "roc::rocblas", "rocblas"}},
    {"cublas", {"${CUDA_cublas_LIBRARY}", NULL, "roc::rocblas", "rocblas"}},
    {"cufft", {"CUDA::cufft", "cufft", "roc::rocfft", "rocfft"}},
    {"cufft", {"CUDA::cufft_static", "cufft_static", "roc::rocfft", "rocfft"}},
    {"cufft", {"${CUDA_CUFFT_LIBRARIES}", NULL, "roc::rocfft", "rocfft"}},
    {"cufft", {"${CUDA_cufft_LIBRARY}", NULL, "roc::rocfft", "rocfft"}},
    {"cusolver", {"CUDA::cusolver", "cusolver", "roc::rocsolver", "rocsolver"}},
    {"cusolver", {"CUDA::cusolver_static", "cusolver_static", "roc::rocsolver", "rocsolver"}},
    {"cusolver", {"${CUDA_cusolver_LIBRARY}", NULL, "roc::rocsolver", "rocsolver"}},
    {"cusparse", {"CUDA::cusparse", "cusparse", "roc::rocsparse", "rocsparse"}},
    {"cusparse", {"CUDA::cusparse_static", "cusparse_static", "roc::rocsparse", "rocsparse"}},
    {"cusparse", {"${CUDA_cusparse_LIBRARY}", NULL, "roc::rocsparse", "rocsparse"}},
};

/* Packages find_package may need, in the order they are added. */
static const char *const packages[] = {"hipblas", "hipblaslt", "hiprand", "hipfft", "hipsparse",
                                       "hipsolver", "hiprtc", "hipcub", "rocthrust", "rccl",
                                       "rocrand", "rocsparse", "rocblas", "rocfft", "rocsolver", "miopen"};
#define N_PACKAGES (sizeof packages / sizeof packages[0])

/* The CUDA version a HIP build stands for in a script's CUDA version tests
 * (docs/build-scripts.md): CUDA 12.0, whose runtime API HIP 6 and 7 follow
 * most closely; a build may set another with -D. */
#define C2H_ASSUMED_CUDA_VERSION "12.0"

/* CMAKE_CUDA_<X> variables with a CMAKE_HIP_<X> twin. */
static const char *const lang_vars[] = {"ARCHITECTURES", "STANDARD", "STANDARD_REQUIRED", "EXTENSIONS",
                                        "COMPILER", "COMPILER_ID", "COMPILER_VERSION",
                                        "COMPILER_LAUNCHER", "VISIBILITY_PRESET", "COMPILER_LOADED",
                                        "COMPILER_FORCED", "OUTPUT_EXTENSION", NULL};

/* Target properties CUDA_<X> with a HIP_<X> twin. */
static const char *const props[] = {"CUDA_ARCHITECTURES", "CUDA_STANDARD", "CUDA_STANDARD_REQUIRED",
                                    "CUDA_EXTENSIONS", NULL};

static const char *const rdc_fix =
    "target_compile_options(%s PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
    "target_link_options(%s PRIVATE -fgpu-rdc --hip-link)";

/* ---- translation -------------------------------------------------------- */

typedef struct cm {
  c2h_bf_ctx *ctx;
  c2h_cmake_file f;
  int need[N_PACKAGES]; /* the script links a target of packages[i] */
  int have[N_PACKAGES]; /* find_package(packages[i]) is there already */
  int libs_added;
  char **covered; /* sources already given a LANGUAGE */
  size_t n_covered, cap_covered;
  /* Variables whose value is an architecture list: ${V} is the value of a
   * CUDA_ARCHITECTURES setting. set_here: the script sets V itself. */
  struct arch_var {
    size_t b, e; /* the name, in the source */
    int set_here;
  } arch_vars[16];
  size_t n_arch_vars;
  size_t arch_args[64]; /* indexes into f.args of the ${V} uses that are architecture values */
  size_t n_arch_args;
  int hip_enabled; /* the script makes HIP a language (project, enable_language) */
  size_t cur_cmd;   /* index of the command being translated */
  int condition;    /* it is if(), elseif() or while() */
  size_t version_cmd; /* first command reading a CUDA version variable, or (size_t)-1 */
  unsigned own_version; /* bit i: the script sets version_vars[i] itself (its own variable) */
} cm;

/* The variables that hold the CUDA version of a CUDA build. */
static const char *const version_vars[] = {"CMAKE_CUDA_COMPILER_VERSION", "CUDAToolkit_VERSION", "CUDA_VERSION",
                                           "CUDA_VERSION_STRING", NULL};

static const c2h_cmake_arg *arg(const cm *m, const c2h_cmake_cmd *c, size_t k) {
  return &m->f.args[c->first_arg + k];
}

static int arg_is(const cm *m, const c2h_cmake_cmd *c, size_t k, const char *s) {
  const c2h_cmake_arg *a = arg(m, c, k);
  return a->kind == C2H_CMAKE_ARG_UNQUOTED && c2h_bf_eq(m->ctx, a->cb, a->ce, s);
}

static int name_is(const cm *m, const c2h_cmake_cmd *c, const char *s) {
  return c2h_bf_ieq(m->ctx, c->name_b, c->name_e, s);
}

static int package_index(const char *s, size_t n) {
  for (size_t i = 0; i < N_PACKAGES; i++)
    if (strlen(packages[i]) == n && strncmp(packages[i], s, n) == 0) return (int)i;
  return -1;
}

static int same(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

/* Row t of targets[], or its ROCm-native replacement when the run selects
 * the native API of its library. */
static const target_map *effective(const cm *m, const target_map *t) {
  const c2h_buildfile_options *o = m->ctx->opt;
  for (size_t i = 0; i < sizeof roc_targets / sizeof roc_targets[0]; i++) {
    if (!same(roc_targets[i].map.cuda, t->cuda) || !same(roc_targets[i].map.plain, t->plain)) continue;
    for (size_t k = 0; k < o->n_roc_libraries; k++)
      if (strcmp(o->roc_libraries[k], roc_targets[i].library) == 0) return &roc_targets[i].map;
  }
  return t;
}

static const target_map *find_target(const cm *m, const char *s, size_t n, int plain) {
  for (size_t i = 0; i < N_TARGETS; i++) {
    const char *t = plain ? targets[i].plain : targets[i].cuda;
    if (t && strlen(t) == n && memcmp(t, s, n) == 0) return effective(m, &targets[i]);
  }
  return NULL;
}

static int add_covered(cm *m, size_t b, size_t e) {
  if (m->n_covered == m->cap_covered) {
    size_t cap = m->cap_covered ? m->cap_covered * 2 : 16;
    char **p = realloc(m->covered, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    m->covered = p;
    m->cap_covered = cap;
  }
  char *s = c2h_strndup(m->ctx->src + b, e - b);
  if (!s) return C2H_ERR_NOMEM;
  m->covered[m->n_covered++] = s;
  return 0;
}

static int is_covered(const cm *m, size_t b, size_t e) {
  for (size_t i = 0; i < m->n_covered; i++)
    if (c2h_bf_eq(m->ctx, b, e, m->covered[i])) return 1;
  return 0;
}

/* The variable name of an argument that is exactly ${NAME} (maybe quoted):
 * [*b, *e), or 0. */
static int var_ref(const cm *m, const c2h_cmake_arg *a, size_t *b, size_t *e) {
  const char *s = m->ctx->src;
  if (a->kind == C2H_CMAKE_ARG_BRACKET || a->ce - a->cb < 4 || s[a->cb] != '$' || s[a->cb + 1] != '{' ||
      s[a->ce - 1] != '}')
    return 0;
  for (size_t i = a->cb + 2; i + 1 < a->ce; i++)
    if (!c2h_bf_is_ident_char((unsigned char)s[i])) return 0;
  *b = a->cb + 2;
  *e = a->ce - 1;
  return 1;
}

static struct arch_var *find_arch_var(cm *m, size_t b, size_t e) {
  for (size_t i = 0; i < m->n_arch_vars; i++)
    if (m->arch_vars[i].e - m->arch_vars[i].b == e - b &&
        memcmp(m->ctx->src + m->arch_vars[i].b, m->ctx->src + b, e - b) == 0)
      return &m->arch_vars[i];
  return NULL;
}

/* Records the ${V} among args[from, to) of an architecture setting. */
static void note_arch_values(cm *m, const c2h_cmake_cmd *c, size_t from, size_t to) {
  for (size_t k = from; k < to; k++) {
    size_t b, e;
    if (!var_ref(m, arg(m, c, k), &b, &e)) continue;
    /* CMAKE_CUDA_ARCHITECTURES itself is renamed everywhere alike. */
    if (c2h_bf_eq(m->ctx, b, e, "CMAKE_CUDA_ARCHITECTURES") || c2h_bf_eq(m->ctx, b, e, "CMAKE_HIP_ARCHITECTURES"))
      continue;
    if (m->n_arch_args < sizeof m->arch_args / sizeof m->arch_args[0])
      m->arch_args[m->n_arch_args++] = c->first_arg + k;
    if (!find_arch_var(m, b, e) && m->n_arch_vars < sizeof m->arch_vars / sizeof m->arch_vars[0]) {
      m->arch_vars[m->n_arch_vars].b = b;
      m->arch_vars[m->n_arch_vars].e = e;
      m->arch_vars[m->n_arch_vars++].set_here = 0;
    }
  }
}

/* The end of the value arguments of set(): CACHE or PARENT_SCOPE ends them. */
static size_t set_values_end(const cm *m, const c2h_cmake_cmd *c) {
  for (size_t k = 1; k < c->n_args; k++)
    if (arg_is(m, c, k, "CACHE") || arg_is(m, c, k, "PARENT_SCOPE")) return k;
  return c->n_args;
}

/* Where the script sets an architecture: the values args[*from, *to) of
 * set_target_properties(.. CUDA_ARCHITECTURES v), set_property(.. PROPERTY
 * CUDA_ARCHITECTURES v...) or set(CMAKE_CUDA_ARCHITECTURES v...); 0 if c
 * is none of them. set_target_properties may name the property twice. */
static int arch_setting(const cm *m, const c2h_cmake_cmd *c, size_t start, size_t *from, size_t *to) {
  if (name_is(m, c, "set_target_properties")) {
    size_t k = start;
    if (k == 0) {
      while (k < c->n_args && !arg_is(m, c, k, "PROPERTIES")) k++;
      k++;
    }
    for (; k + 1 < c->n_args; k += 2)
      if (arg_is(m, c, k, "CUDA_ARCHITECTURES") || arg_is(m, c, k, "HIP_ARCHITECTURES")) {
        *from = k + 1;
        *to = k + 2;
        return 1;
      }
    return 0;
  }
  if (start) return 0;
  if (name_is(m, c, "set_property")) {
    size_t k = 0;
    while (k < c->n_args && !arg_is(m, c, k, "PROPERTY")) k++;
    if (k + 1 >= c->n_args || (!arg_is(m, c, k + 1, "CUDA_ARCHITECTURES") && !arg_is(m, c, k + 1, "HIP_ARCHITECTURES")))
      return 0;
    *from = k + 2;
    *to = c->n_args;
    return 1;
  }
  if (name_is(m, c, "set") && c->n_args &&
      (arg_is(m, c, 0, "CMAKE_CUDA_ARCHITECTURES") || arg_is(m, c, 0, "CMAKE_HIP_ARCHITECTURES"))) {
    *from = 1;
    *to = set_values_end(m, c);
    return 1;
  }
  return 0;
}

/* Scans once for the packages the script needs and has, and for the
 * sources that already have a LANGUAGE. */
static int prescan(cm *m) {
  const c2h_bf_ctx *ctx = m->ctx;
  /* The targets with a package, as this run maps them, and the first
   * bytes of their names, looked up once rather than at every byte. */
  const target_map *eff[N_TARGETS];
  unsigned char first[256] = {0};
  for (size_t t = 0; t < N_TARGETS; t++) {
    eff[t] = effective(m, &targets[t]);
    if (eff[t]->cuda && eff[t]->pkg) first[(unsigned char)eff[t]->cuda[0]] = 1;
  }
  for (size_t ci = 0; ci < m->f.n_cmds; ci++) {
    const c2h_cmake_cmd *c = &m->f.cmds[ci];
    size_t from = 0, to = 0;
    for (size_t start = 0; arch_setting(m, c, start, &from, &to); start = to) note_arch_values(m, c, from, to);
    if (name_is(m, c, "find_package") && c->n_args) {
      const c2h_cmake_arg *a = arg(m, c, 0);
      for (size_t p = 0; p < N_PACKAGES; p++)
        if (c2h_bf_ieq(ctx, a->cb, a->ce, packages[p])) m->have[p] = 1;
      if (c2h_bf_ieq(ctx, a->cb, a->ce, "nccl")) m->have[package_index("rccl", 4)] = 1;
    }
    int linking = name_is(m, c, "target_link_libraries") || name_is(m, c, "link_libraries");
    for (size_t k = 0; k < c->n_args; k++) {
      const c2h_cmake_arg *a = arg(m, c, k);
      const char *s = ctx->src + a->cb;
      size_t n = a->ce - a->cb;
      if (a->kind == C2H_CMAKE_ARG_BRACKET) continue;
      for (size_t i = 0; i < n; i++) {
        if ((i && c2h_bf_is_ident_char((unsigned char)s[i - 1])) || !first[(unsigned char)s[i]]) continue;
        for (size_t t = 0; t < N_TARGETS; t++) {
          const target_map *tm = eff[t];
          const char *name = tm->cuda;
          if (!name || !tm->pkg) continue;
          size_t m2 = strlen(name);
          if (i + m2 <= n && memcmp(s + i, name, m2) == 0 &&
              (i + m2 == n || !c2h_bf_is_ident_char((unsigned char)s[i + m2])))
            m->need[package_index(tm->pkg, strlen(tm->pkg))] = 1;
        }
      }
      if (linking && a->kind == C2H_CMAKE_ARG_UNQUOTED) {
        const target_map *t = find_target(m, s, n, 1);
        if (t && t->pkg) m->need[package_index(t->pkg, strlen(t->pkg))] = 1;
      }
    }
    /* set_source_files_properties(files... PROPERTIES ... LANGUAGE x) and
     * set_property(SOURCE files... PROPERTY LANGUAGE x) */
    int sfp = name_is(m, c, "set_source_files_properties");
    int sp = name_is(m, c, "set_property") && c->n_args && arg_is(m, c, 0, "SOURCE");
    if (!sfp && !sp) continue;
    int lang = 0;
    for (size_t k = 0; k + 1 < c->n_args; k++)
      if (arg_is(m, c, k, "LANGUAGE")) lang = 1;
    if (!lang) continue;
    for (size_t k = sp ? 1 : 0; k < c->n_args; k++) {
      if (arg_is(m, c, k, "PROPERTIES") || arg_is(m, c, k, "PROPERTY") ||
          arg_is(m, c, k, "DIRECTORY") || arg_is(m, c, k, "TARGET_DIRECTORY"))
        break;
      const c2h_cmake_arg *a = arg(m, c, k);
      if (add_covered(m, a->cb, a->ce)) return C2H_ERR_NOMEM;
    }
  }
  return 0;
}

static int ident_at(const char *s, size_t n, size_t i, const char *id) {
  size_t m = strlen(id);
  return i + m <= n && memcmp(s + i, id, m) == 0 && (i == 0 || !c2h_bf_is_ident_char((unsigned char)s[i - 1])) &&
         (i + m == n || !c2h_bf_is_ident_char((unsigned char)s[i + m]));
}

/* Names inside one argument: variables, properties, targets, generator
 * expressions. */
static int scan_names(cm *m, const c2h_cmake_arg *a) {
  c2h_bf_ctx *ctx = m->ctx;
  const char *s = ctx->src + a->cb;
  size_t n = a->ce - a->cb;
  int rc = 0;
  if (a->kind == C2H_CMAKE_ARG_BRACKET) return 0;
  for (size_t i = 0; i < n && !rc; i++) {
    size_t at = a->cb + i;
    if (i && c2h_bf_is_ident_char((unsigned char)s[i - 1])) continue;
    size_t t = i;
    while (t < n && c2h_bf_is_ident_char((unsigned char)s[t])) t++;
    const char *id = s + i;
    size_t idn = t - i;
    /* Targets: CUDA::x, CUB::CUB, ... */
    if (t + 2 < n && s[t] == ':' && s[t + 1] == ':') {
      size_t u = t + 2;
      while (u < n && c2h_bf_is_ident_char((unsigned char)s[u])) u++;
      const target_map *tm = find_target(m, s + i, u - i, 0);
      if (tm) {
        rc = c2h_bf_edit(ctx, at, a->cb + u, tm->hip);
      } else if (idn == 4 && memcmp(id, "CUDA", 4) == 0) {
        rc = c2h_bf_diag(ctx, at, a->cb + u, C2H_SEV_WARNING, NULL,
                         "%.*s has no HIP counterpart target; remove it or find a ROCm library "
                         "that does the same",
                         (int)(u - i), s + i);
      }
      i = u - 1;
      continue;
    }
    /* The CUDA version the build was made for, as a CUDA build reads it:
     * a HIP build has none (CMAKE_HIP_COMPILER_VERSION is clang's), so
     * it reads the CUDA version the port stands for. */
    int whole = i == 0 && t == n && a->kind == C2H_CMAKE_ARG_UNQUOTED;
    int deref = i >= 2 && s[i - 1] == '{' && s[i - 2] == '$' && t < n && s[t] == '}';
    int version = -1;
    for (int v = 0; version_vars[v] && version < 0; v++)
      if (ident_at(s, n, i, version_vars[v]) && !(m->own_version & (1u << v))) version = v;
    if ((deref || (whole && m->condition)) && version >= 0) {
      rc = c2h_bf_edit(ctx, at, at + idn, "CU2HIP_ASSUMED_CUDA_VERSION");
      if (!rc && m->version_cmd == (size_t)-1) {
        m->version_cmd = m->cur_cmd;
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_NOTE, NULL,
                         "%.*s is a CUDA version; the HIP build has none (CMAKE_HIP_COMPILER_VERSION is clang's "
                         "version), so the tests read CU2HIP_ASSUMED_CUDA_VERSION, the CUDA version the port "
                         "stands for (%s unless set with -DCU2HIP_ASSUMED_CUDA_VERSION=...)",
                         (int)idn, id, C2H_ASSUMED_CUDA_VERSION);
      }
      i = t - 1;
      continue;
    }
    if (whole && m->condition &&
        (ident_at(s, n, i, "CUDA_VERSION_MAJOR") || ident_at(s, n, i, "CUDA_VERSION_MINOR") ||
         ident_at(s, n, i, "CMAKE_CUDA_COMPILER_VERSION_MAJOR"))) {
      rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                       "%.*s is part of a CUDA version the HIP build does not have; compare "
                       "CU2HIP_ASSUMED_CUDA_VERSION (VERSION_LESS, VERSION_GREATER_EQUAL...) instead",
                       (int)idn, id);
      i = t - 1;
      continue;
    }
    if (idn > 11 && memcmp(id, "CMAKE_CUDA_", 11) == 0) {
      const char *rest = id + 11;
      size_t rn = idn - 11;
      int twin = rn >= 5 && memcmp(rest, "FLAGS", 5) == 0;
      for (size_t k = 0; lang_vars[k] && !twin; k++)
        if (strlen(lang_vars[k]) == rn && memcmp(rest, lang_vars[k], rn) == 0) twin = 1;
      if (twin) {
        char buf[128];
        snprintf(buf, sizeof buf, "CMAKE_HIP_%.*s", (int)rn, rest);
        rc = c2h_bf_edit(ctx, at, at + idn, buf);
      } else if (rn == 21 && memcmp(rest, "SEPARABLE_COMPILATION", 21) == 0) {
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING,
                         "string(APPEND CMAKE_HIP_FLAGS \" -fgpu-rdc\")\n"
                         "string(APPEND CMAKE_EXE_LINKER_FLAGS \" -fgpu-rdc --hip-link\")",
                         "HIP has no separable-compilation switch: relocatable device code needs "
                         "-fgpu-rdc when compiling and -fgpu-rdc --hip-link when linking");
      } else {
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                         "%.*s has no HIP counterpart; remove it or set the HIP equivalent by hand",
                         (int)idn, id);
      }
    } else if (idn > 5 && memcmp(id, "CUDA_", 5) == 0) {
      int done = 0;
      for (size_t k = 0; props[k] && !done; k++)
        if (ident_at(s, n, i, props[k])) {
          char buf[64];
          snprintf(buf, sizeof buf, "HIP_%s", props[k] + 5);
          rc = c2h_bf_edit(ctx, at, at + idn, buf);
          done = 1;
        }
      if (done) {
      } else if (ident_at(s, n, i, "CUDA_FOUND")) {
        rc = c2h_bf_edit(ctx, at, at + idn, "hip_FOUND");
      } else if (ident_at(s, n, i, "CUDA_SEPARABLE_COMPILATION")) {
        /* reported by the property handlers, which know the target */
      } else if (ident_at(s, n, i, "CUDA_RESOLVE_DEVICE_SYMBOLS") ||
                 ident_at(s, n, i, "CUDA_RUNTIME_LIBRARY") ||
                 ident_at(s, n, i, "CUDA_PTX_COMPILATION")) {
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                         "%.*s has no HIP counterpart; remove it (relocatable device code: "
                         "-fgpu-rdc; the HIP runtime is always shared)",
                         (int)idn, id);
      } else if (ident_at(s, n, i, "CUDA_NVCC_FLAGS")) {
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                         "CUDA_NVCC_FLAGS is read only by FindCUDA's cuda_add_* commands: move "
                         "the flags (as clang flags) to CMAKE_HIP_FLAGS or target_compile_options");
      } else if (ident_at(s, n, i, "CUDA_INCLUDE_DIRS") || ident_at(s, n, i, "CUDA_VERSION") ||
                 ident_at(s, n, i, "CUDA_NVCC_EXECUTABLE") ||
                 ident_at(s, n, i, "CUDA_VERSION_MAJOR") ||
                 ident_at(s, n, i, "CUDA_VERSION_STRING")) {
        if (i >= 2 && s[i - 1] == '{' && s[i - 2] == '$')
          rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                           "%.*s is set by CUDA's package, which the HIP build does not load; use "
                           "hip::host for include paths and hip_VERSION for the version",
                           (int)idn, id);
      }
    } else if (idn > 12 && memcmp(id, "CUDAToolkit_", 12) == 0) {
      if (ident_at(s, n, i, "CUDAToolkit_FOUND"))
        rc = c2h_bf_edit(ctx, at, at + idn, "hip_FOUND");
      else if (!ident_at(s, n, i, "CUDAToolkit_ROOT"))
        rc = c2h_bf_diag(ctx, at, at + idn, C2H_SEV_WARNING, NULL,
                         "%.*s is set by find_package(CUDAToolkit), which the HIP build no longer "
                         "calls; use the HIP targets (hip::host, ...) or hip_VERSION",
                         (int)idn, id);
    } else if ((ident_at(s, n, i, "COMPILE_LANGUAGE") || ident_at(s, n, i, "LINK_LANGUAGE") ||
                ident_at(s, n, i, "COMPILE_LANG_AND_ID") || ident_at(s, n, i, "LINK_LANG_AND_ID")) &&
               t < n && s[t] == ':') {
      /* $<COMPILE_LANGUAGE:CXX,CUDA>, $<COMPILE_LANG_AND_ID:CUDA,NVIDIA> */
      size_t u = t + 1;
      while (u < n && s[u] != '>' && !rc) {
        size_t v = u;
        while (v < n && c2h_bf_is_ident_char((unsigned char)s[v])) v++;
        if (v - u == 4 && memcmp(s + u, "CUDA", 4) == 0)
          rc = c2h_bf_edit(ctx, a->cb + u, a->cb + v, "HIP");
        else if (v - u == 6 && memcmp(s + u, "NVIDIA", 6) == 0)
          rc = c2h_bf_edit(ctx, a->cb + u, a->cb + v, "Clang");
        u = v < n && s[v] == ',' ? v + 1 : (v == u ? n : v);
      }
      i = u - 1;
      continue;
    }
    if (t > i) i = t - 1;
  }
  return rc;
}

/* Literal CUDA architecture lists: "70;75", sm_80, 86-real, native, all. */
static int is_arch_literal(const char *s, size_t n) {
  if (n == 0) return 0;
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    while (j < n && s[j] != ';') j++;
    const char *it = s + i;
    size_t k = j - i;
    if (k >= 5 && memcmp(it + k - 5, "-real", 5) == 0) k -= 5;
    else if (k >= 8 && memcmp(it + k - 8, "-virtual", 8) == 0) k -= 8;
    if (k >= 3 && memcmp(it, "sm_", 3) == 0) it += 3, k -= 3;
    else if (k >= 8 && memcmp(it, "compute_", 8) == 0) it += 8, k -= 8;
    int ok = k > 0;
    for (size_t q = 0; q < k; q++)
      if (!((it[q] >= '0' && it[q] <= '9') || (q == k - 1 && (it[q] == 'a' || it[q] == 'f'))))
        ok = 0;
    if (!ok && !((k == 6 && memcmp(it, "native", 6) == 0) || (k == 3 && memcmp(it, "all", 3) == 0) ||
                 (k == 9 && memcmp(it, "all-major", 9) == 0)))
      return 0;
    i = j + 1;
  }
  return 1;
}

/* Replaces the values args[from, to) of an architecture setting with one
 * value: the offload architecture. */
static int set_arch_values(cm *m, const c2h_cmake_cmd *c, size_t from, size_t to) {
  c2h_bf_ctx *ctx = m->ctx;
  if (from >= to) return 0;
  /* AMD names already (CMAKE_HIP_ARCHITECTURES gfx90a;gfx942): nothing to do. */
  int amd = 1;
  for (size_t k = from; k < to && amd; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    for (size_t i = a->cb; i < a->ce && amd; i++)
      if (i == a->cb || ctx->src[i - 1] == ';') amd = a->ce - i >= 3 && memcmp(ctx->src + i, "gfx", 3) == 0;
  }
  if (amd) return 0;
  for (size_t k = from; k < to; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    if (!is_arch_literal(ctx->src + a->cb, a->ce - a->cb)) {
      size_t vb, ve;
      struct arch_var *v = var_ref(m, a, &vb, &ve) ? find_arch_var(m, vb, ve) : NULL;
      /* A variable the script sets: its set() is translated. */
      if (v && v->set_here) return 0;
      if (v)
        return c2h_bf_diag(ctx, a->b, a->e, C2H_SEV_WARNING, ctx->arch,
                           "the architectures come from ${%.*s}, which this script does not set: give it the "
                           "AMD architecture (%s for MI300X), not NVIDIA compute capabilities",
                           (int)(ve - vb), ctx->src + vb, ctx->arch);
      if (memchr(ctx->src + a->cb, '$', a->ce - a->cb)) return 0;
      return c2h_bf_diag(ctx, a->b, a->e, C2H_SEV_WARNING, ctx->arch,
                         "architecture value '%.*s' not understood; AMD GPUs need their gfx name "
                         "(%s for MI300X)",
                         (int)(a->e - a->b), ctx->src + a->b, ctx->arch);
    }
  }
  int rc = 0;
  const c2h_cmake_arg *a = arg(m, c, from);
  if ((rc = c2h_bf_edit(ctx, a->cb, a->ce, ctx->arch))) return rc;
  for (size_t k = from + 1; k < to && !rc; k++)
    rc = c2h_bf_delete_word(ctx, arg(m, c, k)->b, arg(m, c, k)->e, c->open + 1, c->close, "");
  return rc;
}

/* The targets named before `PROPERTIES` (set_target_properties) or after
 * TARGET (set_property), joined by blanks. */
static void target_names(const cm *m, const c2h_cmake_cmd *c, char *buf, size_t size) {
  size_t k = 0, end = c->n_args;
  buf[0] = '\0';
  if (name_is(m, c, "set_property")) {
    if (!c->n_args || !arg_is(m, c, 0, "TARGET")) {
      snprintf(buf, size, "<target>");
      return;
    }
    k = 1;
  }
  size_t used = 0;
  for (; k < end; k++) {
    if (arg_is(m, c, k, "PROPERTIES") || arg_is(m, c, k, "PROPERTY") || arg_is(m, c, k, "APPEND") ||
        arg_is(m, c, k, "APPEND_STRING"))
      break;
    const c2h_cmake_arg *a = arg(m, c, k);
    int n = snprintf(buf + used, size - used, "%s%.*s", used ? " " : "", (int)(a->ce - a->cb),
                     m->ctx->src + a->cb);
    if (n < 0 || (size_t)n >= size - used) break;
    used += (size_t)n;
  }
  if (!used) snprintf(buf, size, "<target>");
}

/* CMake's truth values, as if() reads constants: 1 true, 0 false, -1 not a
 * constant (a variable reference, say). */
static int cmake_bool(const cm *m, const c2h_cmake_arg *a) {
  static const char *const yes[] = {"ON", "TRUE", "YES", "Y", "1", NULL};
  static const char *const no[] = {"OFF", "FALSE", "NO", "N", "0", "", NULL};
  for (size_t i = 0; yes[i]; i++)
    if (c2h_bf_ieq(m->ctx, a->cb, a->ce, yes[i])) return 1;
  for (size_t i = 0; no[i]; i++)
    if (c2h_bf_ieq(m->ctx, a->cb, a->ce, no[i])) return 0;
  return -1;
}

/* CUDA_SEPARABLE_COMPILATION key/val on the targets of command c. ON
 * becomes -fgpu-rdc options on each target (HIP has no such property) and
 * the pair is removed, or the whole command when it sets nothing else;
 * OFF (HIP's default) is a note; anything else a warning. */
static int rdc_property(cm *m, const c2h_cmake_cmd *c, const c2h_cmake_arg *key, const c2h_cmake_arg *val,
                        int whole) {
  c2h_bf_ctx *ctx = m->ctx;
  char names[256], fix[1024];
  target_names(m, c, names, sizeof names);
  snprintf(fix, sizeof fix, rdc_fix, names, names);
  size_t e = val ? val->e : key->e;
  int on = val ? cmake_bool(m, val) : -1;
  if (on == 0)
    return c2h_bf_diag(ctx, key->b, e, C2H_SEV_NOTE, NULL,
                       "CUDA_SEPARABLE_COMPILATION OFF is HIP's default and can be removed");
  if (on < 0 || strcmp(names, "<target>") == 0)
    return c2h_bf_diag(ctx, key->b, e, C2H_SEV_WARNING, fix,
                       "HIP has no separable-compilation property: relocatable device code needs "
                       "-fgpu-rdc when compiling and -fgpu-rdc --hip-link when linking %s",
                       names);
  /* One pair of lines per target, after the command. */
  c2h_buf lines;
  c2h_buf_init(&lines);
  int rc = 0;
  size_t ib, ie;
  c2h_bf_line_indent(ctx, c->name_b, &ib, &ie);
  for (const char *p = names; *p && !rc;) {
    size_t n = strcspn(p, " ");
    rc = c2h_buf_printf(&lines,
                        "%s%.*starget_compile_options(%.*s PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)"
                        "%s%.*starget_link_options(%.*s PRIVATE \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")",
                        ctx->nl, (int)(ie - ib), ctx->src + ib, (int)n, p, ctx->nl, (int)(ie - ib), ctx->src + ib,
                        (int)n, p);
    p += n;
    while (*p == ' ') p++;
  }
  if (!rc) {
    if (whole) {
      /* The command did nothing else: the new lines take its place. */
      rc = c2h_bf_edit(ctx, c->name_b, c->close + 1, lines.data + strlen(ctx->nl) + (ie - ib));
    } else {
      /* A pair alone on its line goes with its line. */
      size_t lb, le, end = c2h_bf_line_end(ctx, e);
      c2h_bf_line_indent(ctx, key->b, &lb, &le);
      size_t t = e;
      while (t < end && (ctx->src[t] == ' ' || ctx->src[t] == '\t')) t++;
      if (le == key->b && t == end && lb > c->open && end < c->close) {
        size_t next = end < ctx->len && ctx->src[end] == '\r' ? end + 1 : end;
        rc = c2h_bf_edit(ctx, lb, next + 1, "");
      } else {
        rc = c2h_bf_delete_word(ctx, key->b, e, c->open + 1, c->close, "");
      }
      size_t at = c2h_bf_line_end(ctx, c->close);
      if (!rc) rc = c2h_bf_edit_add(ctx, at, at, lines.data, lines.len);
    }
  }
  if (!rc)
    rc = c2h_bf_diag(ctx, key->b, e, C2H_SEV_NOTE, NULL,
                     "CUDA_SEPARABLE_COMPILATION ON became -fgpu-rdc when compiling and -fgpu-rdc --hip-link when "
                     "linking %s (HIP has no such property)",
                     names);
  c2h_buf_dispose(&lines);
  return rc;
}

/* Properties: set_target_properties(t... PROPERTIES k v ...) and
 * set_property(TARGET t... [APPEND] PROPERTY k v...). */
static int properties(cm *m, const c2h_cmake_cmd *c) {
  int rc = 0;
  if (name_is(m, c, "set_target_properties")) {
    size_t k = 0;
    while (k < c->n_args && !arg_is(m, c, k, "PROPERTIES")) k++;
    size_t first = ++k;
    for (; k + 1 < c->n_args && !rc; k += 2) {
      if (arg_is(m, c, k, "CUDA_ARCHITECTURES"))
        rc = set_arch_values(m, c, k + 1, k + 2);
      else if (arg_is(m, c, k, "CUDA_SEPARABLE_COMPILATION"))
        rc = rdc_property(m, c, arg(m, c, k), arg(m, c, k + 1), first + 2 == c->n_args);
    }
  } else if (name_is(m, c, "set_property")) {
    size_t k = 0;
    while (k < c->n_args && !arg_is(m, c, k, "PROPERTY")) k++;
    if (k + 1 >= c->n_args) return 0;
    if (arg_is(m, c, k + 1, "CUDA_ARCHITECTURES"))
      rc = set_arch_values(m, c, k + 2, c->n_args);
    else if (arg_is(m, c, k + 1, "CUDA_SEPARABLE_COMPILATION"))
      rc = rdc_property(m, c, arg(m, c, k + 1), k + 2 < c->n_args ? arg(m, c, k + 2) : NULL, 1);
  }
  return rc;
}

/* Whether the condition text src[b, e) of a generator expression selects
 * CUDA (or HIP) compiles or links: $<COMPILE_LANGUAGE:CUDA>,
 * $<COMPILE_LANG_AND_ID:CUDA,NVIDIA>, $<LINK_LANGUAGE:CXX,CUDA>, ... */
static int selects_cuda(const char *src, size_t b, size_t e) {
  static const char *const keys[] = {"COMPILE_LANGUAGE:", "COMPILE_LANG_AND_ID:", "LINK_LANGUAGE:",
                                     "LINK_LANG_AND_ID:", NULL};
  for (size_t i = b; i < e; i++) {
    if (e - i >= 16 && memcmp(src + i, "CUDA_COMPILER_ID", 16) == 0) return 1;
    for (size_t k = 0; keys[k]; k++) {
      size_t m = strlen(keys[k]);
      if (e - i < m || memcmp(src + i, keys[k], m) != 0) continue;
      for (size_t q = i + m; q < e && src[q] != '>';) {
        size_t r = q;
        while (r < e && c2h_bf_is_ident_char((unsigned char)src[r])) r++;
        if ((r - q == 4 && memcmp(src + q, "CUDA", 4) == 0) || (r - q == 3 && memcmp(src + q, "HIP", 3) == 0))
          return 1;
        if (r < e && src[r] == ',') r++;
        else if (r == q) break;
        q = r;
      }
    }
  }
  return 0;
}

/* Collects the flag words of args[from, to): blanks and ';' separate them.
 * Generator expressions are looked into: their conditions are skipped, and
 * the words a condition gives only to CUDA compiles or links are marked as
 * going to nvcc ($<$<COMPILE_LANGUAGE:CUDA>:-G;-lineinfo>). */
static int flag_words(cm *m, const c2h_cmake_cmd *c, size_t from, size_t to, c2h_bf_words *w) {
  enum { MAX_NEST = 32 };
  const char *src = m->ctx->src;
  for (size_t k = from; k < to; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    if (a->kind == C2H_CMAKE_ARG_BRACKET) continue;
    struct {
      size_t cond_b;
      int in_cond, cuda;
    } st[MAX_NEST];
    size_t depth = 0, in_conds = 0, cudas = 0, wb = 0;
    int open = 0; /* a word is being read, from wb */
    for (size_t i = a->cb; i <= a->ce; i++) {
      char ch = i < a->ce ? src[i] : ' ';
      int genex = ch == '$' && i + 1 < a->ce && src[i + 1] == '<';
      int ends = genex || ch == ' ' || ch == '\t' || ch == ';' || (depth && ch == '>') ||
                 (depth && st[depth - 1].in_cond && ch == ':');
      if (ends && open) {
        open = 0;
        if (!in_conds) {
          if (c2h_bf_words_push(w, wb, i)) return C2H_ERR_NOMEM;
          w->items[w->len - 1].nvcc = cudas > 0;
        }
      }
      if (genex) {
        if (depth == MAX_NEST) return 0; /* nested beyond reason: leave the rest */
        st[depth].cond_b = i + 2;
        st[depth].in_cond = 1;
        st[depth].cuda = 0;
        depth++;
        in_conds++;
        i++;
      } else if (depth && st[depth - 1].in_cond && ch == ':') {
        st[depth - 1].in_cond = 0;
        in_conds--;
        st[depth - 1].cuda = selects_cuda(src, st[depth - 1].cond_b, i);
        cudas += (size_t)st[depth - 1].cuda;
      } else if (depth && ch == '>') {
        depth--;
        if (st[depth].in_cond) in_conds--;
        cudas -= (size_t)st[depth].cuda;
      } else if (!ends && !open) {
        open = 1;
        wb = i;
      }
    }
  }
  return 0;
}

static int map_flags(cm *m, const c2h_cmake_cmd *c, size_t from, size_t to, int strict) {
  c2h_bf_words w;
  c2h_bf_words_init(&w);
  int done = 0;
  int rc = flag_words(m, c, from, to, &w);
  if (!rc && w.len)
    rc = c2h_bf_map_nvcc_flags(m->ctx, w.items, w.len, strict, &done, c->open + 1, c->close, ";");
  c2h_bf_words_dispose(&w);
  return rc;
}

static int insert_after_line(cm *m, const c2h_cmake_cmd *c, const char *text) {
  c2h_bf_ctx *ctx = m->ctx;
  size_t ib, ie;
  c2h_bf_line_indent(ctx, c->name_b, &ib, &ie);
  size_t at = c2h_bf_line_end(ctx, c->close);
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = c2h_buf_printf(&b, "%s%.*s%s", ctx->nl, (int)(ie - ib), ctx->src + ib, text);
  if (!rc) rc = c2h_bf_edit_add(ctx, at, at, b.data, b.len);
  c2h_buf_dispose(&b);
  return rc;
}

static int find_package(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  if (!c->n_args) return 0;
  const c2h_cmake_arg *a = arg(m, c, 0);
  int rc = 0;
  if (c2h_bf_ieq(ctx, a->cb, a->ce, "nccl")) {
    m->have[package_index("rccl", 4)] = 1;
    return c2h_bf_edit(ctx, c->name_b, c->close + 1, "find_package(rccl REQUIRED)");
  }
  if (!c2h_bf_eq(ctx, a->cb, a->ce, "CUDAToolkit") && !c2h_bf_eq(ctx, a->cb, a->ce, "CUDA")) return 0;
  if ((rc = c2h_bf_edit(ctx, c->name_b, c->close + 1, "find_package(hip REQUIRED)"))) return rc;
  if (m->libs_added) return 0;
  m->libs_added = 1;
  for (size_t p = 0; p < N_PACKAGES && !rc; p++) {
    if (!m->need[p] || m->have[p]) continue;
    char line[96];
    snprintf(line, sizeof line, "find_package(%s REQUIRED)", packages[p]);
    rc = insert_after_line(m, c, line);
    m->have[p] = 1;
  }
  return rc;
}

static int ends_cu(const char *s, size_t n) {
  return n > 3 && memcmp(s + n - 3, ".cu", 3) == 0;
}

/* Sources ending in .cu that CMake would compile as CUDA: mark them HIP. */
static int mark_sources(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  c2h_buf list;
  c2h_buf_init(&list);
  int rc = 0;
  size_t first = name_is(m, c, "target_sources") ? 1 : 1; /* skip the target name */
  for (size_t k = first; k < c->n_args && !rc; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    const char *s = ctx->src + a->cb;
    size_t n = a->ce - a->cb;
    if (a->kind == C2H_CMAKE_ARG_BRACKET || !ends_cu(s, n) || memchr(s, '$', n)) continue;
    if (c2h_bf_overlaps(ctx, a->cb, a->ce)) continue; /* renamed */
    if (is_covered(m, a->cb, a->ce)) continue;
    rc = c2h_buf_printf(&list, " %.*s", (int)(a->e - a->b), ctx->src + a->b);
  }
  if (!rc && list.len) {
    c2h_buf line;
    c2h_buf_init(&line);
    rc = c2h_buf_printf(&line, "set_source_files_properties(%s PROPERTIES LANGUAGE HIP)", list.data + 1);
    if (!rc) rc = insert_after_line(m, c, line.data);
    c2h_buf_dispose(&line);
  }
  c2h_buf_dispose(&list);
  return rc;
}

/* file(GLOB var ... *.cu): the files found are compiled as CUDA unless marked. */
static int mark_glob(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  if (c->n_args < 3 || !(arg_is(m, c, 0, "GLOB") || arg_is(m, c, 0, "GLOB_RECURSE"))) return 0;
  const c2h_cmake_arg *var = arg(m, c, 1);
  int cu = 0;
  for (size_t k = 2; k < c->n_args; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    if (ends_cu(ctx->src + a->cb, a->ce - a->cb) && !c2h_bf_overlaps(ctx, a->cb, a->ce)) cu = 1;
  }
  if (!cu) return 0;
  char ref[256];
  snprintf(ref, sizeof ref, "${%.*s}", (int)(var->ce - var->cb), ctx->src + var->cb);
  for (size_t i = 0; i < m->n_covered; i++)
    if (strcmp(m->covered[i], ref) == 0) return 0;
  char line[400];
  snprintf(line, sizeof line, "set_source_files_properties(%s PROPERTIES LANGUAGE HIP)", ref);
  return insert_after_line(m, c, line);
}

static int old_findcuda(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  static const struct {
    const char *name, *rep, *what;
  } cmds[] = {
      {"cuda_add_executable", "add_executable",
       "cuda_add_executable comes from the removed FindCUDA module: use add_executable (move "
       "OPTIONS flags to target_compile_options)"},
      {"cuda_add_library", "add_library",
       "cuda_add_library comes from the removed FindCUDA module: use add_library (move OPTIONS "
       "flags to target_compile_options)"},
      {"cuda_include_directories", "include_directories",
       "cuda_include_directories comes from the removed FindCUDA module: use include_directories"},
      {"cuda_add_cublas_to_target", NULL,
       "cuda_add_cublas_to_target comes from the removed FindCUDA module: use "
       "target_link_libraries(<target> PRIVATE roc::hipblas)"},
      {"cuda_add_cufft_to_target", NULL,
       "cuda_add_cufft_to_target comes from the removed FindCUDA module: use "
       "target_link_libraries(<target> PRIVATE hip::hipfft)"},
  };
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
    if (name_is(m, c, cmds[i].name))
      return c2h_bf_diag(ctx, c->name_b, c->name_e, C2H_SEV_WARNING, cmds[i].rep, "%s", cmds[i].what);
  if (c->name_e - c->name_b > 5 && c2h_bf_ieq(ctx, c->name_b, c->name_b + 5, "cuda_"))
    return c2h_bf_diag(ctx, c->name_b, c->name_e, C2H_SEV_WARNING, NULL,
                       "%.*s comes from the removed FindCUDA module and has no HIP counterpart; "
                       "rewrite it with add_executable/add_library and HIP sources",
                       (int)(c->name_e - c->name_b), ctx->src + c->name_b);
  return 0;
}

static int custom_nvcc(cm *m, const c2h_cmake_cmd *c, int *found) {
  c2h_bf_ctx *ctx = m->ctx;
  for (size_t k = 0; k < c->n_args; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    const char *s = ctx->src + a->cb;
    size_t n = a->ce - a->cb;
    int nvcc = (n == 4 && memcmp(s, "nvcc", 4) == 0) || (n > 5 && memcmp(s + n - 5, "/nvcc", 5) == 0);
    for (size_t i = 0; i + 2 < n && !nvcc; i++)
      if (memcmp(s + i, "${", 2) == 0 &&
          (ident_at(s, n, i + 2, "CMAKE_CUDA_COMPILER") || ident_at(s, n, i + 2, "CUDA_NVCC_EXECUTABLE") ||
           ident_at(s, n, i + 2, "CUDAToolkit_NVCC_EXECUTABLE")))
        nvcc = 1;
    *found |= nvcc;
    if (nvcc)
      return c2h_bf_diag(ctx, a->b, a->e, C2H_SEV_WARNING, NULL,
                         "custom command runs nvcc: rewrite it for the HIP compiler "
                         "(${CMAKE_HIP_COMPILER} or hipcc) with clang flags (--offload-arch=%s)",
                         ctx->arch);
  }
  return 0;
}

/* set(CMAKE_CUDA_SEPARABLE_COMPILATION ON): every later target of the
 * folder compiles relocatable device code; HIP has no such variable, so
 * the same goes to the folder's options. */
static int rdc_variable(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  size_t ib, ie;
  c2h_bf_line_indent(ctx, c->name_b, &ib, &ie);
  c2h_buf text;
  c2h_buf_init(&text);
  int rc = c2h_buf_printf(&text,
                          "add_compile_options($<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)%s%.*s"
                          "add_link_options(\"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")",
                          ctx->nl, (int)(ie - ib), ctx->src + ib);
  if (!rc) rc = c2h_bf_edit(ctx, c->name_b, c->close + 1, text.data);
  if (!rc)
    rc = c2h_bf_diag(ctx, c->name_b, c->close + 1, C2H_SEV_NOTE, NULL,
                     "CMAKE_CUDA_SEPARABLE_COMPILATION ON became -fgpu-rdc for the folder's HIP compiles and "
                     "links (HIP has no such variable)");
  c2h_buf_dispose(&text);
  return rc;
}

/* target_compile_features(t ... cuda_std_17): HIP has its own features. */
static int compile_features(cm *m, const c2h_cmake_cmd *c) {
  int rc = 0;
  for (size_t k = 1; k < c->n_args && !rc; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    if (a->kind != C2H_CMAKE_ARG_UNQUOTED || a->ce - a->cb < 9 || memcmp(m->ctx->src + a->cb, "cuda_std_", 9) != 0)
      continue;
    rc = c2h_bf_edit(m->ctx, a->cb, a->cb + 4, "hip");
  }
  return rc;
}

/* Custom commands that run NVIDIA tools (cuobjdump, nvdisasm, ...). */
static int custom_tools(cm *m, const c2h_cmake_cmd *c) {
  int rc = 0;
  for (size_t k = 1; k < c->n_args && !rc; k++) {
    if (!arg_is(m, c, k - 1, "COMMAND")) continue;
    const c2h_cmake_arg *a = arg(m, c, k);
    const char *tool = NULL, *advice = c2h_bf_nvidia_tool(m->ctx->src + a->cb, a->ce - a->cb, &tool);
    if (advice)
      rc = c2h_bf_diag(m->ctx, a->b, a->e, C2H_SEV_WARNING, NULL,
                       "%s is an NVIDIA tool with no ROCm build of the same name: %s", tool, advice);
  }
  return rc;
}

/* ${V}, where V holds an architecture list, used other than as the value
 * of an architecture setting: after translation it holds gfx names. */
static int other_arch_use(cm *m, const c2h_cmake_cmd *c, size_t k) {
  const c2h_cmake_arg *a = arg(m, c, k);
  const char *s = m->ctx->src;
  if (name_is(m, c, "message")) return 0;
  for (size_t i = 0; i < m->n_arch_args; i++)
    if (m->arch_args[i] == c->first_arg + k) return 0;
  for (size_t i = a->cb; i + 3 < a->ce; i++) {
    if (s[i] != '$' || s[i + 1] != '{') continue;
    size_t e = i + 2;
    while (e < a->ce && c2h_bf_is_ident_char((unsigned char)s[e])) e++;
    struct arch_var *v = e < a->ce && s[e] == '}' ? find_arch_var(m, i + 2, e) : NULL;
    if (v && v->set_here)
      return c2h_bf_diag(m->ctx, i, e + 1, C2H_SEV_WARNING, NULL,
                         "${%.*s} holds the GPU architectures, which are now AMD names (%s); check that this "
                         "use still makes sense",
                         (int)(e - i - 2), s + i + 2, m->ctx->arch);
  }
  return 0;
}

/* Whether args[from, to) hold an nvcc architecture flag (-gencode ...). */
static int holds_arch_flag(const cm *m, const c2h_cmake_cmd *c, size_t from, size_t to) {
  static const char *const flags[] = {"-gencode", "--generate-code", "-arch=sm_", "-arch=compute_",
                                      "--gpu-architecture", NULL};
  for (size_t k = from; k < to; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    for (size_t i = a->cb; i < a->ce; i++)
      for (size_t f = 0; flags[f]; f++) {
        size_t fl = strlen(flags[f]);
        if (i + fl <= a->ce && memcmp(m->ctx->src + i, flags[f], fl) == 0 &&
            (i == a->cb || m->ctx->src[i - 1] == ' ' || m->ctx->src[i - 1] == ';'))
          return 1;
      }
  }
  return 0;
}

/* list(APPEND|PREPEND|INSERT V ...) of an architecture list the script sets
 * (to the AMD architecture, by its set()): NVIDIA values added to it go. */
static int list_arch_values(cm *m, const c2h_cmake_cmd *c, size_t from) {
  c2h_bf_ctx *ctx = m->ctx;
  int rc = 0;
  for (size_t k = from; k < c->n_args && !rc; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    if (!is_arch_literal(ctx->src + a->cb, a->ce - a->cb) || c2h_bf_eq(ctx, a->cb, a->ce, ctx->arch)) continue;
    rc = c2h_bf_delete_word(ctx, a->b, a->e, c->open + 1, c->close, "");
    if (!rc)
      rc = c2h_bf_diag(ctx, a->b, a->e, C2H_SEV_NOTE, NULL,
                       "NVIDIA architecture '%.*s' removed: the list already holds the AMD one (%s)",
                       (int)(a->e - a->b), ctx->src + a->b, ctx->arch);
  }
  return rc;
}

/* One set() of CU2HIP_ASSUMED_CUDA_VERSION before the first version test,
 * outside any block (if, foreach, function...) so that every later test
 * sees it. A cache entry: a -D on the command line, or a script read
 * before, wins. */
static int assumed_version(cm *m) {
  c2h_bf_ctx *ctx = m->ctx;
  size_t top = m->version_cmd, depth = 0;
  for (size_t i = 0; i <= m->version_cmd && i < m->f.n_cmds; i++) {
    const c2h_cmake_cmd *c = &m->f.cmds[i];
    int open = name_is(m, c, "if") || name_is(m, c, "foreach") || name_is(m, c, "while") ||
               name_is(m, c, "function") || name_is(m, c, "macro") || name_is(m, c, "block");
    int close = name_is(m, c, "endif") || name_is(m, c, "endforeach") || name_is(m, c, "endwhile") ||
                name_is(m, c, "endfunction") || name_is(m, c, "endmacro") || name_is(m, c, "endblock");
    if (open && depth++ == 0) top = i;
    if (close && depth) depth--;
    if (i == m->version_cmd && depth == 0) top = i;
  }
  /* version_cmd's own if() opened a block: it is `top` then. */
  const c2h_cmake_cmd *c = &m->f.cmds[top];
  size_t ib, ie;
  c2h_bf_line_indent(ctx, c->name_b, &ib, &ie);
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = c2h_buf_printf(&b,
                          "set(CU2HIP_ASSUMED_CUDA_VERSION %s CACHE STRING \"CUDA version the HIP build stands for "
                          "in version tests\")%s%.*s",
                          C2H_ASSUMED_CUDA_VERSION, ctx->nl, (int)(ie - ib), ctx->src + ib);
  if (!rc) rc = c2h_bf_edit_add(ctx, c->name_b, c->name_b, b.data, b.len);
  c2h_buf_dispose(&b);
  return rc;
}

static int command(cm *m, const c2h_cmake_cmd *c) {
  c2h_bf_ctx *ctx = m->ctx;
  int rc = 0;
  m->cur_cmd = (size_t)(c - m->f.cmds);
  m->condition = name_is(m, c, "if") || name_is(m, c, "elseif") || name_is(m, c, "while");
  size_t n = c->n_args;
  int has_hip = 0;
  for (size_t k = 0; k < n; k++)
    if (arg_is(m, c, k, "HIP")) has_hip = 1;

  if (name_is(m, c, "find_package")) {
    if ((rc = find_package(m, c))) return rc;
  } else if (name_is(m, c, "project") || name_is(m, c, "enable_language") ||
             name_is(m, c, "check_language")) {
    int proj = name_is(m, c, "project");
    for (size_t k = proj ? 1 : 0; k < n && !rc; k++) {
      if (proj && (arg_is(m, c, k, "VERSION") || arg_is(m, c, k, "DESCRIPTION") ||
                   arg_is(m, c, k, "HOMEPAGE_URL"))) {
        k++;
        continue;
      }
      if (!arg_is(m, c, k, "CUDA")) continue;
      const c2h_cmake_arg *a = arg(m, c, k);
      m->hip_enabled = 1;
      rc = has_hip ? c2h_bf_delete_word(ctx, a->b, a->e, c->open + 1, c->close, "")
                   : c2h_bf_edit(ctx, a->b, a->e, "HIP");
      has_hip = 1;
    }
  } else if (name_is(m, c, "set") || name_is(m, c, "string") || name_is(m, c, "list")) {
    size_t v = name_is(m, c, "set") ? 0 : 1;
    if (name_is(m, c, "list") && n > 2 &&
        (arg_is(m, c, 0, "APPEND") || arg_is(m, c, 0, "PREPEND") || arg_is(m, c, 0, "INSERT"))) {
      struct arch_var *lv = find_arch_var(m, arg(m, c, 1)->cb, arg(m, c, 1)->ce);
      if (lv && lv->set_here) return list_arch_values(m, c, arg_is(m, c, 0, "INSERT") ? 3 : 2);
    }
    if (v < n) {
      const c2h_cmake_arg *a = arg(m, c, v);
      const char *s = ctx->src + a->cb;
      size_t sn = a->ce - a->cb;
      size_t end = n;
      for (size_t k = v + 1; k < n; k++)
        if (arg_is(m, c, k, "CACHE") || arg_is(m, c, k, "PARENT_SCOPE")) end = k;
      struct arch_var *av = v == 0 ? find_arch_var(m, a->cb, a->ce) : NULL;
      if ((sn >= 16 && memcmp(s, "CMAKE_CUDA_FLAGS", 16) == 0) ||
          (sn >= 15 && memcmp(s, "CMAKE_HIP_FLAGS", 15) == 0))
        rc = map_flags(m, c, v + 1, end, 1);
      else if (v == 0 && (c2h_bf_eq(ctx, a->cb, a->ce, "CMAKE_CUDA_ARCHITECTURES") || av))
        rc = set_arch_values(m, c, 1, end);
      else if (v == 0 && c2h_bf_eq(ctx, a->cb, a->ce, "CMAKE_CUDA_SEPARABLE_COMPILATION") && n == 2 &&
               cmake_bool(m, arg(m, c, 1)) == 1)
        return rdc_variable(m, c);
      else if (holds_arch_flag(m, c, v + 1, end))
        rc = map_flags(m, c, v + 1, end, 0); /* a list of -gencode flags, built in a loop */
    }
  } else if (name_is(m, c, "target_compile_options") || name_is(m, c, "add_compile_options") ||
             name_is(m, c, "target_link_options") || name_is(m, c, "add_link_options") ||
             name_is(m, c, "target_link_libraries") || name_is(m, c, "link_libraries")) {
    rc = map_flags(m, c, 0, n, 0);
  } else if (name_is(m, c, "add_custom_command") || name_is(m, c, "add_custom_target") ||
             name_is(m, c, "execute_process")) {
    int nvcc = 0;
    rc = custom_nvcc(m, c, &nvcc);
    if (rc || nvcc) return rc; /* left for a person, as it is */
    if ((rc = custom_tools(m, c))) return rc;
  } else if (name_is(m, c, "target_compile_features")) {
    rc = compile_features(m, c);
  } else if (name_is(m, c, "set_target_properties") || name_is(m, c, "set_property")) {
    rc = properties(m, c);
  } else {
    rc = old_findcuda(m, c);
  }
  if (rc) return rc;

  /* Text shown to people is not build logic. */
  if (name_is(m, c, "message")) return 0;
  int linking = name_is(m, c, "target_link_libraries") || name_is(m, c, "link_libraries");
  for (size_t k = 0; k < n && !rc; k++) {
    const c2h_cmake_arg *a = arg(m, c, k);
    /* LANGUAGE CUDA, LINKER_LANGUAGE CUDA */
    if (k && arg_is(m, c, k, "CUDA") && (arg_is(m, c, k - 1, "LANGUAGE") || arg_is(m, c, k - 1, "LINKER_LANGUAGE"))) {
      rc = c2h_bf_edit(ctx, a->b, a->e, "HIP");
      continue;
    }
    if (a->kind == C2H_CMAKE_ARG_UNQUOTED) {
      const target_map *t = find_target(m, ctx->src + a->cb, a->ce - a->cb, 0);
      if (!t && linking) t = find_target(m, ctx->src + a->cb, a->ce - a->cb, 1);
      if (t && t->cuda && t->cuda[0] == '$') {
        rc = c2h_bf_edit(ctx, a->b, a->e, t->hip);
        continue;
      }
      if (t && linking && t->plain && c2h_bf_eq(ctx, a->cb, a->ce, t->plain)) {
        rc = c2h_bf_edit(ctx, a->b, a->e, t->hip);
        continue;
      }
    }
    if (!rc) rc = c2h_bf_map_renames(ctx, a->cb, a->ce);
    if (!rc) rc = c2h_bf_map_cuda_paths(ctx, a->cb, a->ce, 0);
    if (!rc) rc = scan_names(m, a);
    if (!rc && m->n_arch_vars && !name_is(m, c, "set")) rc = other_arch_use(m, c, k);
  }
  if (rc) return rc;
  if (name_is(m, c, "add_executable") || name_is(m, c, "add_library") ||
      name_is(m, c, "target_sources") || name_is(m, c, "cuda_add_executable") ||
      name_is(m, c, "cuda_add_library"))
    rc = mark_sources(m, c);
  else if (name_is(m, c, "file"))
    rc = mark_glob(m, c);
  return rc;
}

/* cmake_minimum_required(VERSION x[...y]) below 3.21, the first CMake with
 * the HIP language, in a script that enables HIP: the minimum becomes 3.21. */
static int raise_minimum(cm *m) {
  c2h_bf_ctx *ctx = m->ctx;
  for (size_t ci = 0; ci < m->f.n_cmds; ci++) {
    const c2h_cmake_cmd *c = &m->f.cmds[ci];
    if (!name_is(m, c, "cmake_minimum_required") || c->n_args < 2 || !arg_is(m, c, 0, "VERSION")) continue;
    const c2h_cmake_arg *a = arg(m, c, 1);
    char v[64];
    size_t n = a->ce - a->cb < sizeof v - 1 ? a->ce - a->cb : sizeof v - 1;
    memcpy(v, ctx->src + a->cb, n);
    v[n] = '\0';
    unsigned major = 0, minor = 0;
    if (sscanf(v, "%u.%u", &major, &minor) < 1) return 0;
    if (major > 3 || (major == 3 && minor >= 21)) return 0;
    /* A range x...y keeps its maximum when that is 3.21 or newer. */
    unsigned ymaj = 0, ymin = 0;
    const char *dots = NULL;
    for (size_t i = 0; i + 2 < n; i++)
      if (memcmp(v + i, "...", 3) == 0) dots = v + i;
    int keep_max = dots && sscanf(dots + 3, "%u.%u", &ymaj, &ymin) >= 1 && (ymaj > 3 || (ymaj == 3 && ymin >= 21));
    size_t e = keep_max ? (size_t)(dots - v) : a->ce - a->cb;
    int rc = c2h_bf_edit(ctx, a->cb, a->cb + e, "3.21");
    if (!rc)
      rc = c2h_bf_diag(ctx, a->cb, a->cb + e, C2H_SEV_NOTE, NULL,
                       "minimum CMake raised from %.*s to 3.21, the first version with the HIP language", (int)e,
                       v);
    return rc;
  }
  return 0;
}

int c2h_bf_translate_cmake(c2h_bf_ctx *ctx) {
  cm m;
  memset(&m, 0, sizeof m);
  m.ctx = ctx;
  int rc = c2h_cmake_parse(ctx->src, ctx->len, &m.f);
  if (!rc) rc = prescan(&m);
  /* Which architecture variables the script sets itself. */
  for (size_t i = 0; i < m.f.n_cmds && !rc; i++) {
    const c2h_cmake_cmd *c = &m.f.cmds[i];
    struct arch_var *v = NULL;
    if (name_is(&m, c, "set") && c->n_args && (v = find_arch_var(&m, arg(&m, c, 0)->cb, arg(&m, c, 0)->ce)))
      v->set_here = 1;
  }
  m.version_cmd = (size_t)-1;
  /* A script that sets CUDA_VERSION itself (an option of its own, say)
   * means its own value by it, not the toolkit's. */
  for (size_t i = 0; i < m.f.n_cmds && !rc; i++) {
    const c2h_cmake_cmd *c = &m.f.cmds[i];
    if ((!name_is(&m, c, "set") && !name_is(&m, c, "option")) || !c->n_args) continue;
    for (int v = 0; version_vars[v]; v++)
      if (arg_is(&m, c, 0, version_vars[v])) m.own_version |= 1u << v;
  }
  for (size_t i = 0; i < m.f.n_cmds && !rc && !c2h_bf_expired(ctx); i++) rc = command(&m, &m.f.cmds[i]);
  if (!rc && m.version_cmd != (size_t)-1) rc = assumed_version(&m);
  if (!rc && m.hip_enabled) rc = raise_minimum(&m);
  if (!rc && m.f.bad)
    rc = c2h_bf_diag(ctx, m.f.bad_at, m.f.bad_at, C2H_SEV_WARNING, NULL,
                     "CMake syntax not understood (%s): the rest of the file is left unchanged",
                     m.f.bad_what);
  for (size_t i = 0; i < m.n_covered; i++) free(m.covered[i]);
  free(m.covered);
  c2h_cmake_file_dispose(&m.f);
  return rc;
}
