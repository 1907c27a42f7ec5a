/* texture-reference, surface-reference: the reference-based texture and
 * surface APIs (removed in CUDA 12), which have no supported HIP
 * equivalent. Reported here:
 *  - `surface<void, dim> name;` declarations;
 *  - `texture<T, dim, mode> name;` declarations, unless the rule table
 *    already reports the `texture` token as an unsupported API (one error
 *    per declaration is enough);
 *  - tex1Dfetch/tex1D/tex2D/... whose texture argument is a texture
 *    reference, and surf*read/surf*write whose surface argument is a
 *    surface reference;
 *  - the runtime calls that bind or look up references (cudaBindTexture,
 *    cudaBindSurfaceToArray, ...), unless the rule table covers them.
 * texture-object: texture and surface objects (tex2D<float>(obj, x, y),
 * surf2Dwrite(v, obj, x, y), cudaCreateTextureObject, ...). HIP has them,
 * but gfx942 has no image hardware: HIP's headers define
 * __HIP_NO_IMAGE_SUPPORT for it and mark the device functions unavailable,
 * and creating an object fails at run time. Reported are the device-side
 * fetches and accesses and the host calls that create an object; the
 * types, and calls that only destroy or query one, follow from those.
 * User classes that happen to be called `texture` stay silent. */
#include <string.h>

#include "checks.h"

#define MAX_REFS 256

/* Names of the references declared in the file (token indexes). */
typedef struct ref_set {
  size_t toks[MAX_REFS];
  size_t n;
} ref_set;

static const char *const texture_fetches[] = {
    "tex1Dfetch",   "tex1D",         "tex2D",           "tex3D",           "tex1DLayered",
    "tex2DLayered", "texCubemap",    "texCubemapLayered", "tex2Dgather",   "tex1DLod",
    "tex2DLod",     "tex3DLod",      "tex1DLayeredLod", "tex2DLayeredLod", "texCubemapLod",
    "tex1DGrad",    "tex2DGrad",     "tex3DGrad",       "tex1DLayeredGrad", "tex2DLayeredGrad",
    NULL};

static const char *const surface_accesses[] = {
    "surf1Dread",         "surf1Dwrite",         "surf2Dread",          "surf2Dwrite",
    "surf3Dread",         "surf3Dwrite",         "surf1DLayeredread",   "surf1DLayeredwrite",
    "surf2DLayeredread",  "surf2DLayeredwrite",  "surfCubemapread",     "surfCubemapwrite",
    "surfCubemapLayeredread", "surfCubemapLayeredwrite", NULL};

typedef struct ref_api {
  const char *name;
  int surface;
  const char *advice; /* what to do with texture or surface objects */
} ref_api;

#define NO_IMAGES "gfx942 has no image hardware (HIP defines __HIP_NO_IMAGE_SUPPORT for it)"
#define TEX_CREATE                                                                           \
  "pass the bound memory's device pointer to the kernel and read it with plain loads (texture " \
  "objects are no way out: " NO_IMAGES ")"
#define SURF_CREATE                                                                         \
  "pass the array's device pointer and pitch to the kernel (surface objects are no way out: " \
  NO_IMAGES ")"

static const ref_api ref_apis[] = {
    {"cudaBindTexture", 0, TEX_CREATE},
    {"cudaBindTexture2D", 0, TEX_CREATE},
    {"cudaBindTextureToArray", 0, TEX_CREATE},
    {"cudaBindTextureToMipmappedArray", 0, TEX_CREATE},
    {"cudaUnbindTexture", 0, "there is nothing to unbind once the kernel reads through a pointer"},
    {"cudaGetTextureReference", 0, "there is nothing to look up: pass the data's device pointer to the kernel"},
    {"cudaGetTextureAlignmentOffset", 0, "a pointer needs no alignment offset: " TEX_CREATE},
    {"cudaBindSurfaceToArray", 1, SURF_CREATE},
    {"cudaGetSurfaceReference", 1, "there is nothing to look up: pass the array's device pointer to the kernel"},
};

/* Host calls that create a texture or surface object. */
static const char *const object_creators[] = {"cudaCreateTextureObject", "cudaCreateSurfaceObject",
                                              "cuTexObjectCreate", NULL};

