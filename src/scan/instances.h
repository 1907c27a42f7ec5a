#ifndef C2H_SCAN_INSTANCES_H
#define C2H_SCAN_INSTANCES_H
/* Kernels per launch: for each launch of a kernel in the file, the values
 * of the kernel's non-type template parameters (`k<T, 16, true><<<...>>>`)
 * and the number of threads of its blocks, and the value an integer
 * expression of the kernel's body has in that instance. */
#include "const_expr.h"

#define C2H_MAX_TPARAMS 8

typedef struct c2h_instance {
  size_t kernel;          /* index into facts->functions */
  size_t launch;          /* the launch's `<<<` token */
  long long threads;      /* threads per block of the launch; 0 when unknown */
  size_t n_params;        /* template parameters of the kernel */
  size_t param_name[C2H_MAX_TPARAMS]; /* each one's name token; n_toks for a type */
  c2h_const param_value[C2H_MAX_TPARAMS]; /* in the parameter's type */
} c2h_instance;

/* Calls each(s, instance, ctx) for every launch of the kernel template
 * defined as facts->functions[kernel]. 1 when it is launched at least once,
 * each call returned 1, and every other use of its name in the file is a
 * declaration; 0 as soon as one is not (a launch whose template arguments
 * do not evaluate, the name used otherwise: a launch API, an explicit
 * instantiation, a pointer). A header's kernels, and those of a file
 * another one #includes, are launched by files not seen here, and a kernel
 * that is not a template may be: always 0. */
int c2h_kernel_instances_all(const c2h_scan *s, size_t kernel,
                             int (*each)(const c2h_scan *s, const c2h_instance *in, void *ctx), void *ctx);

/* Whether the kernel's name at token t is declared or defined there (an
 * explicit instantiation is neither: a use, which other files may launch). */
int c2h_tok_kernel_declared(const c2h_scan *s, size_t t);

/* The threads per block of the launch whose `<<<` is token `launch`: its
 * block argument a constant expression, dim3(x, y, z), or a local variable
 * whose one value on the way to the launch is such; a variable v read
 * before `switch (v)` and never written is K inside its `case K:` (the
 * first label, or one after `break;`). 0 when not known. */
int c2h_launch_threads(const c2h_scan *s, size_t launch, long long *threads);

/* The value of the integer expression [first, last] of the kernel's body
 * in the instance, as the one evaluator (const_expr.h) computes it, with
 * the template parameters, the file's constants, and local variables
 * whose one value on the way there is known (assigned on every path,
 * nothing writes them afterwards; in their declared types); 0 when it
 * does not evaluate. */
int c2h_instance_eval(const c2h_scan *s, const c2h_instance *in, size_t first, size_t last, c2h_const *v);

#endif
