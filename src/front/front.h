#ifndef C2H_FRONT_H
#define C2H_FRONT_H
/* The parser front end: the only module that knows libclang. It turns one
 * source buffer into tokens annotated with what the AST says about them,
 * plus the parser's diagnostics. */
#include <stddef.h>

#include "cu2hip/diag.h"
#include "cu2hip/error.h"
#include "util/strmap.h"

typedef enum c2h_tok_kind {
  C2H_TOK_PUNCT,
  C2H_TOK_KEYWORD,
  C2H_TOK_IDENT,
  C2H_TOK_LITERAL,
  C2H_TOK_COMMENT
} c2h_tok_kind;

/* What the AST says an identifier token is (filled for names of interest). */
typedef enum c2h_tok_use {
  C2H_USE_UNKNOWN, /* no AST answer: inactive code, macro body, unresolved name */
  C2H_USE_API,     /* refers to a declaration of the CUDA API (shim or toolkit) */
  C2H_USE_USER,    /* declares, or refers to, a declaration in user code */
  C2H_USE_MEMBER   /* a member of a class (field, method) */
} c2h_tok_use;

/* Where a token sits, as the AST tells from the enclosing function. */
typedef enum c2h_code_ctx {
  C2H_CTX_UNKNOWN,     /* no AST answer: macro body, inactive branch */
  C2H_CTX_FILE,        /* outside any function body */
  C2H_CTX_HOST,        /* a host function */
  C2H_CTX_DEVICE,      /* a __device__ function */
  C2H_CTX_KERNEL,      /* a __global__ function */
  C2H_CTX_HOST_DEVICE  /* a __host__ __device__ function */
} c2h_code_ctx;

/* A function defined in the file (its body's byte range). */
typedef struct c2h_function {
  size_t begin, end;
  c2h_code_ctx ctx;
  /* Where its name is spelled (byte offsets), for finding the functions a
   * body refers to; name_begin == name_end when the name is not spelled
   * in the file (made by a macro). */
  size_t name_begin, name_end;
} c2h_function;

/* A variable declared in the file with a CUDA memory space. */
typedef struct c2h_variable {
  size_t name_begin, name_end; /* the declared name */
  long long bytes;             /* static size; -1 unknown or dependent */
  int shared, constant, managed_or_device;
  int extern_unsized;          /* `extern __shared__ T a[];`: dynamic shared memory */
  int function;                /* index into functions, -1 at file scope */
} c2h_variable;

/* Which compilers see a token, as the preprocessor branches around it
 * say (front/platform.h): code of a `#ifdef USE_ROCM` branch is HIP code
 * already; code of a `#ifndef USE_ROCM` branch is never compiled by HIP. */
typedef enum c2h_platform {
  C2H_PLATFORM_BOTH, /* no branch on the platform (or one both take) */
  C2H_PLATFORM_HIP,  /* only HIP compiles it (nvcc never does) */
  C2H_PLATFORM_CUDA  /* HIP never compiles it */
} c2h_platform;

typedef struct c2h_token {
  c2h_tok_kind kind;
  c2h_platform platform;
  unsigned platform_line; /* the #if/#else line opening that branch (0 for BOTH) */
  c2h_tok_use use;
  c2h_code_ctx ctx;
  long long var_bytes; /* size of the variable an identifier names; 0 when none */
  int template_name; /* an identifier the AST knows names a template */
  int expanded;      /* in a macro body, and part of an expansion in active code */
  int function_ref;  /* an identifier the AST resolves to a function, or to a
                        specialisation of a function template (`k`, `k<float>`) */
  int object_ptr;    /* a name (variable, parameter, member) the AST types as a pointer
                        to an object, which converts to `const void*` as it is */
  int function_ptr;  /* a name the AST types as a pointer to a function */
  int api_member;    /* a member access (`p.x`, `p->x`) of a field that the CUDA API
                        declares (shim or toolkit), not user code */
  int api_method;    /* a call `g.f(...)` of a member function of a cooperative_groups
                        class that the CUDA API declares, not user code */
  int api_cg;        /* a name of interest that the AST resolves to a free function or
                        class (template) the CUDA API declares in namespace
                        cooperative_groups (`cg::reduce`, `cg::plus<int>`) */
  size_t begin, end; /* byte offsets in the source */
  unsigned line, col;
} c2h_token;

/* An operation on a value whose CUDA type is an integer handle that HIP
 * makes a pointer (CUdeviceptr, cudaTextureObject_t, ...): arithmetic,
 * bit operations, or an assignment from another integer. */