static int in_list(const c2h_scan *s, size_t i, const char *const *list) {
  for (size_t k = 0; list[k]; k++)
    if (c2h_tok_is(s, i, list[k])) return 1;
  return 0;
}

static int set_has(const ref_set *set, const c2h_scan *s, size_t tok) {
  for (size_t k = 0; k < set->n; k++)
    if (c2h_tok_same(s, set->toks[k], tok)) return 1;
  return 0;
}

/* Whether identifier i is qualified by a class or namespace of the user's
 * (`mylib::texture`) or is a member (`a.texture`). `::texture` is global. */
static int qualified(const c2h_scan *s, size_t i) {
  if (i == 0) return 0;
  if (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->")) return 1;
  return c2h_tok_is(s, i - 1, "::") && i >= 2 &&
         (s->facts->toks[i - 2].kind == C2H_TOK_IDENT || c2h_tok_is(s, i - 2, ">"));
}

/* Whether the names pass reports token i as an unsupported CUDA API. */
static int names_pass_reports(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  const c2h_rule *r = c2h_rules_lookup(s->rules, s->src + t->begin, t->end - t->begin);
  if (!r || !r->unsupported || t->use == C2H_USE_USER || t->use == C2H_USE_MEMBER) return 0;
  if (t->use == C2H_USE_API) return c2h_strmap_get(&s->facts->user_names, s->src + t->begin, t->end - t->begin) < 0;
  return !qualified(s, i) && c2h_strmap_get(&s->facts->user_names, s->src + t->begin, t->end - t->begin) < 0;
}

/* The token after the template argument list opened by '<' at i, or n_toks. */
static size_t after_angles(const c2h_scan *s, size_t i) {
  long depth = 0;
  for (size_t j = i; j < s->facts->n_toks; j++) {
    if (c2h_tok_is(s, j, "<")) depth++;
    else if (c2h_tok_is(s, j, ">")) depth--;
    else if (c2h_tok_is(s, j, ">>")) depth -= 2;
    else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{") || c2h_tok_is(s, j, ")")) break;
    if (depth <= 0) return depth == 0 ? j + 1 : s->facts->n_toks;
  }
  return s->facts->n_toks;
}

/* A declaration `kw<...> [&*]name [, [&*]name]...` starting at kw: adds the
 * names to set and returns the first one (n_toks when kw<...> declares
 * nothing, e.g. a template argument or a return type). */
static size_t declared_names(const c2h_scan *s, size_t kw, ref_set *set) {
  size_t n = s->facts->n_toks, j = after_angles(s, kw + 1), first = n;
  while (j < n) {
    while (j < n && (c2h_tok_is(s, j, "&") || c2h_tok_is(s, j, "*"))) j++;
    if (j >= n || s->facts->toks[j].kind != C2H_TOK_IDENT || c2h_tok_is(s, j + 1, "(") ||
        c2h_tok_is(s, j + 1, "::"))
      break;
    if (first == n) first = j;
    if (set->n < MAX_REFS) set->toks[set->n++] = j;
    if (!c2h_tok_is(s, j + 1, ",")) break;
    j += 2;
  }
  return first;
}

static int is_texture_decl(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  return c2h_tok_ident_is(s, i, "texture") && c2h_tok_is(s, i + 1, "<") && t->use != C2H_USE_USER &&
         t->use != C2H_USE_MEMBER && !qualified(s, i);
}

/* CUDA surface references are always surface<void, dim>. */
static int is_surface_decl(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  return c2h_tok_ident_is(s, i, "surface") && c2h_tok_is(s, i + 1, "<") && c2h_tok_is(s, i + 2, "void") &&
         t->use != C2H_USE_USER && t->use != C2H_USE_MEMBER && !qualified(s, i);
}

static int report_declaration(c2h_scan *s, size_t kw, size_t name, int surface) {
  const c2h_token *t = &s->facts->toks[name];
  if (surface)
    return c2h_scan_diag(s, kw, name, C2H_SEV_ERROR, C2H_CHECK_SURFACE_REFERENCE, NULL,
                         "surface reference '%.*s': surface references were removed in CUDA 12 and "
                         "HIP has none: " SURF_CREATE,
                         (int)(t->end - t->begin), s->src + t->begin);
  return c2h_scan_diag(s, kw, name, C2H_SEV_ERROR, C2H_CHECK_TEXTURE_REFERENCE, NULL,
                       "texture reference '%.*s': texture references were removed in CUDA 12 and "
                       "HIP has none: " TEX_CREATE,
                       (int)(t->end - t->begin), s->src + t->begin);
}

/* Collects the references the file declares, reporting the declarations
 * the rule table does not. */
static int collect(c2h_scan *s, ref_set *textures, ref_set *surfaces) {
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    if (is_texture_decl(s, i)) {
      size_t name = declared_names(s, i, textures);
      if (name < s->facts->n_toks && !names_pass_reports(s, i)) rc = report_declaration(s, i, name, 0);
    } else if (is_surface_decl(s, i)) {
      size_t name = declared_names(s, i, surfaces);
      if (name < s->facts->n_toks) rc = report_declaration(s, i, name, 1);
    }
  }
  return rc;
}

