#ifndef C2H_FRONT_PREAMBLE_H
#define C2H_FRONT_PREAMBLE_H
/* A source's preamble: the standard C, C++ and POSIX headers that its parse
 * reads before anything else of the project's happens. They are found in
 * the #include lines the file starts with (after comments), where CUDA
 * headers (the parse shim's stubs) may stand between them, and in the
 * project headers among those lines: a project header found in the
 * includer's folder or an -iquote/-I folder is followed, and its own
 * leading standard includes count too (and those of the project headers it
 * starts with, and so on). The scan stops, in whichever file it is, at the
 * first line that could change how a later standard header parses: a macro
 * definition (other than the header's include guard), a declaration, a
 * pragma other than `once`, a header it cannot find, any conditional but a
 * guard or a test of a Windows or macOS platform macro that is not defined.
 * Everything before that point is read in a state that differs from a
 * fresh parse only by include guards and the shim.
 *
 * Files whose preambles name the same standard headers share one
 * precompiled header of the shim and those headers (pch.c), so that
 * <vector> or <iostream> is parsed once per run, or once per machine with
 * the on-disk parse cache. The #include lines stay in the files and are read
 * again in each parse (the headers are guarded: nothing is parsed twice), so
 * tokens, offsets, the project headers read (with their macros and
 * dependencies) and the CUDA headers reached are as without it. Only the
 * standard library's headers go into the precompiled header: they hold
 * nothing a translation looks at and do not depend on the order they come
 * in; a project header is never in it, so its text (scanned again at each
 * parse) chooses the preamble but is not part of what is shared. */
#include <stddef.h>

/* Whether a name between <> is a CUDA header the shim stands in for. */
typedef int (*c2h_is_cuda_header)(void *ctx, const char *name, size_t len);
/* Whether a macro name may be defined before the file is read: by a -D or
 * -U flag, or by the shim's own texts. Include guards and platform tests
 * are only trusted for names it says no to. */
typedef int (*c2h_maybe_defined)(void *ctx, const char *name, size_t len);

typedef struct c2h_preamble_search {
  c2h_is_cuda_header is_cuda; /* may be NULL: no CUDA header is known */
  c2h_maybe_defined maybe_defined; /* may be NULL: project headers are not followed */
  void *ctx;
  /* Folders searched for project headers, in the parse's order: -iquote
   * folders (quoted names only), then -I folders. Borrowed. */
  const char *const *quote_dirs;
  size_t n_quote_dirs;
  const char *const *dirs;
  size_t n_dirs;
} c2h_preamble_search;

/* The preamble's standard headers of the file at path (text src, len),
 * sorted and once each, as "#include <name>\n" lines, or NULL when there
 * are none (malloc'd). Project headers are read from disk. */
char *c2h_preamble_of(const char *path, const char *src, size_t len, const c2h_preamble_search *search);

#endif
