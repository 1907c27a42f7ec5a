/* SARIF 2.1.0: one run, a rule per check, results with relative artifact
 * URIs, regions in UTF-16 code units, partialFingerprints that do not
 * depend on line numbers, and fixes for suggested replacements. */
#define _XOPEN_SOURCE 700 /* realpath, getcwd */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu2hip/cu2hip.h"
#include "report/json_common.h"
#include "report/report.h"
#include "util/buf.h"
#include "util/file.h"

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define FINGERPRINT_KEY "cu2hip/v1"

static const char *sarif_level(c2h_severity s) {
  switch (s) {
    case C2H_SEV_ERROR: return "error";
    case C2H_SEV_WARNING: return "warning";
    default: return "note";
  }
}

/* ---- paths and URIs --------------------------------------------------- */

/* Absolute form of path (against cwd when relative) with "." and ".."
 * resolved lexically; malloc'd, NULL when out of memory. */
static char *lexical_absolute(const char *path, const char *cwd) {
  c2h_buf in, out;
  c2h_buf_init(&in);
  c2h_buf_init(&out);
  char *result = NULL;
  if (path[0] != '/' && (c2h_buf_puts(&in, cwd) || c2h_buf_puts(&in, "/"))) goto done;
  if (c2h_buf_puts(&in, path)) goto done;
  for (char *seg = in.data; seg && *seg;) {
    char *slash = strchr(seg, '/');
    size_t n = slash ? (size_t)(slash - seg) : strlen(seg);
    if (n == 0 || (n == 1 && seg[0] == '.')) {
      /* skip */
    } else if (n == 2 && seg[0] == '.' && seg[1] == '.') {
      char *last = out.data ? strrchr(out.data, '/') : NULL;
      if (last) {
        out.len = (size_t)(last - out.data);
        out.data[out.len] = '\0';
      }
    } else if (c2h_buf_puts(&out, "/") || c2h_buf_append(&out, seg, n)) {
      goto done;
    }
    seg = slash ? slash + 1 : NULL;
  }
  if (out.len == 0 && c2h_buf_puts(&out, "/")) goto done;
  result = c2h_buf_detach(&out, NULL);
done:
  c2h_buf_dispose(&in);
  c2h_buf_dispose(&out);
  return result;
}

/* path below root ("/a/b" under "/a" is "b"), or NULL. */
static const char *below(const char *path, const char *root) {
  size_t n = strlen(root);
  if (n == 1 && root[0] == '/') return path[0] == '/' && path[1] ? path + 1 : NULL;
  if (strncmp(path, root, n) != 0 || path[n] != '/' || !path[n + 1]) return NULL;
  return path + n + 1;
}

/* Appends s percent-encoded for a URI path (unreserved bytes and '/' kept). */
static int append_uri_path(c2h_buf *b, const char *s) {
  static const char hex[] = "0123456789ABCDEF";
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    unsigned c = *p;
    int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
               c == '.' || c == '_' || c == '~' || c == '/';
    char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
    if (keep ? c2h_buf_append(b, (const char *)p, 1) : c2h_buf_append(b, esc, 3)) return -1;
  }
  return 0;
}

typedef struct sarif_ctx {
  char *cwd;
  char *root;      /* lexical absolute root */
  char *real_root; /* realpath of root, or NULL */
} sarif_ctx;

/* The artifact URI of path: relative to the root (*relative = 1) or an
 * absolute file: URI. malloc'd; NULL when out of memory. */
static char *artifact_uri(const sarif_ctx *c, const char *path, int *relative) {
  c2h_buf b;
  c2h_buf_init(&b);
  char *abs = lexical_absolute(path, c->cwd), *real = NULL, *uri = NULL;
  if (!abs) goto done;
  const char *rel = below(abs, c->root);
  if (!rel && c->real_root && (real = realpath(path, NULL)) != NULL) rel = below(real, c->real_root);
  *relative = rel != NULL;
  if (rel ? append_uri_path(&b, rel) : (c2h_buf_puts(&b, "file://") || append_uri_path(&b, real ? real : abs)))
    goto done;
  uri = c2h_buf_detach(&b, NULL);
done:
  c2h_buf_dispose(&b);
  free(abs);
  free(real);
  return uri;
}

/* ---- source lines ----------------------------------------------------- */

/* The current file's bytes (diagnostics come sorted by path). */
typedef struct source {
  char *path;
  char *data; /* NULL when the file cannot be read */
  size_t len;
  size_t *lines; /* offset of each line start; lines[0] is line 1 */
  size_t n_lines;
} source;

