/* The incremental cache: one JSON file in the output directory.
 *
 *   {"format": 1, "key": RUN_KEY, "files": {REL: ENTRY, ...}}
 *   REL: the output's name below OUT, or, for a name that is not UTF-8,
 *        "/" and the name %XX-escaped (cache_key)
 *   ENTRY = {"kind": "translated"|"copied", "input": DIGEST, "flags": DIGEST,
 *            "output": [SIZE, MTIME_SEC, MTIME_NSEC], "digest": DIGEST,
 *            "changed": 0|1, "compat": 0|1, "depends": [[PATH, DIGEST], ...],
 *            "stats": {...}, "diags": [[PATH|null, BL, BC, BO, EL, EC, EO, SEV, CHECK, MESSAGE, REPLACEMENT|null]]}
 *
 * "digest" is the digest of the bytes cu2hip wrote (none for a link). The
 * output's size and modification time tell cheaply that the output is as it
 * was written; when they differ, its digest tells whether a person edited it
 * (then it is kept, unless the run overwrites edits) or only touched it. A
 * removed output is made again. An entry kept for an edited output after the
 * run key changed holds only "input", "output" and "digest": it is never up
 * to date, but it still tells the edit. A header's digest is computed once
 * per run, however many files include it. */
#define _POSIX_C_SOURCE 200809L
#include "cache.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/strmap.h"

#define CACHE_FORMAT 1

void c2h_digest_bytes(const void *data, size_t len, c2h_digest *out) {
  XXH128_hash_t h = XXH3_128bits(data, len);
  snprintf(out->hex, sizeof out->hex, "%016llx%016llx", (unsigned long long)h.high64, (unsigned long long)h.low64);
}

/* The JSON file at path, read as a regular file only (c2h_file_read: a
 * named pipe there never blocks the run); NULL and err when it cannot be
 * read, jerr when it is not JSON. */
static json_t *load_json_file(const char *path, c2h_error *err, json_error_t *jerr) {
  char *data = NULL;
  size_t len = 0;
  if (c2h_file_read(path, &data, &len, err) != 0) {
    if (jerr) jerr->text[0] = '\0';
    return NULL;
  }
  json_t *root = json_loadb(data, len, 0, jerr);
  free(data);
  return root;
}

json_t *c2h_json_record_section(const char *path, long long format, const char *section, json_t **root) {
  c2h_error err;
  *root = load_json_file(path, &err, NULL);
  json_t *object = json_object_get(*root, section);
  if (*root && json_integer_value(json_object_get(*root, "format")) == format && json_is_object(object))
    return object;
  return NULL;
}

struct c2h_key_builder {
  XXH3_state_t *state;
};

c2h_key_builder *c2h_key_begin(void) {
  c2h_key_builder *k = calloc(1, sizeof *k);
  if (!k) return NULL;
  if (!(k->state = XXH3_createState()) || XXH3_128bits_reset(k->state) != XXH_OK) {
    XXH3_freeState(k->state);
    free(k);
    return NULL;
  }
  return k;
}

void c2h_key_add(c2h_key_builder *k, const char *s) {
  if (!k) return;
  static const char none = 1, end = 0;
  if (!s) XXH3_128bits_update(k->state, &none, 1);
  else XXH3_128bits_update(k->state, s, strlen(s) + 1);
  XXH3_128bits_update(k->state, &end, 1);
}

static void key_add_number(c2h_key_builder *k, unsigned long long v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%llu", v);
  c2h_key_add(k, buf);
}

static void key_add_form(c2h_key_builder *k, const c2h_rule_form *f) {
  c2h_key_add(k, f->hip);
  c2h_key_add(k, f->call);
  key_add_number(k, f->drop_args);
  for (size_t i = 0; i < f->n_args; i++) {
    key_add_number(k, (unsigned long long)f->args[i].index);
    c2h_key_add(k, f->args[i].tmpl);
  }
}

/* Everything of the rule table that can change an output or a diagnostic
 * (not where an entry was written). */
void c2h_key_add_rules(c2h_key_builder *k, const c2h_rules *rules) {
  size_t n = c2h_rules_count(rules);
  key_add_number(k, n);
  for (size_t i = 0; i < n; i++) {
    const c2h_rule *r = c2h_rules_at(rules, i);
    c2h_key_add(k, r->cuda);
    key_add_number(k, (unsigned long long)r->kind);
    c2h_key_add(k, r->library);
    c2h_key_add(k, r->include);
    c2h_key_add(k, r->unsupported);
    key_add_form(k, &r->form);
    if (r->has_fallback) key_add_form(k, &r->fallback);
    key_add_number(k, (unsigned long long)r->mask_arg);
    key_add_number(k, r->rocm);
    key_add_number(k, r->deprecated);
    key_add_number(k, r->removed);
    c2h_key_add(k, r->note);
  }
}

void c2h_key_end(c2h_key_builder *k, c2h_digest *out) {
  if (!k) {
    snprintf(out->hex, sizeof out->hex, "%s", "none");
    return;
  }
  XXH128_hash_t h = XXH3_128bits_digest(k->state);
  snprintf(out->hex, sizeof out->hex, "%016llx%016llx", (unsigned long long)h.high64, (unsigned long long)h.low64);
  XXH3_freeState(k->state);
  free(k);
}

