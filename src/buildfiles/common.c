/* Shared parts of the build-script translators. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfiles/buildfiles.h"
#include "rocm/arch_support.h"
#include "util/cpus.h"
#include "util/buf.h"

/* ---- entry points ------------------------------------------------------- */

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && memcmp(s + n - m, suffix, m) == 0;
}

c2h_buildfile_kind c2h_buildfile_kind_of(const char *path) {
  if (!path) return C2H_BUILDFILE_NONE;
  const char *b = base_name(path);
  if (strcmp(b, "CMakeLists.txt") == 0 || ends_with(b, ".cmake")) return C2H_BUILDFILE_CMAKE;
  if (strcmp(b, "Makefile") == 0 || strcmp(b, "makefile") == 0 || strcmp(b, "GNUmakefile") == 0 ||
      ends_with(b, ".mk"))
    return C2H_BUILDFILE_MAKE;
  if (strcmp(b, "setup.py") == 0) return C2H_BUILDFILE_SETUP_PY;
  return C2H_BUILDFILE_NONE;
}

int c2h_buildfile_kind_needs_text(const char *path) {
  return path && c2h_buildfile_kind_of(path) == C2H_BUILDFILE_NONE && ends_with(base_name(path), ".py");
}

int c2h_bf_contains(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  for (size_t k = 0; k + m <= n; k++)
    if (s[k] == w[0] && memcmp(s + k, w, m) == 0) return 1;
  return 0;
}

c2h_buildfile_kind c2h_buildfile_kind_of_text(const char *path, const char *src, size_t len) {
  c2h_buildfile_kind kind = c2h_buildfile_kind_of(path);
  if (kind != C2H_BUILDFILE_NONE || !src || !c2h_buildfile_kind_needs_text(path)) return kind;
  /* `from torch.utils.cpp_extension import load`, `import
   * torch.utils.cpp_extension as ext`, `torch.utils.cpp_extension.load(`:
   * the script builds (or JIT-compiles) an extension, and what it gives nvcc
   * goes to hipcc on ROCm. */
  return c2h_bf_contains(src, len, "torch.utils.cpp_extension") ||
                 c2h_bf_contains(src, len, "torch.utils import cpp_extension")
             ? C2H_BUILDFILE_SETUP_PY
             : C2H_BUILDFILE_NONE;
}

int c2h_buildfile_translate(c2h_buildfile_kind kind, const char *path, const char *src, size_t len,
                            const c2h_buildfile_options *opt, c2h_file_result *res,
                            c2h_error *err) {
  static const c2h_buildfile_options defaults = {NULL, NULL, NULL, 0, NULL, 0, 0};
  int rc = 0;
  c2h_bf_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  c2h_edit_list_init(&ctx.edits);
  if (kind != C2H_BUILDFILE_CMAKE && kind != C2H_BUILDFILE_MAKE && kind != C2H_BUILDFILE_SETUP_PY) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, path, 0, 0, "not a build script kind cu2hip translates");
    goto done;
  }
  if (opt && opt->offload_arch && *opt->offload_arch && c2h_arch_parse(opt->offload_arch, NULL) != 0) {
    /* It is written into recipes and flags: nothing else may get there. */
    rc = c2h_error_set(err, C2H_ERR_USAGE, path, 0, 0,
                       "the offload architecture is not an AMD GPU architecture (" C2H_ARCH_FORM ")");
    goto done;
  }
  if (len && memchr(src, '\0', len)) {
    rc = c2h_error_set(err, C2H_ERR_INPUT, path, 0, 0, "build script holds NUL bytes (binary?)");
    goto done;
  }
  ctx.path = path ? path : "";
  ctx.src = src;
  ctx.len = len;
  ctx.opt = opt ? opt : &defaults;
  ctx.arch = ctx.opt->offload_arch && *ctx.opt->offload_arch ? ctx.opt->offload_arch : "gfx942";
  ctx.diags = &res->diags;
  const char *nlp = memchr(src, '\n', len);
  ctx.nl = nlp && nlp > src && nlp[-1] == '\r' ? "\r\n" : "\n";
  size_t n_lines = 1;
  for (size_t i = 0; i < len; i++)
    if (src[i] == '\n') n_lines++;
  ctx.line_starts = malloc(n_lines * sizeof *ctx.line_starts);
  if (!ctx.line_starts) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    goto done;
  }
  ctx.line_starts[0] = 0;
  ctx.n_lines = 1;
  for (size_t i = 0; i < len; i++)
    if (src[i] == '\n') ctx.line_starts[ctx.n_lines++] = i + 1;
  unsigned long long start = c2h_thread_cpu_ms();
  if (ctx.opt->time_limit_ms) ctx.deadline_ms = start + ctx.opt->time_limit_ms;

  rc = kind == C2H_BUILDFILE_CMAKE ? c2h_bf_translate_cmake(&ctx)
       : kind == C2H_BUILDFILE_MAKE ? c2h_bf_translate_make(&ctx)
                                    : c2h_bf_translate_setup_py(&ctx);
  if (rc) {
    c2h_error_set(err, rc, path, 0, 0, "out of memory translating a build script");
    goto done;
  }
  if (c2h_bf_expired(&ctx)) {
    /* Out of time: the script is left as it is, and said so. */
    rc = c2h_file_result_timed_out(res, ctx.path, src, len, c2h_thread_cpu_ms() - start, ctx.opt->time_limit_ms, err);
    goto done;
  }
  size_t bad = 0;
  if (c2h_edit_list_finish(&ctx.edits, &bad)) {
    rc = c2h_error_set(err, C2H_ERR_INTERNAL, path, 0, 0, "conflicting edits in a build script");
    goto done;
  }
  char *out = NULL;
  size_t out_len = 0;
  if (c2h_edit_apply(&ctx.edits, src, len, &out, &out_len)) {
    rc = c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
    goto done;
  }
  free(res->output);
  res->output = out;
  res->output_len = out_len;
  res->changed = out_len != len || memcmp(out, src, len) != 0;
  res->stats.edits += ctx.edits.len;
  res->stats.lines_changed += c2h_edit_lines_touched(&ctx.edits, src, len);
  c2h_diag_list_sort(&res->diags);
done:
  c2h_edit_list_dispose(&ctx.edits);
  c2h_bf_ctx_dispose_index(&ctx);
  free(ctx.line_starts);
  return rc;
}

/* ---- small helpers ------------------------------------------------------ */

void c2h_bf_words_init(c2h_bf_words *w) {
  w->items = NULL;
  w->len = w->cap = 0;
}

void c2h_bf_words_dispose(c2h_bf_words *w) {
  free(w->items);
  c2h_bf_words_init(w);
}

