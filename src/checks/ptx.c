/* ptx-inline-asm: inline PTX in device code. Names the HIP replacement for
 * the common idioms, says plainly when there is none, and suggests a
 * rewrite for the ones that map one-to-one. */
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "util/buf.h"

typedef struct ptx_idiom {
  const char *needle; /* substring of the assembly text */
  const char *advice; /* what to use in HIP */
} ptx_idiom;

/* Most specific first: the first match is reported. */
static const ptx_idiom idioms[] = {
    {"%laneid", "use __lane_id() (0-63 on gfx942)"},
    {"%warpid", "there is no warp-id register in HIP: compute it as threadIdx.x / warpSize"},
    {"%globaltimer", "use wall_clock64() (a constant-rate counter; see wallClockRate in hipDeviceProp_t)"},
    {"%clock", "use clock64() (the shader clock; its rate differs from NVIDIA's)"},
    {"ld.global.nc", "use __ldg(ptr) or a plain load through a const __restrict__ pointer"},
    {"shfl.sync", "use __shfl_sync/__shfl_up_sync/__shfl_down_sync/__shfl_xor_sync (or the mask-less forms)"},
    {"shfl.", "use __shfl/__shfl_up/__shfl_down/__shfl_xor"},
    {"vote.", "use __ballot/__any/__all (64-bit results on gfx942)"},
    {"bar.sync", "use __syncthreads()"},
    {"barrier.sync", "use __syncthreads()"},
    {"bar.warp.sync", "use __syncwarp() (ROCm 7.0) or drop it: a wavefront runs in lockstep"},
    {"membar.gl", "use __threadfence()"},
    {"membar.cta", "use __threadfence_block()"},
    {"membar.sys", "use __threadfence_system()"},
    {"fence.", "use __threadfence(), __threadfence_block() or __threadfence_system()"},
    {"mma.sync", "no HIP equivalent: use rocWMMA or the MFMA intrinsics (__builtin_amdgcn_mfma_*)"},
    {"wgmma", "no HIP equivalent: use rocWMMA or the MFMA intrinsics (__builtin_amdgcn_mfma_*)"},
    {"ldmatrix", "no HIP equivalent: load the fragments from __shared__ memory with ordinary loads (rocWMMA does this)"},
    {"cp.async", "no HIP equivalent: copy global to __shared__ memory with ordinary loads and a barrier"},
    {"atom.", "use the atomic functions (atomicAdd, atomicCAS, ...)"},
    {"red.", "use the atomic functions (atomicAdd, ...)"},
    {"bfe.", "use a shift and mask, or __bitextract_u32/__bitextract_u64"},
    {"bfi.", "use shifts and masks, or __bitinsert_u32/__bitinsert_u64"},
    {"brev.", "use __brev/__brevll"},
    {"popc.", "use __popc/__popcll"},
    {"clz.", "use __clz/__clzll"},
    {"prmt.", "use __byte_perm"},
    {"mul.hi", "use __mulhi/__umulhi"},
    {"mad.", "write it in C++ (a * b + c, or fmaf)"},
};

/* Text that only PTX has, to recognise PTX where the AST cannot tell
 * whether the code is device code (inactive branches, macro bodies). */
static int looks_like_ptx(const char *text) {
  static const char *const marks[] = {".u32", ".s32", ".b32", ".u64", ".b64", ".f32", ".f64",
                                      ".reg", ".pred", "%laneid", "%tid", "%clock", "membar",
                                      "bar.sync", "bar.warp", "barrier.", "shfl.", "vote.", "activemask",
                                      "ld.global", "cp.async", "mma.", NULL};
  for (size_t i = 0; marks[i]; i++)
    if (strstr(text, marks[i])) return 1;
  return 0;
}

static int is_string_token(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_LITERAL) return 0;
  const char *p = s->src + t->begin;
  while (p < s->src + t->end && *p != '"' && *p != '\'') p++;
  return p < s->src + t->end && *p == '"';
}

/* The text of the output operand in `: "=r"(EXPR)`, when the statement has
 * exactly one output and no inputs. Returns 0 when it does not. */
