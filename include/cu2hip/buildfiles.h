#ifndef CU2HIP_BUILDFILES_H
#define CU2HIP_BUILDFILES_H
/* Translation of build scripts (CMake, Make and PyTorch setup.py) that build CUDA code into
 * scripts that build the same code with HIP for AMD GPUs. The work is done on
 * the text: the output is the input byte for byte except where an edit was
 * made, and translating the output again changes nothing. See
 * docs/build-scripts.md for every mapping. */
#include <stddef.h>
#include "diag.h"
#include "error.h"
#include "translate.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum c2h_buildfile_kind {
  C2H_BUILDFILE_NONE,  /* not a build script cu2hip knows */
  C2H_BUILDFILE_CMAKE, /* CMakeLists.txt, *.cmake */
  C2H_BUILDFILE_MAKE,  /* Makefile, makefile, GNUmakefile, *.mk */
  C2H_BUILDFILE_SETUP_PY /* setup.py, and Python scripts that use torch.utils.cpp_extension
                            (CUDAExtension, load(), load_inline()) */
} c2h_buildfile_kind;

typedef struct c2h_buildfile_options {
  /* GPU architecture the scripts build for (gfxNNN[:feature+|-...]; any
   * other value is a C2H_ERR_USAGE error); NULL or "": "gfx942". Borrowed. */
  const char *offload_arch;
  /* Source files renamed by the translation (e.g. "src/kernel.cu" ->
   * "src/kernel.hip"): references to them in the scripts are rewritten.
   * renamed_from[i] becomes renamed_to[i]; both arrays hold n_renamed
   * borrowed paths, relative to the same root as `path` below, or absolute.
   * A reference matches an entry when, resolved against the script's
   * folder, it names the same file, or else when one path ends with the
   * other at a '/' boundary. Only the file name of a reference changes. */
  const char *const *renamed_from;
  const char *const *renamed_to;
  size_t n_renamed;
  /* Libraries translated to their ROCm-native API (rule-table library
   * names, e.g. "curand"): their CUDA library becomes the native one
   * (-lcurand -> -lrocrand, CUDA::curand -> roc::rocrand). Borrowed. */
  const char *const *roc_libraries;
  size_t n_roc_libraries;
  /* The per-file time limit in milliseconds of CPU time (0: none): a
   * script whose translation takes longer is left as it is, with an error
   * of check `time-limit`, as a source would be. */
  unsigned long time_limit_ms;
} c2h_buildfile_options;

/* What kind of build script `path` names, judged by its file name only. */
c2h_buildfile_kind c2h_buildfile_kind_of(const char *path);

/* Whether the script kind of `path` depends on its contents: a Python file
 * other than setup.py, which is a build script when it uses
 * torch.utils.cpp_extension (c2h_buildfile_kind_of_text). */
int c2h_buildfile_kind_needs_text(const char *path);

/* What kind of build script `path` is, judged by its name and, for a
 * Python file other than setup.py, by its `len` bytes `src` (NULL: the name
 * only): one that imports or names torch.utils.cpp_extension builds a
 * PyTorch extension (load() and load_inline() JIT builds too). */
c2h_buildfile_kind c2h_buildfile_kind_of_text(const char *path, const char *src, size_t len);

/* Translates `len` bytes of `src`, the contents of the build script `path`
 * (used in diagnostics and to resolve renamed files), as a script of `kind`.
 * opt may be NULL (defaults). Fills res->output (malloc'd, NUL-terminated),
 * res->output_len, res->changed, res->stats.edits and appends diagnostics
 * (check `build-script`) to res->diags for what could not be translated.
 * res must be initialised with c2h_file_result_init; the caller disposes it.
 * Past opt->time_limit_ms the output is the input and the one diagnostic a
 * time-limit error. Returns 0, or a negative c2h_error_code (C2H_ERR_NOMEM; C2H_ERR_USAGE for
 * kind C2H_BUILDFILE_NONE; C2H_ERR_INPUT when the input holds NUL bytes)
 * with err filled; text that cannot be parsed is left as it is and reported
 * as a diagnostic, not a failure. */
int c2h_buildfile_translate(c2h_buildfile_kind kind, const char *path, const char *src, size_t len,
                            const c2h_buildfile_options *opt, c2h_file_result *res,
                            c2h_error *err);

#ifdef __cplusplus
}
#endif
#endif
