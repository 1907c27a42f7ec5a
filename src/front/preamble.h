#ifndef C2H_FRONT_PREAMBLE_H
#define C2H_FRONT_PREAMBLE_H
/* A source's preamble: the #include <...> lines of standard C and C++
 * headers and of CUDA headers (the parse shim's stubs) it starts with
 * (after comments). Files that start alike share one
 * precompiled preamble (front.c), so that <vector> or <iostream> is parsed
 * once per run, or once per machine with the on-disk parse cache. Only the
 * standard library's headers count: they hold nothing a translation looks
 * at, and a CUDA header is a stub of the shim, which every parse includes
 * anyway (the stub is read again at its own #include line, so the parse
 * still records that the file reaches it); a project's header (its tokens,
 * its dependencies for incremental runs) must be seen in every parse. */
#include <stddef.h>

/* Whether a name between <> is a CUDA header the shim stands in for. */
typedef int (*c2h_is_cuda_header)(void *ctx, const char *name, size_t len);

/* The preamble's lines, each as "#include <name>\n", or NULL when the file
 * does not start with one (malloc'd). */
char *c2h_preamble_of(const char *src, size_t len, c2h_is_cuda_header is_cuda, void *ctx);

#endif
