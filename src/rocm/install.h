#ifndef C2H_ROCM_INSTALL_H
#define C2H_ROCM_INSTALL_H
/* Where ROCm (its HIP headers) is installed on this machine. One search,
 * in one order, answers every question that needs it: the release
 * `--rocm-version auto` targets, the installation `cu2hip doctor` reports
 * on, and the one --verify compiles against and takes hipcc and ROCm's
 * clang from. An installation is a prefix holding include/hip/hip_version.h.
 *
 * The search order (docs/design.md, "The target ROCm release"):
 *   1. --hip-path DIR (the caller's hip_path)
 *   2. $ROCM_PATH, then $HIP_PATH
 *   3. /opt/rocm (AMD's packages; usually a link to the active release)
 *   4. /opt/rocm/core-X.Y (ROCm 10) and /opt/rocm/core (7.13, 7.14): the
 *      ROCm Core SDK, TheRock's packages; newest first
 *   5. /opt/rocm-X.Y.Z (side-by-side releases), newest first
 *   6. the rocm-sdk Python wheels (`pip install rocm[devel]`): the
 *      _rocm_sdk_devel* package (the tree `rocm-sdk path --root` prints),
 *      then _rocm_sdk_core* (whose include/ holds HIP's headers too), in each
 *      Python package folder: those of util/python_sites.h, then the
 *      site-packages of the python3 on PATH and of ~/.local. Python is not
 *      run: the folders are read.
 *   7. /usr (the distribution's packages: Debian's HIP 5.2), last because
 *      it is usually the oldest.
 * Unset or empty variables are skipped; a prefix found twice (a link) is
 * listed once, under its first step. */
#include <stddef.h>

/* The places searched after --hip-path, for messages. */
#define C2H_ROCM_SEARCH_PLACES \
  "$ROCM_PATH, $HIP_PATH, /opt/rocm, /opt/rocm/core-X.Y, /opt/rocm-X.Y.Z, the rocm-sdk Python packages or /usr"

#include "cu2hip/rules.h" /* c2h_version */

typedef enum c2h_rocm_origin {
#define C2H_ROCM_ORIGIN(id, text) C2H_ROCM_FROM_##id,
#include "rocm/origins.def"
#undef C2H_ROCM_ORIGIN
  C2H_ROCM_ORIGIN_COUNT
} c2h_rocm_origin;

typedef struct c2h_rocm_install {
  char *root;             /* the prefix, absolute and resolved (the compiles run elsewhere) */
  char *include_dir;      /* root/include */
  c2h_version version;    /* HIP_VERSION_MAJOR.MINOR of hip_version.h; 0 when it gives none */
  char version_text[48];  /* "6.3.0": major.minor[.patch] as hip_version.h gives them; "" when none */
  c2h_rocm_origin origin; /* the search step that found it */
} c2h_rocm_install;

typedef struct c2h_rocm_list {
  c2h_rocm_install *items; /* in search order */
  size_t n;
} c2h_rocm_list;

/* The fixed places of the search: the machine's own, or a fake tree's. */
typedef struct c2h_rocm_places {
  const char *opt;    /* holds rocm, rocm/core-X.Y and rocm-X.Y.Z: "/opt" */
  const char *system; /* the distribution's prefix: "/usr" */
} c2h_rocm_places;

/* The first installation of the search, in *out (out->root NULL when there
 * is none). hip_path may be NULL; a relative one is taken from the current
 * folder. Returns 0 or C2H_ERR_NOMEM; the caller disposes *out. */
int c2h_rocm_find(const char *hip_path, c2h_rocm_install *out);

/* Every installation of the search, in its order (out->n 0 when none).
 * Returns 0 or C2H_ERR_NOMEM; the caller disposes *out. */
int c2h_rocm_find_all(const char *hip_path, c2h_rocm_list *out);

/* c2h_rocm_find_all with the fixed places given (NULL: the machine's). */
int c2h_rocm_find_all_in(const char *hip_path, const c2h_rocm_places *places, c2h_rocm_list *out);

/* What completes "found through ...", e.g. "$ROCM_PATH". */
const char *c2h_rocm_origin_text(c2h_rocm_origin origin);

void c2h_rocm_install_dispose(c2h_rocm_install *inst);
void c2h_rocm_list_dispose(c2h_rocm_list *list);

#endif
