/* The first ROCm release of each GPU architecture cu2hip knows, and the
 * advice for an older installation (arch_support.h). */
#include "rocm/arch_support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"
#include "util/buf.h"

/* One validator for every place an architecture comes from: the
 * --offload-arch of every command, the library's options. The value ends up
 * in build scripts and compiler command lines, so nothing but this form
 * passes (no blanks, quotes, $, ;). */
int c2h_arch_parse(const char *text, c2h_arch *arch) {
  size_t n = text ? strlen(text) : 0;
  if (!text || n >= sizeof arch->name || strncmp(text, "gfx", 3) != 0) return -1;
  size_t proc_len = strcspn(text, ":");
  size_t digits = strspn(text + 3, "0123456789abcdef");
  if (digits == 0 || 3 + digits != proc_len || !isdigit((unsigned char)text[3])) return -1;
  for (const char *f = text + proc_len; *f;) {
    f++; /* ':' */
    size_t fl = strcspn(f, ":");
    if (fl < 2 || (f[fl - 1] != '+' && f[fl - 1] != '-')) return -1;
    for (size_t k = 0; k + 1 < fl; k++)
      if (!islower((unsigned char)f[k]) && !isdigit((unsigned char)f[k])) return -1;
    f += fl;
  }
  if (!arch) return 0;
  memcpy(arch->name, text, n + 1);
  snprintf(arch->base, sizeof arch->base, "%.*s", (int)proc_len, text);
  snprintf(arch->isa, sizeof arch->isa, "%.*s", (int)(proc_len - 3), text + 3);
  return 0;
}

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