/* The first argument token of the call whose name is at i (after explicit
 * template arguments), and the call's ')'. 0 when it is not a call. */
static int call_args(const c2h_scan *s, size_t i, c2h_tok_span *args, size_t max, size_t *n_args, size_t *close) {
  size_t open = i + 1, n = s->facts->n_toks;
  if (c2h_tok_is(s, open, "<")) open = after_angles(s, open);
  if (open >= n || !c2h_tok_is(s, open, "(")) return 0;
  *close = c2h_tok_match(s, open);
  if (*close >= n) return 0;
  *n_args = c2h_tok_split(s, open, *close, args, max);
  return 1;
}

/* Whether argument span a is a texture reference: declared in this file,
 * or (declared in a header) a variable far larger than an 8-byte object. */
static int is_texture_ref_arg(const c2h_scan *s, c2h_tok_span a, const ref_set *textures) {
  if (a.first != a.last || s->facts->toks[a.first].kind != C2H_TOK_IDENT) return 0;
  return set_has(textures, s, a.first) || s->facts->toks[a.first].var_bytes > 8;
}

/* A fetch or surface access that goes through an object. */
static int report_object_access(c2h_scan *s, size_t i, size_t close, int surface) {
  const c2h_token *f = &s->facts->toks[i];
  if (surface)
    return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_TEXTURE_OBJECT, NULL,
                         "%.*s() accesses a surface object, and " NO_IMAGES ": pass the array's "
                         "device pointer and pitch to the kernel and read or write the element "
                         "at (x / sizeof(T), y) through it",
                         (int)(f->end - f->begin), s->src + f->begin);
  return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_TEXTURE_OBJECT, NULL,
                       "%.*s() samples a texture object, and " NO_IMAGES ": pass the data's device "
                       "pointer to the kernel and read it with plain (const __restrict__) loads; "
                       "do clamping and linear filtering, where the texture used them, by hand",
                       (int)(f->end - f->begin), s->src + f->begin);
}

static int check_fetch(c2h_scan *s, size_t i, const ref_set *textures) {
  c2h_tok_span args[8];
  size_t n_args, close;
  if (!call_args(s, i, args, 8, &n_args, &close) || n_args < 2) return 0;
  if (c2h_tok_is(s, i + 1, "<") || !is_texture_ref_arg(s, args[0], textures))
    return report_object_access(s, i, close, 0);
  const c2h_token *t = &s->facts->toks[args[0].first], *f = &s->facts->toks[i];
  return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_TEXTURE_REFERENCE, NULL,
                       "%.*s() reads through texture reference '%.*s', which HIP does not have: "
                       "read the memory through a pointer passed to the kernel (texture objects are "
                       "no way out: " NO_IMAGES ")",
                       (int)(f->end - f->begin), s->src + f->begin, (int)(t->end - t->begin),
                       s->src + t->begin);
}

/* The surface argument comes first (reads returning the value) or second
 * (writes, and reads into a pointer). */
static int check_surface_access(c2h_scan *s, size_t i, const ref_set *surfaces) {
  c2h_tok_span args[8];
  size_t n_args, close;
  if (!call_args(s, i, args, 8, &n_args, &close) || n_args < 2) return 0;
  for (size_t k = 0; k < 2 && surfaces->n; k++) {
    if (args[k].first != args[k].last || !set_has(surfaces, s, args[k].first)) continue;
    const c2h_token *t = &s->facts->toks[args[k].first], *f = &s->facts->toks[i];
    return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_SURFACE_REFERENCE, NULL,
                         "%.*s() accesses surface reference '%.*s', which HIP does not have: " SURF_CREATE,
                         (int)(f->end - f->begin), s->src + f->begin, (int)(t->end - t->begin),
                         s->src + t->begin);
  }
  return report_object_access(s, i, close, 1);
}

