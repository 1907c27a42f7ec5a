/* Makefiles: logical lines, variables and recipes; nvcc becomes hipcc and
 * its flags, libraries and install paths become ROCm ones. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfiles/buildfiles.h"
#include "util/buf.h"

int c2h_make_words(const char *src, size_t b, size_t e, c2h_bf_words *out) {
  size_t i = b;
  while (i < e) {
    char c = src[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      i++;
      continue;
    }
    if (c == '\\' && i + 1 < e && (src[i + 1] == '\n' || src[i + 1] == '\r')) {
      i++;
      continue;
    }
    size_t start = i;
    while (i < e) {
      c = src[i];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') break;
      if (c == '\\' && i + 1 < e && (src[i + 1] == '\n' || src[i + 1] == '\r')) break;
      if (c == '\'' || c == '"') {
        size_t j = i + 1;
        while (j < e && src[j] != c) j += (c == '"' && src[j] == '\\') ? 2 : 1;
        i = j < e ? j + 1 : e;
        continue;
      }
      i += c == '\\' && i + 1 < e ? 2 : 1;
    }
    size_t end = i < e ? i : e;
    size_t opens = 0, closes = 0;
    for (size_t q = start; q < end; q++) {
      if (src[q] == '(' || src[q] == '{') opens++;
      if (src[q] == ')' || src[q] == '}') closes++;
    }
    while (end > start && (src[end - 1] == ')' || src[end - 1] == '}') && closes > opens) {
      end--;
      closes--;
    }
    if (end > start && c2h_bf_words_push(out, start, end)) return C2H_ERR_NOMEM;
  }
  return 0;
}

/* Splits src into logical lines; *n_out lines in a malloc'd array. */
static int make_lines(const char *src, size_t len, c2h_make_line **out, size_t *n_out) {
  size_t cap = 64, n = 0;
  c2h_make_line *v = malloc(cap * sizeof *v);
  if (!v) return C2H_ERR_NOMEM;
  size_t i = 0;
  while (i < len) {
    c2h_make_line l;
    l.b = i;
    size_t e;
    for (;;) {
      const char *nl = memchr(src + i, '\n', len - i);
      e = nl ? (size_t)(nl - src) : len;
      size_t t = e;
      if (t > i && src[t - 1] == '\r') t--;
      size_t bs = 0;
      while (t > i + bs && src[t - 1 - bs] == '\\') bs++;
      if (bs % 2 == 1 && nl) {
        i = e + 1;
        continue;
      }
      i = nl ? e + 1 : len;
      e = t;
      break;
    }
    l.e = e;
    l.recipe = src[l.b] == '\t';
    l.text_e = e;
    if (!l.recipe) {
      for (size_t q = l.b; q < e; q++)
        if (src[q] == '#' && (q == l.b || src[q - 1] != '\\')) {
          l.text_e = q;
          break;
        }
    }
    if (n == cap) {
      cap *= 2;
      c2h_make_line *p = realloc(v, cap * sizeof *p);
      if (!p) {
        free(v);
        return C2H_ERR_NOMEM;
      }
      v = p;
    }
    v[n++] = l;
  }
  *out = v;
  *n_out = n;
  return 0;
}

typedef struct mk {
  c2h_bf_ctx *ctx;
  char **nvcc_vars; /* variables holding the CUDA compiler */
  size_t n_vars, cap_vars;
} mk;