typedef struct c2h_handle_use {
  size_t begin, end; /* the handle operand (byte offsets in the file) */
  const char *type;  /* the CUDA type name (static string) */
  const char *op;    /* the operator (static string) */
  /* How the translation can write it for HIP, where the handle is a
   * CUdeviceptr (hipDeviceptr_t is void *) and the code is spelled in the
   * file, not by a macro: C2H_HANDLE_REPORT when it cannot. */
  enum {
    C2H_HANDLE_REPORT,
    /* `d + n`, `n + d`, `d - n` (and chains: `d + a - b`) whose value the
     * code uses as a CUdeviceptr (an argument, an initialiser, an
     * assignment, a cast): the expression [fix_begin, fix_end) moves the
     * address by bytes, as (char *)(d) + n does. */
    C2H_HANDLE_OFFSET,
    /* `d = n` with n an integer: the value [fix_begin, fix_end) becomes
     * the address it holds. */
    C2H_HANDLE_FROM_INT,
    /* `d += n` / `d -= n` on a variable: the value [fix_begin, fix_end)
     * moves it by bytes. */
    C2H_HANDLE_COMPOUND
  } fix;
  size_t fix_begin, fix_end;
} c2h_handle_use;

/* A call of a CUDA API function, and the declaration the parse chose among
 * its overloads: rules for one form of a name (CUDA 13's cudaMemLocation
 * parameter of cudaMemAdvise, say) go by the parameter types. Recorded only
 * for the names the filter marks C2H_NAME_PARAM_TYPES. */
typedef struct c2h_api_call {
  size_t begin;  /* the callee name's first byte */
  char *params;  /* each parameter's type name (a class or enum by its own
                    name, otherwise the canonical spelling), each ended by
                    '\n' (owned) */
} c2h_api_call;

/* A cooperative-groups shuffle (`g.shfl`, `shfl_up`, `shfl_down`,
 * `shfl_xor`) of a value that is not of an integer or floating-point type:
 * CUDA's group shuffles take any trivially copyable type, HIP's only
 * arithmetic ones. Only calls spelled in the file (not by a macro). */
typedef struct c2h_cg_shuffle {
  size_t object_begin; /* the group expression's first byte */
  size_t method_begin; /* the member function's name */
  char *type;          /* the value's type, as the parse spells it (owned) */
} c2h_cg_shuffle;

/* A constant that a project header (or another file of the unit than the
 * one translated) defines at file or namespace scope: an object-like
 * macro's replacement text, or the value of a const integer variable.
 * What the file's own tokens do not show: `#define FULL_MASK 0xffffffff`
 * in a header is a full lane mask too. */
typedef struct c2h_header_const {
  char *body;              /* a macro's replacement text (owned); NULL for a variable */
  unsigned long long bits; /* a variable's value, zero-extended from `width` bits */
  unsigned width;          /* a variable's width in bits (8, 16, 32, 64) */
  int is_unsigned;
  int known;               /* 0: the name has more than one definition */
  int hip_aware;           /* the defining header names HIP or ROCm (it may
                              define it otherwise for HIP: `#if USE_ROCM`) */
} c2h_header_const;

typedef struct c2h_tu_facts {
  c2h_token *toks;
  size_t n_toks;
  c2h_function *functions; /* sorted by begin */
  size_t n_functions;
  c2h_variable *variables; /* in source order */
  size_t n_variables;
  c2h_strmap user_names; /* names of interest that user code declares globally or #defines */
  /* Of user_names, those that user code declares only as C++ functions or
   * function templates of its own (1; 0 once the name is declared any
   * other way): overloads, such as a project's `__shfl_down_sync` for its
   * half type, which the parse tells apart from the API's call by call. */
  c2h_strmap user_overloads;
  c2h_strmap reached_headers; /* CUDA headers the file includes, directly or not (shim stubs) */
  c2h_diag_list diags;   /* parse problems */
  unsigned parse_errors; /* errors of user code in the parse, those not listed in diags included */
  /* Lines of the file's #include directives that the parse resolved to a
   * file of the project (not a CUDA header stub, not a system header), in
   * the order met (owned). */
  unsigned *user_include_lines;
  size_t n_user_include_lines;
  /* Headers the parse read, other than system headers and the shim: real
   * absolute paths, in the order first reached (owned). */
  char **depends;
  size_t n_depends;
  unsigned long long parse_cpu_ms; /* CPU time of the parse (it runs on a thread of its own) */
  /* User code (the file or a header of the project) declares a function
   * template min / max at file scope, which meets HIP's own templates. */
  int user_min_template, user_max_template;
  c2h_handle_use *handle_uses; /* in the order met (owned) */
  size_t n_handle_uses, cap_handle_uses;
  c2h_api_call *api_calls; /* in source order (owned) */
  size_t n_api_calls, cap_api_calls;
  c2h_cg_shuffle *cg_shuffles; /* in the order met (owned) */
  size_t n_cg_shuffles, cap_cg_shuffles;
  c2h_strmap header_const_names; /* name -> index into header_consts */
  c2h_header_const *header_consts; /* (owned) */
  size_t n_header_consts, cap_header_consts;
} c2h_tu_facts;

