#ifndef C2H_FRONT_PCH_CACHE_H
#define C2H_FRONT_PCH_CACHE_H
/* The on-disk cache of precompiled shims (file system side only; pch.c
 * builds and checks the files with libclang). One file per key, named by
 * the key's digest, made atomically (temporary + rename), at most
 * C2H_PCH_CACHE_KEEP of them and C2H_PCH_CACHE_BYTES in all (the least
 * recently used go). Keys: the shim alone, or the shim and a file's
 * standard-header preamble (preamble.h). A process uses
 * its own hard link to the file, so that another process pruning the cache
 * never pulls it from under a parse. */

#include <stddef.h>

#define C2H_PCH_CACHE_KEEP 64
#define C2H_PCH_CACHE_BYTES (2048LL << 20)

/* The cache folder: CU2HIP_CACHE_DIR, else $XDG_CACHE_HOME/cu2hip, else
 * $HOME/.cache/cu2hip (malloc'd), or NULL when none can be named. */
char *c2h_pch_cache_default_dir(void);

/* A kind of file kept in the cache folder: prefix + the 32 hex digits of a
 * key's digest + suffix; at most `keep` of them and `bytes` in all, the
 * least recently used going first. Precompiled shims are one kind, the
 * compiled rule table (src/rules/rules_cache.c) another. */
typedef struct c2h_cache_kind {
  const char *prefix, *suffix;
  size_t keep;
  long long bytes;
} c2h_cache_kind;

/* dir/<prefix><digest of key><suffix> (malloc'd), NULL when out of memory. */
char *c2h_cache_path(const char *dir, const c2h_cache_kind *k, const char *key);

/* Renames tmp over final, then prunes the files of kind k. 0 on success. */
int c2h_cache_commit(const char *dir, const c2h_cache_kind *k, const char *tmp, const char *final);

/* dir/shim-<digest of key>.pch (malloc'd), NULL when out of memory. */
char *c2h_pch_cache_path(const char *dir, const char *key);

/* A new empty temporary beside final (malloc'd path), or NULL; creates dir. */
char *c2h_pch_cache_temp(const char *dir, const char *final);

/* Renames tmp over final, then prunes the folder. 0 on success. */
int c2h_pch_cache_commit(const char *dir, const char *tmp, const char *final);

/* A private hard link to final for this process (malloc'd path; remove it
 * with unlink when done), or NULL when final is missing; marks final as
 * just used. Links of processes no longer running are removed on prune. */
char *c2h_pch_cache_link(const char *final);

#endif
