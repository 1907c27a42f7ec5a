/* atomic-unsupported, atomic-scope, atomic-fp-unsafe: atomics that HIP or
 * gfx942 does not provide, whose scope or memory kind behaves differently
 * on gfx942, and floating-point adds that depend on the memory's grain.
 *
 * The AST facts carry no operand types, so the element type of an atomic's
 * address is read from tokens: a cast on the address, or the declaration of
 * the variable it names (searched backwards within the same function or at
 * file scope). Operands whose type cannot be told stay silent. */
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "edit/edit.h"

/* The element type an atomic operates on, as far as tokens tell. */
typedef enum elem_kind {
  ELEM_UNKNOWN,
  ELEM_INT, /* 32/64-bit integers: what every atomic supports */
  ELEM_U16,
  ELEM_FLOAT,
  ELEM_DOUBLE,
  ELEM_HALF,
  ELEM_HALF2,
  ELEM_BF16,
  ELEM_BF162,
  ELEM_FLOAT2,
  ELEM_FLOAT4,
  ELEM_WIDE /* another 16-byte type: __int128, int4, double2, ... */
} elem_kind;

/* ROCm releases up to 6.x ship no 16-bit atomicAdd/atomicCAS overloads
 * (checked in the 5.2 headers and in public reports for 6.1-6.4); later
 * HIP sources add some, so newer targets get a warning to check. */
#define C2H_ATOMIC16_KNOWN_MISSING_BEFORE C2H_VERSION(7, 0)

static int spelled(const c2h_scan *s, size_t i, const char *const *names) {
  for (size_t k = 0; names[k]; k++)
    if (c2h_tok_is(s, i, names[k])) return 1;
  return 0;
}

/* Classifies one type word; ELEM_UNKNOWN when it says nothing. */
static elem_kind word_kind(const c2h_scan *s, size_t i) {
  static const char *const wide[] = {"__int128",  "__int128_t", "__uint128_t", "int4",  "uint4",
                                     "longlong2", "ulonglong2", "double2",     "long4", NULL};
  static const char *const u16[] = {"short", "uint16_t", "int16_t", "ushort", NULL};
  static const char *const ints[] = {"int",      "long",      "unsigned", "signed", "int32_t",
                                     "uint32_t", "int64_t",   "uint64_t", "size_t", "uint",
                                     "ulong",    "ptrdiff_t", NULL};
  static const struct {
    const char *name;
    elem_kind kind;
  } named[] = {{"__half", ELEM_HALF},          {"half", ELEM_HALF},          {"__half2", ELEM_HALF2},
               {"half2", ELEM_HALF2},          {"__nv_bfloat16", ELEM_BF16}, {"nv_bfloat16", ELEM_BF16},
               {"__nv_bfloat162", ELEM_BF162}, {"nv_bfloat162", ELEM_BF162}, {"float2", ELEM_FLOAT2},
               {"float4", ELEM_FLOAT4},        {"float", ELEM_FLOAT},        {"double", ELEM_DOUBLE}};
  for (size_t k = 0; k < sizeof named / sizeof *named; k++)
    if (c2h_tok_is(s, i, named[k].name)) return named[k].kind;
  if (spelled(s, i, wide)) return ELEM_WIDE;
  if (spelled(s, i, u16)) return ELEM_U16;
  if (spelled(s, i, ints)) return ELEM_INT;
  return ELEM_UNKNOWN;
}

/* The kind of the type spelled by tokens [first, last]: the most specific
 * word wins (`unsigned short` is 16-bit, `unsigned __int128` is wide). */
static elem_kind words_kind(const c2h_scan *s, size_t first, size_t last) {
  elem_kind best = ELEM_UNKNOWN;
  for (size_t i = first; i <= last && i < s->facts->n_toks; i++) {
    elem_kind k = word_kind(s, i);
    if (k > best) best = k;
  }
  return best;
}

/* ---- declarations ---------------------------------------------------- */

/* Words that can precede a declared name without being part of a type. */
static int is_decl_noise(const c2h_scan *s, size_t i) {
  static const char *const noise[] = {"*",          "&",        "const", "volatile", "__restrict__",
                                      "__restrict", "restrict", NULL};
  return spelled(s, i, noise);
}

static int is_type_word(const c2h_scan *s, size_t i) {
  static const char *const not_types[] = {"return", "case",  "goto",      "else",    "sizeof", "new",
                                          "delete", "throw", "co_return", "typedef", NULL};
  c2h_tok_kind k = s->facts->toks[i].kind;
  return (k == C2H_TOK_IDENT || k == C2H_TOK_KEYWORD) && !spelled(s, i, not_types);
}

/* What the declaration of a variable says about its type. */
typedef struct decl_info {
  elem_kind kind; /* of the base type, pointers and arrays stripped */
  int indirect;   /* declared as a pointer or an array */
} decl_info;

