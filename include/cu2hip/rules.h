#ifndef CU2HIP_RULES_H
#define CU2HIP_RULES_H
/* The rule table: what each CUDA name becomes in HIP. Loaded once, then
 * shared read-only (lookups are thread-safe once loading is finished). */
#include <stddef.h>
#include <stdint.h>
#include "error.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The section of a rule file an entry comes from. */
typedef enum c2h_rule_kind {
  C2H_RULE_HEADER,
  C2H_RULE_FUNCTION,
  C2H_RULE_TYPE,
  C2H_RULE_CONSTANT,
  C2H_RULE_MACRO,
  C2H_RULE_DEVICE,
  C2H_RULE_NAMESPACE,
  C2H_RULE_MEMBER, /* fields of CUDA API structs (cudaDeviceProp) */
  C2H_RULE_KIND__COUNT
} c2h_rule_kind;

/* A ROCm version encoded as major * 100 + minor (6.2 -> 602); 0 = not set. */
typedef int c2h_version;
#define C2H_VERSION(major, minor) ((major) * 100 + (minor))

/* Parses "X.Y" into *out; returns 0 or C2H_ERR_USAGE. */
int c2h_version_parse(const char *text, c2h_version *out);
/* Writes "X.Y" into buf (at least 16 bytes). */
void c2h_version_format(c2h_version v, char *buf, size_t size);

/* One rewritten argument: argument `index` (1-based) becomes `tmpl`, where
 * $N stands for the original text of argument N. */
typedef struct c2h_rule_arg {
  int index;
  const char *tmpl;
} c2h_rule_arg;

/* A condition on one argument of a rewritten call: argument `index`
 * (1-based) must be written as one of names[0..n_names), CUDA spellings
 * (`CUDNN_TENSOR_NCHW`); a call passing anything else is reported. */
typedef struct c2h_rule_arg_is {
  int index;
  const char *const *names;
  size_t n_names;
} c2h_rule_arg_is;
/* An argument whose constants take other values in the target library
 * (`value_args`): where argument `index` (1-based) is spelled as one of
 * from[i], it becomes to[i]. */
typedef struct c2h_rule_value_arg {
  int index;
  const char *const *from;
  const char *const *to;
  size_t n;
} c2h_rule_value_arg;

/* What one use becomes: a rename plus optional call rewrites. */
typedef struct c2h_rule_form {
  const char *hip;         /* HIP spelling, NULL when only `call` is given */
  const char *call;        /* whole-call template, or NULL */
  const c2h_rule_arg *args;
  size_t n_args;
  uint32_t drop_args;      /* bit N-1 set: argument N is removed */
} c2h_rule_form;

typedef struct c2h_rule {
  const char *cuda;        /* CUDA spelling (identifier or header path) */
  c2h_rule_kind kind;
  const char *library;     /* `library:` of the file that defined it */
  const char *include;     /* `include:` of that file: the HIP header a file using
                              the library needs, or NULL */
  const char *unsupported; /* reason, or NULL when there is a HIP form */
  c2h_rule_form form;      /* used when the target has `rocm` */
  int has_fallback;
  c2h_rule_form fallback;  /* used when the target is older than `rocm` */
  int mask_arg;            /* 1-based lane-mask argument of `form`, 0 if none */
  int func_arg;            /* 1-based argument naming a kernel, which HIP takes as
                              `const void*`: a function is cast to it; 0 if none */
  int null_arg;            /* 1-based argument the rewrite drops, which must be a null
                              pointer (anything else is reported); 0 if none */
  /* Arguments the call rewrite of `form` is only right for when they are
   * written as one of the listed names (a layout or mode the target API
   * fixes); any other argument is reported and the call only renamed. */
  const c2h_rule_arg_is *arg_is;
  size_t n_arg_is;
  const c2h_rule_value_arg *value_args; /* constants mapped by argument position */
  size_t n_value_args;
  /* Entries for one form of a call: by argument count (`by_args`), or by
   * the type of a parameter of the declaration the parse resolved the call
   * to (`by_param_type`, listed first). */
  const struct c2h_rule *by_args;
  size_t n_by_args;
  int arity;               /* in a by_args entry: the argument count it is for;
                              -1 in a by_param_type entry */
  int param_index;         /* in a by_param_type entry: the parameter (1-based) */
  const char *param_type;  /* ... and its type name (front.h, c2h_api_call) */
  c2h_version rocm;        /* first ROCm version providing form.hip */
  c2h_version deprecated, removed;
  const char *note;
  /* Device entries: the function of cu2hip_compat.h that stands in for the
   * name when HIP lacks it (unsupported, or older than `rocm`), or NULL. */
  const char *compat;
  /* Device entries: the C++ namespace the name must resolve to in the
   * parse for the entry to apply (`cooperative_groups` for cg::reduce,
   * cg::plus: names that thrust and std spell alike), or NULL. A use that
   * resolves elsewhere, or not at all, is left alone; one that applies
   * loses its qualifier with the rename. */
  const char *ns;
  /* Macro entries: the CUDA headers (as #included) whose inclusion defines
   * the macro, so that the parse defines it where nvcc would; cuda_runtime.h
   * (which nvcc includes in every file) means always. */
  const char *const *defined_by;
  size_t n_defined_by;
  /* Macro entries: a CUDA version number, left as written (HIP does not
   * define it) and reported where a test reads it; cuda_value is what
   * CUDA 13.0 defines it to. */
  int version;
  long long cuda_value;
  /* Header entries: a HIP header that must be included before form.hip
   * (which does not include it itself), or NULL. */
  const char *needs;
  /* Function entries: a CUDA header (as #included) that declares the name
   * as an API of its own that HIP lacks (cuBLAS's legacy cublas.h:
   * `cublasSscal(n, alpha, x, incx)`, no handle). In a file that reaches
   * that header each use is reported (api-unsupported, with the header
   * entry's reason) and left as written; elsewhere the entry applies. NULL
   * when none. */
  const char *unsupported_in;
  /* PyTorch entries (rules/pytorch.yaml): the PyTorch release whose ROCm
   * build no longer provides form.hip (2.11, whose hipify keeps the CUDA
   * spellings of ATen/c10 names), and the name to write from that release
   * on; 0 and NULL when the name is the same in every release. Chosen by
   * c2h_rule_for_pytorch. */
  c2h_version pytorch_removed;
  const char *pytorch_hip;
  const char *file;        /* where the entry was defined, for messages */
  unsigned line, col;
} c2h_rule;