struct c2h_cache {
  char *path;
  char *out_dir;      /* the output tree the names (rel) are below */
  c2h_digest key;
  json_t *old_files;  /* entries read at open for reuse (read-only during the run); NULL: none */
  json_t *written;    /* entries read at open whatever their run key: what was written (read-only) */
  json_t *files;      /* entries to save: the old ones, replaced as files are stored */
  json_t *journaled;  /* rel -> [digest, ...]: what the journal of earlier runs says was written (read-only) */
  json_t *this_run;   /* rel -> digest: what this run wrote (under lock) */
  int unfoldable;     /* a record of this run's journal cannot go into the JSON cache (not UTF-8) */
  int not_file;       /* the cache path holds something that is not a regular file: never replaced */
  int journal_not_file; /* the same for the journal: never appended to nor removed */
  char *journal_path; /* OUT/.cu2hip-journal */
  int journal_fd;     /* open for appending, or -1 (not made yet, or cannot be) */
  int dirty;          /* an entry was stored: the file must be written */
  pthread_mutex_t lock;
  c2h_strmap lib_index; /* library name -> index in libs */
  const char **libs;
  size_t n_libs;
  c2h_strmap header_index; /* header path -> index in header_digests */
  c2h_digest *header_digests; /* "" when the header cannot be read */
  size_t n_headers, cap_headers;
};

/* Library names of the rule table, so cached stats point into it again. */
static int index_libraries(c2h_cache *c, const c2h_rules *rules) {
  size_t n = c2h_rules_count(rules);
  for (size_t i = 0; i < n; i++) {
    const char *lib = c2h_rules_at(rules, i)->library;
    if (!lib || c2h_strmap_get(&c->lib_index, lib, strlen(lib)) >= 0) continue;
    const char **grown = realloc(c->libs, (c->n_libs + 1) * sizeof *grown);
    if (!grown) return C2H_ERR_NOMEM;
    c->libs = grown;
    if (c2h_strmap_put(&c->lib_index, lib, strlen(lib), (int)c->n_libs)) return C2H_ERR_NOMEM;
    c->libs[c->n_libs++] = lib;
  }
  return 0;
}

static int is_digest(const json_t *v) {
  const char *h = json_string_value(v);
  if (!h || strlen(h) != 32) return 0;
  for (const char *p = h; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) return 0;
  return 1;
}

/* Whether an entry has the shape c2h_cache_store (or c2h_cache_edited, or
 * the journal's fold) gives it; entries of any other shape are dropped and
 * the cache is reported damaged. */
static int entry_valid(const json_t *e) {
  if (!json_is_object(e) || (json_object_get(e, "digest") && !is_digest(json_object_get(e, "digest")))) return 0;
  const json_t *out = json_object_get(e, "output");
  if (out && !json_is_null(out) &&
      !(json_is_array(out) && json_array_size(out) == 3 && json_is_integer(json_array_get(out, 0)) &&
        json_is_integer(json_array_get(out, 1)) && json_is_integer(json_array_get(out, 2))))
    return 0;
  static const char *const strings[] = {"kind", "input", "flags"};
  for (size_t i = 0; i < 3; i++) {
    const json_t *v = json_object_get(e, strings[i]);
    if (v && !json_is_string(v) && !json_is_null(v)) return 0;
  }
  const json_t *deps = json_object_get(e, "depends"), *diags = json_object_get(e, "diags");
  if ((deps && !json_is_array(deps)) || (diags && !json_is_array(diags))) return 0;
  size_t i;
  json_t *d;
  json_array_foreach(deps, i, d) if (!json_is_array(d) || !json_is_string(json_array_get(d, 0)) ||
                                     !json_is_string(json_array_get(d, 1))) return 0;
  const json_t *stats = json_object_get(e, "stats");
  return !stats || json_is_object(stats);
}

/* Reads what the cache file says; *why is set when it is there but cannot
 * be used as a whole (then the valid entries are still kept: they tell
 * which outputs cu2hip wrote). Returns the files object (owned) or NULL. */
static json_t *read_cache_file(const char *path, json_t **root_out, char *why, size_t why_size) {
  json_error_t jerr;
  c2h_error err;
  c2h_error_clear(&err);
  why[0] = '\0';
  *root_out = NULL;
  json_t *root = load_json_file(path, &err, &jerr);
  if (!root) {
    struct stat st;
    if (err.code && (lstat(path, &st) == 0 || errno != ENOENT))
      snprintf(why, why_size, "it cannot be read: %.*s", (int)(why_size > 24 ? why_size - 24 : 0), err.message);
    else if (!err.code)
      snprintf(why, why_size, "it does not read as JSON (%s, line %d)", jerr.text, jerr.line);
    return NULL;
  }
  *root_out = root;
  const json_t *format = json_object_get(root, "format");
  json_t *files = json_object_get(root, "files");
  if (!json_is_integer(format) || !json_is_object(files) || !json_is_string(json_object_get(root, "key"))) {
    snprintf(why, why_size, "%s", "it is not a cache of cu2hip (no format, key or files)");
    return NULL;
  }
  if (json_integer_value(format) != CACHE_FORMAT) {
    snprintf(why, why_size, "it was written in format %lld, not %d", (long long)json_integer_value(format),
             CACHE_FORMAT);
    return NULL;
  }
  json_t *valid = json_object();
  const char *rel;
  json_t *e;
  size_t bad = 0;
  json_object_foreach(files, rel, e) {
    if (entry_valid(e)) json_object_set(valid, rel, e);
    else bad++;
  }
  if (bad) snprintf(why, why_size, "%zu of its entries are malformed", bad);
  return valid;
}