static int add_var(mk *m, const char *s, size_t n) {
  if (m->n_vars == m->cap_vars) {
    size_t cap = m->cap_vars ? m->cap_vars * 2 : 8;
    char **p = realloc(m->nvcc_vars, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    m->nvcc_vars = p;
    m->cap_vars = cap;
  }
  if (!(m->nvcc_vars[m->n_vars] = c2h_strndup(s, n))) return C2H_ERR_NOMEM;
  m->n_vars++;
  return 0;
}

static int is_var(const mk *m, const char *s, size_t n) {
  for (size_t i = 0; i < m->n_vars; i++)
    if (strlen(m->nvcc_vars[i]) == n && memcmp(m->nvcc_vars[i], s, n) == 0) return 1;
  return 0;
}

/* The compiler word: nvcc, .../nvcc (hipcc, for output translated before). */
static int compiler_word(const char *s, size_t n, size_t *name_at) {
  while (n && (*s == '@' || *s == '-' || *s == '+')) {
    s++;
    n--;
  }
  if (n >= 4 && (memcmp(s + n - 4, "nvcc", 4) == 0 || (n >= 5 && memcmp(s + n - 5, "hipcc", 5) == 0))) {
    size_t k = memcmp(s + n - 4, "nvcc", 4) == 0 ? 4 : 5;
    if (n == k || s[n - k - 1] == '/') {
      if (name_at) *name_at = n - k;
      return k == 4 ? 1 : 2;
    }
  }
  return 0;
}

/* An assignment: returns 1 and the variable name and the value's start. */
static int assignment(const char *src, const c2h_make_line *l, size_t *nb, size_t *ne, size_t *vb) {
  if (l->recipe) return 0;
  for (size_t q = l->b; q < l->text_e; q++) {
    char c = src[q];
    if (c == '=') {
      size_t op = q;
      while (op > l->b && (src[op - 1] == ':' || src[op - 1] == '?' || src[op - 1] == '+' ||
                           src[op - 1] == '!'))
        op--;
      size_t t = op;
      while (t > l->b && (src[t - 1] == ' ' || src[t - 1] == '\t')) t--;
      size_t s = t;
      while (s > l->b && src[s - 1] != ' ' && src[s - 1] != '\t' && src[s - 1] != ':') s--;
      if (s == t) return 0;
      *nb = s;
      *ne = t;
      *vb = q + 1;
      return 1;
    }
    if (c == ':' && !(q + 1 < l->text_e && (src[q + 1] == '=' || src[q + 1] == ':'))) return 0;
    if (c == '$' && q + 1 < l->text_e && (src[q + 1] == '(' || src[q + 1] == '{')) return 0;
  }
  return 0;
}

static int has_sub(const char *s, size_t n, const char *sub) {
  size_t m = strlen(sub);
  for (size_t i = 0; i + m <= n; i++)
    if (memcmp(s + i, sub, m) == 0) return 1;
  return 0;
}

/* Whether word k starts a shell command: the first word of a recipe or of
 * a variable's value, the word after | || && ; (or after a word ending in
 * ';'), or a command substitution $(x ...), $$(x ...), `x ...`. */
static int command_position(const char *src, const c2h_bf_words *w, size_t k, size_t first) {
  const char *s = src + w->items[k].b;
  size_t n = w->items[k].e - w->items[k].b;
  if (k == first) return 1;
  if (n && (s[0] == '`' || s[0] == '(')) return 1;
  if (n >= 2 && s[0] == '$' && (s[1] == '(' || (s[1] == '$' && n >= 3 && s[2] == '('))) {
    /* $(VAR) alone is a variable, not a command */
    size_t t = s[1] == '$' ? 3 : 2;
    while (t < n && s[t] != ')') t++;
    return t >= n;
  }
  const char *p = src + w->items[k - 1].b;
  size_t pn = w->items[k - 1].e - w->items[k - 1].b;
  if ((pn == 7 && memcmp(p, "$(shell", 7) == 0) || (pn == 7 && memcmp(p, "${shell", 7) == 0)) return 1;
  return (pn == 1 && (p[0] == '|' || p[0] == ';')) || (pn == 2 && (memcmp(p, "||", 2) == 0 || memcmp(p, "&&", 2) == 0)) ||
         (pn && p[pn - 1] == ';');
}

static int separator(const char *s, size_t n) {
  return (n == 1 && (s[0] == '|' || s[0] == ';')) || (n == 2 && (memcmp(s, "||", 2) == 0 || memcmp(s, "&&", 2) == 0)) ||
         (n && s[n - 1] == ';');
}

/* clang used as the CUDA compiler (clang++ x.cu --cuda-gpu-arch=sm_70):
 * clang picks CUDA for .cu files by their suffix, so the HIP build needs
 * -x hip before them. Where that goes (before which inputs) is the
 * user's call: reported, not changed. */
static int clang_cuda_mode(c2h_bf_ctx *ctx, const c2h_bf_words *w) {
  const char *src = ctx->src;
  size_t compiler = SIZE_MAX;
  int cuda = 0, lang = 0;
  for (size_t k = 0; k < w->len; k++) {
    const char *s = src + w->items[k].b;
    size_t n = w->items[k].e - w->items[k].b;
    const char *base = s;
    for (size_t q = 0; q < n; q++)
      if (s[q] == '/') base = s + q + 1;
    size_t bn = n - (size_t)(base - s);
    if (compiler == SIZE_MAX && bn >= 5 && memcmp(base, "clang", 5) == 0 && command_position(src, w, k, 0))
      compiler = k;
    if ((n >= 15 && memcmp(s, "--cuda-gpu-arch", 15) == 0) || (n > 3 && memcmp(s + n - 3, ".cu", 3) == 0)) cuda = 1;
    if ((n == 2 && memcmp(s, "-x", 2) == 0) || (n > 2 && memcmp(s, "-x", 2) == 0 && s[2] != '-')) lang = 1;
  }
  if (compiler == SIZE_MAX || !cuda || lang) return 0;
  return c2h_bf_diag(ctx, w->items[compiler].b, w->items[compiler].e, C2H_SEV_WARNING, "-x hip",
                     "clang compiles .cu files as CUDA, not HIP: put -x hip before the HIP sources (and -x none "
                     "before object files that follow them)");
}

static int line(mk *m, const c2h_make_line *l) {
  c2h_bf_ctx *ctx = m->ctx;
  const char *src = ctx->src;
  c2h_bf_words w, flags;
  c2h_bf_words_init(&w);
  c2h_bf_words_init(&flags);
  size_t nb = 0, ne = 0, vb = 0;
  int assign = assignment(src, l, &nb, &ne, &vb);
  /* An assignment's words are those of its value (NVCC=nvcc has no blank
   * after the '='). */
  int rc = c2h_make_words(src, assign ? vb : l->b, l->text_e, &w);
  if (rc) goto done;
  size_t text_e = l->text_e;
  if (l->recipe)
    for (size_t k = 0; k < w.len; k++)
      if (src[w.items[k].b] == '#') {
        text_e = w.items[k].b;
        w.len = k;
        break;
      }
  int strict = 0;
  if (assign && (has_sub(src + nb, ne - nb, "NVCC") || has_sub(src + nb, ne - nb, "CUDA") ||
                 has_sub(src + nb, ne - nb, "GENCODE") || (ne - nb >= 2 && memcmp(src + nb, "CU", 2) == 0)))
    strict = 1;
  /* Rule lines (targets: prerequisites) name files, not commands. */
  int commands = l->recipe || assign;
  int in_tool = 0; /* inside the arguments of an NVIDIA tool: not nvcc flags */
  for (size_t k = 0; k < w.len && !rc; k++) {
    const char *s = src + w.items[k].b;
    size_t n = w.items[k].e - w.items[k].b, at = 0;
    if (separator(s, n)) in_tool = 0;
    const char *tool = NULL, *advice = NULL;
    if (commands && command_position(src, &w, k, 0) && (advice = c2h_bf_nvidia_tool(s, n, &tool)) != NULL) {
      in_tool = 1;
      rc = c2h_bf_diag(ctx, w.items[k].b, w.items[k].e, C2H_SEV_WARNING, NULL,
                       "%s is an NVIDIA tool with no ROCm build of the same name: %s", tool, advice);
      continue;
    }
    if (in_tool) continue;
    if ((rc = c2h_bf_words_push(&flags, w.items[k].b, w.items[k].e))) break;
    int cw = compiler_word(s, n, &at);
    if (cw) {
      strict = 1;
      size_t off = w.items[k].e - 4;
      if (cw == 1) rc = c2h_bf_edit(ctx, off, w.items[k].e, "hipcc");
      continue;
    }
    if (n > 3 && s[0] == '$' && (s[1] == '(' || s[1] == '{') && (s[n - 1] == ')' || s[n - 1] == '}') &&
        is_var(m, s + 2, n - 3))
      strict = 1;
  }
  if (!rc && commands) rc = clang_cuda_mode(ctx, &w);
  int arch_done = 0;
  if (!rc && flags.len)
    rc = c2h_bf_map_nvcc_flags(ctx, flags.items, flags.len, strict, &arch_done, l->b, text_e, "");
  if (!rc) rc = c2h_bf_map_renames(ctx, l->b, text_e);
  if (!rc) rc = c2h_bf_map_cuda_paths(ctx, l->b, text_e, 1);
done:
  c2h_bf_words_dispose(&w);
  c2h_bf_words_dispose(&flags);
  return rc;
}

int c2h_bf_translate_make(c2h_bf_ctx *ctx) {
  mk m;
  memset(&m, 0, sizeof m);
  m.ctx = ctx;
  c2h_make_line *lines = NULL;
  size_t n = 0;
  int rc = make_lines(ctx->src, ctx->len, &lines, &n);
  if (rc) goto done;
  static const char *const defaults[] = {"NVCC", "CUDA_CC", "CUDACC", "CUCC", "CUDA_COMPILER"};
  for (size_t i = 0; i < sizeof defaults / sizeof defaults[0] && !rc; i++)
    rc = add_var(&m, defaults[i], strlen(defaults[i]));
  /* Variables whose value starts with the CUDA compiler. */
  for (size_t i = 0; i < n && !rc; i++) {
    size_t nb, ne, vb;
    if (!assignment(ctx->src, &lines[i], &nb, &ne, &vb)) continue;
    c2h_bf_words w;
    c2h_bf_words_init(&w);
    rc = c2h_make_words(ctx->src, vb, lines[i].text_e, &w);
    if (!rc && w.len && compiler_word(ctx->src + w.items[0].b, w.items[0].e - w.items[0].b, NULL) &&
        !is_var(&m, ctx->src + nb, ne - nb))
      rc = add_var(&m, ctx->src + nb, ne - nb);
    c2h_bf_words_dispose(&w);
  }
  for (size_t i = 0; i < n && !rc && !c2h_bf_expired(ctx); i++) rc = line(&m, &lines[i]);
done:
  for (size_t i = 0; i < m.n_vars; i++) free(m.nvcc_vars[i]);
  free(m.nvcc_vars);
  free(lines);
  return rc;
}