int c2h_bf_words_push(c2h_bf_words *w, size_t b, size_t e) {
  if (w->len == w->cap) {
    size_t cap = w->cap ? w->cap * 2 : 16;
    c2h_bf_word *p = realloc(w->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    w->items = p;
    w->cap = cap;
  }
  w->items[w->len].b = b;
  w->items[w->len].e = e;
  w->items[w->len].nvcc = 0;
  w->len++;
  return 0;
}

int c2h_bf_is_ident_char(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int c2h_bf_eq(const c2h_bf_ctx *ctx, size_t b, size_t e, const char *s) {
  size_t n = strlen(s);
  return e - b == n && memcmp(ctx->src + b, s, n) == 0;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

int c2h_bf_ieq(const c2h_bf_ctx *ctx, size_t b, size_t e, const char *s) {
  size_t n = strlen(s);
  if (e - b != n) return 0;
  for (size_t i = 0; i < n; i++)
    if (lower((unsigned char)ctx->src[b + i]) != lower((unsigned char)s[i])) return 0;
  return 1;
}

/* ---- the edit index ------------------------------------------------------ */

void c2h_bf_ctx_dispose_index(c2h_bf_ctx *ctx) {
  c2h_bf_index *x = &ctx->index;
  free(x->rep_b);
  free(x->rep_e);
  free(x->ins);
  free(x->ins_edit);
  memset(x, 0, sizeof *x);
}

/* The first position of a[0, n) holding a value >= v (a sorted). */
static size_t lower_bound(const size_t *a, size_t n, size_t v) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Makes room for one more entry and inserts it at its sorted place: at the
 * end (the usual case, as edits come in file order) costs nothing. */
static int grow(size_t **a, size_t **b, size_t n, size_t *cap) {
  if (n < *cap) return 0;
  size_t c = *cap ? *cap * 2 : 64;
  size_t *x = realloc(*a, c * sizeof *x);
  if (!x) return C2H_ERR_NOMEM;
  *a = x;
  x = realloc(*b, c * sizeof *x);
  if (!x) return C2H_ERR_NOMEM;
  *b = x;
  *cap = c;
  return 0;
}

static int index_one(c2h_bf_index *x, const c2h_edit *ed, size_t edit) {
  if (ed->begin == ed->end) {
    if (grow(&x->ins, &x->ins_edit, x->n_ins, &x->cap_ins)) return C2H_ERR_NOMEM;
    size_t at = x->n_ins && x->ins[x->n_ins - 1] <= ed->begin ? x->n_ins : lower_bound(x->ins, x->n_ins, ed->begin + 1);
    memmove(x->ins + at + 1, x->ins + at, (x->n_ins - at) * sizeof *x->ins);
    memmove(x->ins_edit + at + 1, x->ins_edit + at, (x->n_ins - at) * sizeof *x->ins_edit);
    x->ins[at] = ed->begin;
    x->ins_edit[at] = edit;
    x->n_ins++;
  } else {
    if (grow(&x->rep_b, &x->rep_e, x->n_rep, &x->cap_rep)) return C2H_ERR_NOMEM;
    size_t at = x->n_rep && x->rep_b[x->n_rep - 1] <= ed->begin ? x->n_rep : lower_bound(x->rep_b, x->n_rep, ed->begin);
    memmove(x->rep_b + at + 1, x->rep_b + at, (x->n_rep - at) * sizeof *x->rep_b);
    memmove(x->rep_e + at + 1, x->rep_e + at, (x->n_rep - at) * sizeof *x->rep_e);
    x->rep_b[at] = ed->begin;
    x->rep_e[at] = ed->end;
    x->n_rep++;
  }
  return 0;
}

/* Brings the index up to the edit list: new edits are added; a shorter list
 * (edits withdrawn) rebuilds it. */
static int sync_index(c2h_bf_ctx *ctx) {
  c2h_bf_index *x = &ctx->index;
  if (x->synced > ctx->edits.len) {
    x->n_rep = x->n_ins = x->synced = 0;
  }
  for (; x->synced < ctx->edits.len; x->synced++)
    if (index_one(x, &ctx->edits.items[x->synced], x->synced)) {
      x->n_rep = x->n_ins = x->synced = 0; /* rebuilt at the next call */
      return C2H_ERR_NOMEM;
    }
  return 0;
}

int c2h_bf_overlaps(c2h_bf_ctx *ctx, size_t b, size_t e) {
  if (sync_index(ctx)) return c2h_edit_overlaps(&ctx->edits, b, e);
  const c2h_bf_index *x = &ctx->index;
  /* A replacement [rb, re) with rb < e and b < re: the replacements are
   * disjoint, so the last one that begins before e is the only candidate
   * (a replacement is never empty). An insert strictly inside (b, e). */
  size_t r = lower_bound(x->rep_b, x->n_rep, e);
  if (b == e) {
    /* An insert at b: inside a replacement rb < b < re. */
    r = lower_bound(x->rep_b, x->n_rep, b);
    return r > 0 && x->rep_e[r - 1] > b;
  }
  if (r > 0 && x->rep_e[r - 1] > b) return 1;
  size_t i = lower_bound(x->ins, x->n_ins, b + 1);
  return i < x->n_ins && x->ins[i] < e;
}

int c2h_bf_edit_add(c2h_bf_ctx *ctx, size_t b, size_t e, const char *text, size_t len) {
  if (c2h_edit_add(&ctx->edits, b, e, text, len)) return C2H_ERR_NOMEM;
  (void)sync_index(ctx); /* out of memory there: c2h_bf_overlaps scans the list */
  return 0;
}

int c2h_bf_edit(c2h_bf_ctx *ctx, size_t b, size_t e, const char *text) {
  if (c2h_bf_overlaps(ctx, b, e)) return 0;
  /* Two replacements of the same range, or a second insert of the same text
   * at one point, are the same decision made twice. (A replacement of the
   * same range overlaps.) */
  if (b == e) {
    const c2h_bf_index *x = &ctx->index;
    if (x->synced == ctx->edits.len) {
      for (size_t i = lower_bound(x->ins, x->n_ins, b); i < x->n_ins && x->ins[i] == b; i++)
        if (strcmp(ctx->edits.items[x->ins_edit[i]].text, text) == 0) return 0;
    } else {
      for (size_t i = 0; i < ctx->edits.len; i++) {
        const c2h_edit *y = &ctx->edits.items[i];
        if (y->begin == b && y->end == e && strcmp(y->text, text) == 0) return 0;
      }
    }
  }
  return c2h_bf_edit_add(ctx, b, e, text, strlen(text));
}

int c2h_bf_expired(c2h_bf_ctx *ctx) {
  if (!ctx->expired && ctx->deadline_ms && c2h_thread_cpu_ms() >= ctx->deadline_ms) ctx->expired = 1;
  return ctx->expired;
}

static int is_blank(int c, const char *extra) {
  return c == ' ' || c == '\t' || (c && strchr(extra, c));
}

int c2h_bf_delete_word(c2h_bf_ctx *ctx, size_t b, size_t e, size_t lo, size_t hi,
                       const char *extra_blank) {
  const char *src = ctx->src;
  size_t s = b;
  while (s > lo && is_blank((unsigned char)src[s - 1], extra_blank)) s--;
  /* Alone on a continuation line: take the line (or the "\" before it). */
  size_t nl = s;
  if (nl > lo && src[nl - 1] == '\n') {
    size_t bs = nl - 1;
    if (bs > lo && src[bs - 1] == '\r') bs--;
    if (bs > lo && src[bs - 1] == '\\') {
      size_t t = e;
      while (t < hi && (src[t] == ' ' || src[t] == '\t')) t++;
      if (t == hi) {
        size_t k = bs - 1;
        while (k > lo && (src[k - 1] == ' ' || src[k - 1] == '\t')) k--;
        if (!c2h_bf_overlaps(ctx, k, t)) return c2h_bf_edit(ctx, k, t, "");
      } else if (src[t] == '\\' && t + 1 < hi && (src[t + 1] == '\n' || src[t + 1] == '\r')) {
        size_t u = t + 1 + (src[t + 1] == '\r');
        if (u < hi && src[u] == '\n') u++;
        if (!c2h_bf_overlaps(ctx, nl, u)) return c2h_bf_edit(ctx, nl, u, "");
      }
    }
  }
  if (s < b && !c2h_bf_overlaps(ctx, s, e)) return c2h_bf_edit(ctx, s, e, "");
  size_t t = e;
  while (t < hi && is_blank((unsigned char)ctx->src[t], extra_blank)) t++;
  if (t > e && !c2h_bf_overlaps(ctx, b, t)) return c2h_bf_edit(ctx, b, t, "");
  return c2h_bf_edit(ctx, b, e, "");
}

static c2h_pos pos_of(const c2h_bf_ctx *ctx, size_t off) {
  size_t lo = 0, hi = ctx->n_lines;
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (ctx->line_starts[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  c2h_pos p;
  p.line = (unsigned)(lo + 1);
  p.col = (unsigned)(off - ctx->line_starts[lo] + 1);
  p.offset = off;
  return p;
}

int c2h_bf_diag(c2h_bf_ctx *ctx, size_t b, size_t e, c2h_severity sev, const char *replacement,
                const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return c2h_diag_list_add(ctx->diags, ctx->path, pos_of(ctx, b), pos_of(ctx, e), sev,
                           C2H_CHECK_BUILD_SCRIPT, replacement, "%s", msg);
}

size_t c2h_bf_line_end(const c2h_bf_ctx *ctx, size_t at) {
  const char *p = memchr(ctx->src + at, '\n', ctx->len - at);
  if (!p) return ctx->len;
  size_t e = (size_t)(p - ctx->src);
  if (e > at && ctx->src[e - 1] == '\r') e--;
  return e;
}

void c2h_bf_line_indent(const c2h_bf_ctx *ctx, size_t at, size_t *b, size_t *e) {
  size_t s = at;
  while (s > 0 && ctx->src[s - 1] != '\n') s--;
  size_t t = s;
  while (t < ctx->len && (ctx->src[t] == ' ' || ctx->src[t] == '\t')) t++;
  *b = s;
  *e = t;
}

/* ---- NVIDIA tools ------------------------------------------------------- */

static const struct {
  const char *tool, *advice;
} tools[] = {
    {"nvprof", "profile with rocprof (rocprofv3)"},
    {"nsys", "profile with rocprof (rocprofv3 --sys-trace)"},
    {"ncu", "profile kernels with rocprof (rocprofv3) or omniperf"},
    {"nvidia-smi", "query GPUs with rocm-smi or amd-smi"},
    {"cuobjdump", "inspect code objects with roc-obj-ls / llvm-objdump"},
    {"nvdisasm", "disassemble with llvm-objdump --disassemble"},
    {"cuda-memcheck", "check memory errors with AddressSanitizer (-fsanitize=address, xnack+)"},
    {"compute-sanitizer", "check memory errors with AddressSanitizer (-fsanitize=address, xnack+)"},
    {"cuda-gdb", "debug with rocgdb"},
    {"ptxas", "there is no PTX on AMD GPUs; hipcc produces code objects directly"},
    {"fatbinary", "hipcc bundles code objects itself (clang-offload-bundler)"},
    {"nvlink", "link relocatable device code with hipcc -fgpu-rdc --hip-link"},
    {"bin2c", "embed the file with xxd -i or a generated array"},
    {"cu++filt", "demangle with llvm-cxxfilt or c++filt"},
};

const char *c2h_bf_nvidia_tool(const char *s, size_t n, const char **tool) {
  /* Make and shell wrappers around a command word: @cmd, -cmd, $(cmd,
   * $$(cmd, `cmd, (cmd, and a closing ')' or '`'. */
  for (;;) {
    if (n && (*s == '@' || *s == '-' || *s == '+' || *s == '`' || *s == '(')) {
      s++, n--;
    } else if (n >= 2 && s[0] == '$' && s[1] == '(') {
      s += 2, n -= 2;
    } else if (n >= 3 && s[0] == '$' && s[1] == '$' && s[2] == '(') {
      s += 3, n -= 3;
    } else {
      break;
    }
  }
  while (n && (s[n - 1] == ')' || s[n - 1] == '`' || s[n - 1] == ';')) n--;
  for (size_t t = 0; t < sizeof tools / sizeof tools[0]; t++) {
    size_t tn = strlen(tools[t].tool);
    if (n >= tn && memcmp(s + n - tn, tools[t].tool, tn) == 0 && (n == tn || s[n - tn - 1] == '/')) {
      if (tool) *tool = tools[t].tool;
      return tools[t].advice;
    }
  }
  return NULL;
}

/* ---- CUDA libraries ----------------------------------------------------- */

static const struct {
  const char *cuda, *hip, *why;
} libs[] = {
    {"cudart", "amdhip64", NULL},
    {"cudart_static", "amdhip64", NULL},
    {"cuda", "amdhip64", NULL},
    {"cublas", "hipblas", NULL},
    {"cublas_static", "hipblas", NULL},
    {"cublasLt", "hipblaslt", NULL},
    {"cublasLt_static", "hipblaslt", NULL},
    {"curand", "hiprand", NULL},
    {"curand_static", "hiprand", NULL},
    {"cufft", "hipfft", NULL},
    {"cufft_static", "hipfft", NULL},
    {"cusparse", "hipsparse", NULL},
    {"cusparse_static", "hipsparse", NULL},
    {"cusolver", "hipsolver", NULL},
    {"cusolver_static", "hipsolver", NULL},
    {"nvrtc", "hiprtc", NULL},
    {"nccl", "rccl", NULL},
    {"nccl_static", "rccl", NULL},
    {"cudnn", "MIOpen", NULL}, /* libMIOpen.so; the calls are translated by rules/cudnn.yaml */
    {"cudadevrt", "", "device-side kernel launches (dynamic parallelism) are not supported by HIP; remove the library and the launches"},
    {"cufftw", "", "hipFFT has no FFTW-compatible interface; call hipFFT, or link FFTW itself"},
    {"nvToolsExt", "", "NVTX ranges have no HIP library; use roctx (-lroctx64, roctracer/roctx.h) ranges"},
    {"nvtx3interop", "", "NVTX ranges have no HIP library; use roctx (-lroctx64, roctracer/roctx.h) ranges"},
    {"cupti", "", "CUPTI has no HIP counterpart; profile with rocprofiler"},
    {"nvidia-ml", "", "NVML has no HIP counterpart; ROCm SMI (-lrocm_smi64) offers a different API"},
    {"nvjpeg", "", "nvJPEG has no HIP counterpart (rocJPEG is a different API)"},
    {"culibos", "", "culibos is only needed by static CUDA libraries; remove it"},
};

/* Libraries whose ROCm-native API a run may select (--library-target
 * LIB=roc): rule-table library, CUDA library, native library. */
static const struct {
  const char *library, *cuda, *roc;
} roc_libs[] = {
    {"curand", "curand", "rocrand"},
    {"curand", "curand_static", "rocrand"},
    {"cublas", "cublas", "rocblas"},
    {"cublas", "cublas_static", "rocblas"},
    {"cufft", "cufft", "rocfft"},
    {"cufft", "cufft_static", "rocfft"},
    {"cusolver", "cusolver", "rocsolver"},
    {"cusolver", "cusolver_static", "rocsolver"},
    {"cusparse", "cusparse", "rocsparse"},
    {"cusparse", "cusparse_static", "rocsparse"},
};

const char *c2h_bf_hip_lib(const c2h_buildfile_options *opt, const char *cuda, size_t n, const char **why) {
  *why = NULL;
  for (size_t i = 0; i < sizeof roc_libs / sizeof roc_libs[0]; i++) {
    if (strlen(roc_libs[i].cuda) != n || memcmp(roc_libs[i].cuda, cuda, n) != 0) continue;
    for (size_t k = 0; k < opt->n_roc_libraries; k++)
      if (strcmp(opt->roc_libraries[k], roc_libs[i].library) == 0) return roc_libs[i].roc;
  }
  for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
    if (strlen(libs[i].cuda) == n && memcmp(libs[i].cuda, cuda, n) == 0) {
      *why = libs[i].why;
      return libs[i].hip;
    }
  if (n > 3 && memcmp(cuda, "npp", 3) == 0) {
    *why = "the NPP image libraries have no HIP counterpart";
    return "";
  }
  return NULL;
}

/* ---- nvcc flags --------------------------------------------------------- */

static int starts(const char *s, size_t n, const char *p) {
  size_t m = strlen(p);
  return n >= m && memcmp(s, p, m) == 0;
}

static int is(const char *s, size_t n, const char *p) { return strlen(p) == n && memcmp(s, p, n) == 0; }

/* Whether s[0..n) is one of the flags in the NULL-terminated list, either
 * alone (*joined = 0) or as "flag=value" (*joined = offset of the value). */
static int flag_in(const char *s, size_t n, const char *const *names, size_t *joined) {
  for (size_t i = 0; names[i]; i++) {
    size_t m = strlen(names[i]);
    if (n == m && memcmp(s, names[i], m) == 0) {
      *joined = 0;
      return 1;
    }
    if (n > m + 1 && memcmp(s, names[i], m) == 0 && s[m] == '=') {
      *joined = m + 1;
      return 1;
    }
  }
  return 0;
}

static int arch_value(const char *v, size_t n, int strict) {
  if (starts(v, n, "sm_") || starts(v, n, "compute_") || starts(v, n, "lto_")) return 1;
  if (starts(v, n, "arch=") || starts(v, n, "\"arch=") || starts(v, n, "'arch=")) return 1;
  if (!strict) return 0;
  return is(v, n, "native") || is(v, n, "all") || is(v, n, "all-major") || memchr(v, '$', n) != NULL;
}


/* nvcc options that clang does not take, from `nvcc --help` (CUDA 13):
 * what each becomes. The ones handled in c2h_bf_map_nvcc_flags itself
 * (architectures, -Xcompiler, -Xptxas, -rdc, ...) are not repeated here. */
typedef enum nv_action {
  NV_DROP,      /* removed without a word: it only tunes nvcc itself */
  NV_NOTE,      /* removed, with a note saying why nothing replaces it */
  NV_WARN,      /* removed, with a warning: the intent needs a person */
  NV_KEEP_WARN, /* kept, with a warning: cu2hip cannot choose for the user */
  NV_MAP,       /* replaced by `to` (a valued flag: `to` joined to the value) */
  NV_MAP_BOOL   /* {true|false}: `to` is "<for true>|<for false>"; an empty side drops it */
} nv_action;

typedef struct nv_opt {
  const char *names;    /* the spellings, '|'-separated */
  unsigned char valued; /* takes a value: -f=v or -f v */
  unsigned char strict; /* only where the words surely go to nvcc: the
                         * spelling means something else to other tools */
  unsigned char action;
  const char *to;
  const char *why;
} nv_opt;

static const nv_opt nv_opts[] = {
    /* How nvcc itself runs: nothing to carry over. */
    {"--threads|-t", 1, 1, NV_DROP, NULL, NULL},
    {"--split-compile|-split-compile|--split-compile-extended|-split-compile-extended", 1, 0, NV_DROP, NULL, NULL},
    {"--allow-unsupported-compiler|-allow-unsupported-compiler", 0, 0, NV_DROP, NULL, NULL},
    {"--use-local-env|-use-local-env|--force-cl-env-setup|-force-cl-env-setup", 0, 0, NV_DROP, NULL, NULL},
    {"--display-error-number|-err-no|--no-display-error-number|-no-err-no", 0, 0, NV_DROP, NULL, NULL},
    {"--brief-diagnostics|-brief-diag", 1, 0, NV_DROP, NULL, NULL},
    {"--no-compress|-no-compress", 0, 0, NV_DROP, NULL, NULL},
    {"--compress-mode|-compress-mode", 1, 0, NV_DROP, NULL, NULL},
    {"--objdir-as-tempdir|-objtemp|--dont-use-profile|-noprof|--jobserver|-jobserver", 0, 0, NV_DROP, NULL, NULL},
    {"--qpp-config|-qpp-config", 1, 0, NV_DROP, NULL, NULL},
    {"--input-drive-prefix|-idp|--dependency-drive-prefix|-ddp|--drive-prefix|-dp", 1, 1, NV_DROP, NULL, NULL},
    /* Device code generation and front-end switches without a clang twin. */
    {"--source-in-ptx|-src-in-ptx", 0, 0, NV_NOTE, NULL,
     "there is no PTX on AMD GPUs; -save-temps keeps the AMD assembly"},
    {"--extra-device-vectorization|-extra-device-vectorization", 0, 0, NV_NOTE, NULL,
     "clang vectorizes device code at -O2 and above without a flag"},
    {"--keep-device-functions|-keep-device-functions", 0, 0, NV_NOTE, NULL,
     "clang has no such switch; mark the functions __attribute__((used)) if they must stay"},
    {"--no-host-device-initializer-list|-nohdinitlist|--no-host-device-move-forward|-nohdmoveforward", 0, 0, NV_NOTE,
     NULL, "clang has no such switch"},
    {"--static-global-template-stub|-static-global-template-stub|--device-entity-has-hidden-visibility|"
     "-device-entity-has-hidden-visibility",
     1, 0, NV_NOTE, NULL, "clang has no such switch"},
    {"--Wdefault-stream-launch|-Wdefault-stream-launch|--Wmissing-launch-bounds|-Wmissing-launch-bounds|"
     "--Wext-lambda-captures-this|-Wext-lambda-captures-this",
     0, 0, NV_NOTE, NULL, "clang has no such warning"},
    {"--diag-suppress|-diag-suppress|--diag_suppress|-diag_suppress|--diag-error|-diag-error|--diag-warn|-diag-warn|"
     "--diag_warning|--diag_error",
     1, 0, NV_NOTE, NULL,
     "the numbers are those of nvcc's front end and mean nothing to clang; use -Wno-<warning> with clang's "
     "warning names"},
    {"--forward-unknown-to-host-compiler|-forward-unknown-to-host-compiler|--forward-unknown-to-host-linker|"
     "-forward-unknown-to-host-linker|--forward-unknown-opts|-forward-unknown-opts",
     0, 0, NV_NOTE, NULL, "hipcc takes host flags directly"},
    {"--extensible-whole-program|-ewp|--no-device-link|-nodlink|--relocatable-ptx|-reloc-ptx", 0, 0, NV_WARN, NULL,
     "an NVIDIA device-linking mode; for relocatable device code use -fgpu-rdc, and -fgpu-rdc --hip-link to link"},
    {"--jump-table-density|-jtd|--Ofast-compile|-Ofc|--dopt|-dopt|--optimization-info|-opt-info", 1, 0, NV_NOTE, NULL,
     "an nvcc device-optimizer setting with no clang twin"},
    {"--dlink-time-opt|-dlto|--gen-opt-lto|-gen-opt-lto", 0, 0, NV_NOTE, NULL,
     "NVIDIA link-time optimization; clang's is -foffload-lto (with -fgpu-rdc)"},
    {"--lto|-lto", 0, 1, NV_NOTE, NULL, "NVIDIA link-time optimization; clang's is -foffload-lto (with -fgpu-rdc)"},
    {"--device-stack-protector|-device-stack-protector", 1, 0, NV_NOTE, NULL, "clang has no such switch"},
    {"--fdevice-time-trace|-fdevice-time-trace", 1, 0, NV_NOTE, NULL, "clang's compile-time report is -ftime-trace"},
    {"--time|-time", 1, 1, NV_NOTE, NULL, "clang's compile-time report is -ftime-trace"},
    {"--keep-dir|-keep-dir", 1, 0, NV_NOTE, NULL, "with -save-temps, clang writes the temporaries beside the output"},
    {"--libdevice-directory|-ldir|--target-directory|-target-dir|--archiver-binary|-arbin", 1, 0, NV_NOTE, NULL,
     "a CUDA toolkit location; ROCm's are found by hipcc (--rocm-path)"},
    {"--no-align-double", 0, 0, NV_NOTE, NULL, "clang has no such switch"},
    {"--device-emulation|-deviceemu", 0, 0, NV_WARN, NULL,
     "device emulation was removed from CUDA long ago and has no HIP counterpart"},
    {"--cudadevrt|-cudadevrt", 1, 0, NV_WARN, NULL,
     "the device runtime serves kernel launches from device code, which HIP does not support"},
    {"--archive-options|-Xarchive", 1, 0, NV_WARN, NULL, "options for nvcc's archiver; pass them to ar directly"},
    {"--sanitize|-sanitize", 1, 0, NV_WARN, NULL, "use AddressSanitizer (-fsanitize=address, with xnack+)"},
    {"--host-linker-script|-hls|--augment-host-linker-script|-aug-hls|--compile-as-tools-patch|-astoolspatch", 0, 0,
     NV_WARN, NULL, "an NVIDIA build mode with no clang twin"},
    {"--list-gpu-code|-code-ls|--list-gpu-arch|-arch-ls", 0, 0, NV_KEEP_WARN, NULL,
     "lists NVIDIA architectures; amdgpu-arch or rocminfo list AMD ones"},
    {"--optix-ir|-optix-ir|--ltoir|-ltoir", 0, 0, NV_KEEP_WARN, NULL,
     "produces an NVIDIA-only intermediate form; for AMD code objects use --cuda-device-only -c or --genco"},
    {"--cuda|-cuda|--run|-run|--clean-targets|-clean", 0, 1, NV_KEEP_WARN, NULL,
     "an nvcc mode hipcc does not have; rewrite the step"},
    {"--run-args|-run-args", 1, 0, NV_KEEP_WARN, NULL, "an nvcc mode hipcc does not have; rewrite the step"},
    {"--lib|-lib", 0, 1, NV_KEEP_WARN, NULL, "hipcc does not make static libraries: compile with -c and archive with ar"},
    {"--output-directory|-odir|--entries|-e", 1, 1, NV_KEEP_WARN, NULL, "an nvcc option hipcc does not have"},
    {"--device-w|-dw", 0, 1, NV_KEEP_WARN, NULL,
     "compiles device code only to relocatable objects; use -fgpu-rdc -c and link with -fgpu-rdc --hip-link"},
    /* Same meaning, another spelling. */
    {"--ftz|-ftz", 1, 0, NV_MAP_BOOL, "-fgpu-flush-denormals-to-zero|-fno-gpu-flush-denormals-to-zero", NULL},
    {"--prec-div|-prec-div|--prec-sqrt|-prec-sqrt", 1, 0, NV_MAP_BOOL, "|-fno-hip-fp32-correctly-rounded-divide-sqrt",
     NULL},
    {"--fmad|-fmad", 1, 0, NV_MAP_BOOL, "-ffp-contract=fast|-ffp-contract=off", NULL},
    {"--fdevice-syntax-only|-fdevice-syntax-only", 0, 0, NV_MAP, "--cuda-device-only -fsyntax-only", NULL},
    {"--machine|-m", 1, 1, NV_MAP, "-m", NULL},
    {"--m64", 0, 0, NV_MAP, "-m64", NULL},
    {"--Wreorder", 0, 0, NV_MAP, "-Wreorder", NULL},
    {"--Wno-deprecated-declarations", 0, 0, NV_MAP, "-Wno-deprecated-declarations", NULL},
    {"--disable-warnings", 0, 1, NV_MAP, "-w", NULL},
    {"--output-file", 1, 1, NV_MAP, "-o", NULL},
    {"--include-path", 1, 1, NV_MAP, "-I", NULL},
    {"--system-include", 1, 1, NV_MAP, "-isystem", NULL},
    {"--library-path", 1, 1, NV_MAP, "-L", NULL},
    {"--pre-include", 1, 1, NV_MAP, "-include", NULL},
    {"--dependency-output", 1, 1, NV_MAP, "-MF", NULL},
    {"--optimize", 1, 1, NV_MAP, "-O", NULL},
    {"--profile", 0, 1, NV_MAP, "-pg", NULL},
    {"--dryrun|-dryrun", 0, 1, NV_MAP, "-###", NULL},
};

/* The entry spelled s[0..n) (alone or as "flag=value": *joined is then the
 * offset of the value), or NULL. */
static const nv_opt *nv_find(const char *s, size_t n, size_t *joined) {
  for (size_t i = 0; i < sizeof nv_opts / sizeof nv_opts[0]; i++) {
    const char *p = nv_opts[i].names;
    while (*p) {
      const char *bar = strchr(p, '|');
      size_t m = bar ? (size_t)(bar - p) : strlen(p);
      if (n == m && memcmp(s, p, m) == 0) {
        *joined = 0;
        return &nv_opts[i];
      }
      if (nv_opts[i].valued && n > m + 1 && memcmp(s, p, m) == 0 && s[m] == '=') {
        *joined = m + 1;
        return &nv_opts[i];
      }
      p += m + (bar != NULL);
    }
  }
  return NULL;
}

/* Applies entry o to word i (and its value, the next word, when not
 * joined). Returns 0 or C2H_ERR_NOMEM; *used tells how many words it took. */
static int nv_apply(c2h_bf_ctx *ctx, const nv_opt *o, const c2h_bf_word *w, size_t i, size_t n, size_t joined,
                    size_t lo, size_t hi, const char *blank, size_t *used) {
  const char *s = ctx->src + w[i].b;
  size_t len = w[i].e - w[i].b;
  int separate = o->valued && !joined;
  if (separate && i + 1 >= n) {
    *used = 1;
    return 0; /* a value we cannot see: leave it */
  }
  size_t end = separate ? w[i + 1].e : w[i].e;
  const char *v = separate ? ctx->src + w[i + 1].b : s + joined;
  size_t vn = separate ? w[i + 1].e - w[i + 1].b : (joined ? len - joined : 0);
  char buf[256];
  int rc = 0;
  *used = separate ? 2 : 1;
  switch ((nv_action)o->action) {
  case NV_DROP:
    return c2h_bf_delete_word(ctx, w[i].b, end, lo, hi, blank);
  case NV_NOTE:
  case NV_WARN:
    if ((rc = c2h_bf_delete_word(ctx, w[i].b, end, lo, hi, blank))) return rc;
    return c2h_bf_diag(ctx, w[i].b, end, o->action == NV_NOTE ? C2H_SEV_NOTE : C2H_SEV_WARNING, NULL,
                       "nvcc option '%.*s' removed: %s", (int)(end - w[i].b), s, o->why);
  case NV_KEEP_WARN:
    *used = 1;
    return c2h_bf_diag(ctx, w[i].b, w[i].e, C2H_SEV_WARNING, NULL, "nvcc option '%.*s' kept: %s", (int)len, s,
                       o->why);
  case NV_MAP:
    if (o->valued)
      snprintf(buf, sizeof buf, "%s%.*s", o->to, (int)vn, v);
    else
      snprintf(buf, sizeof buf, "%s", o->to);
    if ((rc = c2h_bf_edit(ctx, w[i].b, w[i].e, buf))) return rc;
    return separate ? c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank) : 0;
  case NV_MAP_BOOL: {
    int yes = is(v, vn, "true") || is(v, vn, "1");
    if (!yes && !is(v, vn, "false") && !is(v, vn, "0")) {
      *used = 1;
      return c2h_bf_diag(ctx, w[i].b, end, C2H_SEV_WARNING, NULL, "nvcc option '%.*s' with an unknown value",
                         (int)(end - w[i].b), s);
    }
    const char *bar = strchr(o->to, '|');
    const char *form = yes ? o->to : bar + 1;
    size_t fn = yes ? (size_t)(bar - o->to) : strlen(bar + 1);
    if (fn == 0) {
      if ((rc = c2h_bf_delete_word(ctx, w[i].b, end, lo, hi, blank))) return rc;
      return c2h_bf_diag(ctx, w[i].b, end, C2H_SEV_NOTE, NULL, "nvcc option '%.*s' removed: it is clang's default",
                         (int)(end - w[i].b), s);
    }
    snprintf(buf, sizeof buf, "%.*s", (int)fn, form);
    if ((rc = c2h_bf_edit(ctx, w[i].b, w[i].e, buf))) return rc;
    return separate ? c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank) : 0;
  }
  }
  return 0;
}

/* nvcc's -Werror takes a list of kinds (all-warnings, cross-execution-space-call,
 * reorder, ...); clang's -Werror=X names one warning. */
static int map_werror(c2h_bf_ctx *ctx, const c2h_bf_word *w, size_t i, size_t n, size_t lo, size_t hi,
                      const char *blank, size_t *used) {
  const char *s = ctx->src + w[i].b;
  size_t len = w[i].e - w[i].b;
  const char *v = NULL;
  size_t vn = 0, end = w[i].e;
  *used = 1;
  if (len > 8 && s[7] == '=') {
    v = s + 8;
    vn = len - 8;
  } else if (len == 7 && i + 1 < n) {
    v = ctx->src + w[i + 1].b;
    vn = w[i + 1].e - w[i + 1].b;
    /* clang's bare -Werror is the same as nvcc's -Werror all-warnings;
     * only a known nvcc kind after it is its value. */
    if (!(is(v, vn, "all-warnings") || starts(v, vn, "cross-execution-space-call") ||
          starts(v, vn, "all-warnings,")))
      return 0;
    end = w[i + 1].e;
    *used = 2;
  } else {
    return 0;
  }
  if (is(v, vn, "all-warnings")) {
    if (*used == 2 && c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank)) return C2H_ERR_NOMEM;
    return c2h_bf_edit(ctx, w[i].b, w[i].e, "-Werror");
  }
  /* Kinds that are also clang warning names stay as they are. */
  if (memchr(v, ',', vn) == NULL && !starts(v, vn, "cross-execution-space-call") &&
      !starts(v, vn, "default-stream-launch") && !starts(v, vn, "missing-launch-bounds") &&
      !starts(v, vn, "ext-lambda-captures-this"))
    return 0;
  int rc = c2h_bf_delete_word(ctx, w[i].b, end, lo, hi, blank);
  if (!rc)
    rc = c2h_bf_diag(ctx, w[i].b, end, C2H_SEV_NOTE, NULL,
                     "nvcc option '%.*s' removed: its kinds are nvcc's; with clang use -Werror or -Werror=<warning>",
                     (int)(end - w[i].b), s);
  return rc;
}

/* -Xcompiler's argument: host flags joined by commas, maybe quoted. */
static int map_host_flags(c2h_bf_ctx *ctx, size_t flag_b, size_t flag_e, size_t vb, size_t ve,
                          size_t lo, size_t hi, const char *blank) {
  const char *v = ctx->src + vb;
  size_t n = ve - vb;
  int rc = 0;
  c2h_buf out;
  c2h_buf_init(&out);
  if (memchr(v, '$', n)) {
    /* A variable: its value goes to the host compiler as it is. */
    if (flag_e == vb)
      rc = c2h_bf_edit(ctx, flag_b, flag_e, "");
    else
      rc = c2h_bf_edit(ctx, flag_b, vb, "");
    /* -Xcompiler "$(FLAGS)": the quotes made one nvcc argument of the
     * list; hipcc must see each flag as its own word. */
    if (!rc && n >= 2 && v[0] == '"' && v[n - 1] == '"' && !memchr(v + 1, '"', n - 2) && !memchr(v + 1, ' ', n - 2)) {
      char *inner = c2h_strndup(v + 1, n - 2);
      rc = inner ? c2h_bf_edit(ctx, vb, ve, inner) : C2H_ERR_NOMEM;
      free(inner);
    }
    if (!rc)
      rc = c2h_bf_diag(ctx, flag_b, ve, C2H_SEV_NOTE, NULL,
                       "-Xcompiler removed: hipcc passes host flags directly; if the value holds a "
                       "comma-separated list, separate the flags with blanks");
    goto done;
  }
  size_t s = 0, t = n;
  if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
    s = 1;
    t = n - 1;
  }
  for (size_t i = s; i < t; i++)
    if (v[i] == '"' || v[i] == '\'' || v[i] == '\\') {
      rc = c2h_bf_diag(ctx, flag_b, ve, C2H_SEV_WARNING, NULL,
                       "-Xcompiler with quoted host flags: pass the host flags to hipcc directly");
      goto done;
    }
  for (size_t i = s; i < t; i++)
    if ((rc = c2h_buf_append(&out, v[i] == ',' ? " " : v + i, 1))) goto done;
  if (flag_e == vb) {
    /* -Xcompiler=X */
    if ((rc = c2h_buf_append(&out, "", 0))) goto done;
    rc = c2h_bf_edit(ctx, flag_b, ve, out.data ? out.data : "");
    goto done;
  }
  if ((rc = c2h_bf_edit(ctx, flag_b, vb, ""))) goto done;
  if (out.len != n || memcmp(out.data, v, n) != 0) rc = c2h_bf_edit(ctx, vb, ve, out.data ? out.data : "");
done:
  (void)lo;
  (void)hi;
  (void)blank;
  c2h_buf_dispose(&out);
  return rc;
}

int c2h_bf_map_nvcc_flags(c2h_bf_ctx *ctx, const c2h_bf_word *w, size_t n, int strict,
                          int *arch_done, size_t lo, size_t hi, const char *blank) {
  static const char *const arch_flags[] = {"-arch", "--gpu-architecture", "--cuda-gpu-arch", NULL};
  static const char *const gencode_flags[] = {"-gencode", "--generate-code", NULL};
  static const char *const code_flags[] = {"-code", "--gpu-code", NULL};
  static const char *const xcomp_flags[] = {"-Xcompiler", "--compiler-options", NULL};
  static const char *const ptxas_flags[] = {"-Xptxas", "--ptxas-options", "-Xnvlink",
                                            "--nvlink-options", "-Xcudafe", NULL};
  static const char *const ccbin_flags[] = {"-ccbin", "--compiler-bindir", NULL};
  static const char *const maxreg_flags[] = {"-maxrregcount", "--maxrregcount", NULL};
  static const char *const stream_flags[] = {"-default-stream", "--default-stream", NULL};
  static const char *const cudart_flags[] = {"-cudart", "--cudart", NULL};
  static const char *const rdc_flags[] = {"-rdc", "--relocatable-device-code", NULL};
  int rc = 0;
  char arch_flag[128];
  snprintf(arch_flag, sizeof arch_flag, "--offload-arch=%s", ctx->arch);
  const char *libs_done[8]; /* HIP libraries already named: -lcuda -lcudart is one -lamdhip64 */
  size_t n_libs_done = 0;
  const int strict_all = strict;
  for (size_t i = 0; i < n && !rc; i++) {
    const char *s = ctx->src + w[i].b;
    size_t len = w[i].e - w[i].b, j = 0;
    int has_next = i + 1 < n;
    strict = strict_all || w[i].nvcc;
    const char *nx = has_next ? ctx->src + w[i + 1].b : NULL;
    size_t nlen = has_next ? w[i + 1].e - w[i + 1].b : 0;
    const nv_opt *nv = NULL;
    if (len == 0 || s[0] != '-') continue;

    /* Architectures: the first becomes --offload-arch, the rest go. */
    int arch = 0, takes_next = 0;
    if (flag_in(s, len, arch_flags, &j) || flag_in(s, len, code_flags, &j)) {
      if (j)
        arch = arch_value(s + j, len - j, strict);
      else if (has_next && arch_value(nx, nlen, strict))
        arch = takes_next = 1;
    } else if (flag_in(s, len, gencode_flags, &j)) {
      arch = 1;
      takes_next = !j && has_next;
    }
    if (arch) {
      if (!*arch_done) {
        rc = c2h_bf_edit(ctx, w[i].b, w[i].e, arch_flag);
        *arch_done = 1;
        if (!rc && takes_next) rc = c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank);
      } else {
        rc = c2h_bf_delete_word(ctx, w[i].b, takes_next ? w[i + 1].e : w[i].e, lo, hi, blank);
      }
      i += (size_t)takes_next;
      continue;
    }
    if (is(s, len, "--use_fast_math") || is(s, len, "-use_fast_math")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-ffast-math");
    } else if (is(s, len, "-lineinfo") || is(s, len, "--generate-line-info")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-gline-tables-only");
    } else if (is(s, len, "--expt-relaxed-constexpr") || is(s, len, "-expt-relaxed-constexpr") ||
               is(s, len, "--expt-extended-lambda") || is(s, len, "-expt-extended-lambda") ||
               is(s, len, "--extended-lambda") || is(s, len, "-extended-lambda")) {
      rc = c2h_bf_delete_word(ctx, w[i].b, w[i].e, lo, hi, blank);
      if (!rc)
        rc = c2h_bf_diag(ctx, w[i].b, w[i].e, C2H_SEV_NOTE, NULL,
                         "'%.*s' removed: clang accepts constexpr calls across host and device and "
                         "__device__ lambdas without a flag",
                         (int)len, s);
    } else if (flag_in(s, len, rdc_flags, &j)) {
      const char *v = j ? s + j : nx;
      size_t vn = j ? len - j : nlen;
      if (!j && !(has_next && (is(v, vn, "true") || is(v, vn, "false")))) continue;
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, is(v, vn, "true") ? "-fgpu-rdc" : "-fno-gpu-rdc");
      if (!rc && !j) rc = c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank);
      i += !j;
    } else if (flag_in(s, len, xcomp_flags, &j)) {
      if (j)
        rc = map_host_flags(ctx, w[i].b, w[i].b + j, w[i].b + j, w[i].e, lo, hi, blank);
      else if (has_next)
        rc = map_host_flags(ctx, w[i].b, w[i].e, w[i + 1].b, w[i + 1].e, lo, hi, blank);
      i += !j && has_next;
    } else if (flag_in(s, len, ptxas_flags, &j) || flag_in(s, len, ccbin_flags, &j) ||
               flag_in(s, len, maxreg_flags, &j) || flag_in(s, len, cudart_flags, &j)) {
      int ptxas = flag_in(s, len, ptxas_flags, &j), ccbin = flag_in(s, len, ccbin_flags, &j);
      int maxreg = flag_in(s, len, maxreg_flags, &j);
      size_t end = !j && has_next ? w[i + 1].e : w[i].e;
      rc = c2h_bf_delete_word(ctx, w[i].b, end, lo, hi, blank);
      if (!rc)
        rc = c2h_bf_diag(
            ctx, w[i].b, end, ptxas || maxreg ? C2H_SEV_WARNING : C2H_SEV_NOTE, NULL, "%s",
            ptxas    ? "options for NVIDIA's ptxas, nvlink or cudafe removed: they mean nothing for "
                       "AMD GPUs; check the intent by hand"
            : ccbin  ? "-ccbin removed: hipcc compiles host code with its own clang (set "
                       "HIP_CLANG_PATH, or CMAKE_HIP_COMPILER in CMake, to choose another)"
            : maxreg ? "-maxrregcount removed: AMD GPUs have no register cap flag; bound the "
                       "registers per kernel with __launch_bounds__"
                     : "-cudart removed: the HIP runtime is always the shared libamdhip64");
      i += !j && has_next;
    } else if (flag_in(s, len, stream_flags, &j)) {
      const char *v = j ? s + j : nx;
      size_t vn = j ? len - j : nlen;
      if (!j && !has_next) continue;
      if (is(v, vn, "per-thread") || is(v, vn, "legacy")) {
        char buf[64];
        snprintf(buf, sizeof buf, "-fgpu-default-stream=%.*s", (int)vn, v);
        rc = c2h_bf_edit(ctx, w[i].b, w[i].e, buf);
      } else {
        rc = c2h_bf_delete_word(ctx, w[i].b, w[i].e, lo, hi, blank);
        if (!rc)
          rc = c2h_bf_diag(ctx, w[i].b, j ? w[i].e : w[i + 1].e, C2H_SEV_WARNING, NULL,
                           "--default-stream %.*s has no HIP equivalent (HIP offers legacy and "
                           "per-thread)",
                           (int)vn, v);
      }
      if (!rc && !j) rc = c2h_bf_delete_word(ctx, w[i + 1].b, w[i + 1].e, lo, hi, blank);
      i += !j;
    } else if (is(s, len, "-Wno-deprecated-gpu-targets") ||
               is(s, len, "--Wno-deprecated-gpu-targets")) {
      rc = c2h_bf_delete_word(ctx, w[i].b, w[i].e, lo, hi, blank);
    } else if ((is(s, len, "-x") || is(s, len, "--x")) && has_next && is(nx, nlen, "cuda")) {
      /* clang's own CUDA mode */
      rc = c2h_bf_edit(ctx, w[i + 1].b, w[i + 1].e, "hip");
      i++;
    } else if ((nv = nv_find(s, len, &j)) != NULL && (!nv->strict || strict)) {
      size_t used = 1;
      rc = nv_apply(ctx, nv, w, i, n, j, lo, hi, blank, &used);
      i += used - 1;
    } else if (starts(s, len, "-l")) {
      const char *why = NULL;
      const char *hip = c2h_bf_hip_lib(ctx->opt, s + 2, len - 2, &why);
      int dup = 0;
      for (size_t k = 0; hip && *hip && k < n_libs_done; k++) dup |= strcmp(libs_done[k], hip) == 0;
      if (dup) {
        rc = c2h_bf_delete_word(ctx, w[i].b, w[i].e, lo, hi, blank);
      } else if (hip && *hip) {
        char buf[64];
        snprintf(buf, sizeof buf, "-l%s", hip);
        rc = c2h_bf_edit(ctx, w[i].b, w[i].e, buf);
        if (n_libs_done < sizeof libs_done / sizeof libs_done[0]) libs_done[n_libs_done++] = hip;
      } else if (hip) {
        rc = c2h_bf_diag(ctx, w[i].b, w[i].e, C2H_SEV_WARNING, NULL, "%.*s: %s", (int)len, s, why);
      }
    } else if (!strict) {
      continue;
    } else if (starts(s, len, "-Werror")) {
      size_t used = 1;
      rc = map_werror(ctx, w, i, n, lo, hi, blank, &used);
      i += used - 1;
    } else if (is(s, len, "-G") || is(s, len, "--device-debug")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-g");
    } else if (is(s, len, "-keep") || is(s, len, "--keep")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-save-temps");
    } else if (is(s, len, "--resource-usage") || is(s, len, "-res-usage")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-Rpass-analysis=kernel-resource-usage");
    } else if (is(s, len, "-dc") || is(s, len, "--device-c")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-fgpu-rdc -c");
    } else if ((is(s, len, "-x") || is(s, len, "--x")) && has_next && is(nx, nlen, "cu")) {
      rc = c2h_bf_edit(ctx, w[i + 1].b, w[i + 1].e, "hip");
      i++;
    } else if (is(s, len, "-x=cu") || is(s, len, "--x=cu")) {
      rc = c2h_bf_edit(ctx, w[i].b, w[i].e, "-x hip");
    } else if (is(s, len, "-dlink") || is(s, len, "--device-link")) {
      rc = c2h_bf_diag(ctx, w[i].b, w[i].e, C2H_SEV_WARNING, "-fgpu-rdc --hip-link",
                       "a separate device-link step has no hipcc equivalent: link the relocatable "
                       "objects with -fgpu-rdc --hip-link in the final link instead");
    } else if (is(s, len, "-ptx") || is(s, len, "--ptx") || is(s, len, "-cubin") ||
               is(s, len, "--cubin") || is(s, len, "-fatbin") || is(s, len, "--fatbin")) {
      rc = c2h_bf_diag(ctx, w[i].b, w[i].e, C2H_SEV_WARNING, NULL,
                       "%.*s produces NVIDIA code objects; for AMD GPUs use "
                       "--cuda-device-only -c (code object) or --genco",
                       (int)len, s);
    }
  }
  return rc;
}