/* Whether token j declares the name it spells; fills *out when it does. */
static int declaration_at(const c2h_scan *s, size_t j, decl_info *out) {
  static const char *const after[] = {",", ")", ";", "=", "[", "{", ":", NULL};
  if (j == 0 || !spelled(s, j + 1, after)) return 0;
  size_t p = j - 1;
  int stars = 0;
  while (p > 0 && is_decl_noise(s, p)) {
    if (c2h_tok_is(s, p, "*")) stars++;
    p--;
  }
  if (!is_type_word(s, p) || c2h_tok_is(s, p - 1, ".") || c2h_tok_is(s, p - 1, "->")) return 0;
  size_t last = p;
  while (p > 0 && (is_type_word(s, p - 1) || c2h_tok_is(s, p - 1, "::"))) p--;
  out->kind = words_kind(s, p, last);
  out->indirect = stars > 0 || c2h_tok_is(s, j + 1, "[");
  return 1;
}

/* The declaration of the variable named by token `use`, searched backwards
 * in the same function (parameters included) and at file scope. */
static int find_declaration(const c2h_scan *s, size_t use, decl_info *out) {
  const c2h_token *u = &s->facts->toks[use];
  long fn = c2h_function_at(s, u->begin);
  size_t len = u->end - u->begin;
  for (size_t j = use; j-- > 0;) {
    const c2h_token *t = &s->facts->toks[j];
    if (t->kind != C2H_TOK_IDENT || t->end - t->begin != len ||
        memcmp(s->src + t->begin, s->src + u->begin, len) != 0)
      continue;
    if (u->var_bytes && t->var_bytes && u->var_bytes != t->var_bytes) continue;
    long where = c2h_function_at(s, t->begin);
    if (where != -1 && where != fn) continue;
    if (declaration_at(s, j, out)) return 1;
  }
  return 0;
}

/* ---- operands -------------------------------------------------------- */

/* `(T *)expr` or `reinterpret_cast<T *>(expr)` at the start of the span:
 * the kind of T; ELEM_UNKNOWN when there is no pointer cast. */
static elem_kind cast_kind(const c2h_scan *s, c2h_tok_span a) {
  size_t open = a.first, close;
  if (c2h_tok_is(s, open, "(")) {
    close = c2h_tok_match(s, open);
  } else if ((c2h_tok_is(s, open, "reinterpret_cast") || c2h_tok_is(s, open, "static_cast")) &&
             c2h_tok_is(s, open + 1, "<")) {
    open++;
    close = open + 1;
    while (close < a.last && !c2h_tok_is(s, close, ">")) close++;
  } else {
    return ELEM_UNKNOWN;
  }
  if (close >= a.last || close < open + 2 || !c2h_tok_is(s, close - 1, "*")) return ELEM_UNKNOWN;
  return words_kind(s, open + 1, close - 1);
}

/* The element type the address argument of an atomic points to. Sets
 * *wide_var when the address is `&v` for a 16-byte variable `v`. */
static elem_kind address_kind(const c2h_scan *s, c2h_tok_span a, int *wide_var) {
  *wide_var = 0;
  elem_kind k = cast_kind(s, a);
  if (k != ELEM_UNKNOWN) return k;
  decl_info d;
  const c2h_token *t = s->facts->toks;
  if (c2h_tok_is(s, a.first, "&") && a.first < a.last && t[a.first + 1].kind == C2H_TOK_IDENT) {
    size_t name = a.first + 1;
    /* `&v` or `&v[i]`: the variable's own (element) type. */
    if (name == a.last && t[name].var_bytes == 16) *wide_var = 1;
    if (name != a.last && !c2h_tok_is(s, name + 1, "[")) return ELEM_UNKNOWN;
    return find_declaration(s, name, &d) ? d.kind : ELEM_UNKNOWN;
  }
  if (t[a.first].kind == C2H_TOK_IDENT &&
      (a.first == a.last || c2h_tok_is(s, a.first + 1, "+") || c2h_tok_is(s, a.first + 1, "-"))) {
    /* `p` or `p + i`: the pointee of a pointer or the element of an array. */
    if (find_declaration(s, a.first, &d) && d.indirect) return d.kind;
  }
  return ELEM_UNKNOWN;
}

/* A floating-point literal: has a '.', or an exponent, and is not hex. */
static elem_kind literal_kind(const c2h_scan *s, size_t i) {
  const c2h_token *t = &s->facts->toks[i];
  const char *p = s->src + t->begin, *e = s->src + t->end;
  if (t->kind != C2H_TOK_LITERAL || p == e || !((*p >= '0' && *p <= '9') || *p == '.')) return ELEM_UNKNOWN;
  if (e - p > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) return ELEM_INT;
  int fp =
      memchr(p, '.', (size_t)(e - p)) || memchr(p, 'e', (size_t)(e - p)) || memchr(p, 'E', (size_t)(e - p));
  if (!fp) return ELEM_INT;
  return (e[-1] == 'f' || e[-1] == 'F') ? ELEM_FLOAT : ELEM_DOUBLE;
}

