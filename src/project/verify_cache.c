/* The --verify record: one JSON file in the output directory.
 *
 *   {"format": 1, "units": {PATH: {"key": DIGEST, "reads": [[PATH, DIGEST], ...]}}}
 *
 * PATH is a translated source (absolute, as compiled); key digests the
 * compiler's identity and the unit's flags; reads are the files its last
 * successful compile read (as the compiler listed them with -MD) and the
 * digest of each one's content then. A file's digest is computed once per
 * run, however many units read it. */
#define _POSIX_C_SOURCE 200809L
#include "verify_cache.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "util/file.h"
#include "util/strmap.h"

#define VERIFY_CACHE_FORMAT 1

struct c2h_verify_cache {
  char *path;
  json_t *old_units; /* entries read at open (NULL: none) */
  json_t *units;     /* entries to save */
  int dirty;
  c2h_digest *keys;  /* per unit of the check: its key */
  unsigned char *skipped;
  size_t n;
  c2h_strmap file_index; /* file path -> index in file_digests */
  c2h_digest *file_digests; /* "" when the file cannot be read */
  size_t n_files, cap_files;
};

int c2h_verify_cache_open(c2h_verify_cache **out, const char *out_dir, int use_old) {
  c2h_verify_cache *c = calloc(1, sizeof *c);
  if (!c) return C2H_ERR_NOMEM;
  c2h_strmap_init(&c->file_index);
  c->path = c2h_path_join(out_dir, C2H_VERIFY_CACHE_FILE);
  c->units = json_object();
  if (!c->path || !c->units) goto nomem;
  json_t *root = NULL;
  json_t *units = use_old ? c2h_json_record_section(c->path, VERIFY_CACHE_FORMAT, "units", &root) : NULL;
  if (units) {
    c->old_units = json_incref(units);
    if (json_object_update(c->units, units)) {
      json_decref(root);
      goto nomem;
    }
  }
  json_decref(root);
  *out = c;
  return 0;
nomem:
  c2h_verify_cache_free(c);
  return C2H_ERR_NOMEM;
}

void c2h_verify_cache_free(c2h_verify_cache *c) {
  if (!c) return;
  json_decref(c->old_units);
  json_decref(c->units);
  c2h_strmap_dispose(&c->file_index);
  free(c->file_digests);
  free(c->keys);
  free(c->skipped);
  free(c->path);
  free(c);
}

/* The digest of a file's current content, computed once per run. */
static int file_digest(c2h_verify_cache *c, const char *path, c2h_digest *out) {
  int i = c2h_strmap_get(&c->file_index, path, strlen(path));
  if (i >= 0) {
    *out = c->file_digests[i];
    return 0;
  }
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  int rc = c2h_file_read(path, &data, &len, &err);
  if (rc == C2H_ERR_NOMEM) return rc;
  if (rc == 0) c2h_digest_bytes(data, len, out);
  else out->hex[0] = '\0';
  free(data);
  if (c->n_files == c->cap_files) {
    size_t cap = c->cap_files ? c->cap_files * 2 : 256;
    c2h_digest *grown = realloc(c->file_digests, cap * sizeof *grown);
    if (!grown) return C2H_ERR_NOMEM;
    c->file_digests = grown;
    c->cap_files = cap;
  }
  c->file_digests[c->n_files] = *out;
  if (c2h_strmap_put(&c->file_index, path, strlen(path), (int)c->n_files)) return C2H_ERR_NOMEM;
  c->n_files++;
  return 0;
}

static int string_is(const json_t *v, const char *s) {
  return json_is_string(v) && strcmp(json_string_value(v), s) == 0;
}

/* Whether every file the entry's compile read is as it was. */
static int reads_unchanged(c2h_verify_cache *c, const json_t *reads, int *same) {
  size_t i;
  json_t *r;
  *same = json_is_array(reads) && json_array_size(reads) > 0;
  json_array_foreach(reads, i, r) {
    const char *path = json_string_value(json_array_get(r, 0));
    c2h_digest d;
    if (!path) return *same = 0;
    int rc = file_digest(c, path, &d);
    if (rc) return rc;
    if (!d.hex[0] || !string_is(json_array_get(r, 1), d.hex)) return *same = 0;
  }
  return 0;
}

int c2h_verify_cache_check(void *ctx, const char *compiler_id, const c2h_verify_unit *units, size_t n,
                           unsigned char *up_to_date) {
  c2h_verify_cache *c = ctx;
  free(c->keys);
  free(c->skipped);
  c->keys = calloc(n ? n : 1, sizeof *c->keys);
  c->skipped = calloc(n ? n : 1, 1);
  c->n = n;
  if (!c->keys || !c->skipped) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    c2h_key_builder *k = c2h_key_begin();
    if (!k) return C2H_ERR_NOMEM;
    c2h_key_add(k, compiler_id);
    c2h_key_add(k, units[i].path);
    for (size_t a = 0; a < units[i].n_args; a++) c2h_key_add(k, units[i].args[a]);
    c2h_key_end(k, &c->keys[i]);
    const json_t *e = json_object_get(c->old_units, units[i].path);
    int same = 0;
    if (e && string_is(json_object_get(e, "key"), c->keys[i].hex)) {
      int rc = reads_unchanged(c, json_object_get(e, "reads"), &same);
      if (rc) return rc;
    }
    up_to_date[i] = c->skipped[i] = (unsigned char)same;
  }
  return 0;
}

/* The entry of a unit that compiled, or NULL when a file it read cannot be
 * read now or cannot be put in JSON (it is then compiled again next run). */
static int entry(c2h_verify_cache *c, const c2h_digest *key, char *const *reads, json_t **out) {
  *out = NULL;
  json_t *list = json_array();
  if (!list) return C2H_ERR_NOMEM;
  for (size_t i = 0; reads[i]; i++) {
    c2h_digest d;
    int rc = file_digest(c, reads[i], &d);
    json_t *pair = rc || !d.hex[0] ? NULL : json_pack("[s,s]", reads[i], d.hex);
    if (rc || !pair || json_array_append_new(list, pair)) {
      json_decref(list);
      return rc;
    }
  }
  *out = json_pack("{s:s,s:o}", "key", key->hex, "reads", list);
  return *out ? 0 : C2H_ERR_NOMEM;
}

int c2h_verify_cache_update(c2h_verify_cache *c, const c2h_verify_unit *units, size_t n, char *const *const *reads) {
  for (size_t i = 0; i < n && i < c->n; i++) {
    if (c->skipped[i]) continue;
    json_t *e = NULL;
    int rc = reads && reads[i] ? entry(c, &c->keys[i], reads[i], &e) : 0;
    if (rc) return rc;
    /* A path that is not UTF-8 cannot be a JSON key: not remembered. */
    if (!e || json_object_set_new(c->units, units[i].path, e)) json_object_del(c->units, units[i].path);
    c->dirty = 1;
  }
  return 0;
}

int c2h_verify_cache_save(c2h_verify_cache *c, c2h_error *err) {
  if (!c->dirty) return 0;
  json_t *root = json_pack("{s:i,s:O}", "format", VERIFY_CACHE_FORMAT, "units", c->units);
  char *text = root ? json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
  json_decref(root);
  if (!text) return c2h_error_set(err, C2H_ERR_NOMEM, c->path, 0, 0, "out of memory");
  int rc = c2h_file_write_atomic(c->path, text, strlen(text), 0644, err);
  free(text);
  return rc;
}