static int check_creator(c2h_scan *s, size_t i) {
  size_t close = i;
  if (c2h_tok_is(s, i + 1, "(")) {
    size_t c = c2h_tok_match(s, i + 1);
    if (c < s->facts->n_toks) close = c;
  }
  const c2h_token *f = &s->facts->toks[i];
  return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_TEXTURE_OBJECT, NULL,
                       "%.*s creates a texture or surface object, and " NO_IMAGES ", so the call "
                       "fails there: keep the data in a plain device allocation and pass its pointer "
                       "(and pitch) to the kernels that read it",
                       (int)(f->end - f->begin), s->src + f->begin);
}

static int check_api(c2h_scan *s, size_t i, const ref_api *api) {
  size_t last = i;
  if (c2h_tok_is(s, i + 1, "(")) {
    size_t close = c2h_tok_match(s, i + 1);
    if (close < s->facts->n_toks) last = close;
  }
  return c2h_scan_diag(s, i, last, C2H_SEV_ERROR,
                       api->surface ? C2H_CHECK_SURFACE_REFERENCE : C2H_CHECK_TEXTURE_REFERENCE, NULL,
                       "%s works on %s references, which HIP does not have: %s", api->name,
                       api->surface ? "surface" : "texture", api->advice);
}

/* The reference API named by token i, when it is a CUDA use the rule table
 * does not report already. */
static const ref_api *ref_api_at(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  if (t->kind != C2H_TOK_IDENT || t->use == C2H_USE_USER || t->use == C2H_USE_MEMBER || qualified(s, i) ||
      (i >= 2 && c2h_tok_is(s, i - 1, "define") && c2h_tok_is(s, i - 2, "#")))
    return NULL;
  for (size_t k = 0; k < sizeof ref_apis / sizeof *ref_apis; k++)
    if (c2h_tok_is(s, i, ref_apis[k].name)) return names_pass_reports(s, i) ? NULL : &ref_apis[k];
  return NULL;
}

/* Whether identifier i is declared here rather than called: a type or a
 * declaration keyword comes before it (`float tex2D(...)`), where a call
 * has an operator, a bracket or `return`. */
static int declared_here(const c2h_scan *s, size_t i) {
  static const char *const call_words[] = {"return", "co_return", "co_yield", "else", "do", "case", "throw", NULL};
  if (i == 0) return 0;
  const c2h_token *p = &s->facts->toks[i - 1];
  if (p->kind == C2H_TOK_IDENT) return 1;
  return p->kind == C2H_TOK_KEYWORD && !in_list(s, i - 1, call_words);
}

static int check_uses(c2h_scan *s, const ref_set *textures, const ref_set *surfaces) {
  int rc = 0;
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    const c2h_token *t = &s->facts->toks[i];
    const ref_api *api;
    if (t->kind != C2H_TOK_IDENT) continue;
    if ((api = ref_api_at(s, i))) {
      rc = check_api(s, i, api);
    } else if (t->use == C2H_USE_USER || t->use == C2H_USE_MEMBER || qualified(s, i) || declared_here(s, i)) {
      continue;
    } else if (in_list(s, i, texture_fetches)) {
      rc = check_fetch(s, i, textures);
    } else if (in_list(s, i, surface_accesses)) {
      rc = check_surface_access(s, i, surfaces);
    } else if (in_list(s, i, object_creators) && c2h_tok_is(s, i + 1, "(") && !names_pass_reports(s, i) &&
               !(i >= 2 && c2h_tok_is(s, i - 1, "define") && c2h_tok_is(s, i - 2, "#"))) {
      rc = check_creator(s, i);
    }
  }
  return rc;
}

int c2h_check_texture_surface(c2h_scan *s) {
  ref_set textures = {{0}, 0}, surfaces = {{0}, 0};
  int rc = collect(s, &textures, &surfaces);
  if (rc == 0) rc = check_uses(s, &textures, &surfaces);
  return rc;
}