/* The type of a value argument: a literal, a variable, a cast or a
 * conversion intrinsic whose result type is known. */
static elem_kind value_kind(const c2h_scan *s, c2h_tok_span v) {
  static const struct {
    const char *fn;
    elem_kind kind;
  } makers[] = {{"__float2half", ELEM_HALF},           {"__float2half_rn", ELEM_HALF},
                {"__double2half", ELEM_HALF},          {"__floats2half2_rn", ELEM_HALF2},
                {"__float2half2_rn", ELEM_HALF2},      {"__halves2half2", ELEM_HALF2},
                {"__float2bfloat16", ELEM_BF16},       {"__float2bfloat16_rn", ELEM_BF16},
                {"__floats2bfloat162_rn", ELEM_BF162}, {"__float2bfloat162_rn", ELEM_BF162},
                {"make_float2", ELEM_FLOAT2},          {"make_float4", ELEM_FLOAT4}};
  if (v.first == v.last) {
    if (s->facts->toks[v.first].kind == C2H_TOK_LITERAL) return literal_kind(s, v.first);
    decl_info d;
    if (s->facts->toks[v.first].kind == C2H_TOK_IDENT && find_declaration(s, v.first, &d) && !d.indirect)
      return d.kind;
    return ELEM_UNKNOWN;
  }
  for (size_t k = 0; k < sizeof makers / sizeof *makers; k++)
    if (c2h_tok_is_call(s, v.first, makers[k].fn) && c2h_tok_match(s, v.first + 1) == v.last)
      return makers[k].kind;
  if (c2h_tok_is(s, v.first, "(") && c2h_tok_match(s, v.first) < v.last)
    return words_kind(s, v.first + 1, c2h_tok_match(s, v.first) - 1);
  return ELEM_UNKNOWN;
}

/* ---- reports --------------------------------------------------------- */

static const char *elem_name(elem_kind k) {
  switch (k) {
    case ELEM_U16: return "unsigned short";
    case ELEM_HALF: return "__half";
    case ELEM_HALF2: return "__half2";
    case ELEM_BF16: return "__nv_bfloat16";
    case ELEM_BF162: return "__nv_bfloat162";
    case ELEM_FLOAT2: return "float2";
    case ELEM_FLOAT4: return "float4";
    case ELEM_FLOAT: return "float";
    case ELEM_DOUBLE: return "double";
    default: return "16-byte";
  }
}

/* What to do instead of a 16-bit atomic the target may lack. Packed pairs
 * have unsafeAtomicAdd() overloads from ROCm 6.3. */
static const char *advice_16bit(c2h_version target, elem_kind k) {
  if (k != ELEM_HALF2 && k != ELEM_BF162)
    return "emulate it with a 32-bit atomicCAS loop on the aligned word that holds the value";
  if (target >= C2H_VERSION(6, 3))
    return "use unsafeAtomicAdd() (a packed hardware add on gfx942, for coarse-grained memory only) or a "
           "32-bit atomicCAS loop";
  return "use a 32-bit atomicCAS loop, or from ROCm 6.3 unsafeAtomicAdd() (a packed hardware add on gfx942, "
         "for coarse-grained memory only)";
}

/* atomicAdd on 16-bit floating-point types and atomicCAS on unsigned short. */
static int report_16bit(c2h_scan *s, size_t name, size_t close, const char *fn, elem_kind k) {
  char have[16];
  c2h_version_format(s->target, have, sizeof have);
  const char *advice = advice_16bit(s->target, k);
  if (s->target < C2H_ATOMIC16_KNOWN_MISSING_BEFORE)
    return c2h_scan_diag(s, name, close, C2H_SEV_ERROR, C2H_CHECK_ATOMIC_UNSUPPORTED, NULL,
                         "%s on %s does not exist in HIP for ROCm %s: %s", fn, elem_name(k), have, advice);
  return c2h_scan_diag(s, name, close, C2H_SEV_WARNING, C2H_CHECK_ATOMIC_SCOPE, NULL,
                       "%s on %s is missing from HIP up to ROCm 6.x and only present in some later "
                       "releases: check the ROCm version you build with; where it is missing, %s",
                       fn, elem_name(k), advice);
}

/* `subject` says what makes the atomic system-scope. */
static int report_system(c2h_scan *s, size_t first, size_t last, const char *subject) {
  return c2h_scan_diag(
      s, first, last, C2H_SEV_WARNING, C2H_CHECK_ATOMIC_SCOPE, NULL,
      "%s: on gfx942 it is atomic with respect to the CPU and other GPUs only on "
      "fine-grained memory (hipHostMalloc with hipHostMallocCoherent, or hipMallocManaged memory that is "
      "not advised coarse-grained); on hipMalloc or other coarse-grained memory it acts as a device-scope "
      "atomic",
      subject);
}