/* ---- CUDA install paths ------------------------------------------------- */

static const char *const cuda_path_vars[] = {
    "CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_DIR", "CUDA_TOOLKIT_ROOT_DIR", "CUDA_INSTALL_PATH",
    "CUDA_INSTALL_DIR", "CUDA_TOOLKIT_PATH", "CUDA_TOOLKIT_DIR", "CUDADIR", "CUDA_TOOLKIT_ROOT",
    "CUDAToolkit_ROOT", "CUDA_BIN_PATH", NULL};

int c2h_bf_is_cuda_path_var(const char *name, size_t n) {
  for (size_t i = 0; cuda_path_vars[i]; i++)
    if (is(name, n, cuda_path_vars[i])) return 1;
  return 0;
}

static int path_char(int c) {
  return c2h_bf_is_ident_char(c) || c == '.' || c == '-' || c == '+' || c == '~';
}

/* Handles what follows a CUDA install prefix ending at `at`. Returns the
 * replacement of the suffix through *sfx_e (NULL: keep), or warns. */
static const char *cuda_suffix(const c2h_bf_ctx *ctx, size_t at, size_t end, size_t *sfx_e,
                               int *unknown) {
  const char *s = ctx->src + at;
  size_t n = end - at;
  *unknown = 0;
  *sfx_e = at;
  if (n == 0 || s[0] != '/') return NULL;
  size_t k = 1;
  while (k < n && path_char((unsigned char)s[k])) k++;
  const char *seg = s + 1;
  size_t sn = k - 1;
  if (is(seg, sn, "lib64")) {
    *sfx_e = at + k;
    return "/lib";
  }
  if (is(seg, sn, "bin") && k + 5 <= n && memcmp(s + k, "/nvcc", 5) == 0 &&
      (k + 5 == n || !path_char((unsigned char)s[k + 5]))) {
    *sfx_e = at + k + 5;
    return "/bin/hipcc";
  }
  if (is(seg, sn, "include") || is(seg, sn, "lib") || is(seg, sn, "bin") || sn == 0) return NULL;
  *unknown = 1;
  *sfx_e = at + k;
  return NULL;
}

