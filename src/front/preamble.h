#ifndef C2H_FRONT_PREAMBLE_H
#define C2H_FRONT_PREAMBLE_H
/* A source's preamble: the #include lines of standard C and C++ headers it
 * starts with (after comments). Files that start alike share one
 * precompiled preamble (front.c), so that <vector> or <iostream> is parsed
 * once per run, or once per machine with the on-disk parse cache. Only the
 * standard library's headers count: they hold nothing a translation looks
 * at, so skipping their text changes no result, whereas a project's header
 * (its tokens, its dependencies for incremental runs) or a CUDA header (the
 * includes a translation rewrites) must be seen in every parse. */
#include <stddef.h>

/* The preamble's lines, each as "#include <name>\n", or NULL when the file
 * does not start with one (malloc'd). */
char *c2h_preamble_of(const char *src, size_t len);

#endif
