/* The compiled rule table kept in the parse cache's folder (rules.h,
 * c2h_rules_new_default_cached).
 *
 * Loading the embedded YAML (a YAML parse and the validation of some ten
 * thousand entries) was a fifth of a one-file run. The loaded table is
 * written once as one relocatable block: the c2h_rule array and everything
 * its entries point at, each pointer stored as its offset in the block plus
 * one (0 for NULL). Reading it back is one read, a pass that turns offsets
 * into pointers (each checked to lie inside the block) and the two name
 * indexes built again.
 *
 * The file is keyed by the format, the tool version, the build id of the
 * binary that holds this code (the loader and the struct layout it writes
 * are part of the build), the digest of every embedded rule file's name and
 * bytes and the ROCm-native tables selected; its header repeats the key's
 * digest and carries the payload's length and checksum, so a damaged,
 * truncated or stale file is never used: the table is loaded from YAML and
 * the file written again. Without a build id there is no cache. Files are
 * written to a temporary and renamed, so a concurrent process never reads a
 * half-written one; the 8 most recently written are kept. */
#define _POSIX_C_SOURCE 200809L /* O_CLOEXEC */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "cu2hip/cu2hip.h"
#include "rules_internal.h"
#include "util/buf.h"
#include "util/build_id.h"
#include "util/disk_cache.h"

#define FORMAT 1

/* rel_rule and fix_rule must store every pointer field of c2h_rule: a field
 * they miss would be written as a raw address and read back dangling. This
 * breaks the build when c2h_rule changes on LP64 so that both are revisited
 * (then update the size here). */
#if UINTPTR_MAX == UINT64_MAX
_Static_assert(sizeof(c2h_rule) == 328, "c2h_rule changed: store its new fields in rel_rule and fix_rule");
#endif
static const char magic[8] = {'c', '2', 'h', 'r', 'u', 'l', 'e', 's'};
static const c2h_disk_cache_kind rules_kind = {"rules-", ".bin", 8, 1LL << 30};

typedef struct file_head {
  char magic[8];
  uint32_t format, rule_size;
  uint64_t key_high, key_low; /* digest of the key */
  uint64_t len, sum;          /* payload bytes and their XXH3-64 */
} file_head;

/* The payload starts with this; it ends with a NUL byte, so that every
 * string offset inside it has its terminator inside it too. */
typedef struct blob_head {
  uint64_t n_items, items;
  int64_t newest;
  uint64_t reserved;
} blob_head;

/* ---- the key ---------------------------------------------------------- */

static void hash_files(XXH3_state_t *st, const c2h_embedded_file *files, size_t n) {
  for (size_t i = 0; i < n; i++) {
    XXH3_128bits_update(st, files[i].name, strlen(files[i].name) + 1);
    XXH3_128bits_update(st, &files[i].len, sizeof files[i].len);
    XXH3_128bits_update(st, files[i].data, files[i].len);
  }
}

/* The key's digest, or 0 when there is no build id to key by. */
static int cache_key(const char *const *roc, size_t n_roc, char **key_out, XXH128_hash_t *digest) {
  char build[2 * 64 + 1];
  if (!c2h_build_id(build, sizeof build)) return 0;
  XXH3_state_t *st = XXH3_createState();
  if (!st || XXH3_128bits_reset(st) != XXH_OK) {
    XXH3_freeState(st);
    return 0;
  }
  hash_files(st, c2h_embedded_rules, c2h_embedded_rules_count);
  hash_files(st, c2h_embedded_roc_rules, c2h_embedded_roc_rules_count);
  XXH128_hash_t files = XXH3_128bits_digest(st);
  XXH3_freeState(st);
  c2h_buf k;
  c2h_buf_init(&k);
  int rc = c2h_buf_printf(&k, "cu2hip %s rules %d\nbuild %s\nrule %zu\nfiles %016llx%016llx\n", C2H_VERSION_STRING,
                          FORMAT, build, sizeof(c2h_rule), (unsigned long long)files.high64,
                          (unsigned long long)files.low64);
  for (size_t i = 0; rc == 0 && i < n_roc; i++) rc = c2h_buf_printf(&k, "roc %s\n", roc[i]);
  if (rc) {
    c2h_buf_dispose(&k);
    return 0;
  }
  *digest = XXH3_128bits(k.data, k.len);
  *key_out = c2h_buf_detach(&k, NULL);
  return *key_out != NULL;
}

/* ---- writing ------------------------------------------------------------ */

typedef struct writer {
  c2h_buf b;
  c2h_strmap strings; /* string -> offset, so that shared ones are stored once */
  int rc;
} writer;

/* n bytes of p at an 8-aligned offset; the offset + 1, or 0 for NULL (a
 * non-NULL empty array stays non-NULL). */
