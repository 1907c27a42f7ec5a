#ifndef C2H_ROCM_ARCH_SUPPORT_H
#define C2H_ROCM_ARCH_SUPPORT_H
/* Which ROCm releases support a GPU architecture, and what to tell a user
 * whose installation predates it (the run's warning and doctor's item say
 * the same). */
#include "cu2hip/rules.h" /* c2h_version */
#include "rocm/install.h"

typedef struct c2h_arch {
  char name[64]; /* as given, e.g. gfx942:xnack- */
  char base[64]; /* the processor without features, e.g. gfx942 */
  char isa[32];  /* its device-library suffix, e.g. 942 (oclc_isa_version_942.bc) */
} c2h_arch;

/* What c2h_arch_parse accepts, for messages that reject a value. */
#define C2H_ARCH_FORM "gfx and hex digits, optionally with :feature+ or :feature- suffixes, e.g. gfx942 or gfx90a:xnack+"

/* Parses gfxNNN (NNN: a decimal digit, then lowercase hex digits) with
 * optional :feature+ / :feature- suffixes (feature: lowercase letters and
 * digits). Returns 0, or -1 when text is not of that form (arch is then
 * left alone; it may be NULL to only validate). */
int c2h_arch_parse(const char *text, c2h_arch *arch);

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