/* The floating-point atomicAdd calls of a file: one note covers them all,
 * since the advice is about the memory they target, not each call. */
typedef struct fp_uses {
  size_t first, close, count;
  elem_kind k;
} fp_uses;

static int report_fp(c2h_scan *s, const fp_uses *fp) {
  if (!fp->count) return 0;
  char more[128] = "";
  if (fp->count > 1) snprintf(more, sizeof more, " (one of %zu floating-point atomicAdd calls in this file; this note covers them all)", fp->count);
  return c2h_scan_diag(
      s, fp->first, fp->close, C2H_SEV_NOTE, C2H_CHECK_ATOMIC_FP_UNSAFE, NULL,
      "%s atomicAdd%s: by default HIP compiles it to a compare-and-swap loop on gfx942 (correct, slower); "
      "with -munsafe-fp-atomics, or through unsafeAtomicAdd(), it becomes the hardware float atomic, "
      "which silently has no effect on fine-grained memory (coherent host memory, some managed memory). "
      "Use unsafeAtomicAdd() only on coarse-grained device memory (hipMalloc), safeAtomicAdd() otherwise",
      elem_name(fp->k), more);
}

/* The name of an atomic without its scope suffix, and the suffix. */
static int atomic_base(const c2h_scan *s, size_t i, char *base, size_t size, int *system) {
  const c2h_token *t = &s->facts->toks[i];
  size_t n = t->end - t->begin;
  if (t->kind != C2H_TOK_IDENT || n < 7 || n >= size || memcmp(s->src + t->begin, "atomic", 6) != 0 ||
      s->src[t->begin + 6] < 'A' || s->src[t->begin + 6] > 'Z')
    return 0;
  memcpy(base, s->src + t->begin, n);
  base[n] = '\0';
  *system = 0;
  char *u = strchr(base, '_');
  if (u && strcmp(u, "_system") == 0) *system = 1;
  if (u && (strcmp(u, "_system") == 0 || strcmp(u, "_block") == 0)) *u = '\0';
  return 1;
}

/* Whether the call at token i is a member or qualified call (obj.atomicAdd,
 * ns::atomicAdd) rather than the CUDA function. */
static int qualified(const c2h_scan *s, size_t i) {
  return i > 0 && (c2h_tok_is(s, i - 1, ".") || c2h_tok_is(s, i - 1, "->") || c2h_tok_is(s, i - 1, "::"));
}

/* Element kinds for which the file defines its own atomicAdd / atomicCAS
 * overloads (common for __half on older GPUs): calls on those resolve to
 * the user's function, which HIP compiles as well. */
typedef struct user_overloads {
  unsigned add, cas;
} user_overloads;

/* Whether `name(` at token i declares or defines a function rather than
 * calling one: a type word stands right before the name. */
static int is_declarator(const c2h_scan *s, size_t i) {
  return i > 0 && is_type_word(s, i - 1) && !c2h_tok_is(s, i - 1, "else") && !c2h_tok_is(s, i - 1, "do");
}

/* Records the first parameter's element type of every atomicAdd/atomicCAS
 * the file declares. */
static void collect_user_overloads(const c2h_scan *s, user_overloads *u) {
  u->add = u->cas = 0;
  for (size_t i = 0; i + 2 < s->facts->n_toks; i++) {
    int add = c2h_tok_ident_is(s, i, "atomicAdd"), cas = c2h_tok_ident_is(s, i, "atomicCAS");
    if (!(add || cas) || !c2h_tok_is(s, i + 1, "(") || !is_declarator(s, i)) continue;
    size_t close = c2h_tok_match(s, i + 1);
    c2h_tok_span params[1];
    if (close >= s->facts->n_toks || c2h_tok_split(s, i + 1, close, params, 1) == 0) continue;
    elem_kind k = words_kind(s, params[0].first, params[0].last);
    if (add)
      u->add |= 1u << k;
    else
      u->cas |= 1u << k;
  }
}

/* A value argument that is a single variable of 16 bytes (a struct or
 * vector compared or exchanged as a whole). */
static int wide_value(const c2h_scan *s, c2h_tok_span v) {
  const c2h_token *t = &s->facts->toks[v.first];
  return v.first == v.last && t->kind == C2H_TOK_IDENT && t->var_bytes == 16;
}