static uintptr_t put(writer *w, const void *p, size_t n) {
  if (!p || w->rc) return 0;
  static const char zeros[8] = {0};
  size_t pad = (8 - w->b.len % 8) % 8;
  if (pad && (w->rc = c2h_buf_append(&w->b, zeros, pad))) return 0;
  size_t at = w->b.len;
  if ((w->rc = n ? c2h_buf_append(&w->b, p, n) : c2h_buf_append(&w->b, zeros, 1))) return 0;
  return (uintptr_t)at + 1;
}

static const char *put_str(writer *w, const char *s) {
  if (!s || w->rc) return NULL;
  size_t n = strlen(s);
  int at = c2h_strmap_get(&w->strings, s, n);
  if (at >= 0) return (const char *)((uintptr_t)at + 1);
  size_t off = w->b.len;
  if ((w->rc = c2h_buf_append(&w->b, s, n + 1))) return NULL;
  if (off > INT32_MAX || (w->rc = c2h_strmap_put(&w->strings, s, n, (int)off))) w->rc = w->rc ? w->rc : -1;
  return (const char *)((uintptr_t)off + 1);
}

/* An array of n strings, each stored as an offset. */
static const char *const *put_strs(writer *w, const char *const *list, size_t n) {
  if (!list) return NULL;
  const char **tmp = calloc(n + 1, sizeof *tmp);
  if (!tmp) return w->rc = C2H_ERR_NOMEM, NULL;
  for (size_t i = 0; i < n; i++) tmp[i] = put_str(w, list[i]);
  uintptr_t at = put(w, tmp, n * sizeof *tmp);
  free(tmp);
  return (const char *const *)at;
}

static void rel_form(writer *w, c2h_rule_form *f) {
  f->hip = put_str(w, f->hip);
  f->call = put_str(w, f->call);
  if (!f->args) return;
  c2h_rule_arg *tmp = calloc(f->n_args + 1, sizeof *tmp);
  if (!tmp) {
    w->rc = C2H_ERR_NOMEM;
    return;
  }
  for (size_t i = 0; i < f->n_args; i++) tmp[i] = (c2h_rule_arg){f->args[i].index, put_str(w, f->args[i].tmpl)};
  f->args = (const c2h_rule_arg *)put(w, tmp, f->n_args * sizeof *tmp);
  free(tmp);
}

static void rel_rules(writer *w, c2h_rule *rules, size_t n);

/* Turns every pointer of r (a copy) into an offset, storing what it points at. */
static void rel_rule(writer *w, c2h_rule *r) {
  r->cuda = put_str(w, r->cuda);
  r->library = put_str(w, r->library);
  r->include = put_str(w, r->include);
  r->unsupported = put_str(w, r->unsupported);
  rel_form(w, &r->form);
  rel_form(w, &r->fallback);
  if (r->arg_is) {
    c2h_rule_arg_is *tmp = calloc(r->n_arg_is + 1, sizeof *tmp);
    if (!tmp) w->rc = C2H_ERR_NOMEM;
    for (size_t i = 0; tmp && i < r->n_arg_is; i++)
      tmp[i] = (c2h_rule_arg_is){r->arg_is[i].index, put_strs(w, r->arg_is[i].names, r->arg_is[i].n_names),
                                 r->arg_is[i].n_names};
    r->arg_is = tmp ? (const c2h_rule_arg_is *)put(w, tmp, r->n_arg_is * sizeof *tmp) : NULL;
    free(tmp);
  }
  if (r->value_args) {
    c2h_rule_value_arg *tmp = calloc(r->n_value_args + 1, sizeof *tmp);
    if (!tmp) w->rc = C2H_ERR_NOMEM;
    for (size_t i = 0; tmp && i < r->n_value_args; i++) {
      const c2h_rule_value_arg *v = &r->value_args[i];
      tmp[i] = (c2h_rule_value_arg){v->index, put_strs(w, v->from, v->n), put_strs(w, v->to, v->n), v->n};
    }
    r->value_args = tmp ? (const c2h_rule_value_arg *)put(w, tmp, r->n_value_args * sizeof *tmp) : NULL;
    free(tmp);
  }
  if (r->by_args) {
    c2h_rule *tmp = calloc(r->n_by_args + 1, sizeof *tmp);
    if (!tmp) w->rc = C2H_ERR_NOMEM;
    if (tmp) {
      memcpy(tmp, r->by_args, r->n_by_args * sizeof *tmp);
      rel_rules(w, tmp, r->n_by_args);
    }
    r->by_args = tmp ? (const c2h_rule *)put(w, tmp, r->n_by_args * sizeof *tmp) : NULL;
    free(tmp);
  }
  r->note = put_str(w, r->note);
  r->compat = put_str(w, r->compat);
  r->ns = put_str(w, r->ns);
  r->defined_by = put_strs(w, r->defined_by, r->n_defined_by);
  r->needs = put_str(w, r->needs);
  r->unsupported_in = put_str(w, r->unsupported_in);
  r->pytorch_hip = put_str(w, r->pytorch_hip);
  r->param_type = put_str(w, r->param_type);
  r->file = put_str(w, r->file);
}