int c2h_bf_map_cuda_paths(c2h_bf_ctx *ctx, size_t b, size_t e, int make) {
  int rc = 0;
  const char *src = ctx->src;
  for (size_t i = b; i < e && !rc; i++) {
    size_t pe = 0;        /* end of the prefix */
    const char *rep = NULL; /* replacement of the prefix */
    if (src[i] == '/') {
      static const char *const prefixes[] = {"/usr/local/cuda", "/opt/cuda", "/usr/lib/cuda", NULL};
      char prev = i > b ? src[i - 1] : ' ';
      int ok_prev = !path_char((unsigned char)prev) && prev != '/';
      if (!ok_prev && (prev == 'I' || prev == 'L') && i >= b + 2 && src[i - 2] == '-') ok_prev = 1;
      if (!ok_prev && i >= b + 7 && memcmp(src + i - 7, "isystem", 7) == 0) ok_prev = 1;
      if (!ok_prev) continue;
      for (size_t k = 0; prefixes[k]; k++) {
        size_t m = strlen(prefixes[k]);
        if (i + m <= e && memcmp(src + i, prefixes[k], m) == 0) {
          size_t t = i + m;
          if (k == 0 && t < e && src[t] == '-') {
            size_t u = t + 1;
            while (u < e && ((src[u] >= '0' && src[u] <= '9') || src[u] == '.')) u++;
            if (u > t + 1) t = u;
          }
          if (t < e && path_char((unsigned char)src[t])) break;
          pe = t;
          rep = "/opt/rocm";
          break;
        }
      }
    } else if (src[i] == '$' && i + 1 < e && (src[i + 1] == '(' || src[i + 1] == '{')) {
      char close = src[i + 1] == '(' ? ')' : '}';
      size_t t = i + 2;
      while (t < e && c2h_bf_is_ident_char((unsigned char)src[t])) t++;
      if (t < e && src[t] == close && c2h_bf_is_cuda_path_var(src + i + 2, t - i - 2)) {
        pe = t + 1;
        rep = make ? "" : NULL;
        if (!make) {
          rc = c2h_bf_diag(ctx, i, pe, C2H_SEV_WARNING, NULL,
                           "%.*s names the CUDA installation, which the HIP build does not look "
                           "for; use the HIP targets (hip::host, ...) or ${ROCM_PATH}",
                           (int)(pe - i), src + i);
          i = pe - 1;
          continue;
        }
      }
    } else if (!make && src[i] == '$' && i + 5 < e && memcmp(src + i, "$ENV{", 5) == 0) {
      size_t t = i + 5;
      while (t < e && c2h_bf_is_ident_char((unsigned char)src[t])) t++;
      if (t < e && src[t] == '}' && c2h_bf_is_cuda_path_var(src + i + 5, t - i - 5)) {
        rc = c2h_bf_diag(ctx, i, t + 1, C2H_SEV_WARNING, NULL,
                         "%.*s names the CUDA installation; use $ENV{ROCM_PATH} or the HIP targets",
                         (int)(t + 1 - i), src + i);
        i = t;
        continue;
      }
    }
    if (!pe) continue;
    size_t sfx_e;
    int unknown;
    const char *sfx = cuda_suffix(ctx, pe, e, &sfx_e, &unknown);
    if (rep && *rep && (rc = c2h_bf_edit(ctx, i, pe, rep))) break;
    if (sfx && (rc = c2h_bf_edit(ctx, pe, sfx_e, sfx))) break;
    if (unknown)
      rc = c2h_bf_diag(ctx, i, sfx_e, C2H_SEV_WARNING, NULL,
                       "'%.*s' is part of the CUDA toolkit with no counterpart under ROCm",
                       (int)(sfx_e - i), src + i);
    i = (sfx_e > pe ? sfx_e : pe) - 1;
  }
  return rc;
}