/* One atomicXxx[_block|_system](...) call. */
static int check_atomic_call(c2h_scan *s, size_t i, const char *base, int system,
                             const user_overloads *user, fp_uses *fp) {
  size_t close = c2h_tok_match(s, i + 1);
  if (close >= s->facts->n_toks) return 0;
  c2h_tok_span args[4];
  size_t n = c2h_tok_split(s, i + 1, close, args, 4);
  if (n < 2 || n > 4) return 0;
  char fn[64];
  snprintf(fn, sizeof fn, "%.*s", (int)(s->facts->toks[i].end - s->facts->toks[i].begin),
           s->src + s->facts->toks[i].begin);
  int wide_var = 0;
  elem_kind k = address_kind(s, args[0], &wide_var);
  int cas = strcmp(base, "atomicCAS") == 0, exch = strcmp(base, "atomicExch") == 0;
  int add = strcmp(base, "atomicAdd") == 0;
  if (k == ELEM_UNKNOWN && (add || cas || exch)) k = value_kind(s, args[1]);
  /* A call the file's own overload serves is not HIP's to provide. */
  int user_defined = (add && (user->add >> k & 1u)) || (cas && (user->cas >> k & 1u));
  if (!user_defined && (cas || exch) &&
      (k == ELEM_WIDE || k == ELEM_FLOAT4 || wide_var || wide_value(s, args[1])))
    return c2h_scan_diag(
        s, i, close, C2H_SEV_ERROR, C2H_CHECK_ATOMIC_UNSUPPORTED, NULL,
        "%s on a 16-byte value: gfx942 has no 128-bit atomics (64 bits is the widest) and HIP "
        "has no such overload; use a 64-bit atomic on a packed value, or a lock",
        fn);
  if (!user_defined && ((cas && k == ELEM_U16) ||
                        (add && (k == ELEM_HALF || k == ELEM_HALF2 || k == ELEM_BF16 || k == ELEM_BF162))))
    return report_16bit(s, i, close, fn, k);
  if (!user_defined && add && (k == ELEM_FLOAT2 || k == ELEM_FLOAT4))
    return c2h_scan_diag(s, i, close, C2H_SEV_ERROR, C2H_CHECK_ATOMIC_UNSUPPORTED, NULL,
                         "HIP has no %s on %s: add the components with separate float atomicAdd calls "
                         "(CUDA guarantees atomicity only per component as well)",
                         fn, elem_name(k));
  if (system) {
    char subject[96];
    snprintf(subject, sizeof subject, "%s is a system-scope atomic", fn);
    return report_system(s, i, close, subject);
  }
  if (add && (k == ELEM_FLOAT || k == ELEM_DOUBLE) && c2h_tok_in_device_code(s, i) && fp->count++ == 0) {
    fp->first = i;
    fp->close = close;
    fp->k = k;
  }
  return 0;
}

/* ---- __nv_atomic_* builtins ----------------------------------------- */

typedef struct scope_map {
  const char *cuda, *hip;
} scope_map;

static const scope_map nv_scopes[] = {
    {"__NV_THREAD_SCOPE_THREAD", "__HIP_MEMORY_SCOPE_SINGLETHREAD"},
    {"__NV_THREAD_SCOPE_BLOCK", "__HIP_MEMORY_SCOPE_WORKGROUP"},
    {"__NV_THREAD_SCOPE_CLUSTER", "__HIP_MEMORY_SCOPE_AGENT (gfx942 has no clusters)"},
    {"__NV_THREAD_SCOPE_DEVICE", "__HIP_MEMORY_SCOPE_AGENT"},
    {"__NV_THREAD_SCOPE_SYSTEM", "__HIP_MEMORY_SCOPE_SYSTEM"},
};

/* The HIP builtin that does what __nv_atomic_<op> does, with what differs
 * in its arguments; NULL when it is __hip_atomic_<op> with the same shape. */
static const char *hip_builtin_for(const char *op) {
  static const struct {
    const char *op, *hip;
  } forms[] = {
      {"load_n", "__hip_atomic_load"},
      {"load", "__hip_atomic_load (it returns the value instead of writing it through a pointer)"},
      {"store_n", "__hip_atomic_store"},
      {"store", "__hip_atomic_store (it takes the value, not a pointer to it)"},
      {"exchange_n", "__hip_atomic_exchange"},
      {"exchange", "__hip_atomic_exchange (it takes and returns values, not pointers)"},
      {"compare_exchange_n",
       "__hip_atomic_compare_exchange_strong or _weak (chosen by name: there is no weak argument)"},
      {"compare_exchange",
       "__hip_atomic_compare_exchange_strong or _weak (the desired value is passed by value, and there is "
       "no weak argument)"},
      {"thread_fence", "__threadfence_block(), __threadfence() or __threadfence_system()"},
  };
  for (size_t k = 0; k < sizeof forms / sizeof *forms; k++)
    if (strcmp(op, forms[k].op) == 0) return forms[k].hip;
  return NULL; /* fetch_add, fetch_sub, fetch_and, ...: same name and arguments */
}