static void source_dispose(source *s) {
  free(s->path);
  free(s->data);
  free(s->lines);
  memset(s, 0, sizeof *s);
}

static int source_load(source *s, const char *path) {
  if (s->path && strcmp(s->path, path) == 0) return 0;
  source_dispose(s);
  if (!(s->path = c2h_strdup(path))) return -1;
  c2h_error err;
  if (c2h_file_read(path, &s->data, &s->len, &err) != 0) {
    s->data = NULL;
    return err.code == C2H_ERR_NOMEM ? -1 : 0;
  }
  size_t n = 1;
  for (size_t i = 0; i < s->len; i++) n += s->data[i] == '\n';
  if (!(s->lines = malloc(n * sizeof *s->lines))) return -1;
  s->lines[0] = 0;
  s->n_lines = 1;
  for (size_t i = 0; i < s->len; i++)
    if (s->data[i] == '\n') s->lines[s->n_lines++] = i + 1;
  return 0;
}

/* Bytes of line (1-based) without its line ending; 0 when unknown. */
static int source_line(const source *s, unsigned line, const char **text, size_t *len) {
  if (!s->data || line == 0 || line > s->n_lines) return 0;
  size_t b = s->lines[line - 1], e = line < s->n_lines ? s->lines[line] : s->len;
  while (e > b && (s->data[e - 1] == '\n' || s->data[e - 1] == '\r')) e--;
  *text = s->data + b;
  *len = e - b;
  return 1;
}

/* A byte column (1-based) of line as a column in UTF-16 code units. */
static unsigned utf16_col(const source *s, unsigned line, unsigned col) {
  const char *t;
  size_t n;
  if (col <= 1 || !source_line(s, line, &t, &n)) return col ? col : 1;
  size_t bytes = col - 1, units = 0;
  for (size_t i = 0; i < bytes; i++) {
    unsigned char c = i < n ? (unsigned char)t[i] : ' ';
    if ((c & 0xc0) == 0x80) continue; /* continuation byte */
    units += c >= 0xf0 ? 2 : 1;
  }
  return (unsigned)units + 1;
}

/* ---- fingerprints ----------------------------------------------------- */

static uint64_t fnv1a(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

typedef struct seen {
  uint64_t hash;
  unsigned count;
} seen;

typedef struct seen_list {
  seen *items;
  size_t len, cap;
} seen_list;

/* Occurrence number (1, 2, ...) of hash among those seen in this file. */
static int occurrence(seen_list *l, uint64_t hash, unsigned *out) {
  for (size_t i = 0; i < l->len; i++) {
    if (l->items[i].hash == hash) {
      *out = ++l->items[i].count;
      return 0;
    }
  }
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    seen *p = realloc(l->items, cap * sizeof *p);
    if (!p) return -1;
    l->items = p;
    l->cap = cap;
  }
  l->items[l->len++] = (seen){hash, 1};
  *out = 1;
  return 0;
}

/* Hash of check name, artifact URI and the diagnostic's source line with
 * surrounding white space trimmed, plus the occurrence of that triple in the
 * file: stable when lines above are added or removed. */
static json_t *fingerprint(const source *s, seen_list *l, const c2h_diag *d, const char *uri) {
  const char *t = "";
  size_t n = 0;
  if (!source_line(s, d->begin.line, &t, &n)) return json_object(); /* nothing stable to hash */
  while (n && (*t == ' ' || *t == '\t')) t++, n--;
  while (n && (t[n - 1] == ' ' || t[n - 1] == '\t')) n--;
  const char *name = c2h_check_name(d->check);
  uint64_t h = 0xcbf29ce484222325ULL;
  h = fnv1a(h, name, strlen(name) + 1);
  h = fnv1a(h, uri, strlen(uri) + 1);
  h = fnv1a(h, t, n);
  unsigned k;
  if (occurrence(l, h, &k)) return NULL;
  char buf[64];
  snprintf(buf, sizeof buf, "%016llx:%u", (unsigned long long)h, k);
  json_t *o = json_object();
  if (c2h_json_set(o, FINGERPRINT_KEY, json_string(buf))) {
    json_decref(o);
    return NULL;
  }
  return o;
}

/* ---- rules -------------------------------------------------------------- */

/* "warp-mask-32bit" -> "WarpMask32bit". */
static json_t *camel_name(const char *name) {
  char buf[128];
  size_t o = 0;
  int up = 1;
  for (const char *p = name; *p && o + 1 < sizeof buf; p++) {
    if (*p == '-') {
      up = 1;
      continue;
    }
    buf[o++] = up && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
    up = 0;
  }
  buf[o] = '\0';
  return json_string(buf);
}