/* ---- renamed sources ---------------------------------------------------- */

static const char *suffix_of(const char *path) {
  const char *b = base_name(path), *d = strrchr(b, '.');
  return d ? d : b + strlen(b);
}

/* The new suffix of files ending in suffix[0..n), when every renamed file
 * with that suffix kept its stem and got the same new one; else NULL. */
static const char *suffix_map(const c2h_bf_ctx *ctx, const char *suffix, size_t n) {
  const char *to = NULL;
  for (size_t i = 0; i < ctx->opt->n_renamed; i++) {
    const char *f = ctx->opt->renamed_from[i], *t = ctx->opt->renamed_to[i];
    const char *fs = suffix_of(f), *ts = suffix_of(t);
    if (!is(fs, strlen(fs), "") && is(suffix, n, fs)) {
      size_t stem_f = (size_t)(fs - f), stem_t = (size_t)(ts - t);
      if (stem_f != stem_t || memcmp(f, t, stem_f) != 0) return NULL;
      if (to && strcmp(to, ts) != 0) return NULL;
      to = ts;
    }
  }
  return to;
}

/* Whether reference ref[0..n), found in the script at dir[0..dn), names f. */
static int ref_names(const char *dir, size_t dn, const char *ref, size_t n, const char *f) {
  size_t fn = strlen(f);
  while (n >= 2 && ref[0] == '.' && ref[1] == '/') {
    ref += 2;
    n -= 2;
  }
  if (dn && fn == dn + 1 + n && memcmp(f, dir, dn) == 0 && f[dn] == '/' &&
      memcmp(f + dn + 1, ref, n) == 0)
    return 1;
  if (fn == n && memcmp(f, ref, n) == 0) return 1;
  if (fn > n && f[fn - n - 1] == '/' && memcmp(f + fn - n, ref, n) == 0) return 1;
  if (n > fn && ref[n - fn - 1] == '/' && memcmp(ref + n - fn, f, fn) == 0) return 1;
  return 0;
}

