#ifndef C2H_UTIL_DISK_CACHE_H
#define C2H_UTIL_DISK_CACHE_H
/* A folder of files kept across processes, each named by the digest of the
 * key it was made for: the parse cache's precompiled headers
 * (front/pch_cache.h) and the compiled rule table (rules/rules_cache.c).
 * A file is made atomically (a temporary beside it, then a rename), and
 * each kind of file is pruned to the most recently used ones. A process
 * reads a file through a hard link of its own, so that another process
 * pruning the folder never pulls it from under a reader. */

#include <stddef.h>

/* The cache folder: CU2HIP_CACHE_DIR, else $XDG_CACHE_HOME/cu2hip, else
 * $HOME/.cache/cu2hip (malloc'd), or NULL when none can be named. */
char *c2h_disk_cache_default_dir(void);

/* A kind of file kept in the cache folder: prefix + the 32 hex digits of a
 * key's digest + suffix; at most `keep` of them and `bytes` in all, the
 * least recently used going first. */
typedef struct c2h_disk_cache_kind {
  const char *prefix, *suffix;
  size_t keep;
  long long bytes;
} c2h_disk_cache_kind;

/* dir/<prefix><digest of key><suffix> (malloc'd), NULL when out of memory. */
char *c2h_disk_cache_path(const char *dir, const c2h_disk_cache_kind *k, const char *key);

/* A new empty temporary beside final (malloc'd path), or NULL; creates dir. */
char *c2h_disk_cache_temp(const char *dir, const char *final);

/* Renames tmp over final, then prunes the files of kind k (and the
 * leftovers of processes that are gone). 0 on success. */
int c2h_disk_cache_commit(const char *dir, const c2h_disk_cache_kind *k, const char *tmp, const char *final);

/* A private hard link to final for this process (malloc'd path; remove it
 * with unlink when done), or NULL when final is missing; marks final as
 * just used. Links of processes no longer running are removed on prune. */
char *c2h_disk_cache_link(const char *final);

#endif