static void rel_rules(writer *w, c2h_rule *rules, size_t n) {
  for (size_t i = 0; i < n; i++) rel_rule(w, &rules[i]);
}

/* The payload of table r (malloc'd, *len bytes), or NULL. */
static char *serialize(const c2h_rules *r, size_t *len) {
  writer w = {{0}, {0}, 0};
  c2h_buf_init(&w.b);
  c2h_strmap_init(&w.strings);
  blob_head head = {r->len, 0, r->newest, 0};
  put(&w, &head, sizeof head);
  c2h_rule *items = malloc((r->len + 1) * sizeof *items);
  if (!items) w.rc = C2H_ERR_NOMEM;
  if (items) {
    memcpy(items, r->items, r->len * sizeof *items);
    rel_rules(&w, items, r->len);
    head.items = (uint64_t)put(&w, items, r->len * sizeof *items);
  }
  free(items);
  if (!w.rc) w.rc = c2h_buf_append(&w.b, "", 1); /* the final NUL */
  c2h_strmap_dispose(&w.strings);
  if (w.rc) {
    c2h_buf_dispose(&w.b);
    return NULL;
  }
  memcpy(w.b.data, &head, sizeof head);
  return c2h_buf_detach(&w.b, len);
}

static void write_cache(const char *dir, const char *final, const c2h_rules *r, XXH128_hash_t digest) {
  size_t len = 0;
  char *payload = serialize(r, &len);
  char *tmp = payload ? c2h_disk_cache_temp(dir, final) : NULL;
  FILE *f = tmp ? fopen(tmp, "wb") : NULL;
  if (f) {
    file_head h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, magic, sizeof magic);
    h.format = FORMAT;
    h.rule_size = (uint32_t)sizeof(c2h_rule);
    h.key_high = digest.high64;
    h.key_low = digest.low64;
    h.len = len;
    h.sum = XXH3_64bits(payload, len);
    int ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(payload, 1, len, f) == len;
    if (fclose(f) != 0) ok = 0;
    if (!ok || c2h_disk_cache_commit(dir, &rules_kind, tmp, final) != 0) unlink(tmp);
  } else if (tmp) {
    unlink(tmp);
  }
  free(tmp);
  free(payload);
}

/* ---- reading ------------------------------------------------------------ */

typedef struct reader {
  char *base;
  size_t len;
} reader;

/* The pointer for offset p (stored + 1) to n items of `size` bytes inside
 * the block; clears *ok when it points outside (a damaged file). */
static const void *reloc(const reader *rd, const void *p, size_t n, size_t size, int *ok) {
  uintptr_t off = (uintptr_t)p;
  if (!off) {
    if (size > 1 && n) *ok = 0; /* an array with items but no place */
    return NULL;
  }
  off--;
  if (off >= rd->len || (size > 1 && off % 8) || (size && n > (rd->len - off) / size)) {
    *ok = 0;
    return NULL;
  }
  return rd->base + off;
}
/* In a function with `const reader *rd` and `int ok`. */
#define FIX(field, n) ((field) = reloc(rd, (field), (n), sizeof *(field), &ok))
#define FIX_STR(field) ((field) = reloc(rd, (field), 1, 1, &ok))

static int fix_strs(const reader *rd, const char *const **list, size_t n) {
  int ok = 1;
  FIX(*list, n);
  for (size_t i = 0; ok && *list && i < n; i++) FIX_STR(((const char **)*list)[i]);
  return ok;
}

static int fix_form(const reader *rd, c2h_rule_form *f) {
  int ok = 1;
  FIX_STR(f->hip);
  FIX_STR(f->call);
  FIX(f->args, f->n_args);
  for (size_t i = 0; ok && f->args && i < f->n_args; i++) FIX_STR(((c2h_rule_arg *)f->args)[i].tmpl);
  return ok;
}