static int single_output(const c2h_scan *s, size_t open, size_t close, size_t *b, size_t *e) {
  size_t colon = 0, colons = 0;
  for (size_t i = open + 1; i < close; i++)
    if (c2h_tok_is(s, i, ":")) {
      if (!colons++) colon = i;
    }
  if (colons != 1 || !is_string_token(s, colon + 1) || !c2h_tok_is(s, colon + 2, "(")) return 0;
  size_t rp = c2h_tok_match(s, colon + 2);
  if (rp + 1 != close || rp <= colon + 3) return 0;
  *b = s->facts->toks[colon + 3].begin;
  *e = s->facts->toks[rp - 1].end;
  return 1;
}

static int report(c2h_scan *s, size_t kw, size_t open, size_t close, const char *text) {
  const ptx_idiom *found = NULL;
  for (size_t i = 0; i < sizeof idioms / sizeof *idioms && !found; i++)
    if (strstr(text, idioms[i].needle)) found = &idioms[i];
  /* A one-to-one rewrite: the lane id read into one output. */
  char replacement[256];
  const char *fix = NULL;
  size_t ob, oe;
  if (found && strcmp(found->needle, "%laneid") == 0 && single_output(s, open, close, &ob, &oe) &&
      oe - ob < 200) {
    snprintf(replacement, sizeof replacement, "%.*s = __lane_id()", (int)(oe - ob), s->src + ob);
    fix = replacement;
  }
  return c2h_scan_diag(s, kw, close, C2H_SEV_WARNING, C2H_CHECK_PTX_INLINE_ASM, fix,
                       "inline PTX assembly does not run on AMD GPUs: %s",
                       found ? found->advice : "rewrite it in HIP C++ (or AMDGCN assembly)");
}

/* For asm the AST does not place (an inactive #if branch): whether the
 * function around it is declared __device__ or __global__, read from the
 * tokens before the '{' that opens it. */
#define MAX_LOOKBACK 20000
static int in_device_function_tokens(const c2h_scan *s, size_t i) {
  size_t depth = 0, stop = i > MAX_LOOKBACK ? i - MAX_LOOKBACK : 0, j = i;
  while (j-- > stop) { /* the innermost unclosed '{' */
    if (c2h_tok_is(s, j, "}")) depth++;
    else if (c2h_tok_is(s, j, "{") && depth-- == 0) break;
  }
  if (j == (size_t)-1 || j < stop || !c2h_tok_is(s, j, "{")) return 0;
  /* The declaration before it: back to the previous statement or block. */
  for (size_t k = j; k-- > stop;) {
    if (c2h_tok_is(s, k, ";") || c2h_tok_is(s, k, "}") || c2h_tok_is(s, k, "{") || c2h_tok_is(s, k, "#")) return 0;
    if (c2h_tok_is(s, k, "__device__") || c2h_tok_is(s, k, "__global__")) return 1;
  }
  return 0;
}

int c2h_check_ptx(c2h_scan *s) {
  size_t n = s->facts->n_toks;
  c2h_buf text;
  c2h_buf_init(&text);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (!c2h_tok_is_asm(s, i)) continue;
    size_t open = i + 1;
    while (open < n && (c2h_tok_is(s, open, "volatile") || c2h_tok_is(s, open, "__volatile__") ||
                        c2h_tok_is(s, open, "goto") || c2h_tok_is(s, open, "inline")))
      open++;
    if (!c2h_tok_is(s, open, "(")) continue;
    size_t close = c2h_tok_match(s, open);
    if (close >= n) continue;
    /* The assembly text: the adjacent string literals after '('. */
    text.len = 0;
    for (size_t j = open + 1; j < close && is_string_token(s, j); j++)
      if ((rc = c2h_buf_append(&text, s->src + s->facts->toks[j].begin,
                               s->facts->toks[j].end - s->facts->toks[j].begin)))
        break;
    if (rc || !text.len) continue;
    c2h_code_ctx ctx = s->facts->toks[i].ctx;
    int device = c2h_tok_in_device_code(s, i);
    /* Host code may hold host assembly; code the AST cannot place counts
     * when the text is recognisably PTX. */
    if (device || (ctx == C2H_CTX_UNKNOWN && (looks_like_ptx(text.data) || in_device_function_tokens(s, i))) ||
        (ctx != C2H_CTX_HOST && ctx != C2H_CTX_FILE && looks_like_ptx(text.data)))
      rc = report(s, i, open, close, text.data);
    i = close;
  }
  c2h_buf_dispose(&text);
  return rc;
}