/* The key of an output's name in the cache's JSON objects. A name that is
 * valid UTF-8 is its own key (no relative name starts with '/'); any other
 * (a Latin-1 file name) is "/" followed by the name with '%', control bytes
 * and bytes from 0x80 written %XX, which JSON can hold and cache_name turns
 * back into the name. Malloc'd; NULL when out of memory. */
static char *cache_key(const char *rel) {
  /* (json_string checks UTF-8 as jansson's keys need it.) */
  json_t *as_json = rel[0] != '/' ? json_string(rel) : NULL;
  json_decref(as_json);
  if (as_json) return c2h_strdup(rel);
  size_t n = strlen(rel);
  char *k = malloc(3 * n + 2), *o = k;
  if (!k) return NULL;
  *o++ = '/';
  for (const unsigned char *p = (const unsigned char *)rel; *p; p++) {
    if (*p == '%' || *p < 0x20 || *p >= 0x7f) o += sprintf(o, "%%%02X", *p);
    else *o++ = (char)*p;
  }
  *o = '\0';
  return k;
}

static int hex_digit(char ch) {
  return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* The name a cache key stands for (cache_key's inverse). Malloc'd. */
static char *cache_name(const char *key) {
  if (key[0] != '/') return c2h_strdup(key);
  char *name = malloc(strlen(key)), *o = name;
  if (!name) return NULL;
  for (const char *p = key + 1; *p; p++) {
    int hi, lo;
    if (*p == '%' && (hi = hex_digit(p[1])) >= 0 && (lo = hex_digit(p[2])) >= 0 && (hi || lo)) {
      *o++ = (char)(hi * 16 + lo);
      p += 2;
    } else {
      *o++ = *p;
    }
  }
  *o = '\0';
  return name;
}

/* The write journal: one line per output written, appended as it is
 * written, so that a run that was stopped before it saved the cache still
 * tells the next run what it wrote (`w DIGEST LENGTH REL`). A line cut
 * short, or any other text, is skipped. */
#define JOURNAL_FILE ".cu2hip-journal"

static void read_journal(c2h_cache *c) {
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  if (c2h_file_read(c->journal_path, &data, &len, &err) != 0) return;
  for (size_t at = 0; at < len;) {
    const char *line = data + at;
    const char *nl = memchr(line, '\n', len - at);
    size_t line_len = nl ? (size_t)(nl - line) : len - at;
    at += line_len + 1;
    char digest[33];
    unsigned long rel_len = 0;
    int skip = 0;
    if (line_len < 38 || sscanf(line, "w %32[0-9a-f] %lu %n", digest, &rel_len, &skip) != 2 || skip <= 0 ||
        strlen(digest) != 32 || (size_t)skip + rel_len != line_len || !nl)
      continue;
    char *rel = c2h_strndup(line + skip, rel_len);
    char *key = rel ? cache_key(rel) : NULL;
    free(rel);
    if (!key) break;
    json_t *list = json_object_get(c->journaled, key);
    if (!list && json_object_set_new(c->journaled, key, json_array()) == 0) list = json_object_get(c->journaled, key);
    if (list) json_array_append_new(list, json_string(digest));
    free(key);
  }
  free(data);
}

int c2h_cache_open(c2h_cache **out, const char *out_dir, const c2h_digest *run_key, const c2h_rules *rules,
                   int reuse, c2h_error *damage) {
  c2h_cache *c = calloc(1, sizeof *c);
  if (!c) return C2H_ERR_NOMEM;
  pthread_mutex_init(&c->lock, NULL);
  c2h_strmap_init(&c->lib_index);
  c2h_strmap_init(&c->header_index);
  c->key = *run_key;
  c->journal_fd = -1;
  c2h_error_clear(damage);
  c->path = c2h_path_join(out_dir, C2H_CACHE_FILE);
  c->out_dir = c2h_strdup(out_dir);
  c->journal_path = c2h_path_join(out_dir, JOURNAL_FILE);
  c->files = json_object();
  c->journaled = json_object();
  c->this_run = json_object();
  if (!c->path || !c->out_dir || !c->journal_path || !c->files || !c->journaled || !c->this_run || index_libraries(c, rules)) goto nomem;
  json_t *root = NULL;
  char why[512];
  json_t *files = read_cache_file(c->path, &root, why, sizeof why);
  struct stat st;
  /* A named pipe or device where the cache goes is the user's: it is
   * neither read (c2h_file_read refuses it) nor written (that could block,
   * or replace it). */
  c->not_file = lstat(c->path, &st) == 0 && !S_ISREG(st.st_mode);
  if (why[0]) c2h_error_set(damage, C2H_ERR_INPUT, c->path, 0, 0, "%s", why);
  if (files) c->written = json_incref(files);
  if (files && !why[0] && strcmp(json_string_value(json_object_get(root, "key")), run_key->hex) == 0) {
    if (reuse) c->old_files = json_incref(files);
    if (json_object_update(c->files, files)) {
      json_decref(files);
      json_decref(root);
      goto nomem;
    }
  } else if (files && why[0]) {
    /* What a damaged cache still says was written is carried over (never
     * as up to date), so that it keeps telling edits. */
    const char *rel;
    json_t *e;
    json_object_foreach(files, rel, e) {
      if (!is_digest(json_object_get(e, "digest"))) continue;
      json_t *keep = json_pack("{s:O}", "digest", json_object_get(e, "digest"));
      if (!keep || json_object_set_new(c->files, rel, keep)) goto nomem_files;
      c->dirty = 1;
    }
  }
  json_decref(files);
  json_decref(root);
  read_journal(c);
  if (lstat(c->journal_path, &st) == 0 && !S_ISREG(st.st_mode)) {
    /* Never appended to either (c2h_cache_journal_write). */
    c->journal_fd = -2;
    c->journal_not_file = 1;
    if (!damage->code)
      c2h_error_set(damage, C2H_ERR_IO, c->journal_path, 0, 0, "%s, not a regular file",
                    c2h_file_type_name(st.st_mode));
  }
  if (json_object_size(c->journaled)) c->dirty = 1; /* folded into the cache at the end */
  *out = c;
  return 0;
nomem_files:
  json_decref(files);
  json_decref(root);
nomem:
  c2h_cache_free(c);
  return C2H_ERR_NOMEM;
}

void c2h_cache_free(c2h_cache *c) {
  if (!c) return;
  json_decref(c->old_files);
  json_decref(c->written);
  json_decref(c->files);
  json_decref(c->journaled);
  json_decref(c->this_run);
  if (c->journal_fd >= 0) close(c->journal_fd);
  free(c->journal_path);
  free(c->out_dir);
  pthread_mutex_destroy(&c->lock);
  c2h_strmap_dispose(&c->lib_index);
  c2h_strmap_dispose(&c->header_index);
  free(c->libs);
  free(c->header_digests);
  free(c->path);
  free(c);
}

/* The digest of a header's current content, computed once per run. An
 * unreadable header gets an empty digest, which matches nothing stored. */
static int header_digest(c2h_cache *c, const char *path, c2h_digest *out) {
  pthread_mutex_lock(&c->lock);
  int i = c2h_strmap_get(&c->header_index, path, strlen(path));
  if (i >= 0) *out = c->header_digests[i];
  pthread_mutex_unlock(&c->lock);
  if (i >= 0) return 0;
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  if (c2h_file_read(path, &data, &len, &err) == 0) c2h_digest_bytes(data, len, out);
  else out->hex[0] = '\0';
  free(data);
  int rc = 0;
  pthread_mutex_lock(&c->lock);
  if (c->n_headers == c->cap_headers) {
    size_t cap = c->cap_headers ? c->cap_headers * 2 : 64;
    c2h_digest *grown = realloc(c->header_digests, cap * sizeof *grown);
    if (!grown) rc = C2H_ERR_NOMEM;
    else {
      c->header_digests = grown;
      c->cap_headers = cap;
    }
  }
  if (rc == 0 && c2h_strmap_get(&c->header_index, path, strlen(path)) < 0) {
    c->header_digests[c->n_headers] = *out;
    rc = c2h_strmap_put(&c->header_index, path, strlen(path), (int)c->n_headers);
    if (rc == 0) c->n_headers++;
  }
  pthread_mutex_unlock(&c->lock);
  return rc;
}

/* [size, seconds, nanoseconds] of the output (a file, or a link itself),
 * or NULL when it is missing. */
static json_t *output_stamp(const char *output_path) {
  struct stat st;
  if (lstat(output_path, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) return NULL;
  return json_pack("[I,I,I]", (json_int_t)st.st_size, (json_int_t)st.st_mtim.tv_sec,
                   (json_int_t)st.st_mtim.tv_nsec);
}

static const char *cached_as_name(c2h_cached_as cached_as) {
  return cached_as == C2H_CACHED_COPIED ? "copied" : "translated";
}

static int string_is(const json_t *v, const char *s) {
  return json_is_string(v) && strcmp(json_string_value(v), s) == 0;
}

static char *dup_string(const json_t *v) {
  return json_is_string(v) ? c2h_strdup(json_string_value(v)) : NULL;
}

/* Restores the diagnostics of an entry; 1 when the entry is malformed. */
static int restore_diags(const json_t *list, const char *path, c2h_diag_list *diags, int *rc) {
  size_t i;
  json_t *d;
  json_array_foreach(list, i, d) {
    json_t *p = json_array_get(d, 0), *check_name = json_array_get(d, 8), *msg = json_array_get(d, 9),
           *repl = json_array_get(d, 10);
    long long nums[7];
    for (size_t k = 0; k < 7; k++) {
      json_t *v = json_array_get(d, k + 1);
      if (!json_is_integer(v) || json_integer_value(v) < 0) return 1;
      nums[k] = json_integer_value(v);
    }
    c2h_check check = C2H_CHECK__COUNT;
    for (int k = 0; k < C2H_CHECK__COUNT; k++)
      if (string_is(check_name, c2h_check_name((c2h_check)k))) check = (c2h_check)k;
    if (check == C2H_CHECK__COUNT || nums[6] > C2H_SEV_ERROR || !json_is_string(msg) ||
        !(json_is_null(p) || json_is_string(p)) || !(json_is_null(repl) || json_is_string(repl)))
      return 1;
    c2h_pos b = {(unsigned)nums[0], (unsigned)nums[1], (size_t)nums[2]};
    c2h_pos e = {(unsigned)nums[3], (unsigned)nums[4], (size_t)nums[5]};
    if ((*rc = c2h_diag_list_add(diags, json_is_string(p) ? json_string_value(p) : path, b, e,
                                 (c2h_severity)nums[6], check, json_is_string(repl) ? json_string_value(repl) : NULL,
                                 "%s", json_string_value(msg))))
      return 0;
  }
  return 0;
}

static size_t stat_field(const json_t *stats, const char *name) {
  json_int_t v = json_integer_value(json_object_get(stats, name));
  return v > 0 ? (size_t)v : 0;
}

static void restore_stats(const c2h_cache *c, const json_t *stats, c2h_file_stats *s) {
  s->edits = stat_field(stats, "edits");
  s->renames = stat_field(stats, "renames");
  s->includes = stat_field(stats, "includes");
  s->launches = stat_field(stats, "launches");
  s->calls = stat_field(stats, "calls");
  s->suppressed = stat_field(stats, "suppressed");
  s->lines_changed = stat_field(stats, "lines_changed");
  size_t i;
  json_t *lib;
  json_array_foreach(json_object_get(stats, "libraries"), i, lib) {
    const char *name = json_string_value(json_array_get(lib, 0));
    json_int_t uses = json_integer_value(json_array_get(lib, 1));
    int at = name ? c2h_strmap_get(&c->lib_index, name, strlen(name)) : -1;
    if (at < 0 || uses <= 0 || s->n_libraries >= sizeof s->by_library / sizeof *s->by_library) continue;
    s->by_library[s->n_libraries].library = c->libs[at];
    s->by_library[s->n_libraries++].uses = (size_t)uses;
  }
}

/* 1 when the output's content has the digest the entry recorded, 0 when
 * not, -1 when the entry has none or the output cannot be read. */
static int same_digest(const json_t *e, const char *output_path) {
  const json_t *want = json_object_get(e, "digest");
  if (!json_is_string(want)) return -1;
  struct stat st;
  /* An output with a digest is a file: a link there is not read through. */
  if (lstat(output_path, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  if (c2h_file_read(output_path, &data, &len, &err) != 0) return -1;
  c2h_digest d;
  c2h_digest_bytes(data, len, &d);
  free(data);
  return string_is(want, d.hex);
}

static int lookup_key(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                      c2h_cached_as cached_as, const char *path, const char *output_path, c2h_file_result *res,
                      int *hit) {
  *hit = 0;
  const json_t *e = json_object_get(c->old_files, rel);
  if (!e || !string_is(json_object_get(e, "kind"), cached_as_name(cached_as)) ||
      !string_is(json_object_get(e, "input"), input->hex) || !string_is(json_object_get(e, "flags"), file_key->hex))
    return 0;
  json_t *now = output_stamp(output_path);
  int same_stamp = now && json_equal(now, json_object_get(e, "output"));
  /* Touched but not edited (same bytes): still up to date. */
  int same_output = same_stamp || (now && same_digest(e, output_path) == 1);
  if (!same_output) {
    json_decref(now);
    return 0;
  }
  size_t i;
  json_t *dep;
  const json_t *depends = json_object_get(e, "depends");
  json_array_foreach(depends, i, dep) {
    const char *dep_path = json_string_value(json_array_get(dep, 0));
    c2h_digest d;
    if (!dep_path) return 0;
    int rc = header_digest(c, dep_path, &d);
    if (rc) return rc;
    if (!d.hex[0] || !string_is(json_array_get(dep, 1), d.hex)) return 0;
  }
  if (cached_as == C2H_CACHED_TRANSLATED) {
    int rc = 0;
    if (restore_diags(json_object_get(e, "diags"), path, &res->diags, &rc)) {
      c2h_diag_list_dispose(&res->diags);
      c2h_diag_list_init(&res->diags);
      return 0;
    }
    if (rc) return rc;
    restore_stats(c, json_object_get(e, "stats"), &res->stats);
    res->changed = json_is_true(json_object_get(e, "changed"));
    res->needs_compat_header = json_is_true(json_object_get(e, "compat"));
    size_t n = json_array_size(depends);
    if (n && !(res->depends = calloc(n, sizeof *res->depends))) return C2H_ERR_NOMEM;
    json_array_foreach(depends, i, dep) {
      if (!(res->depends[i] = dup_string(json_array_get(dep, 0)))) return C2H_ERR_NOMEM;
      res->n_depends = i + 1;
    }
  }
  *hit = 1; /* the entry is carried over (c->files holds it), with the new stamp when touched */
  int rc = 0;
  if (!same_stamp) {
    json_t *copy = json_deep_copy(e);
    if (!copy || json_object_set(copy, "output", now)) rc = C2H_ERR_NOMEM;
    pthread_mutex_lock(&c->lock);
    if (!rc && json_object_set(c->files, rel, copy)) rc = C2H_ERR_NOMEM;
    c->dirty = 1;
    pthread_mutex_unlock(&c->lock);
    json_decref(copy);
  }
  json_decref(now);
  return rc;
}

/* The digest of the file at path; 0, or -1 when it cannot be read. */
static int file_digest(const char *path, c2h_digest *d) {
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  if (c2h_file_read(path, &data, &len, &err) != 0) return -1;
  c2h_digest_bytes(data, len, d);
  free(data);
  return 0;
}

static int edited_key(c2h_cache *c, const char *rel, const c2h_digest *input, const char *output_path, int *edited,
                      int *input_changed, int *unrecorded, int *link) {
  *edited = *input_changed = *unrecorded = 0;
  if (link) *link = 0;
  struct stat st;
  const json_t *e = json_object_get(c->written, rel);
  if (link && lstat(output_path, &st) == 0 && S_ISLNK(st.st_mode)) {
    /* A link where a file goes: cu2hip's own when an earlier run recreated
     * an input's link there (its record holds the link's stamp and no
     * digest); else a person put it there, and it is theirs. */
    json_t *now = output_stamp(output_path);
    int own = now && e && !json_object_get(e, "digest") && json_equal(now, json_object_get(e, "output"));
    json_decref(now);
    if (!own) *edited = *link = 1;
    return 0;
  }
  if (lstat(output_path, &st) != 0 || !S_ISREG(st.st_mode)) return 0; /* removed: made again */
  const json_t *journaled = json_object_get(c->journaled, rel);
  int recorded = e && json_is_string(json_object_get(e, "digest"));
  if (recorded) {
    json_t *now = output_stamp(output_path);
    int same_stamp = now && json_equal(now, json_object_get(e, "output"));
    json_decref(now);
    if (same_stamp) return 0;
  }
  c2h_digest d;
  if (file_digest(output_path, &d) != 0) return 0; /* unreadable: the write will tell */
  if (recorded && string_is(json_object_get(e, "digest"), d.hex)) return 0;
  size_t i;
  json_t *v;
  json_array_foreach(journaled, i, v) if (string_is(v, d.hex)) return 0; /* written by a run that was stopped */
  *edited = 1;
  if (!recorded && !journaled) {
    /* No record says cu2hip wrote it (no cache, a damaged one, or a file
     * that was there before): the caller keeps it unless it holds what
     * this run makes. */
    *unrecorded = 1;
    return 0;
  }
  *input_changed = !e || !string_is(json_object_get(e, "input"), input->hex);
  /* Made with another run key, this run's cache does not hold it: keep what
   * tells the edit, so that the next run still keeps the file, but nothing
   * that could be taken as up to date. */
  const json_t *was_input = e ? json_object_get(e, "input") : NULL, *was_output = e ? json_object_get(e, "output") : NULL;
  const json_t *was_digest =
      recorded ? json_object_get(e, "digest") : json_array_get(journaled, json_array_size(journaled) - 1);
  json_t *keep = json_pack("{s:O,s:O,s:O}", "input", was_input ? was_input : json_null(), "output",
                           was_output ? was_output : json_null(), "digest", was_digest);
  if (!keep) return C2H_ERR_NOMEM;
  int rc = 0;
  pthread_mutex_lock(&c->lock);
  if (!json_object_get(c->files, rel) || !json_is_string(json_object_get(json_object_get(c->files, rel), "kind"))) {
    rc = json_object_set_new(c->files, rel, keep) ? C2H_ERR_NOMEM : 0;
    c->dirty = 1;
  } else {
    json_decref(keep);
  }
  pthread_mutex_unlock(&c->lock);
  return rc;
}

int c2h_cache_journal_write(c2h_cache *c, const char *rel, const c2h_digest *digest) {
  if (!c || !digest) return 0;
  size_t len = strlen(rel);
  char *line = malloc(len + 64);
  if (!line) return C2H_ERR_NOMEM;
  int n = snprintf(line, len + 64, "w %s %zu %s\n", digest->hex, len, rel);
  pthread_mutex_lock(&c->lock);
  if (c->journal_fd == -1) {
    /* O_NONBLOCK and the type check: a named pipe made there is refused
     * instead of waited on. */
    c->journal_fd = open(c->journal_path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644);
    struct stat st;
    if (c->journal_fd >= 0 && (fstat(c->journal_fd, &st) != 0 || !S_ISREG(st.st_mode))) {
      close(c->journal_fd);
      c->journal_fd = -2;
    }
  }
  /* One write per record (O_APPEND): a kill leaves whole lines, or a last
   * one cut short, which is skipped when read. Not flushed to disk one by
   * one: the kernel keeps what a killed process wrote, and a record a
   * power failure loses only makes its output count as not cu2hip's. */
  if (c->journal_fd >= 0 && n > 0 && write(c->journal_fd, line, (size_t)n) != n) {
    close(c->journal_fd);
    c->journal_fd = -2; /* a full disk: the cache at the end still tells */
  }
  c->dirty = 1;
  pthread_mutex_unlock(&c->lock);
  free(line);
  return 0;
}

int c2h_cache_note_written(c2h_cache *c, const char *rel, const c2h_digest *written) {
  if (!c || !written) return 0;
  char *key = cache_key(rel);
  if (!key) return C2H_ERR_NOMEM;
  pthread_mutex_lock(&c->lock);
  /* What this run wrote is this run's record, whatever the cache held. */
  if (json_object_set_new(c->this_run, key, json_string(written->hex))) c->unfoldable = 1;
  free(key);
  c->dirty = 1;
  pthread_mutex_unlock(&c->lock);
  return 0;
}

static json_t *diag_json(const c2h_diag *d, const char *path) {
  json_t *p = strcmp(d->path, path) == 0 ? json_null() : json_string(d->path);
  return json_pack("[o,I,I,I,I,I,I,i,s,s,s?]", p, (json_int_t)d->begin.line, (json_int_t)d->begin.col,
                   (json_int_t)d->begin.offset, (json_int_t)d->end.line, (json_int_t)d->end.col,
                   (json_int_t)d->end.offset, (int)d->severity, c2h_check_name(d->check),
                   d->message ? d->message : "", d->replacement);
}

static json_t *stats_json(const c2h_file_stats *s) {
  json_t *libs = json_array();
  for (size_t i = 0; libs && i < s->n_libraries; i++)
    json_array_append_new(libs, json_pack("[s,I]", s->by_library[i].library ? s->by_library[i].library : "",
                                          (json_int_t)s->by_library[i].uses));
  return json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o}", "edits", (json_int_t)s->edits, "renames",
                   (json_int_t)s->renames, "includes", (json_int_t)s->includes, "launches", (json_int_t)s->launches,
                   "calls", (json_int_t)s->calls, "suppressed", (json_int_t)s->suppressed, "lines_changed",
                   (json_int_t)s->lines_changed, "libraries", libs);
}

/* Whether s is valid UTF-8 (NULL counts as valid): JSON strings must be. */
static int utf8_valid(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (p && *p) {
    size_t n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : 4;
    if (n == 4 || (n == 1 && *p < 0xc2)) return 0;
    for (size_t i = 1; i <= n; i++)
      if ((p[i] & 0xc0) != 0x80) return 0;
    p += n + 1;
  }
  return 1;
}

/* A file whose headers or diagnostics are not valid UTF-8 (a message
 * quoting Latin-1 source bytes) cannot be put in the JSON cache: it is not
 * remembered as up to date, and the next run redoes it (what was written is
 * still recorded, c2h_cache_note_written). Names are escaped (cache_key). */
static int storable(const char *path, const c2h_file_result *res) {
  for (size_t i = 0; res && i < res->n_depends; i++)
    if (!utf8_valid(res->depends[i])) return 0;
  for (size_t i = 0; res && i < res->diags.len; i++) {
    const c2h_diag *d = &res->diags.items[i];
    /* (A diagnostic's path that is the file's own is stored as null.) */
    if ((strcmp(d->path, path) != 0 && !utf8_valid(d->path)) || !utf8_valid(d->message) ||
        !utf8_valid(d->replacement))
      return 0;
  }
  return 1;
}

static int store_key(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                     c2h_cached_as cached_as, const char *path, const char *output_path, const c2h_digest *written,
                     const c2h_file_result *res) {
  if (!storable(path, res)) return 0;
  json_t *stamp = output_stamp(output_path);
  if (!stamp) return 0; /* nothing to remember: the next run makes it again */
  json_t *e = json_pack("{s:s,s:s,s:s,s:o}", "kind", cached_as_name(cached_as), "input", input->hex, "flags", file_key->hex,
                        "output", stamp);
  if (!e) return C2H_ERR_NOMEM;
  if (written && json_object_set_new(e, "digest", json_string(written->hex))) {
    json_decref(e);
    return C2H_ERR_NOMEM;
  }
  if (res) {
    json_t *depends = json_array(), *diags = json_array();
    int bad = !depends || !diags;
    for (size_t i = 0; !bad && i < res->n_depends; i++) {
      c2h_digest d;
      if (header_digest(c, res->depends[i], &d)) bad = 1;
      else if (!d.hex[0]) {
        /* A header that vanished while the file was parsed: do not cache. */
        json_decref(depends);
        json_decref(diags);
        json_decref(e);
        return 0;
      } else bad = json_array_append_new(depends, json_pack("[s,s]", res->depends[i], d.hex)) != 0;
    }
    for (size_t i = 0; !bad && i < res->diags.len; i++)
      bad = json_array_append_new(diags, diag_json(&res->diags.items[i], path)) != 0;
    if (bad || json_object_set_new(e, "changed", json_boolean(res->changed)) ||
        json_object_set_new(e, "compat", json_boolean(res->needs_compat_header)) ||
        json_object_set_new(e, "depends", depends) || json_object_set_new(e, "diags", diags) ||
        json_object_set_new(e, "stats", stats_json(&res->stats))) {
      json_decref(e);
      return C2H_ERR_NOMEM;
    }
  }
  pthread_mutex_lock(&c->lock);
  int rc = json_object_set_new(c->files, rel, e) ? C2H_ERR_NOMEM : 0;
  c->dirty = 1;
  pthread_mutex_unlock(&c->lock);
  return rc;
}

int c2h_cache_lookup(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                     c2h_cached_as cached_as, const char *path, const char *output_path, c2h_file_result *res,
                     int *hit) {
  *hit = 0;
  char *key = cache_key(rel);
  if (!key) return C2H_ERR_NOMEM;
  int rc = lookup_key(c, key, input, file_key, cached_as, path, output_path, res, hit);
  free(key);
  return rc;
}

int c2h_cache_edited(c2h_cache *c, const char *rel, const c2h_digest *input, const char *output_path, int *edited,
                     int *input_changed, int *unrecorded, int *link) {
  *edited = *input_changed = *unrecorded = 0;
  if (link) *link = 0;
  char *key = cache_key(rel);
  if (!key) return C2H_ERR_NOMEM;
  int rc = edited_key(c, key, input, output_path, edited, input_changed, unrecorded, link);
  free(key);
  return rc;
}

int c2h_cache_store(c2h_cache *c, const char *rel, const c2h_digest *input, const c2h_digest *file_key,
                    c2h_cached_as cached_as, const char *path, const char *output_path, const c2h_digest *written,
                    const c2h_file_result *res) {
  char *key = cache_key(rel);
  if (!key) return C2H_ERR_NOMEM;
  int rc = store_key(c, key, input, file_key, cached_as, path, output_path, written, res);
  free(key);
  return rc;
}

/* Of the digests a stopped run's journal names for rel, the newest one the
 * output holds now, or NULL. The journal is written ahead of each write, so
 * its last record may name a write the stop cut off. */
static json_t *journaled_held(c2h_cache *c, const char *key, json_t *digests) {
  char *rel = cache_name(key);
  char *path = rel ? c2h_path_join(c->out_dir, rel) : NULL;
  free(rel);
  c2h_digest d;
  int readable = path && file_digest(path, &d) == 0;
  free(path);
  if (!readable) return NULL;
  for (size_t i = json_array_size(digests); i-- > 0;)
    if (string_is(json_array_get(digests, i), d.hex)) return json_array_get(digests, i);
  return NULL;
}

/* Every output the journals name gets an entry holding the digest last
 * written, unless its entry holds it already: an output this run wrote but
 * did not cache (a file left as it is), or one a stopped run wrote, is then
 * known to be cu2hip's. */
static int fold_journal(c2h_cache *c) {
  const char *rel;
  json_t *v;
  json_t *last = json_object();
  if (!last) return C2H_ERR_NOMEM;
  json_object_foreach(c->journaled, rel, v) {
    if (json_object_get(c->this_run, rel)) continue;
    json_t *held = journaled_held(c, rel, v);
    if (held) json_object_set(last, rel, held);
  }
  json_object_update(last, c->this_run);
  int rc = 0;
  json_object_foreach(last, rel, v) {
    json_t *e = json_object_get(c->files, rel);
    if (e && json_equal(json_object_get(e, "digest"), v)) continue;
    if (json_object_set_new(c->files, rel, json_pack("{s:O}", "digest", v))) rc = C2H_ERR_NOMEM;
  }
  json_decref(last);
  return rc;
}

int c2h_cache_save(c2h_cache *c, c2h_error *err) {
  if (!c->dirty) return 0; /* a run that redid nothing leaves the file as it is */
  struct stat st;
  if (c->not_file || (lstat(c->path, &st) == 0 && !S_ISREG(st.st_mode)))
    return c2h_error_set(err, C2H_ERR_IO, c->path, 0, 0, "it is %s, not a regular file, and is left as it is",
                         lstat(c->path, &st) == 0 ? c2h_file_type_name(st.st_mode) : "not a regular file");
  if (fold_journal(c)) return c2h_error_set(err, C2H_ERR_NOMEM, c->path, 0, 0, "out of memory");
  json_t *root = json_pack("{s:i,s:s,s:O}", "format", CACHE_FORMAT, "key", c->key.hex, "files", c->files);
  char *text = root ? json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
  json_decref(root);
  if (!text) return c2h_error_set(err, C2H_ERR_NOMEM, c->path, 0, 0, "out of memory");
  int rc = c2h_file_write_atomic(c->path, text, strlen(text), 0644, err);
  free(text);
  /* The cache holds every record now; records it cannot hold stay. */
  if (rc == 0 && !c->unfoldable && !c->journal_not_file) {
    if (c->journal_fd >= 0) close(c->journal_fd);
    c->journal_fd = -1;
    unlink(c->journal_path);
  }
  return rc;
}