typedef struct c2h_rules c2h_rules;

/* Creates an empty table. Free it with c2h_rules_free. */
int c2h_rules_new(c2h_rules **out, c2h_error *err);

/* Creates a table holding the default rules embedded in libcu2hip. */
int c2h_rules_new_default(c2h_rules **out, c2h_error *err);

/* The libraries with a ROCm-native table (rules/roc/LIB.yaml, selected with
 * --library-target LIB=roc): sets *name to library i, not NUL-terminated,
 * and returns its length; returns 0 when i is past the last. */
size_t c2h_rules_roc_library(size_t i, const char **name);

/* Whether library (NUL-terminated) has a ROCm-native table. */
int c2h_rules_has_roc_table(const char *library);

/* Like c2h_rules_new_default, but for each library named in roc[0..n) the
 * ROCm-native table rules/roc/LIB.yaml is loaded instead of rules/LIB.yaml
 * (the hip* wrapper table). A name without a ROCm-native table is a
 * C2H_ERR_USAGE error. */
int c2h_rules_new_default_targets(c2h_rules **out, const char *const *roc, size_t n, c2h_error *err);

/* Like c2h_rules_new_default_targets, through a compiled copy of the loaded
 * table kept in cache_dir (the parse cache's folder; NULL or "": none): read
 * when there is a sound one for this build of the library, these rule
 * files and these ROCm-native tables, else loaded from the YAML and written
 * there (atomically) for the next process. The table is the same either
 * way. */
int c2h_rules_new_default_cached(c2h_rules **out, const char *const *roc, size_t n, const char *cache_dir,
                                 c2h_error *err);

/* Loads YAML rule text. `name` is used in error messages. Entries that
 * exist already are errors unless `override` is non-zero, in which case the
 * new entry replaces the old one. On error the table is left unchanged. */
int c2h_rules_load_buffer(c2h_rules *rules, const char *name, const char *text, size_t len,
                          int override, c2h_error *err);

/* Loads a YAML rule file from disk with override semantics (--rules). */
int c2h_rules_load_file(c2h_rules *rules, const char *path, c2h_error *err);

void c2h_rules_free(c2h_rules *rules);

/* Looks up a CUDA identifier (not NUL-terminated: len bytes). Header
 * entries are not returned. NULL when the name is not in the table. */
const c2h_rule *c2h_rules_lookup(const c2h_rules *rules, const char *name, size_t len);

/* Looks up a CUDA header path as written in #include. */
const c2h_rule *c2h_rules_lookup_header(const c2h_rules *rules, const char *path, size_t len);

/* Number of entries, and entry i (0 <= i < count), in load order. */
size_t c2h_rules_count(const c2h_rules *rules);
const c2h_rule *c2h_rules_at(const c2h_rules *rules, size_t i);

/* The entry to use for a target PyTorch release (0: unknown, the oldest
 * naming): r itself, or, where r has pytorch_removed and the target is that
 * release or newer, *tmp filled as a copy of r with pytorch_hip as its HIP
 * name. */
const c2h_rule *c2h_rule_for_pytorch(const c2h_rule *r, c2h_version pytorch, c2h_rule *tmp);

/* The newest ROCm version any entry names (5.2 when none does). */
c2h_version c2h_rules_newest_version(const c2h_rules *rules);

/* Name of a rule kind as used for the section key ("functions", ...). */
const char *c2h_rule_kind_section(c2h_rule_kind kind);

#ifdef __cplusplus
}
#endif
#endif
