/* The first ROCm release of each GPU architecture cu2hip knows, and the
 * advice for an older installation (arch_support.h). */
#include "rocm/arch_support.h"

#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"
#include "util/buf.h"

typedef struct arch_release {
  const char *arch;
  c2h_version first; /* the first ROCm release that supports it */
} arch_release;

static const arch_release arch_releases[] = {
    /* gfx942 is the MI300X and MI300A. ROCm 6.0's release notes ("OS and
     * GPU support changes"): "AMD Instinct MI300A and MI300X Accelerator
     * support has been enabled"; that release is the "initial enablement of
     * the AMD Instinct MI300 series". Earlier releases do not support it:
     * Debian's ROCm 5.2, for one, has no gfx942 device library. */
    {"gfx942", C2H_VERSION(6, 0)},
};

c2h_version c2h_rocm_first_release_for(const char *arch) {
  if (!arch) arch = "gfx942";
  size_t base_len = strcspn(arch, ":");
  for (size_t i = 0; i < sizeof arch_releases / sizeof *arch_releases; i++)
    if (strlen(arch_releases[i].arch) == base_len && strncmp(arch, arch_releases[i].arch, base_len) == 0)
      return arch_releases[i].first;
  return 0;
}

int c2h_rocm_predates_arch(const c2h_rocm_install *inst, const char *arch, char **message) {
  *message = NULL;
  if (!arch) arch = "gfx942";
  c2h_version first = c2h_rocm_first_release_for(arch);
  if (!inst->root || !inst->version || !first || inst->version >= first) return 0;
  int have_major = inst->version / 100, have_minor = inst->version % 100;
  int first_major = first / 100, first_minor = first % 100;
  *message = c2h_strdup_printf(
      "--rocm-version auto targets HIP %d.%d (%s/hip, found through %s), older than ROCm %d.%d, the first "
      "release for %.*s: give --rocm-version X.Y for the ROCm the output will be built with (--rocm-version "
      "%d.%d keeps this target), or install ROCm %d.%d or later",
      have_major, have_minor, inst->include_dir, c2h_rocm_origin_text(inst->origin), first_major, first_minor,
      (int)strcspn(arch, ":"), arch, have_major, have_minor, first_major, first_minor);
  return *message ? 0 : C2H_ERR_NOMEM;
}