int c2h_bf_map_renames(c2h_bf_ctx *ctx, size_t b, size_t e) {
  const char *src = ctx->src;
  const char *dir = ctx->path;
  const char *slash = strrchr(dir, '/');
  size_t dn = slash ? (size_t)(slash - dir) : 0;
  int rc = 0;
  if (!ctx->opt->n_renamed) return 0;
  for (size_t i = b; i < e && !rc;) {
    if (!path_char((unsigned char)src[i])) {
      i++;
      continue;
    }
    size_t t = i;
    while (t < e && path_char((unsigned char)src[t])) t++;
    /* src[i, t) is one path component. */
    const char *dot = NULL;
    for (size_t k = i; k < t; k++)
      if (src[k] == '.') dot = src + k;
    if (!dot) {
      i = t;
      continue;
    }
    char prev = i > b ? src[i - 1] : ' ';
    if (dot == src + i && (prev == '%' || prev == '*' || prev == ':')) {
      /* A pattern: %.cu, *.cu, $(VAR:.cu=.o). */
      const char *to = suffix_map(ctx, src + i, t - i);
      if (to && (prev != ':' || (t < e && src[t] == '='))) rc = c2h_bf_edit(ctx, i, t, to);
      i = t;
      continue;
    }
    size_t r = i; /* start of the whole reference, directories included */
    while (r > b && (path_char((unsigned char)src[r - 1]) || src[r - 1] == '/' ||
                     src[r - 1] == '$' || src[r - 1] == '(' || src[r - 1] == ')' ||
                     src[r - 1] == '{' || src[r - 1] == '}'))
      r--;
    const char *hit = NULL;
    for (size_t k = 0; k < ctx->opt->n_renamed; k++) {
      const char *f = ctx->opt->renamed_from[k];
      if (!is(src + i, t - i, base_name(f))) continue;
      const char *to = base_name(ctx->opt->renamed_to[k]);
      if (ref_names(dir, dn, src + r, t - r, f)) {
        hit = to;
        break;
      }
      /* A folder given by a variable: the file name decides. */
      if (!hit && memchr(src + r, '$', i - r)) hit = to;
    }
    if (hit && !is(src + i, t - i, hit)) rc = c2h_bf_edit(ctx, i, t, hit);
    i = t;
  }
  return rc;
}