void c2h_tu_facts_init(c2h_tu_facts *f);
void c2h_tu_facts_dispose(c2h_tu_facts *f);
/* The type name of parameter `index` (1-based) of the declaration the call
 * whose callee name starts at byte `begin` resolved to; *len is set. NULL
 * when the parse did not resolve that call or it has fewer parameters. */
/* The constant another file of the unit defines under this name, or NULL
 * (also when it is defined more than once). */
const c2h_header_const *c2h_tu_facts_header_const(const c2h_tu_facts *f, const char *name, size_t len);
const char *c2h_tu_facts_param_type(const c2h_tu_facts *f, size_t begin, unsigned index, size_t *len);

/* Says whether a name matters to the caller (a CUDA name of the rule table):
 * only those get AST lookups, and parse errors about them are shim gaps, not
 * problems of the user's code. 0, or C2H_NAME_OF_INTEREST, with
 * C2H_NAME_PARAM_TYPES added for names whose calls need the parameter types
 * of the overload they resolve to (c2h_tu_facts.api_calls). */
typedef int (*c2h_name_filter)(void *ctx, const char *name, size_t len);
enum { C2H_NAME_OF_INTEREST = 1, C2H_NAME_PARAM_TYPES = 2 };

typedef struct c2h_front_options {
  const char *const *clang_args; /* extra flags, borrowed */
  size_t n_clang_args;
  const char *cuda_path;         /* real CUDA toolkit, or NULL for the shim */
  const char *const *cuda_headers; /* header names the shim stands in for */
  size_t n_cuda_headers;
  /* Per header (parallel to cuda_headers, may be NULL or hold NULLs): text
   * its stub holds before the shim, e.g. the header guards the CUDA header
   * defines. Borrowed. */
  const char *const *cuda_header_preludes;
  /* Text parsed before every file, as nvcc's implicit cuda_runtime.h: the
   * macros that header defines. Borrowed; may be NULL. */
  const char *implicit_prelude;
  /* A folder for precompiled shims kept across processes (pch_cache.h);
   * NULL: each process precompiles its own, after a few parses. */
  const char *parse_cache_dir;
  /* Per header (parallel to cuda_headers, may be NULL): 1 when the shim
   * declares none of its names (a CUDA header HIP lacks, a PyTorch header), so that parse
   * errors about those names are folded as for a header not found. */
  const unsigned char *cuda_header_empty;
} c2h_front_options;

typedef struct c2h_front c2h_front;

/* One per thread. options is copied; its strings are borrowed. */
int c2h_front_new(c2h_front **out, const c2h_front_options *options, c2h_error *err);
void c2h_front_free(c2h_front *fe);

/* Whether libclang accepts the user's flags (--extra-arg, -I/-D/-U/--std,
 * the configuration's extra-args): an empty file is parsed with the
 * translator's flags and args. A rejected flag would otherwise fail every
 * file's parse alike, with nothing but libclang's error number. Returns 0;
 * C2H_ERR_USAGE with *bad the index of the flag to blame (n when only the
 * combination fails) and err saying so; C2H_ERR_NOMEM or C2H_ERR_INTERNAL.
 * Call it before any thread is started (it sets up the process as
 * c2h_front_new does). */
int c2h_front_check_flags(const char *const *args, size_t n, size_t *bad, c2h_error *err);

/* Sets up the process for libclang (it parses on the caller's thread, so
 * that the stack is ours). Called by c2h_front_new; idempotent, thread-safe. */
void c2h_front_prepare_process(void);

/* Parses src (the contents of path), with the file's own flags (a compile
 * database's -I/-D/-std/-include; may be NULL) after the translator's, and
 * fills facts (initialised by the caller). Fails only when no translation
 * unit can be built at all, with C2H_ERR_CRASH when libclang crashed on it
 * and recovered. The parse runs on a thread of its own with a large stack. */
int c2h_front_parse(c2h_front *fe, const char *path, const char *src, size_t len,
                    const char *const *file_args, size_t n_file_args, c2h_name_filter filter,
                    void *filter_ctx, c2h_tu_facts *facts, c2h_error *err);

/* Like c2h_front_parse, for a file that is no translation unit of its own
 * (`#include "kernel.c"`): parses the translation unit of `includer` and
 * fills facts for `path` as that unit sees it (the includer's macros,
 * declarations and headers before it). Returns 1, facts left empty, when
 * the unit never reads `path` or reads other bytes than src; then parse the
 * file on its own. */
int c2h_front_parse_included(c2h_front *fe, const char *includer, const char *includer_src, size_t includer_len,
                             const char *path, const char *src, size_t len, const char *const *file_args,
                             size_t n_file_args, c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts,
                             c2h_error *err);

#endif