/* First paragraph of a section, on one line, without its leading
 * "*severity.*" tag. */
static json_t *first_paragraph(const char *text, size_t len) {
  c2h_buf b;
  c2h_buf_init(&b);
  size_t i = 0;
  if (len > 2 && text[0] == '*') {
    const char *close = memchr(text + 1, '*', len - 1);
    if (close && close - text < 24) {
      i = (size_t)(close - text) + 1;
      while (i < len && (text[i] == ' ' || text[i] == '\n')) i++;
    }
  }
  int bad = 0;
  for (; i < len && !bad; i++) {
    if (text[i] == '\n' && i + 1 < len && text[i + 1] == '\n') break;
    if (text[i] == '\r') continue;
    bad = c2h_buf_append(&b, text[i] == '\n' ? " " : text + i, 1);
  }
  json_t *v = bad ? NULL : c2h_json_textn(b.data ? b.data : "", b.len);
  c2h_buf_dispose(&b);
  return v;
}

static json_t *message(json_t *text) {
  json_t *o = json_object();
  if (c2h_json_set(o, "text", text)) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *rule(c2h_check c) {
  const char *name = c2h_check_name(c), *doc;
  size_t doc_len;
  char url[2048];
  int linked = c2h_check_help_url(c, url, sizeof url) == 0;
  json_t *o = json_object(), *conf = json_object();
  int bad = c2h_json_set(o, "id", json_string(name));
  bad |= c2h_json_set(o, "name", camel_name(name));
  bad |= c2h_json_set(o, "shortDescription", message(c2h_json_text(c2h_check_summary(c))));
  if (c2h_check_doc(name, &doc, &doc_len) == 0) {
    json_t *help = json_object();
    bad |= c2h_json_set(o, "fullDescription", message(first_paragraph(doc, doc_len)));
    bad |= c2h_json_set(help, "text", c2h_json_textn(doc, doc_len));
    bad |= c2h_json_set(help, "markdown", c2h_json_textn(doc, doc_len));
    bad |= c2h_json_set(o, "help", help);
  } else {
    bad |= c2h_json_set(o, "fullDescription", message(c2h_json_text(c2h_check_summary(c))));
    bad |= c2h_json_set(o, "help", message(c2h_json_text(c2h_check_summary(c))));
  }
  /* No link to documentation that is not there: the help text above is
   * the whole section anyway. */
  if (linked) bad |= c2h_json_set(o, "helpUri", c2h_json_text(url));
  bad |= c2h_json_set(conf, "level", json_string(sarif_level(c2h_check_default_severity(c))));
  bad |= c2h_json_set(o, "defaultConfiguration", conf);
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

/* ---- results ------------------------------------------------------------ */

static json_t *region(const source *s, c2h_pos b, c2h_pos e) {
  json_t *o = json_object();
  if (!e.line) e = b;
  int bad = c2h_json_set(o, "startLine", json_integer(b.line));
  bad |= c2h_json_set(o, "startColumn", json_integer(utf16_col(s, b.line, b.col)));
  bad |= c2h_json_set(o, "endLine", json_integer(e.line));
  bad |= c2h_json_set(o, "endColumn", json_integer(utf16_col(s, e.line, e.col)));
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *artifact_location(const char *uri, int relative) {
  json_t *o = json_object();
  int bad = c2h_json_set(o, "uri", c2h_json_text(uri));
  if (relative) bad |= c2h_json_set(o, "uriBaseId", json_string("%SRCROOT%"));
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *fix(const source *s, const c2h_diag *d, const char *uri, int relative) {
  json_t *o = json_object(), *change = json_object(), *changes = json_array(), *repl = json_object(),
         *repls = json_array(), *inserted = json_object();
  c2h_buf desc;
  c2h_buf_init(&desc);
  int bad = c2h_buf_printf(&desc, "Replace with '%s'", d->replacement);
  bad |= c2h_json_set(o, "description", message(desc.data ? c2h_json_text(desc.data) : NULL));
  bad |= c2h_json_set(change, "artifactLocation", artifact_location(uri, relative));
  bad |= c2h_json_set(repl, "deletedRegion", region(s, d->begin, d->end));
  bad |= c2h_json_set(inserted, "text", c2h_json_text(d->replacement));
  bad |= c2h_json_set(repl, "insertedContent", inserted);
  bad |= c2h_json_push(repls, repl);
  bad |= c2h_json_set(change, "replacements", repls);
  bad |= c2h_json_push(changes, change);
  bad |= c2h_json_set(o, "artifactChanges", changes);
  c2h_buf_dispose(&desc);
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *result(const sarif_ctx *c, source *s, seen_list *seen_in_file, const c2h_diag *d) {
  int relative = 0;
  char *uri = artifact_uri(c, d->path, &relative);
  json_t *o = json_object(), *phys = json_object(), *loc = json_object(), *locs = json_array();
  int bad = !uri;
  bad |= c2h_json_set(o, "ruleId", json_string(c2h_check_name(d->check)));
  bad |= c2h_json_set(o, "ruleIndex", json_integer((json_int_t)d->check));
  bad |= c2h_json_set(o, "level", json_string(sarif_level(d->severity)));
  bad |= c2h_json_set(o, "message", message(c2h_json_text(d->message)));
  if (!bad) {
    bad |= c2h_json_set(phys, "artifactLocation", artifact_location(uri, relative));
    if (d->begin.line) bad |= c2h_json_set(phys, "region", region(s, d->begin, d->end));
    bad |= c2h_json_set(loc, "physicalLocation", json_incref(phys));
    bad |= c2h_json_push(locs, json_incref(loc));
    bad |= c2h_json_set(o, "locations", json_incref(locs));
    if (d->begin.line) {
      json_t *fp = fingerprint(s, seen_in_file, d, uri);
      if (fp && json_object_size(fp)) bad |= c2h_json_set(o, "partialFingerprints", fp);
      else if (fp) json_decref(fp);
      else bad = 1;
    }
    if (d->replacement && d->begin.line) {
      json_t *fixes = json_array();
      bad |= c2h_json_push(fixes, fix(s, d, uri, relative));
      bad |= c2h_json_set(o, "fixes", fixes);
    }
  }
  json_decref(phys);
  json_decref(loc);
  json_decref(locs);
  free(uri);
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

int c2h_report_sarif(FILE *out, const c2h_diag_list *diags, const char *root, c2h_error *err) {
  int rc = 0, bad = 0;
  sarif_ctx ctx = {NULL, NULL, NULL};
  source src;
  memset(&src, 0, sizeof src);
  seen_list seen_in_file = {NULL, 0, 0};
  json_t *doc = json_object(), *runs = json_array(), *run = json_object(), *tool = json_object(),
         *driver = json_object(), *rules = json_array(), *results = json_array();
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) {
    rc = c2h_error_set(err, C2H_ERR_IO, NULL, 0, 0, "cannot determine the current directory");
    goto done;
  }
  if (!(ctx.cwd = c2h_strdup(cwd)) || !(ctx.root = lexical_absolute(root && *root ? root : ".", cwd))) goto nomem;
  ctx.real_root = realpath(ctx.root, NULL);

  bad |= c2h_json_set(doc, "$schema", json_string(SARIF_SCHEMA));
  bad |= c2h_json_set(doc, "version", json_string("2.1.0"));
  bad |= c2h_json_set(driver, "name", json_string("cu2hip"));
  bad |= c2h_json_set(driver, "version", json_string(c2h_version_string()));
  if (c2h_homepage_link()) bad |= c2h_json_set(driver, "informationUri", c2h_json_text(c2h_homepage_link()));
  for (int i = 0; i < C2H_CHECK__COUNT && !bad; i++) bad |= c2h_json_push(rules, rule((c2h_check)i));
  bad |= c2h_json_set(driver, "rules", json_incref(rules));
  bad |= c2h_json_set(tool, "driver", json_incref(driver));
  bad |= c2h_json_set(run, "tool", json_incref(tool));
  bad |= c2h_json_set(run, "columnKind", json_string("utf16CodeUnits"));
  for (size_t i = 0; i < diags->len && !bad; i++) {
    const c2h_diag *d = &diags->items[i];
    if (!src.path || strcmp(src.path, d->path) != 0) seen_in_file.len = 0;
    if (source_load(&src, d->path)) goto nomem;
    bad |= c2h_json_push(results, result(&ctx, &src, &seen_in_file, d));
  }
  bad |= c2h_json_set(run, "results", json_incref(results));
  bad |= c2h_json_push(runs, json_incref(run));
  bad |= c2h_json_set(doc, "runs", json_incref(runs));
  if (bad) goto nomem;
  rc = c2h_json_write(out, doc, 1, err);
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
done:
  json_decref(doc);
  json_decref(runs);
  json_decref(run);
  json_decref(tool);
  json_decref(driver);
  json_decref(rules);
  json_decref(results);
  source_dispose(&src);
  free(seen_in_file.items);
  free(ctx.cwd);
  free(ctx.root);
  free(ctx.real_root);
  return rc;
}
