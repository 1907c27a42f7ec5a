/* Precompiled shims in the on-disk cache (pch_cache.h). */
#include "front/pch_cache.h"

static const c2h_disk_cache_kind shim_kind = {"shim-", ".pch", C2H_PCH_CACHE_KEEP, C2H_PCH_CACHE_BYTES};

char *c2h_pch_cache_path(const char *dir, const char *key) { return c2h_disk_cache_path(dir, &shim_kind, key); }

int c2h_pch_cache_commit(const char *dir, const char *tmp, const char *final) {
  return c2h_disk_cache_commit(dir, &shim_kind, tmp, final);
}
