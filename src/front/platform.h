#ifndef C2H_FRONT_PLATFORM_H
#define C2H_FRONT_PLATFORM_H
/* Platform branches: which tokens sit in a preprocessor branch that only
 * HIP compiles (`#ifdef USE_ROCM`, `#if defined(__HIP_PLATFORM_AMD__)`,
 * the `#else` of `#ifndef __HIPCC__`), and which in one that HIP never
 * compiles (`#ifndef USE_ROCM`, the `#else` of `#ifdef
 * __HIP_PLATFORM_AMD__`). Works on the tokens alone: a branch is told by
 * its condition, evaluated once as HIP on AMD sees it and once as nvcc
 * does, not by which branch the parse took. */
#include "front.h"

/* Macros that files define only inside platform branches (`#if
 * defined(__HIP_PLATFORM_AMD__)` / `#define PROJ_HIP 1` / `#else` /
 * `#define PROJ_HIP 0`): a test of one is a platform test too. */
typedef struct c2h_platform_macros c2h_platform_macros;

/* NULL when out of memory. */
c2h_platform_macros *c2h_platform_macros_new(void);
void c2h_platform_macros_free(c2h_platform_macros *m);
/* Reads the macros a header of the unit (its tokens, over bytes src)
 * derives from the platform. */
void c2h_platform_macros_collect(c2h_platform_macros *m, const c2h_token *toks, size_t n, const char *src);

/* Fills toks[i].platform and platform_line for every token of f, whose
 * bytes are src, with the macros the unit's headers derive (m, may be
 * NULL) known from the start. */
void c2h_front_mark_platforms(c2h_tu_facts *f, const char *src, c2h_platform_macros *m);

#endif