static int check_nv_atomic(c2h_scan *s, size_t i) {
  size_t close = c2h_tok_match(s, i + 1);
  if (close >= s->facts->n_toks) return 0;
  const c2h_token *t = &s->facts->toks[i];
  char name[64], op[64];
  snprintf(name, sizeof name, "%.*s", (int)(t->end - t->begin), s->src + t->begin);
  snprintf(op, sizeof op, "%s", name + strlen("__nv_atomic_"));
  const char *target = hip_builtin_for(op);
  char same[128];
  if (!target) {
    /* __nv_atomic_add and the other forms without a result are the
     * fetch_ ones with the result unused. */
    int fetch = strncmp(op, "fetch_", 6) == 0;
    snprintf(same, sizeof same, "__hip_atomic_%s%s%s", fetch ? "" : "fetch_", op, fetch ? "" : " (its result unused)");
    target = same;
  }
  /* The scope argument, when the call spells one. */
  const scope_map *scope = NULL;
  size_t scope_tok = 0;
  for (size_t j = i + 2; j < close && !scope; j++)
    for (size_t k = 0; k < sizeof nv_scopes / sizeof *nv_scopes; k++)
      if (c2h_tok_is(s, j, nv_scopes[k].cuda)) scope = &nv_scopes[k], scope_tok = j;
  /* The memory order, when the call spells one: __NV_ATOMIC_X is __ATOMIC_X. */
  size_t order = 0;
  for (size_t j = i + 2; j < close && !order; j++) {
    const c2h_token *o = &s->facts->toks[j];
    if (o->kind == C2H_TOK_IDENT && o->end - o->begin > 12 &&
        memcmp(s->src + o->begin, "__NV_ATOMIC_", 12) == 0)
      order = j;
  }
  char mapped[240] = "";
  int used = 0;
  if (order) {
    const c2h_token *o = &s->facts->toks[order];
    used = snprintf(mapped, sizeof mapped, "; %.*s becomes __%.*s", (int)(o->end - o->begin),
                    s->src + o->begin, (int)(o->end - o->begin - 5), s->src + o->begin + 5);
  }
  if (scope && used >= 0 && (size_t)used < sizeof mapped)
    snprintf(mapped + used, sizeof mapped - (size_t)used, "%s%s becomes %s", order ? ", " : "; ", scope->cuda,
             scope->hip);
  /* With the compatibility header the call becomes its cu2hip_nv_atomic_*
   * function (a compat-header note of the names pass); what the system
   * scope means on gfx942 still applies. */
  int rc = s->compat ? 0 : c2h_scan_diag(
      s, i, close, C2H_SEV_ERROR, C2H_CHECK_ATOMIC_UNSUPPORTED, NULL,
      "%s is a CUDA 12.8 builtin that HIP does not have: use %s%s%s", name, target,
      strcmp(op, "thread_fence") == 0 ? "" : " with __ATOMIC_* orders and a __HIP_MEMORY_SCOPE_* scope",
      mapped);
  if (rc == 0 && scope && strcmp(scope->cuda, "__NV_THREAD_SCOPE_SYSTEM") == 0)
    rc = report_system(s, scope_tok, scope_tok, "__NV_THREAD_SCOPE_SYSTEM makes this a system-scope atomic");
  return rc;
}

/* ---- cuda::atomic / cuda::atomic_ref --------------------------------- */

/* The '>' closing the template argument list opened at `lt`, or n_toks. */
static size_t angle_close(const c2h_scan *s, size_t lt) {
  size_t depth = 0;
  for (size_t j = lt; j < s->facts->n_toks; j++) {
    if (c2h_tok_is(s, j, "<"))
      depth++;
    else if (c2h_tok_is(s, j, ">") && --depth == 0)
      return j;
    else if (c2h_tok_is(s, j, ">>")) {
      if (depth <= 2) return j;
      depth -= 2;
    } else if (c2h_tok_is(s, j, ";") || c2h_tok_is(s, j, "{"))
      break;
  }
  return s->facts->n_toks;
}

/* libcu++'s scopes: their HIP memory scope, and what HIP code uses it. */
static const struct {
  const char *scope, *hip, *form;
} libcu_scopes[] = {{"thread_scope_thread", "__HIP_MEMORY_SCOPE_SINGLETHREAD", "a plain load/store"},
                    {"thread_scope_block", "__HIP_MEMORY_SCOPE_WORKGROUP", "__hip_atomic_* builtins"},
                    {"thread_scope_device", "__HIP_MEMORY_SCOPE_AGENT", "atomicAdd/atomicCAS/..."},
                    {"thread_scope_system", "__HIP_MEMORY_SCOPE_SYSTEM", "atomicAdd_system/..."}};

/* Replaces tokens [first, last] by text, counting it as a rename that
 * makes the file use cu2hip_compat.h. */
