#ifndef C2H_FRONT_PREAMBLE_H
#define C2H_FRONT_PREAMBLE_H
/* A source's preamble: the standard C, C++ and POSIX headers among the
 * #include <...> lines it starts with (after comments), where CUDA headers
 * (the parse shim's stubs) may stand between them. Files whose preambles
 * name the same standard headers share one precompiled header of the shim
 * and those headers (front.c), so that <vector> or <iostream> is parsed
 * once per run, or once per machine with the on-disk parse cache. The
 * #include lines stay in the file and are read again in its parse (the
 * headers are guarded: nothing is parsed twice), so tokens, offsets and
 * the CUDA headers a file reaches are as without it. Only the standard
 * library's headers qualify: they hold nothing a translation looks at, do
 * not depend on the order they come in, and do not look at the CUDA
 * headers' macros; a project's header (its tokens, its dependencies for
 * incremental runs) must be parsed with the file. */
#include <stddef.h>

/* Whether a name between <> is a CUDA header the shim stands in for. */
typedef int (*c2h_is_cuda_header)(void *ctx, const char *name, size_t len);

/* The preamble's standard headers, sorted and once each, as
 * "#include <name>\n" lines, or NULL when there are none (malloc'd). */
char *c2h_preamble_of(const char *src, size_t len, c2h_is_cuda_header is_cuda, void *ctx);

#endif
