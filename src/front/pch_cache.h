#ifndef C2H_FRONT_PCH_CACHE_H
#define C2H_FRONT_PCH_CACHE_H
/* Precompiled shims in the on-disk cache (util/disk_cache.h; pch.c builds
 * and checks the files with libclang): one file per key, at most
 * C2H_PCH_CACHE_KEEP of them and C2H_PCH_CACHE_BYTES in all. Keys: the
 * shim alone, or the shim and a file's standard-header preamble
 * (preamble.h). */

#include "util/disk_cache.h"

#define C2H_PCH_CACHE_KEEP 64
#define C2H_PCH_CACHE_BYTES (2048LL << 20)

/* dir/shim-<digest of key>.pch (malloc'd), NULL when out of memory. */
char *c2h_pch_cache_path(const char *dir, const char *key);

/* Renames tmp over final, then prunes the precompiled shims. 0 on success. */
int c2h_pch_cache_commit(const char *dir, const char *tmp, const char *final);

#endif