static int fix_rule(const reader *rd, c2h_rule *r, int depth) {
  int ok = 1;
  FIX_STR(r->cuda);
  FIX_STR(r->library);
  FIX_STR(r->include);
  FIX_STR(r->unsupported);
  FIX_STR(r->note);
  FIX_STR(r->compat);
  FIX_STR(r->ns);
  FIX_STR(r->needs);
  FIX_STR(r->unsupported_in);
  FIX_STR(r->pytorch_hip);
  FIX_STR(r->param_type);
  FIX_STR(r->file);
  FIX(r->arg_is, r->n_arg_is);
  FIX(r->value_args, r->n_value_args);
  FIX(r->by_args, r->n_by_args);
  if (!ok || !r->cuda || !fix_form(rd, &r->form) || !fix_form(rd, &r->fallback) ||
      !fix_strs(rd, &r->defined_by, r->n_defined_by))
    return 0;
  for (size_t i = 0; r->arg_is && i < r->n_arg_is; i++) {
    c2h_rule_arg_is *a = (c2h_rule_arg_is *)&r->arg_is[i];
    if (!fix_strs(rd, &a->names, a->n_names)) return 0;
  }
  for (size_t i = 0; r->value_args && i < r->n_value_args; i++) {
    c2h_rule_value_arg *v = (c2h_rule_value_arg *)&r->value_args[i];
    if (!fix_strs(rd, &v->from, v->n) || !fix_strs(rd, &v->to, v->n)) return 0;
  }
  /* by_args entries are one level deep; they live in the block itself. */
  if (r->n_by_args && depth > 0) return 0;
  for (size_t i = 0; r->by_args && i < r->n_by_args; i++)
    if (!fix_rule(rd, (c2h_rule *)&r->by_args[i], depth + 1)) return 0;
  return 1;
}

/* The table in file `path`, or NULL when it is missing, damaged or of
 * another key. */
static c2h_rules *read_cache(const char *path, XXH128_hash_t digest) {
  c2h_rules *r = NULL;
  c2h_pool_block *block = NULL;
  file_head h;
  struct stat st;
  c2h_error err;
  /* O_NONBLOCK: a named pipe put where the cache goes is skipped, not
   * waited on (only a regular file is read). */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return NULL;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || read(fd, &h, sizeof h) != (ssize_t)sizeof h || memcmp(h.magic, magic, sizeof magic) ||
      h.format != FORMAT || h.rule_size != sizeof(c2h_rule) || h.key_high != digest.high64 ||
      h.key_low != digest.low64 || h.len < sizeof(blob_head) + 1 ||
      (uint64_t)st.st_size != sizeof h + h.len || !(block = malloc(sizeof *block + h.len)))
    goto fail;
  block->next = NULL;
  block->used = block->cap = h.len;
  for (size_t got = 0; got < h.len;) {
    ssize_t n = read(fd, block->data + got, h.len - got);
    if (n <= 0) goto fail;
    got += (size_t)n;
  }
  blob_head head;
  memcpy(&head, block->data, sizeof head);
  reader whole = {block->data, h.len}, *rd = &whole;
  int ok = XXH3_64bits(block->data, h.len) == h.sum && block->data[h.len - 1] == '\0' && head.n_items &&
           head.n_items < INT32_MAX;
  const c2h_rule *items = ok ? (const c2h_rule *)(uintptr_t)head.items : NULL;
  if (ok) FIX(items, head.n_items);
  if (!ok || !items || c2h_rules_new(&r, &err) ||
      !(r->items = malloc(head.n_items * sizeof *r->items)))
    goto fail;
  memcpy(r->items, items, head.n_items * sizeof *r->items);
  r->cap = head.n_items;
  r->newest = (c2h_version)head.newest;
  r->pool = block;
  block = NULL;
  if (c2h_strmap_reserve(&r->names, head.n_items)) goto fail;
  for (size_t i = 0; i < head.n_items; i++) {
    c2h_rule *e = &r->items[i];
    if (!fix_rule(rd, e, 0)) goto fail;
    c2h_strmap *idx = e->kind == C2H_RULE_HEADER ? &r->headers : &r->names;
    if (c2h_strmap_put(idx, e->cuda, strlen(e->cuda), (int)i)) goto fail;
    r->len = i + 1;
  }
  close(fd);
  return r;
fail:
  close(fd);
  free(block);
  c2h_rules_free(r);
  return NULL;
}

int c2h_rules_new_default_cached(c2h_rules **out, const char *const *roc, size_t n, const char *cache_dir,
                                 c2h_error *err) {
  char *key = NULL, *path = NULL;
  XXH128_hash_t digest;
  if (!cache_dir || !cache_dir[0] || !cache_key(roc, n, &key, &digest) ||
      !(path = c2h_disk_cache_path(cache_dir, &rules_kind, key))) {
    free(key);
    return c2h_rules_new_default_targets(out, roc, n, err);
  }
  free(key);
  c2h_rules *r = read_cache(path, digest);
  int rc = 0;
  if (!r && (rc = c2h_rules_new_default_targets(&r, roc, n, err)) == 0) write_cache(cache_dir, path, r, digest);
  free(path);
  if (rc == 0) *out = r;
  return rc;
}