static int compat_edit(c2h_scan *s, size_t first, size_t last, const char *text) {
  int rc = c2h_edit_add(s->edits, s->facts->toks[first].begin, s->facts->toks[last].end, text, strlen(text));
  if (rc) return rc;
  s->stats->renames++;
  c2h_scan_uses_compat(s, s->facts->toks[first].begin);
  return 0;
}

/* With the compatibility header, the other names of <cuda/atomic> that
 * come with its atomics: cuda::thread_scope_X becomes
 * cu2hip_thread_scope_X, cuda::[std::]memory_order_X becomes __ATOMIC_X,
 * the types cuda::thread_scope and cuda::[std::]memory_order become
 * cu2hip_thread_scope and int. Token j is the name after `cuda::` (and
 * `std::`); returns 1 when it was one of them. */
static int libcu_constant(c2h_scan *s, size_t i, size_t j, int *rc) {
  const c2h_token *t = &s->facts->toks[j];
  size_t n = t->end - t->begin;
  const char *name = s->src + t->begin;
  char text[64];
  if (t->kind != C2H_TOK_IDENT || n + 8 >= sizeof text) return 0;
  if (c2h_tok_is(s, j, "atomic_thread_fence")) {
    snprintf(text, sizeof text, "cu2hip_atomic_thread_fence");
    if ((*rc = c2h_scan_diag(s, i, j, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                             "cuda::atomic_thread_fence (libcu++) has no HIP equivalent; it becomes "
                             "cu2hip_atomic_thread_fence of " C2H_COMPAT_HEADER_NAME
                             " (a fence at the HIP memory scope of its thread_scope)")))
      return 1;
  } else if (n > 13 && memcmp(name, "thread_scope_", 13) == 0) {
    snprintf(text, sizeof text, "cu2hip_%.*s", (int)n, name);
  } else if (c2h_tok_is(s, j, "thread_scope")) {
    snprintf(text, sizeof text, "cu2hip_thread_scope");
  } else if (n > 13 && memcmp(name, "memory_order_", 13) == 0) {
    int k = snprintf(text, sizeof text, "__ATOMIC_%.*s", (int)(n - 13), name + 13);
    for (int c = 9; c < k; c++)
      if (text[c] >= 'a' && text[c] <= 'z') text[c] = (char)(text[c] - 'a' + 'A');
  } else if (c2h_tok_is(s, j, "memory_order") && !c2h_tok_is(s, j + 1, "::")) {
    snprintf(text, sizeof text, "int");
  } else {
    return 0;
  }
  *rc = compat_edit(s, i, j, text);
  return 1;
}

/* Whether the file uses libcu++'s atomics: cuda::[std::]atomic,
 * atomic_ref or atomic_thread_fence. Only then are the scopes and orders
 * outside their template arguments theirs (cuda::pipeline takes a scope
 * too, and is no atomic). */
static int uses_libcu_atomics(const c2h_scan *s) {
  for (size_t i = 0; i + 2 < s->facts->n_toks; i++) {
    if (!c2h_tok_is(s, i, "cuda") || !c2h_tok_is(s, i + 1, "::")) continue;
    size_t j = c2h_tok_is(s, i + 2, "std") && c2h_tok_is(s, i + 3, "::") ? i + 4 : i + 2;
    if (c2h_tok_is(s, j, "atomic") || c2h_tok_is(s, j, "atomic_ref") || c2h_tok_is(s, j, "atomic_thread_fence"))
      return 1;
  }
  return 0;
}

