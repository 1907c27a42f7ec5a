#ifndef C2H_ROCM_ARCH_SUPPORT_H
#define C2H_ROCM_ARCH_SUPPORT_H
/* Which ROCm releases support a GPU architecture, and what to tell a user
 * whose installation predates it (the run's warning and doctor's item say
 * the same). */
#include "cu2hip/rules.h" /* c2h_version */
#include "rocm/install.h"

/* The first ROCm release that supports arch (gfxNNN, with or without
 * :feature suffixes; NULL: gfx942), or 0 when cu2hip does not know it. */
c2h_version c2h_rocm_first_release_for(const char *arch);

/* When inst's HIP is older than the first release supporting arch: a
 * sentence (malloc'd, no final period) saying what --rocm-version auto
 * picked, where it was found and what to do instead. NULL in *message when
 * it is not older, or its version or arch's first release is unknown.
 * Returns 0 or C2H_ERR_NOMEM. */
int c2h_rocm_predates_arch(const c2h_rocm_install *inst, const char *arch, char **message);

#endif
