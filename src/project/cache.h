#ifndef C2H_PROJECT_CACHE_H
#define C2H_PROJECT_CACHE_H
/* The incremental cache of a project run: a file in the output directory
 * remembering, per output, what it was made from (the input's content, the
 * content of the headers it includes, the file's flags) and what the run
 * reported for it, so that an unchanged file is neither parsed nor written
 * again and its diagnostics come back as they were. */
#include <jansson.h>

#include "cu2hip/translate.h"

/* Where the cache lives, relative to the output directory. */
#define C2H_CACHE_FILE ".cu2hip-cache.json"

/* A content hash as 32 hex digits and a NUL. */
typedef struct c2h_digest {
  char hex[33];
} c2h_digest;

void c2h_digest_bytes(const void *data, size_t len, c2h_digest *out);

/* Accumulates a key from strings (each one delimited, so "ab","c" and
 * "a","bc" differ). */
typedef struct c2h_key_builder c2h_key_builder;
c2h_key_builder *c2h_key_begin(void);
void c2h_key_add(c2h_key_builder *k, const char *s);
void c2h_key_add_rules(c2h_key_builder *k, const c2h_rules *rules);
/* Frees k. */
void c2h_key_end(c2h_key_builder *k, c2h_digest *out);

/* A record file of a run (OUT/.cu2hip-*.json): the object under `section`
 * when the file reads as JSON with this `format`, else NULL. *root is the
 * whole document (or NULL), which the caller json_decref()s; the object
 * returned is borrowed from it. */
json_t *c2h_json_record_section(const char *path, long long format, const char *section, json_t **root);

typedef struct c2h_cache c2h_cache;

/* Reads OUT/.cu2hip-cache.json. A cache made with another run key (other
 * rules, options or tool version), or one that cannot be read, starts the
 * run empty: never an error; what it says was written still tells edited
 * outputs (c2h_cache_edited). reuse 0 (--no-incremental): no file is up to
 * date, but edits are still told and written files still recorded. rules
 * resolves library names in stats. A cache file that is there but damaged
 * (not JSON, another format, malformed entries) sets damage (code, path,
 * why); what its valid entries say was written is still used. The write
 * journal (OUT/.cu2hip-journal, c2h_cache_note_written) of a run that was
 * stopped is read too. A cache or journal path that holds no regular file (a
 * named pipe, a device) is neither read nor written nor removed: the cache's
 * sets damage (C2H_ERR_INPUT, as a damaged cache), the journal's sets
 * damage with C2H_ERR_IO when the cache is sound. Fails only when out of
 * memory. */
int c2h_cache_open(c2h_cache **out, const char *out_dir, const c2h_digest *run_key, const c2h_rules *rules,
                   int reuse, c2h_error *damage);

/* How a file's output was made: translated, or copied as it was (the
 * cache entry's "kind"). */
typedef enum c2h_cached_as { C2H_CACHED_TRANSLATED, C2H_CACHED_COPIED } c2h_cached_as;

/* Whether the output of `rel` is up to date: made from an input with this
 * digest and flags (file_key), made as cached_as, with every header it
 * depends on unchanged, and the output file still as it was written (same
 * stamp, or same digest when only touched). On a hit of a translated file,
 * res is filled (diagnostics with `path` for the input's own, stats,
 * changed, depends; no output bytes). Thread-safe. Returns 0 or
 * C2H_ERR_NOMEM; *hit says. */
int c2h_cache_lookup(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                     c2h_cached_as cached_as, const char *path, const char *output_path, c2h_file_result *res,
                     int *hit);

/* Whether a person edited the output of `rel` since cu2hip wrote it: an
 * earlier run (of any run key) recorded the digest of what it wrote, and the
 * file is there with other bytes. A removed output is not edited.
 * *input_changed: the input is no longer the one
 * the output was made from. An edited output's record is carried into this
 * run's cache so that the next run keeps it too. An output no record names
 * (no cache, a damaged one, a file that was there before) is *edited with
 * *unrecorded set: the caller keeps it unless it holds what this run makes.
 * With link given (an output that is a file, not a link): a symbolic link
 * at output_path that no earlier run made (a person's) is *edited with
 * *link set, and is kept whatever it points to. Thread-safe. Returns 0 or
 * C2H_ERR_NOMEM. */
int c2h_cache_edited(c2h_cache *c, const char *rel, const c2h_digest *input, const char *output_path, int *edited,
                     int *input_changed, int *unrecorded, int *link);

/* Appends to the write journal, before the output of rel is written, the
 * digest it is about to get (NULL: a link; nothing recorded), so that a run
 * stopped at any point before it saves the cache still tells the next one
 * which outputs may be its own. A record whose write never happened names
 * bytes the file does not hold, and so counts for nothing. Thread-safe. */
int c2h_cache_journal_write(c2h_cache *c, const char *rel, const c2h_digest *digest);

/* Records that this run wrote the output of rel with this digest (NULL:
 * nothing recorded); the record goes into the cache when it is saved.
 * Thread-safe. */
int c2h_cache_note_written(c2h_cache *c, const char *rel, const c2h_digest *written);

/* Records a file just written (res: NULL for a copy); written: the digest
 * of the bytes written, NULL for a link. Thread-safe. */
int c2h_cache_store(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                    c2h_cached_as cached_as, const char *path, const char *output_path, const c2h_digest *written,
                    const c2h_file_result *res);

/* Writes the cache (atomically) when this run stored an entry; entries of
 * files this run did not see are kept, the journals' records are folded in
 * and the journal file removed. Errors go to err. */
int c2h_cache_save(c2h_cache *c, c2h_error *err);
void c2h_cache_free(c2h_cache *c);

#endif