static int check_libcu_atomic(c2h_scan *s, size_t i, int uses_atomics, size_t *resume) {
  /* cuda::atomic<T[, scope]>, cuda::atomic_ref<T[, scope]>, cuda::std::atomic<T> */
  size_t j = i + 2;
  int std = 0, rc = 0;
  if (c2h_tok_is(s, j, "std") && c2h_tok_is(s, j + 1, "::")) j += 2, std = 1;
  int ref = c2h_tok_is(s, j, "atomic_ref");
  if (!(ref || c2h_tok_is(s, j, "atomic"))) {
    if (s->compat && uses_atomics && libcu_constant(s, i, j, &rc)) {
      *resume = j;
      return rc;
    }
    /* Another libcu++ template (cuda::pipeline<cuda::thread_scope_thread>):
     * its arguments are none of the atomics' business. */
    if (c2h_tok_is(s, j + 1, "<")) {
      size_t gt = angle_close(s, j + 1);
      if (gt < s->facts->n_toks) *resume = gt;
    }
    return 0;
  }
  int templ = c2h_tok_is(s, j + 1, "<");
  /* Without the header, only a spelled-out specialisation is reported. */
  if (!templ && !s->compat) return 0;
  size_t gt = templ ? angle_close(s, j + 1) : j;
  if (gt >= s->facts->n_toks) return 0;
  *resume = gt;
  size_t which = 3, scope_tok = j; /* no scope argument: system scope, libcu++'s default */
  for (size_t k = j + 2; k < gt; k++)
    for (size_t m = 0; m < sizeof libcu_scopes / sizeof *libcu_scopes; m++)
      if (c2h_tok_is(s, k, libcu_scopes[m].scope)) which = m, scope_tok = k;
  char what[96];
  snprintf(what, sizeof what, "cuda::%s%.*s", std ? "std::" : "",
           (int)(s->facts->toks[j].end - s->facts->toks[j].begin), s->src + s->facts->toks[j].begin);
  if (s->compat) {
    /* The class of cu2hip_compat.h takes the same template arguments and
     * has libcu++'s members; what system scope means on gfx942 still
     * applies. */
    const char *to = ref ? "cu2hip_atomic_ref" : "cu2hip_atomic";
    for (size_t k = j + 2; k + 2 < gt && rc == 0; k++)
      if (c2h_tok_is(s, k, "cuda") && c2h_tok_is(s, k + 1, "::") && (k == 0 || !c2h_tok_is(s, k - 1, "::")))
        libcu_constant(s, k, c2h_tok_is(s, k + 2, "std") && c2h_tok_is(s, k + 3, "::") ? k + 4 : k + 2, &rc);
    *resume = gt;
    rc = c2h_scan_diag(s, i, j, C2H_SEV_NOTE, C2H_CHECK_COMPAT_HEADER, NULL,
                       "%s (libcu++) has no HIP equivalent; it becomes %s of " C2H_COMPAT_HEADER_NAME
                       " (included; written beside the output, or printed by `cu2hip compat-header`), with "
                       "libcu++'s members; its scope becomes a HIP memory scope (thread and block scope: the "
                       "workgroup, device scope: the agent) and cuda::memory_order_X becomes __ATOMIC_X",
                       what, to);
    if (rc == 0) rc = compat_edit(s, i, j, to);
    if (rc == 0 && templ && which == 3) {
      char subject[224];
      snprintf(subject, sizeof subject, "%s with %s scope makes this a system-scope atomic", what,
               scope_tok == j ? "its default (system)" : "thread_scope_system");
      rc = report_system(s, scope_tok == j ? i : scope_tok, scope_tok == j ? gt : scope_tok, subject);
    }
    return rc;
  }
  if (which == 3)
    return c2h_scan_diag(
        s, i, gt, C2H_SEV_WARNING, C2H_CHECK_ATOMIC_SCOPE, NULL,
        "%s (libcu++) is not part of HIP; its %s scope maps to %s (%s or __hip_atomic_* builtins), which on "
        "gfx942 is atomic with respect to the CPU only on fine-grained memory (hipHostMalloc with "
        "hipHostMallocCoherent, or hipMallocManaged); on coarse-grained memory it acts as a device-scope "
        "atomic",
        what, std ? "implied system" : "thread_scope_system", libcu_scopes[3].hip, libcu_scopes[3].form);
  return c2h_scan_diag(s, i, gt, C2H_SEV_WARNING, C2H_CHECK_ATOMIC_SCOPE, NULL,
                       "%s (libcu++) is not part of HIP: cuda::%s maps to %s; use %s with that scope", what,
                       libcu_scopes[which].scope, libcu_scopes[which].hip, libcu_scopes[which].form);
}

int c2h_check_atomics(c2h_scan *s) {
  int rc = 0;
  char base[64];
  user_overloads user;
  fp_uses fp = {0, 0, 0, ELEM_UNKNOWN};
  collect_user_overloads(s, &user);
  int libcu = uses_libcu_atomics(s);
  for (size_t i = 0; i < s->facts->n_toks && rc == 0; i++) {
    const c2h_token *t = &s->facts->toks[i];
    if (t->kind != C2H_TOK_IDENT) continue;
    /* Atomics only run on the GPU; code the AST cannot place (macro
     * bodies, inactive branches) is looked at as well. */
    int device_or_unknown = c2h_tok_in_device_code(s, i) || t->ctx == C2H_CTX_UNKNOWN;
    int system;
    if (c2h_tok_is(s, i, "cuda") && c2h_tok_is(s, i + 1, "::") && !qualified(s, i)) {
      size_t resume = i;
      rc = check_libcu_atomic(s, i, libcu, &resume);
      i = resume;
    } else if (!c2h_tok_is(s, i + 1, "(") || qualified(s, i) || is_declarator(s, i) || !device_or_unknown) {
      continue;
    } else if (t->end - t->begin > 12 && memcmp(s->src + t->begin, "__nv_atomic_", 12) == 0) {
      rc = check_nv_atomic(s, i);
    } else if (atomic_base(s, i, base, sizeof base, &system)) {
      rc = check_atomic_call(s, i, base, system, &user, &fp);
    }
  }
  if (!rc) rc = report_fp(s, &fp);
  return rc;
}
