#ifndef C2H_PROJECT_VERIFY_CACHE_H
#define C2H_PROJECT_VERIFY_CACHE_H
/* What --verify remembers between runs: a file in the output directory
 * naming, per translated source that compiled, the compile (compiler,
 * version, architecture, device libraries, flags) and every file that
 * compile read (the source, its headers in the output tree, the system and
 * HIP headers) with a digest of its content. A source whose compile and
 * files are all as they were is not compiled again. A compile that failed
 * is never remembered, so its errors come back on the next run.
 * Kept apart from the translation cache (cache.h): that one is reset when
 * the rules or translation options change, which does not change whether
 * the output compiles. */
#include "cu2hip/verify.h"

/* Where it lives, relative to the output directory. */
#define C2H_VERIFY_CACHE_FILE ".cu2hip-verify.json"

typedef struct c2h_verify_cache c2h_verify_cache;

/* Reads OUT/.cu2hip-verify.json; with use_old 0 (--no-incremental), or when
 * the file cannot be read, nothing is up to date: never an error. Fails
 * only when out of memory. */
int c2h_verify_cache_open(c2h_verify_cache **out, const char *out_dir, int use_old);

/* The c2h_verify_options.up_to_date callback (ctx: the cache). */
int c2h_verify_cache_check(void *ctx, const char *compiler_id, const c2h_verify_unit *units, size_t n,
                           unsigned char *up_to_date);

/* After the compiles: remembers each unit compiled in this run whose reads
 * are known (reads[i] not NULL) and forgets the others that were compiled;
 * units that were up to date keep their entry. */
int c2h_verify_cache_update(c2h_verify_cache *c, const c2h_verify_unit *units, size_t n, char *const *const *reads);

/* Writes the file atomically when an entry changed. Errors go to err. */
int c2h_verify_cache_save(c2h_verify_cache *c, c2h_error *err);
void c2h_verify_cache_free(c2h_verify_cache *c);

#endif
