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

/* Fills toks[i].platform and platform_line for every token of f, whose
 * bytes are src. */
void c2h_front_mark_platforms(c2h_tu_facts *f, const char *src, size_t len);

#endif
