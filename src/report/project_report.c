/* Project reports (--report FILE.md|FILE.json|FILE.html): totals, API uses
 * by library, unsupported APIs, diagnostics by check and per file. The three
 * formats are rendered from one model, so they carry the same facts; the
 * order of everything is fixed, and the only time-dependent item (the
 * generation time) comes from SOURCE_DATE_EPOCH when it is set. */
#define _XOPEN_SOURCE 700 /* open_memstream, gmtime_r, getcwd, realpath */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cu2hip/cu2hip.h"
#include "report/json_common.h"
#include "report/report.h"
#include "util/file.h"

/* ---- the model ---------------------------------------------------------- */

typedef struct rp_file {
  char *path;                  /* as shown: relative to the current directory where possible */
  char *output;                /* as shown, or NULL */
  const char *raw;             /* the path in records and diagnostics */
  const c2h_project_file *rec; /* the input's record; NULL: known from diagnostics only */
  int outside;                 /* diagnostics only, in a file outside the run's folders (a system header) */
  int input_error;             /* diagnostics only, one of them an input-error error */
  size_t sev[3];
  size_t api_uses;
  size_t first, n_diags; /* its diagnostics: model.order[first .. first+n_diags) */
  size_t rank;           /* position in the report order */
} rp_file;

/* The totals, each a sum over the files of the report, so that no total
 * can disagree with the entries it sums. */
typedef struct rp_totals {
  size_t translated, changed, copied, failed, edited, up_to_date, written, renamed, skipped, outside;
  size_t edits, lines_changed, renames, includes, launches, calls, api_uses, suppressed;
  size_t sev[3];
} rp_totals;

typedef struct rp_library {
  const char *name;
  size_t uses;
} rp_library;

typedef struct rp_unsupported {
  char *name, *reason;
  size_t count;
  size_t *diags; /* indices into the diagnostic list */
} rp_unsupported;

typedef struct rp_model {
  const c2h_project_summary *sum;
  const c2h_diag_list *diags;
  rp_file *files;
  size_t n_files;
  size_t *sorted;    /* file indices in report order: most in need of a human first */
  size_t *diag_file; /* per diagnostic: its file index */
  size_t *order;     /* diagnostic indices grouped by file */
  rp_library *libs;
  size_t n_libs;
  rp_unsupported *unsup;
  size_t n_unsup;
  size_t by_check[C2H_CHECK__COUNT];
  size_t check_order[C2H_CHECK__COUNT];
  size_t n_checks;
  rp_totals t;
  size_t n_inputs; /* files that are not outside: the first n_inputs of sorted */
  size_t max_check, max_file, max_lib;
  char generated[32]; /* "" unless SOURCE_DATE_EPOCH is set */
  char *cwd;
} rp_model;

static const char *const severity_label[3] = {"note", "warning", "error"};

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

static char *dup_n(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

/* A path as shown: without leading "./", and relative when it lies under
 * the current directory. */
static char *display_path(const char *path, const char *cwd) {
  if (cwd && path[0] == '/') {
    size_t n = strlen(cwd);
    if (n > 1 && strncmp(path, cwd, n) == 0 && path[n] == '/') path += n + 1;
  }
  while (path[0] == '.' && path[1] == '/') {
    path += 2;
    while (*path == '/') path++;
  }
  return dup_str(*path ? path : ".");
}

static size_t total_diags(const rp_file *f) { return f->sev[0] + f->sev[1] + f->sev[2]; }

/* One status per file. A file known from diagnostics only is failed when
 * one of them says it could not be processed, outside when it lies outside
 * the run's folders, else skipped (found but neither translated nor
 * copied: a link not followed, a compile database). */
static const char *file_status(const rp_file *f) {
  if (!f->rec) {
    if (f->input_error) return "failed";
    return f->outside ? "outside" : "skipped";
  }
  if (f->rec->failed) return "failed";
  if (f->rec->edited) return "edited";
  if (f->rec->copied) return "copied";
  if (f->rec->translated) return f->rec->changed ? "changed" : "unchanged";
  return "skipped";
}

/* --verify's word for a file ("compiled", "syntax-only", "failed", "part"),
 * or NULL when it did not check it. */
static const char *file_verify(const rp_file *f) { return f->rec ? c2h_verify_status_name(f->rec->verify) : NULL; }

/* How --verify checked the run, or NULL when it did not run. */
static const char *verify_mode_name(const c2h_project_summary *s) {
  switch (s->verify_mode) {
    case C2H_VERIFY_COMPILED: return "compile";
    case C2H_VERIFY_SYNTAX_ONLY: return "syntax-only";
    case C2H_VERIFY_FAILED: return "unavailable";
    default: return NULL;
  }
}

static const rp_file *g_sort_files; /* for the comparators below (single-threaded use) */

static int cmp_files(const void *a, const void *b) {
  const rp_file *x = &g_sort_files[*(const size_t *)a], *y = &g_sort_files[*(const size_t *)b];
  if (x->outside != y->outside) return x->outside ? 1 : -1; /* not the run's files: last */
  for (int s = C2H_SEV_ERROR; s >= C2H_SEV_NOTE; s--)
    if (x->sev[s] != y->sev[s]) return x->sev[s] > y->sev[s] ? -1 : 1;
  int c = strcmp(x->path, y->path);
  return c ? c : strcmp(x->raw, y->raw);
}

static int cmp_shown(const void *a, const void *b) {
  return strcmp(g_sort_files[*(const size_t *)a].path, g_sort_files[*(const size_t *)b].path);
}

static int cmp_output(const void *a, const void *b) {
  return strcmp(g_sort_files[*(const size_t *)a].output, g_sort_files[*(const size_t *)b].output);
}

static int cmp_libs(const void *a, const void *b) {
  const rp_library *x = a, *y = b;
  if (x->uses != y->uses) return x->uses > y->uses ? -1 : 1;
  return strcmp(x->name, y->name);
}

static int cmp_unsup(const void *a, const void *b) {
  const rp_unsupported *x = a, *y = b;
  if (x->count != y->count) return x->count > y->count ? -1 : 1;
  return strcmp(x->name, y->name);
}

static const size_t *g_check_counts;

static int cmp_checks(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  if (g_check_counts[x] != g_check_counts[y]) return g_check_counts[x] > g_check_counts[y] ? -1 : 1;
  return strcmp(c2h_check_name((c2h_check)x), c2h_check_name((c2h_check)y));
}

static void model_dispose(rp_model *m) {
  for (size_t i = 0; i < m->n_files; i++) {
    free(m->files[i].path);
    free(m->files[i].output);
  }
  for (size_t i = 0; i < m->n_unsup; i++) {
    free(m->unsup[i].name);
    free(m->unsup[i].reason);
    free(m->unsup[i].diags);
  }
  free(m->files);
  free(m->sorted);
  free(m->diag_file);
  free(m->order);
  free(m->libs);
  free(m->unsup);
  free(m->cwd);
}

/* Splits an api-unsupported message, "NAME has no HIP equivalent: REASON"
 * (or "<HEADER> has ..."), into its name and reason. */
static int split_unsupported(const char *msg, char **name, char **reason) {
  static const char marker[] = " has no HIP equivalent";
  const char *m = strstr(msg, marker);
  const char *r;
  if (m) {
    r = m + sizeof marker - 1;
    if (*r == ':') r++;
  } else {
    m = msg + strcspn(msg, " :");
    r = m;
    if (*r == ':') r++;
  }
  while (*r == ' ') r++;
  *name = dup_n(msg, (size_t)(m - msg));
  *reason = dup_str(r);
  return *name && *reason ? 0 : -1;
}

static int add_unsupported(rp_model *m, size_t diag_index, size_t *cap) {
  char *name, *reason;
  if (split_unsupported(m->diags->items[diag_index].message, &name, &reason)) {
    free(name);
    free(reason);
    return -1;
  }
  rp_unsupported *u = NULL;
  for (size_t i = 0; i < m->n_unsup && !u; i++)
    if (strcmp(m->unsup[i].name, name) == 0) u = &m->unsup[i];
  if (!u) {
    if (m->n_unsup == *cap) {
      size_t ncap = *cap ? *cap * 2 : 8;
      rp_unsupported *p = realloc(m->unsup, ncap * sizeof *p);
      if (!p) {
        free(name);
        free(reason);
        return -1;
      }
      m->unsup = p;
      *cap = ncap;
    }
    u = &m->unsup[m->n_unsup++];
    memset(u, 0, sizeof *u);
    u->name = name;
    u->reason = reason;
  } else {
    free(name);
    free(reason);
  }
  /* A group never holds more than all diagnostics: grow by powers of two. */
  if ((u->count & (u->count - 1)) == 0) {
    size_t ncap = u->count ? u->count * 2 : 1;
    size_t *p = realloc(u->diags, ncap * sizeof *p);
    if (!p) return -1;
    u->diags = p;
  }
  u->diags[u->count++] = diag_index;
  return 0;
}

/* Index of the file in idx[0..n) (sorted by key) whose key is name, or -1. */
static long find_sorted(const rp_file *files, const size_t *idx, size_t n, int by_output, const char *name) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const rp_file *f = &files[idx[mid]];
    int c = strcmp(by_output ? f->output : f->path, name);
    if (c == 0) return (long)idx[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/* The folders of a run: the real folders of its inputs and outputs,
 * sorted and without repeats. A file lies in the run when it is in one of
 * them or below. */
typedef struct rp_roots {
  char **dirs;
  size_t n;
} rp_roots;

static int cmp_str_ptr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The real path of path's folder, or of path when it is a folder (malloc'd),
 * or NULL. */
static char *real_dir(const char *path) {
  char *real = realpath(path, NULL);
  struct stat st;
  if (!real || (stat(real, &st) == 0 && S_ISDIR(st.st_mode))) return real;
  char *slash = strrchr(real, '/');
  if (slash) slash[slash == real ? 1 : 0] = '\0';
  return real;
}

static int roots_build(rp_roots *r, const c2h_project_summary *sum) {
  r->n = 0;
  if (!(r->dirs = calloc(2 * sum->n_records + 1, sizeof *r->dirs))) return -1;
  for (size_t i = 0; i < sum->n_records; i++) {
    const c2h_project_file *f = &sum->records[i];
    char *d;
    if (f->path && (d = real_dir(f->path))) r->dirs[r->n++] = d;
    if (f->output && (d = real_dir(f->output))) r->dirs[r->n++] = d;
  }
  if (r->n > 1) qsort(r->dirs, r->n, sizeof *r->dirs, cmp_str_ptr);
  size_t kept = 0;
  for (size_t i = 0; i < r->n; i++) {
    if (kept && strcmp(r->dirs[kept - 1], r->dirs[i]) == 0) free(r->dirs[i]);
    else r->dirs[kept++] = r->dirs[i];
  }
  r->n = kept;
  return 0;
}

static void roots_dispose(rp_roots *r) {
  for (size_t i = 0; r->dirs && i < r->n; i++) free(r->dirs[i]);
  free(r->dirs);
}

/* Whether a file that is not one of the run's lies outside its folders
 * (a system header, a header of another project). With no folders known,
 * nothing is outside. */
static int outside_roots(const rp_roots *r, const char *path) {
  if (!r->n) return 0;
  char *dir = real_dir(path);
  int inside = 0;
  if (!dir) return path[0] == '/'; /* gone: only an absolute path can be told */
  for (size_t i = 0; i < r->n && !inside; i++) inside = c2h_path_inside(dir, r->dirs[i]);
  free(dir);
  return !inside;
}

/* The file a diagnostic belongs to: the input with that path, else the
 * input whose output has it (problems found compiling an output), else a
 * file added for it. by_path and by_output hold record indices sorted by
 * shown path and by shown output. */
static int file_of(rp_model *m, const char *path, const size_t *by_path, const size_t *by_output, size_t n_rec,
                   size_t n_out, const rp_roots *roots, size_t *out) {
  char *shown = display_path(path, m->cwd);
  if (!shown) return -1;
  long at = find_sorted(m->files, by_path, n_rec, 0, shown);
  if (at < 0) at = find_sorted(m->files, by_output, n_out, 1, shown);
  for (size_t i = n_rec; at < 0 && i < m->n_files; i++)
    if (strcmp(m->files[i].path, shown) == 0) at = (long)i;
  if (at >= 0) {
    free(shown);
    *out = (size_t)at;
    return 0;
  }
  rp_file *f = &m->files[m->n_files];
  memset(f, 0, sizeof *f);
  f->raw = path;
  f->path = shown;
  f->outside = outside_roots(roots, path);
  *out = m->n_files++;
  return 0;
}

static int add_library(rp_model *m, const char *name, size_t uses, size_t *cap) {
  for (size_t i = 0; i < m->n_libs; i++)
    if (strcmp(m->libs[i].name, name) == 0) {
      m->libs[i].uses += uses;
      return 0;
    }
  if (m->n_libs == *cap) {
    size_t ncap = *cap ? *cap * 2 : 16;
    rp_library *p = realloc(m->libs, ncap * sizeof *p);
    if (!p) return -1;
    m->libs = p;
    *cap = ncap;
  }
  m->libs[m->n_libs++] = (rp_library){name, uses};
  return 0;
}

static void set_generated(rp_model *m) {
  const char *e = getenv("SOURCE_DATE_EPOCH");
  m->generated[0] = '\0';
  if (!e || !*e) return;
  char *end = NULL;
  long long v = strtoll(e, &end, 10);
  if (*end || v < 0) return;
  time_t t = (time_t)v;
  struct tm tm;
  if (!gmtime_r(&t, &tm)) return;
  if (!strftime(m->generated, sizeof m->generated, "%Y-%m-%dT%H:%M:%SZ", &tm)) m->generated[0] = '\0';
}

/* Adds a file's figures to the totals: one status each, so that the file
 * counts partition the files. */
static void add_to_totals(rp_totals *t, const rp_file *f) {
  const char *st = file_status(f);
  const c2h_project_file *r = f->rec;
  for (int k = 0; k < 3; k++) t->sev[k] += f->sev[k];
  t->api_uses += f->api_uses;
  if (strcmp(st, "outside") == 0) t->outside++;
  else if (strcmp(st, "skipped") == 0) t->skipped++;
  else if (strcmp(st, "failed") == 0) t->failed++;
  else if (strcmp(st, "edited") == 0) t->edited++;
  else if (strcmp(st, "copied") == 0) t->copied++;
  else t->translated++, t->changed += strcmp(st, "changed") == 0;
  if (!r || r->failed) return;
  t->up_to_date += r->cached;
  t->written += r->translated && !r->cached && r->output;
  t->renamed += r->output && strcmp(c2h_path_basename(r->output), c2h_path_basename(r->path)) != 0;
  t->edits += r->stats.edits;
  t->lines_changed += r->stats.lines_changed;
  t->renames += r->stats.renames;
  t->includes += r->stats.includes;
  t->launches += r->stats.launches;
  t->calls += r->stats.calls;
  t->suppressed += r->stats.suppressed;
}

static int model_build(rp_model *m, const c2h_project_summary *sum, const c2h_diag_list *diags) {
  size_t n_rec = sum->n_records, n_diag = diags->len, n_out = 0;
  size_t *by_path = NULL, *by_output = NULL, *fill = NULL;
  size_t lib_cap = 0, unsup_cap = 0;
  rp_roots roots = {NULL, 0};
  int rc = -1;
  memset(m, 0, sizeof *m);
  m->sum = sum;
  m->diags = diags;
  set_generated(m);
  char buf[4096];
  if (getcwd(buf, sizeof buf) && !(m->cwd = dup_str(buf))) goto done;
  m->files = calloc(n_rec + n_diag + 1, sizeof *m->files);
  by_path = calloc(n_rec + 1, sizeof *by_path);
  by_output = calloc(n_rec + 1, sizeof *by_output);
  m->diag_file = calloc(n_diag + 1, sizeof *m->diag_file);
  m->order = calloc(n_diag + 1, sizeof *m->order);
  if (!m->files || !by_path || !by_output || !m->diag_file || !m->order || roots_build(&roots, sum)) goto done;

  for (size_t i = 0; i < n_rec; i++) {
    const c2h_project_file *r = &sum->records[i];
    rp_file *f = &m->files[m->n_files++];
    f->raw = r->path ? r->path : "";
    f->rec = r;
    if (!(f->path = display_path(f->raw, m->cwd))) goto done;
    if (r->output && !(f->output = display_path(r->output, m->cwd))) goto done;
    if (!r->failed)
      for (size_t k = 0; k < r->stats.n_libraries && k < 16; k++) {
        if (!r->stats.by_library[k].library || !r->stats.by_library[k].uses) continue;
        f->api_uses += r->stats.by_library[k].uses;
        if (add_library(m, r->stats.by_library[k].library, r->stats.by_library[k].uses, &lib_cap)) goto done;
      }
    by_path[i] = i;
    if (f->output) by_output[n_out++] = i;
  }
  g_sort_files = m->files;
  qsort(by_path, n_rec, sizeof *by_path, cmp_shown);
  qsort(by_output, n_out, sizeof *by_output, cmp_output);

  for (size_t i = 0; i < n_diag; i++) {
    const c2h_diag *d = &diags->items[i];
    size_t fi;
    if (i > 0 && strcmp(diags->items[i - 1].path, d->path) == 0) fi = m->diag_file[i - 1];
    else if (file_of(m, d->path, by_path, by_output, n_rec, n_out, &roots, &fi)) goto done;
    m->diag_file[i] = fi;
    rp_file *f = &m->files[fi];
    int sev = d->severity <= C2H_SEV_ERROR ? d->severity : C2H_SEV_ERROR;
    f->sev[sev]++;
    f->n_diags++;
    if (!f->rec && d->check == C2H_CHECK_INPUT_ERROR && sev == C2H_SEV_ERROR) f->input_error = 1;
    if ((size_t)d->check < C2H_CHECK__COUNT) m->by_check[d->check]++;
    if (d->check == C2H_CHECK_API_UNSUPPORTED && add_unsupported(m, i, &unsup_cap)) goto done;
  }
  for (size_t i = 0; i < m->n_files; i++) {
    add_to_totals(&m->t, &m->files[i]);
    m->n_inputs += !m->files[i].outside;
  }

  /* Diagnostics grouped by file, in list order within each file. */
  if (!(fill = calloc(m->n_files + 1, sizeof *fill))) goto done;
  size_t at = 0;
  for (size_t i = 0; i < m->n_files; i++) {
    m->files[i].first = fill[i] = at;
    at += m->files[i].n_diags;
  }
  for (size_t i = 0; i < n_diag; i++) m->order[fill[m->diag_file[i]]++] = i;

  if (!(m->sorted = calloc(m->n_files + 1, sizeof *m->sorted))) goto done;
  for (size_t i = 0; i < m->n_files; i++) m->sorted[i] = i;
  g_sort_files = m->files;
  qsort(m->sorted, m->n_files, sizeof *m->sorted, cmp_files);
  for (size_t i = 0; i < m->n_files; i++) {
    m->files[m->sorted[i]].rank = i;
    if (!m->files[i].outside && total_diags(&m->files[i]) > m->max_file) m->max_file = total_diags(&m->files[i]);
  }

  if (m->n_libs) qsort(m->libs, m->n_libs, sizeof *m->libs, cmp_libs);
  for (size_t i = 0; i < m->n_libs; i++)
    if (m->libs[i].uses > m->max_lib) m->max_lib = m->libs[i].uses;
  if (m->n_unsup) qsort(m->unsup, m->n_unsup, sizeof *m->unsup, cmp_unsup);
  for (size_t c = 0; c < C2H_CHECK__COUNT; c++)
    if (m->by_check[c]) {
      m->check_order[m->n_checks++] = c;
      if (m->by_check[c] > m->max_check) m->max_check = m->by_check[c];
    }
  g_check_counts = m->by_check;
  qsort(m->check_order, m->n_checks, sizeof *m->check_order, cmp_checks);
  rc = 0;
done:
  roots_dispose(&roots);
  free(by_path);
  free(by_output);
  free(fill);
  return rc;
}

static size_t diag_total(const rp_model *m) { return m->t.sev[0] + m->t.sev[1] + m->t.sev[2]; }

/* ---- shared output helpers ---------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0], cp, min;
  size_t len;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) len = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef) len = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4) len = 4, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  cp = c & (0xffu >> (len + 1));
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3f);
  }
  return cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0 : len;
}

/* Writes n bytes of s, escaped for HTML text and attribute values; invalid
 * UTF-8 and control characters become U+FFFD (tabs and newlines: a space). */
static void html_n(FILE *o, const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    unsigned char c = u[i];
    switch (c) {
      case '&': fputs("&amp;", o); i++; continue;
      case '<': fputs("&lt;", o); i++; continue;
      case '>': fputs("&gt;", o); i++; continue;
      case '"': fputs("&quot;", o); i++; continue;
      case '\'': fputs("&#39;", o); i++; continue;
      case '\t': case '\n': case '\r': fputc(' ', o); i++; continue;
      default: break;
    }
    size_t k = utf8_len(u + i, n - i);
    if (!k || c < 0x20 || c == 0x7f) {
      fputs("\xef\xbf\xbd", o);
      i++;
    } else {
      fwrite(s + i, 1, k, o);
      i += k;
    }
  }
}

static void html(FILE *o, const char *s) { html_n(o, s ? s : "", s ? strlen(s) : 0); }

/* Markdown table-cell text: inline markup characters are escaped, HTML
 * specials become entities, line breaks become spaces. */
static void md(FILE *o, const char *s) {
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
    switch (*p) {
      case '&': fputs("&amp;", o); break;
      case '<': fputs("&lt;", o); break;
      case '>': fputs("&gt;", o); break;
      case '\n': case '\r': case '\t': fputc(' ', o); break;
      case '\\': case '`': case '*': case '_': case '[': case ']': case '|': case '#': case '~':
        fputc('\\', o);
        fputc(*p, o);
        break;
      default: fputc(*p, o);
    }
  }
}

static const char *plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

/* ---- Markdown ------------------------------------------------------------ */

/* A check's name, linked to its documentation where that exists. */
static void md_link_check(FILE *o, c2h_check c) {
  char url[2048];
  if (c2h_check_help_url(c, url, sizeof url) != 0) {
    md(o, c2h_check_name(c));
    return;
  }
  fputc('[', o);
  md(o, c2h_check_name(c));
  fprintf(o, "](%s)", url);
}

static void write_md(FILE *o, const rp_model *m) {
  fprintf(o, "# cu2hip report\n\n");
  fprintf(o, "cu2hip %s", c2h_version_string());
  if (m->generated[0]) fprintf(o, ", %s", m->generated);
  fprintf(o, ".\n\n## Summary\n\n| | Count |\n|:--|--:|\n");
  const rp_totals *t = &m->t;
  fprintf(o, "| Files translated | %zu |\n| Files changed | %zu |\n| Files copied | %zu |\n", t->translated,
          t->changed, t->copied);
  if (t->up_to_date) fprintf(o, "| Files up to date (not redone) | %zu |\n", t->up_to_date);
  if (t->edited) fprintf(o, "| Edited outputs kept | %zu |\n", t->edited);
  if (t->skipped) fprintf(o, "| Files skipped | %zu |\n", t->skipped);
  fprintf(o, "| Files failed | %zu |\n| Edits | %zu |\n| Lines changed | %zu |\n| API uses converted | %zu |\n",
          t->failed, t->edits, t->lines_changed, t->api_uses);
  const c2h_project_summary *s = m->sum;
  if (s->verify_mode == C2H_VERIFY_SYNTAX_ONLY)
    fprintf(o, "| Sources syntax-checked only by --verify (no %s device library) | %zu |\n", s->verify_arch,
            s->verify_syntax_checked);
  else if (s->verify_mode == C2H_VERIFY_COMPILED)
    fprintf(o, "| Sources compiled by --verify | %zu |\n", s->verified);
  if (s->verify_mode == C2H_VERIFY_SYNTAX_ONLY || s->verify_mode == C2H_VERIFY_COMPILED)
    fprintf(o, "| Sources up to date (--verify) | %zu |\n| Sources that did not compile (--verify) | %zu |\n",
            s->verify_up_to_date, s->verify_failed);
  else if (s->verify_mode == C2H_VERIFY_FAILED)
    fprintf(o, "| Sources checked by --verify (no compiler could be used) | 0 |\n");
  fprintf(o, "| Errors | %zu |\n| Warnings | %zu |\n| Notes | %zu |\n| Suppressed | %zu |\n\n", t->sev[C2H_SEV_ERROR],
          t->sev[C2H_SEV_WARNING], t->sev[C2H_SEV_NOTE], t->suppressed);

  fprintf(o, "## API uses converted, by library\n\n");
  if (!m->n_libs) fprintf(o, "None.\n\n");
  else {
    fprintf(o, "| Library | Uses |\n|:--|--:|\n");
    for (size_t i = 0; i < m->n_libs; i++) {
      fputs("| ", o);
      md(o, m->libs[i].name);
      fprintf(o, " | %zu |\n", m->libs[i].uses);
    }
    fputc('\n', o);
  }

  fprintf(o, "## Unsupported APIs\n\n");
  if (!m->n_unsup) fprintf(o, "None.\n\n");
  else {
    fprintf(o, "| API | Uses | Reason | Locations |\n|:--|--:|:--|:--|\n");
    for (size_t i = 0; i < m->n_unsup; i++) {
      const rp_unsupported *u = &m->unsup[i];
      fputs("| ", o);
      md(o, u->name);
      fprintf(o, " | %zu | ", u->count);
      md(o, u->reason);
      fputs(" | ", o);
      for (size_t k = 0; k < u->count; k++) {
        const c2h_diag *d = &m->diags->items[u->diags[k]];
        const rp_file *f = &m->files[m->diag_file[u->diags[k]]];
        fprintf(o, "%s[", k ? ", " : "");
        md(o, f->path);
        fprintf(o, ":%u:%u](#file-%zu)", d->begin.line, d->begin.col, f->rank + 1);
      }
      fputs(" |\n", o);
    }
    fputc('\n', o);
  }

  fprintf(o, "## Diagnostics by check\n\n");
  if (!m->n_checks) fprintf(o, "None.\n\n");
  else {
    fprintf(o, "| Check | Severity | Count | What it finds |\n|:--|:--|--:|:--|\n");
    for (size_t i = 0; i < m->n_checks; i++) {
      c2h_check c = (c2h_check)m->check_order[i];
      fputs("| ", o);
      md_link_check(o, c);
      fprintf(o, " | %s | %zu | ", c2h_severity_name(c2h_check_default_severity(c)), m->by_check[c]);
      md(o, c2h_check_summary(c));
      fputs(" |\n", o);
    }
    fputc('\n', o);
  }

  fprintf(o, "## Files\n\nMost in need of a human first.\n\n");
  if (!m->n_inputs) fprintf(o, "None.\n\n");
  else {
    int verified = m->sum->verify_mode != 0;
    fprintf(o, "| File | Status |%s Lines changed | Edits | API uses | Errors | Warnings | Notes |\n"
               "|:--|:--|%s--:|--:|--:|--:|--:|--:|\n",
            verified ? " Verify |" : "", verified ? ":--|" : "");
    for (size_t i = 0; i < m->n_inputs; i++) {
      const rp_file *f = &m->files[m->sorted[i]];
      fputs("| ", o);
      if (f->n_diags) fputc('[', o);
      md(o, f->path);
      if (f->n_diags) fprintf(o, "](#file-%zu)", f->rank + 1);
      fprintf(o, " | %s", file_status(f));
      if (verified) {
        const char *v = file_verify(f);
        fprintf(o, " | %s", v ? v : "");
        char *part_of = f->rec && f->rec->verify_part_of ? display_path(f->rec->verify_part_of, m->cwd) : NULL;
        if (part_of) {
          fputs(" of ", o);
          md(o, part_of);
        }
        free(part_of);
      }
      fprintf(o, " | %zu | %zu | %zu | %zu | %zu | %zu |\n",
              f->rec ? f->rec->stats.lines_changed : 0, f->rec ? f->rec->stats.edits : 0, f->api_uses,
              f->sev[C2H_SEV_ERROR], f->sev[C2H_SEV_WARNING], f->sev[C2H_SEV_NOTE]);
    }
    fputc('\n', o);
  }

  if (m->n_inputs < m->n_files) {
    fprintf(o, "## Outside the project\n\nFiles outside the run's folders (system headers, other projects' "
               "headers) that diagnostics point into; nothing here was translated.\n\n"
               "| File | Errors | Warnings | Notes |\n|:--|--:|--:|--:|\n");
    for (size_t i = m->n_inputs; i < m->n_files; i++) {
      const rp_file *f = &m->files[m->sorted[i]];
      fputs("| [", o);
      md(o, f->path);
      fprintf(o, "](#file-%zu) | %zu | %zu | %zu |\n", f->rank + 1, f->sev[C2H_SEV_ERROR], f->sev[C2H_SEV_WARNING],
              f->sev[C2H_SEV_NOTE]);
    }
    fputc('\n', o);
  }

  fprintf(o, "## Diagnostics by file\n\n");
  if (!m->diags->len) fprintf(o, "None.\n");
  for (size_t i = 0; i < m->n_files; i++) {
    const rp_file *f = &m->files[m->sorted[i]];
    if (!f->n_diags) continue;
    fprintf(o, "<a id=\"file-%zu\"></a>\n\n### ", f->rank + 1);
    md(o, f->path);
    fprintf(o, "\n\n%s", file_status(f));
    if (f->output) {
      fputs(" → ", o);
      md(o, f->output);
    }
    fprintf(o, "; %zu %s, %zu %s, %zu %s.\n\n", f->sev[2], plural(f->sev[2], "error", "errors"), f->sev[1],
            plural(f->sev[1], "warning", "warnings"), f->sev[0], plural(f->sev[0], "note", "notes"));
    fprintf(o, "| Line:Col | Severity | Check | Message |\n|--:|:--|:--|:--|\n");
    for (size_t k = 0; k < f->n_diags; k++) {
      const c2h_diag *d = &m->diags->items[m->order[f->first + k]];
      fprintf(o, "| %u:%u | %s | ", d->begin.line, d->begin.col, c2h_severity_name(d->severity));
      md_link_check(o, d->check);
      fputs(" | ", o);
      md(o, d->message);
      fputs(" |\n", o);
    }
    fputc('\n', o);
  }
}

/* ---- JSON ---------------------------------------------------------------- */

static json_t *jsize(size_t n) { return json_integer((json_int_t)n); }

static json_t *json_diag(const rp_model *m, size_t index) {
  const c2h_diag *d = &m->diags->items[index];
  char url[2048];
  int linked = c2h_check_help_url(d->check, url, sizeof url) == 0;
  json_t *o = json_object();
  /* Its own path: an output's, for a problem found compiling the output. */
  const rp_file *f = &m->files[m->diag_file[index]];
  char *own = strcmp(d->path, f->raw) == 0 ? NULL : display_path(d->path, m->cwd);
  int bad = c2h_json_set(o, "path", c2h_json_text(own ? own : f->path));
  free(own);
  bad |= c2h_json_set(o, "line", jsize(d->begin.line));
  bad |= c2h_json_set(o, "column", jsize(d->begin.col));
  bad |= c2h_json_set(o, "end_line", jsize(d->end.line));
  bad |= c2h_json_set(o, "end_column", jsize(d->end.col));
  bad |= c2h_json_set(o, "severity", json_string(c2h_severity_name(d->severity)));
  bad |= c2h_json_set(o, "check", json_string(c2h_check_name(d->check)));
  bad |= c2h_json_set(o, "message", c2h_json_text(d->message));
  if (linked) bad |= c2h_json_set(o, "url", c2h_json_text(url));
  if (d->replacement) bad |= c2h_json_set(o, "replacement", c2h_json_text(d->replacement));
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *json_model(const rp_model *m) {
  json_t *doc = json_object(), *tool = json_object(), *t = json_object(), *sev = json_object();
  json_t *libs = json_array(), *unsup = json_array(), *checks = json_array(), *files = json_array();
  int bad = c2h_json_set(tool, "name", json_string("cu2hip"));
  bad |= c2h_json_set(tool, "version", c2h_json_text(c2h_version_string()));
  if (c2h_homepage_link()) bad |= c2h_json_set(tool, "url", c2h_json_text(c2h_homepage_link()));
  bad |= c2h_json_set(doc, "schema", json_string("cu2hip-project-report/1"));
  bad |= c2h_json_set(doc, "tool", json_incref(tool));
  if (m->generated[0]) bad |= c2h_json_set(doc, "generated", json_string(m->generated));

  const rp_totals *tt = &m->t;
  bad |= c2h_json_set(t, "files_translated", jsize(tt->translated));
  bad |= c2h_json_set(t, "files_changed", jsize(tt->changed));
  bad |= c2h_json_set(t, "files_copied", jsize(tt->copied));
  bad |= c2h_json_set(t, "files_failed", jsize(tt->failed));
  bad |= c2h_json_set(t, "files_kept_edited", jsize(tt->edited));
  bad |= c2h_json_set(t, "files_skipped", jsize(tt->skipped));
  bad |= c2h_json_set(t, "files_outside", jsize(tt->outside));
  bad |= c2h_json_set(t, "files_written", jsize(tt->written));
  bad |= c2h_json_set(t, "files_up_to_date", jsize(tt->up_to_date));
  bad |= c2h_json_set(t, "files_renamed", jsize(tt->renamed));
  bad |= c2h_json_set(t, "edits", jsize(tt->edits));
  bad |= c2h_json_set(t, "lines_changed", jsize(tt->lines_changed));
  bad |= c2h_json_set(t, "renames", jsize(tt->renames));
  bad |= c2h_json_set(t, "includes", jsize(tt->includes));
  bad |= c2h_json_set(t, "launches", jsize(tt->launches));
  bad |= c2h_json_set(t, "calls", jsize(tt->calls));
  bad |= c2h_json_set(t, "api_uses", jsize(tt->api_uses));
  for (int k = C2H_SEV_ERROR; k >= C2H_SEV_NOTE; k--)
    bad |= c2h_json_set(sev, severity_label[k], jsize(tt->sev[k]));
  bad |= c2h_json_set(sev, "total", jsize(diag_total(m)));
  bad |= c2h_json_set(t, "diagnostics", json_incref(sev));
  bad |= c2h_json_set(t, "suppressed", jsize(tt->suppressed));
  const c2h_project_summary *s = m->sum;
  if (verify_mode_name(s)) {
    json_t *v = json_object();
    bad |= c2h_json_set(v, "mode", json_string(verify_mode_name(s)));
    bad |= c2h_json_set(v, "offload_arch", c2h_json_text(s->verify_arch));
    bad |= c2h_json_set(v, "compiled", jsize(s->verified));
    bad |= c2h_json_set(v, "syntax_checked", jsize(s->verify_syntax_checked));
    bad |= c2h_json_set(v, "up_to_date", jsize(s->verify_up_to_date));
    bad |= c2h_json_set(v, "failed", jsize(s->verify_failed));
    bad |= c2h_json_set(v, "parts", jsize(s->verify_parts));
    bad |= c2h_json_set(t, "verify", v);
  }
  bad |= c2h_json_set(doc, "totals", json_incref(t));

  for (size_t i = 0; i < m->n_libs && !bad; i++) {
    json_t *o = json_object();
    bad |= c2h_json_set(o, "library", c2h_json_text(m->libs[i].name));
    bad |= c2h_json_set(o, "uses", jsize(m->libs[i].uses));
    bad |= c2h_json_push(libs, o);
  }
  bad |= c2h_json_set(doc, "libraries", json_incref(libs));

  for (size_t i = 0; i < m->n_unsup && !bad; i++) {
    const rp_unsupported *u = &m->unsup[i];
    json_t *o = json_object(), *locs = json_array();
    bad |= c2h_json_set(o, "name", c2h_json_text(u->name));
    bad |= c2h_json_set(o, "count", jsize(u->count));
    bad |= c2h_json_set(o, "reason", c2h_json_text(u->reason));
    for (size_t k = 0; k < u->count && !bad; k++) {
      const c2h_diag *d = &m->diags->items[u->diags[k]];
      json_t *l = json_object();
      bad |= c2h_json_set(l, "path", c2h_json_text(m->files[m->diag_file[u->diags[k]]].path));
      bad |= c2h_json_set(l, "line", jsize(d->begin.line));
      bad |= c2h_json_set(l, "column", jsize(d->begin.col));
      bad |= c2h_json_push(locs, l);
    }
    bad |= c2h_json_set(o, "locations", locs);
    bad |= c2h_json_push(unsup, o);
  }
  bad |= c2h_json_set(doc, "unsupported", json_incref(unsup));

  for (size_t i = 0; i < m->n_checks && !bad; i++) {
    c2h_check c = (c2h_check)m->check_order[i];
    char url[2048];
    int linked = c2h_check_help_url(c, url, sizeof url) == 0;
    json_t *o = json_object();
    bad |= c2h_json_set(o, "check", json_string(c2h_check_name(c)));
    bad |= c2h_json_set(o, "severity", json_string(c2h_severity_name(c2h_check_default_severity(c))));
    bad |= c2h_json_set(o, "count", jsize(m->by_check[c]));
    bad |= c2h_json_set(o, "summary", c2h_json_text(c2h_check_summary(c)));
    if (linked) bad |= c2h_json_set(o, "url", c2h_json_text(url));
    bad |= c2h_json_push(checks, o);
  }
  bad |= c2h_json_set(doc, "checks", json_incref(checks));

  /* The run's files, then the files outside it that diagnostics name. */
  json_t *outside = json_array();
  for (size_t i = 0; i < m->n_files && !bad; i++) {
    const rp_file *f = &m->files[m->sorted[i]];
    json_t *o = json_object(), *ds = json_array();
    bad |= c2h_json_set(o, "path", c2h_json_text(f->path));
    bad |= c2h_json_set(o, "output", f->output ? c2h_json_text(f->output) : json_null());
    bad |= c2h_json_set(o, "status", json_string(file_status(f)));
    bad |= c2h_json_set(o, "up_to_date", json_boolean(f->rec && f->rec->cached && !f->rec->failed));
    const char *vf = file_verify(f);
    if (m->sum->verify_mode) bad |= c2h_json_set(o, "verify", vf ? json_string(vf) : json_null());
    if (f->rec && f->rec->verify_part_of) {
      char *part_of = display_path(f->rec->verify_part_of, m->cwd);
      bad |= part_of ? c2h_json_set(o, "verified_as_part_of", c2h_json_text(part_of)) : -1;
      free(part_of);
    }
    bad |= c2h_json_set(o, "lines_changed", jsize(f->rec ? f->rec->stats.lines_changed : 0));
    bad |= c2h_json_set(o, "edits", jsize(f->rec ? f->rec->stats.edits : 0));
    bad |= c2h_json_set(o, "api_uses", jsize(f->api_uses));
    for (int k = C2H_SEV_ERROR; k >= C2H_SEV_NOTE; k--) {
      static const char *const keys[3] = {"notes", "warnings", "errors"};
      bad |= c2h_json_set(o, keys[k], jsize(f->sev[k]));
    }
    for (size_t k = 0; k < f->n_diags && !bad; k++) bad |= c2h_json_push(ds, json_diag(m, m->order[f->first + k]));
    bad |= c2h_json_set(o, "diagnostics", ds);
    bad |= c2h_json_push(f->outside ? outside : files, o);
  }
  bad |= c2h_json_set(doc, "files", json_incref(files));
  bad |= c2h_json_set(doc, "outside", outside);

  json_decref(tool);
  json_decref(t);
  json_decref(sev);
  json_decref(libs);
  json_decref(unsup);
  json_decref(checks);
  json_decref(files);
  if (bad) {
    json_decref(doc);
    return NULL;
  }
  return doc;
}

/* ---- HTML ---------------------------------------------------------------- */

static const char html_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>cu2hip report</title>\n<style>\n"
    ":root{--err:#c62828;--warn:#b86e00;--note:#1e63b5;--ok:#2e7d32;--fg:#1d2330;--muted:#5f6b7a;"
    "--line:#dde2ea;--bg:#f5f7fa;--card:#fff}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:15px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:var(--fg);"
    "background:var(--bg)}\n"
    "header{background:#1d2330;color:#fff;padding:22px 32px 26px}\n"
    "header h1{margin:0;font-size:22px;font-weight:600}\n"
    "header p{margin:2px 0 16px;color:#b8c2d0;font-size:13px}\n"
    ".cards{display:flex;flex-wrap:wrap;gap:10px}\n"
    ".card{background:#2a3243;border-radius:8px;padding:10px 16px;min-width:118px}\n"
    ".card b{display:block;font-size:28px;line-height:1.2;font-variant-numeric:tabular-nums}\n"
    ".card span{font-size:12px;color:#b8c2d0;text-transform:uppercase;letter-spacing:.04em}\n"
    ".card.err b{color:#ff8a80}.card.warn b{color:#ffcc66}.card.note b{color:#8ec5ff}\n"
    "main{max-width:1200px;margin:0 auto;padding:8px 32px 48px}\n"
    "section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px 20px;"
    "margin:18px 0}\n"
    "h2{font-size:17px;margin:0 0 12px}\nh3{font-size:15px;margin:0 0 6px;word-break:break-all}\n"
    ".grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(460px,1fr));gap:0 18px}\n"
    ".grid section{margin:18px 0 0}\n"
    "table{border-collapse:collapse;width:100%;font-size:14px}\n"
    "th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}\n"
    "th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);white-space:nowrap}\n"
    "th[data-sort]{cursor:pointer}th[data-sort]:hover{color:var(--fg)}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "td.z{color:#b3bac5}\n"
    "a{color:#1e63b5;text-decoration:none}a:hover{text-decoration:underline}\n"
    "code,.mono{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}\n"
    "h3.mono{font-size:15px;font-weight:600}\n"
    ".bars{display:grid;grid-template-columns:minmax(120px,max-content) 1fr 3.5em;gap:5px 10px;"
    "align-items:center;font-size:13px}\n"
    ".bars.wide{grid-template-columns:minmax(140px,max-content) 76px minmax(160px,1fr) 3.5em minmax(220px,1.3fr)}\n"
    ".bars .sum{color:var(--muted)}\n"
    ;

/* The rest of the style sheet (one literal would be too long for C11). */
static const char html_head_more[] =
    ".bars .lab{overflow:hidden;white-space:nowrap;max-width:340px;min-width:0}\n"
    /* Paths: the folder part shrinks first, with an ellipsis in the middle. */
    ".p{display:flex;min-width:0;overflow:hidden}\n"
    ".ph{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;flex:0 1 auto;min-width:1.2em}\n"
    "th.n{white-space:normal}\n"
    ".pt{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;flex:0 0 auto;max-width:calc(100% - 1.2em)}\n"
    "td.file,th.file{max-width:0;width:46%}\n"
    ".brk{word-break:break-all}\n"
    ".track{background:#eef1f5;border-radius:4px;height:14px;display:flex;overflow:hidden}\n"
    ".track i{display:block;height:100%}\n"
    ".s-error{background:var(--err)}.s-warning{background:var(--warn)}.s-note{background:var(--note)}"
    ".s-lib{background:#5c6bc0}\n"
    ".bars .n{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".legend{font-size:12px;color:var(--muted);margin:8px 0 0}\n"
    ".legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 10px}\n"
    ".badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:11px;font-weight:600;color:#fff;"
    "text-transform:uppercase;letter-spacing:.03em;line-height:18px}\n"
    ".b-error{background:var(--err)}.b-warning{background:var(--warn)}.b-note{background:var(--note)}\n"
    ".st{font-size:12px;padding:1px 7px;border-radius:10px;background:#eef1f5;color:var(--muted)}\n"
    ".st-changed{background:#e3f1e4;color:var(--ok)}.st-failed{background:#fde7e7;color:var(--err)}\n"
    ".st-v-compiled{background:#e3f1e4;color:var(--ok)}.st-v-syntax-only{background:#fff3d6;color:var(--warn)}"
    ".st-v-failed{background:#fde7e7;color:var(--err)}\n"
    ".meta{color:var(--muted);font-size:13px;margin:0 0 10px}\n"
    ".file{scroll-margin-top:12px}.file:target,tr:target{outline:2px solid #ffcc66}\n"
    ".diag td{border-bottom:none;padding-bottom:0}\n"
    ".src td{padding-top:2px}\n"
    ".src pre{margin:0 0 4px;padding:4px 8px;background:#f6f8fb;border-left:3px solid var(--line);"
    "white-space:pre-wrap;word-break:break-all}\n"
    ".msg{max-width:720px}\n"
    ".reason{min-width:240px}td.where{max-width:0;width:44%}td.api{overflow-wrap:anywhere}.where a{display:flex}\n"
    ".none{color:var(--muted)}\n"
    "footer{color:var(--muted);font-size:12px;text-align:center;padding:0 0 24px}\n"
    "</style>\n</head>\n<body>\n";

static const char html_script[] =
    "<script>\n"
    "/* Click a column heading of the file table to sort by it. */\n"
    "document.querySelectorAll('th[data-sort]').forEach(function (th) {\n"
    "  th.addEventListener('click', function () {\n"
    "    var table = th.closest('table'), body = table.tBodies[0], col = th.cellIndex;\n"
    "    var desc = th.getAttribute('aria-sort') !== 'descending';\n"
    "    var num = th.getAttribute('data-sort') === 'n';\n"
    "    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });\n"
    "    th.setAttribute('aria-sort', desc ? 'descending' : 'ascending');\n"
    "    var rows = Array.prototype.slice.call(body.rows);\n"
    "    rows.sort(function (a, b) {\n"
    "      var x = a.cells[col].textContent, y = b.cells[col].textContent;\n"
    "      var c = num ? Number(x) - Number(y) : x.localeCompare(y);\n"
    "      return desc ? -c : c;\n"
    "    });\n"
    "    rows.forEach(function (r) { body.appendChild(r); });\n"
    "  });\n"
    "});\n"
    "</script>\n";

static void html_card(FILE *o, const char *cls, size_t n, const char *label) {
  fprintf(o, "<div class=\"card%s%s\"><b>%zu</b><span>%s</span></div>\n", cls ? " " : "", cls ? cls : "", n,
          label);
}

static void html_check_link(FILE *o, c2h_check c) {
  char url[2048];
  int linked = c2h_check_help_url(c, url, sizeof url) == 0;
  if (linked) {
    fputs("<a class=\"mono\" href=\"", o);
    html(o, url);
    fputs("\" title=\"", o);
  } else {
    fputs("<span class=\"mono\" title=\"", o);
  }
  html(o, c2h_check_summary(c));
  fputs("\">", o);
  html(o, c2h_check_name(c));
  fputs(linked ? "</a>" : "</span>", o);
}

/* A bar segment of n out of max, as a percentage width. */
static void html_segment(FILE *o, const char *cls, size_t n, size_t max) {
  if (!n || !max) return;
  double pct = 100.0 * (double)n / (double)max;
  fprintf(o, "<i class=\"%s\" style=\"width:%.2f%%\"></i>", cls, pct);
}

/* A path that may be shortened to fit, with an ellipsis in the middle: its
 * folders give way, the file name (with a suffix such as ":12:5") stays;
 * the whole path is in the title (shown on hover). */
static void html_path(FILE *o, const char *path, const char *suffix) {
  const char *base = c2h_path_basename(path);
  fputs("<span class=\"p\" title=\"", o);
  html(o, path);
  if (suffix) html(o, suffix);
  fputs("\">", o);
  if (base > path) {
    fputs("<span class=\"ph\">", o);
    html_n(o, path, (size_t)(base - path));
    fputs("</span>", o);
  }
  fputs("<span class=\"pt\">", o);
  html(o, base);
  if (suffix) html(o, suffix);
  fputs("</span></span>", o);
}

static void html_num(FILE *o, size_t n) { fprintf(o, "<td class=\"n%s\">%zu</td>", n ? "" : " z", n); }

/* The source line of a diagnostic, read from its file (NULL: unavailable). */
typedef struct src_file {
  char *data;
  size_t len;
  size_t *lines; /* offset of each line start */
  size_t n_lines;
} src_file;

static void src_load(src_file *sf, const char *path) {
  c2h_error err;
  memset(sf, 0, sizeof *sf);
  if (c2h_file_read(path, &sf->data, &sf->len, &err) != 0) {
    sf->data = NULL;
    return;
  }
  size_t n = 1;
  for (size_t i = 0; i < sf->len; i++) n += sf->data[i] == '\n';
  if (!(sf->lines = malloc(n * sizeof *sf->lines))) return;
  sf->lines[sf->n_lines++] = 0;
  for (size_t i = 0; i < sf->len; i++)
    if (sf->data[i] == '\n') sf->lines[sf->n_lines++] = i + 1;
}

static void src_dispose(src_file *sf) {
  free(sf->data);
  free(sf->lines);
}

static void html_source_line(FILE *o, const src_file *sf, unsigned line) {
  if (!sf->lines || !line || line > sf->n_lines) return;
  size_t b = sf->lines[line - 1], e = b;
  while (e < sf->len && sf->data[e] != '\n' && sf->data[e] != '\r') e++;
  size_t lead = b;
  while (lead < e && (sf->data[lead] == ' ' || sf->data[lead] == '\t')) lead++;
  if (lead == e) return;
  if (e - lead > 240) e = lead + 240;
  while (e > lead && (sf->data[e - 1] == ' ' || sf->data[e - 1] == '\t')) e--;
  fputs("<tr class=\"src\"><td></td><td colspan=\"3\"><pre>", o);
  /* Keep tabs and spaces inside the line; html_n turns tabs into spaces. */
  html_n(o, sf->data + lead, e - lead);
  fputs("</pre></td></tr>\n", o);
}

static void write_html(FILE *o, const rp_model *m) {
  fputs(html_head, o);
  fputs(html_head_more, o);
  fprintf(o, "<header>\n<h1>cu2hip report</h1>\n<p>CUDA to HIP translation &middot; cu2hip ");
  html(o, c2h_version_string());
  if (m->generated[0]) fprintf(o, " &middot; %s", m->generated);
  fputs("</p>\n<div class=\"cards\">\n", o);
  const rp_totals *t = &m->t;
  html_card(o, NULL, t->translated, "files translated");
  html_card(o, NULL, t->changed, "changed");
  html_card(o, NULL, t->copied, "copied");
  if (t->up_to_date) html_card(o, NULL, t->up_to_date, "up to date");
  if (t->edited) html_card(o, "warn", t->edited, plural(t->edited, "edited output kept", "edited outputs kept"));
  /* Inputs that could not be processed; compile errors have cards below. */
  html_card(o, t->failed ? "err" : NULL, t->failed, "inputs failed");
  html_card(o, NULL, t->edits, "edits");
  html_card(o, NULL, t->lines_changed, "lines changed");
  html_card(o, NULL, t->api_uses, "API uses converted");
  html_card(o, "err", t->sev[C2H_SEV_ERROR], plural(t->sev[C2H_SEV_ERROR], "error", "errors"));
  html_card(o, "warn", t->sev[C2H_SEV_WARNING], plural(t->sev[C2H_SEV_WARNING], "warning", "warnings"));
  html_card(o, "note", t->sev[C2H_SEV_NOTE], plural(t->sev[C2H_SEV_NOTE], "note", "notes"));
  html_card(o, NULL, t->suppressed, "suppressed");
  const c2h_project_summary *s = m->sum;
  /* --verify's outcome: a syntax-only check is never shown as compiled. */
  if (s->verify_mode == C2H_VERIFY_SYNTAX_ONLY) {
    html_card(o, "warn", s->verify_syntax_checked + s->verify_up_to_date, "syntax-checked only");
  } else if (s->verify_mode == C2H_VERIFY_COMPILED) {
    html_card(o, NULL, s->verified + s->verify_up_to_date, "compiled");
  }
  if (s->verify_mode)
    html_card(o, s->verify_failed || s->verify_mode == C2H_VERIFY_FAILED ? "err" : NULL, s->verify_failed,
              s->verify_mode == C2H_VERIFY_FAILED ? "not compiled (no compiler)" : "did not compile");
  fputs("</div>\n</header>\n<main>\n", o);

  /* Charts: by check (with what each check finds), by file, by library. */
  fputs("<section id=\"by-check\">\n<h2>Diagnostics by check</h2>\n", o);
  if (!m->n_checks) fputs("<p class=\"none\">No diagnostics.</p>\n", o);
  else {
    fputs("<div class=\"bars wide\">\n", o);
    for (size_t i = 0; i < m->n_checks; i++) {
      c2h_check c = (c2h_check)m->check_order[i];
      const char *sv = c2h_severity_name(c2h_check_default_severity(c));
      fputs("<div class=\"lab\">", o);
      html_check_link(o, c);
      fprintf(o, "</div><div><span class=\"badge b-%s\">%s</span></div><div class=\"track\">", sv, sv);
      html_segment(o, sv[0] == 'e' ? "s-error" : sv[0] == 'w' ? "s-warning" : "s-note", m->by_check[c], m->max_check);
      fprintf(o, "</div><div class=\"n\">%zu</div><div class=\"sum\">", m->by_check[c]);
      html(o, c2h_check_summary(c));
      fputs("</div>\n", o);
    }
    fputs("</div>\n<p class=\"legend\">Bar colour: the check's default severity. "
          "Each name links to the check's documentation.</p>\n", o);
  }
  fputs("</section>\n<div class=\"grid\">\n", o);

  fputs("<section id=\"by-file\">\n<h2>Diagnostics by file</h2>\n", o);
  if (!m->diags->len) fputs("<p class=\"none\">No diagnostics.</p>\n", o);
  else {
    size_t shown = 0, rest = 0;
    fputs("<div class=\"bars\">\n", o);
    for (size_t i = 0; i < m->n_files; i++) {
      const rp_file *f = &m->files[m->sorted[i]];
      if (!f->n_diags || f->outside) continue;
      if (shown == 25) {
        rest++;
        continue;
      }
      shown++;
      fprintf(o, "<div class=\"lab\"><a class=\"mono\" href=\"#file-%zu\">", f->rank + 1);
      html_path(o, f->path, NULL);
      fputs("</a></div><div class=\"track\">", o);
      html_segment(o, "s-error", f->sev[C2H_SEV_ERROR], m->max_file);
      html_segment(o, "s-warning", f->sev[C2H_SEV_WARNING], m->max_file);
      html_segment(o, "s-note", f->sev[C2H_SEV_NOTE], m->max_file);
      fprintf(o, "</div><div class=\"n\">%zu</div>\n", f->n_diags);
    }
    fputs("</div>\n<p class=\"legend\"><i class=\"s-error\"></i>errors<i class=\"s-warning\"></i>warnings"
          "<i class=\"s-note\"></i>notes",
          o);
    if (rest) fprintf(o, " &middot; %zu more %s with diagnostics in the table below", rest, plural(rest, "file", "files"));
    fputs("</p>\n", o);
  }
  fputs("</section>\n", o);

  fputs("<section id=\"libraries\">\n<h2>API uses converted, by library</h2>\n", o);
  if (!m->n_libs) fputs("<p class=\"none\">None.</p>\n", o);
  else {
    fputs("<div class=\"bars\">\n", o);
    for (size_t i = 0; i < m->n_libs; i++) {
      fputs("<div class=\"lab mono\">", o);
      html(o, m->libs[i].name);
      fputs("</div><div class=\"track\">", o);
      html_segment(o, "s-lib", m->libs[i].uses, m->max_lib);
      fprintf(o, "</div><div class=\"n\">%zu</div>\n", m->libs[i].uses);
    }
    fputs("</div>\n", o);
  }
  fputs("</section>\n</div>\n", o);

  fputs("<section id=\"unsupported\">\n<h2>Unsupported APIs</h2>\n", o);
  if (!m->n_unsup) fputs("<p class=\"none\">None: every CUDA API found has a HIP equivalent.</p>\n", o);
  else {
    fputs("<table>\n<thead><tr><th>API</th><th class=\"n\">Uses</th><th>Reason</th><th>Where</th></tr></thead>\n"
          "<tbody>\n",
          o);
    for (size_t i = 0; i < m->n_unsup; i++) {
      const rp_unsupported *u = &m->unsup[i];
      fputs("<tr><td class=\"mono api\">", o);
      html(o, u->name);
      fprintf(o, "</td><td class=\"n\">%zu</td><td class=\"reason\">", u->count);
      html(o, u->reason);
      fputs("</td><td class=\"mono where\">", o);
      for (size_t k = 0; k < u->count; k++) {
        const c2h_diag *d = &m->diags->items[u->diags[k]];
        const rp_file *f = &m->files[m->diag_file[u->diags[k]]];
        size_t pos = 0;
        while (m->order[f->first + pos] != u->diags[k]) pos++;
        char at[32];
        snprintf(at, sizeof at, ":%u:%u", d->begin.line, d->begin.col);
        fprintf(o, "<a href=\"#d-%zu-%zu\">", f->rank + 1, pos + 1);
        html_path(o, f->path, at);
        fputs("</a>", o);
      }
      fputs("</td></tr>\n", o);
    }
    fputs("</tbody>\n</table>\n", o);
  }
  fputs("</section>\n", o);

  /* The file table. */
  fputs("<section id=\"files\">\n<h2>Files</h2>\n<p class=\"meta\">Most in need of a human first "
        "(errors, then warnings, then notes). Click a heading to sort.</p>\n",
        o);
  if (!m->n_inputs) fputs("<p class=\"none\">No files.</p>\n", o);
  else {
    int verified = m->sum->verify_mode != 0;
    fprintf(o, "<table>\n<thead><tr><th class=\"file\" data-sort=\"s\">File</th><th data-sort=\"s\">Status</th>%s",
            verified ? "<th data-sort=\"s\">Verify</th>" : "");
    fputs("<th class=\"n\" data-sort=\"n\">Lines changed</th><th class=\"n\" data-sort=\"n\">Edits</th>"
          "<th class=\"n\" data-sort=\"n\">API uses</th><th class=\"n\" data-sort=\"n\">Errors</th>"
          "<th class=\"n\" data-sort=\"n\">Warnings</th><th class=\"n\" data-sort=\"n\">Notes</th></tr></thead>\n"
          "<tbody>\n",
          o);
    for (size_t i = 0; i < m->n_inputs; i++) {
      const rp_file *f = &m->files[m->sorted[i]];
      const char *st = file_status(f);
      fprintf(o, "<tr id=\"row-%zu\"><td class=\"mono file\">", f->rank + 1);
      if (f->n_diags) fprintf(o, "<a href=\"#file-%zu\">", f->rank + 1);
      html_path(o, f->path, NULL);
      if (f->n_diags) fputs("</a>", o);
      fprintf(o, "</td><td><span class=\"st st-%s\">%s</span></td>", st, st);
      if (verified) {
        const char *v = file_verify(f);
        fputs("<td>", o);
        if (v) fprintf(o, "<span class=\"st st-v-%s\">%s</span>", v, v);
        char *part_of = f->rec && f->rec->verify_part_of ? display_path(f->rec->verify_part_of, m->cwd) : NULL;
        if (part_of) {
          fputs(" of <span class=\"mono\">", o);
          html(o, part_of);
          fputs("</span>", o);
        }
        free(part_of);
        fputs("</td>", o);
      }
      html_num(o, f->rec ? f->rec->stats.lines_changed : 0);
      html_num(o, f->rec ? f->rec->stats.edits : 0);
      html_num(o, f->api_uses);
      html_num(o, f->sev[C2H_SEV_ERROR]);
      html_num(o, f->sev[C2H_SEV_WARNING]);
      html_num(o, f->sev[C2H_SEV_NOTE]);
      fputs("</tr>\n", o);
    }
    fputs("</tbody>\n</table>\n", o);
  }
  fputs("</section>\n", o);

  if (m->n_inputs < m->n_files) {
    fputs("<section id=\"outside\">\n<h2>Outside the project</h2>\n<p class=\"meta\">Files outside the run's folders "
          "(system headers, other projects' headers) that diagnostics point into. Nothing here was translated; "
          "the cause is usually in the project file that includes them.</p>\n<table>\n<thead><tr>"
          "<th class=\"file\">File</th><th class=\"n\">Errors</th><th class=\"n\">Warnings</th>"
          "<th class=\"n\">Notes</th></tr></thead>\n<tbody>\n",
          o);
    for (size_t i = m->n_inputs; i < m->n_files; i++) {
      const rp_file *f = &m->files[m->sorted[i]];
      fprintf(o, "<tr id=\"row-%zu\"><td class=\"mono file\"><a href=\"#file-%zu\">", f->rank + 1, f->rank + 1);
      html_path(o, f->path, NULL);
      fputs("</a></td>", o);
      html_num(o, f->sev[C2H_SEV_ERROR]);
      html_num(o, f->sev[C2H_SEV_WARNING]);
      html_num(o, f->sev[C2H_SEV_NOTE]);
      fputs("</tr>\n", o);
    }
    fputs("</tbody>\n</table>\n</section>\n", o);
  }

  /* One section per file with diagnostics. */
  for (size_t i = 0; i < m->n_files; i++) {
    const rp_file *f = &m->files[m->sorted[i]];
    if (!f->n_diags) continue;
    const char *st = file_status(f);
    src_file sf;
    src_load(&sf, f->raw);
    fprintf(o, "<section class=\"file\" id=\"file-%zu\">\n<h3 class=\"mono\">", f->rank + 1);
    html(o, f->path);
    fprintf(o, "</h3>\n<p class=\"meta\"><span class=\"st st-%s\">%s</span>", st, st);
    if (f->output) {
      fputs(" &rarr; <span class=\"mono brk\">", o);
      html(o, f->output);
      fputs("</span>", o);
    }
    fprintf(o, " &middot; %zu %s, %zu %s, %zu %s", f->sev[2], plural(f->sev[2], "error", "errors"), f->sev[1],
            plural(f->sev[1], "warning", "warnings"), f->sev[0], plural(f->sev[0], "note", "notes"));
    if (f->rec)
      fprintf(o, " &middot; %zu %s changed, %zu %s", f->rec->stats.lines_changed,
              plural(f->rec->stats.lines_changed, "line", "lines"), f->rec->stats.edits,
              plural(f->rec->stats.edits, "edit", "edits"));
    fprintf(o, " &middot; <a href=\"#row-%zu\">back to the table</a></p>\n", f->rank + 1);
    fputs("<table>\n<thead><tr><th>Line:Col</th><th>Severity</th><th>Check</th><th>Message</th></tr></thead>\n"
          "<tbody>\n",
          o);
    for (size_t k = 0; k < f->n_diags; k++) {
      const c2h_diag *d = &m->diags->items[m->order[f->first + k]];
      const char *sv = c2h_severity_name(d->severity);
      /* A problem found in the file's output (compiling it) names the
       * output: its lines are the output's, not the input's. */
      int own = strcmp(d->path, f->raw) == 0;
      fprintf(o, "<tr class=\"diag\" id=\"d-%zu-%zu\"><td class=\"mono\"><a href=\"#d-%zu-%zu\">", f->rank + 1,
              k + 1, f->rank + 1, k + 1);
      if (!own) {
        char *shown = display_path(d->path, m->cwd);
        if (shown) {
          html(o, shown);
          fputc(':', o);
        }
        free(shown);
      }
      fprintf(o, "%u:%u</a></td>", d->begin.line, d->begin.col);
      fprintf(o, "<td><span class=\"badge b-%s\">%s</span></td><td>", sv, sv);
      html_check_link(o, d->check);
      fputs("</td><td class=\"msg\">", o);
      html(o, d->message);
      if (d->replacement) {
        fputs("<br>Suggested: <code>", o);
        html(o, d->replacement);
        fputs("</code>", o);
      }
      fputs("</td></tr>\n", o);
      if (own) html_source_line(o, &sf, d->begin.line);
    }
    fputs("</tbody>\n</table>\n</section>\n", o);
    src_dispose(&sf);
  }
  fputs("</main>\n<footer>Generated by cu2hip ", o);
  html(o, c2h_version_string());
  fputs(". Check names link to their documentation.</footer>\n", o);
  fputs(html_script, o);
  fputs("</body>\n</html>\n", o);
}

/* ---- entry point ---------------------------------------------------------- */

typedef enum { REPORT_MD, REPORT_JSON, REPORT_HTML } report_kind;

static int kind_of(const char *path, report_kind *kind) {
  const char *base = c2h_path_basename(path);
  const char *dot = strrchr(base, '.');
  if (!dot) return -1;
  if (strcmp(dot, ".md") == 0 || strcmp(dot, ".markdown") == 0) *kind = REPORT_MD;
  else if (strcmp(dot, ".json") == 0) *kind = REPORT_JSON;
  else if (strcmp(dot, ".html") == 0 || strcmp(dot, ".htm") == 0) *kind = REPORT_HTML;
  else return -1;
  return 0;
}

int c2h_report_project_kind_valid(const char *path) {
  report_kind k;
  return kind_of(path, &k) == 0;
}

int c2h_report_project(const char *path, const c2h_project_summary *sum, const c2h_diag_list *diags,
                       c2h_error *err) {
  report_kind kind;
  if (!path || kind_of(path, &kind))
    return c2h_error_set(err, C2H_ERR_USAGE, path, 0, 0,
                         "the report file must end in .md, .json or .html (the extension picks the format)");
  rp_model m;
  if (model_build(&m, sum, diags)) {
    model_dispose(&m);
    return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while building the report");
  }
  char *data = NULL;
  size_t len = 0;
  int rc = 0;
  FILE *o = open_memstream(&data, &len);
  if (!o) {
    model_dispose(&m);
    return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
  }
  if (kind == REPORT_MD) write_md(o, &m);
  else if (kind == REPORT_HTML) write_html(o, &m);
  else {
    json_t *doc = json_model(&m);
    if (!doc) rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
    else rc = c2h_json_write(o, doc, 1, err);
    json_decref(doc);
  }
  if (ferror(o) && rc == 0) rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
  if (fclose(o) != 0 && rc == 0)
    rc = c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
  model_dispose(&m);
  if (rc == 0) {
    struct stat st;
    mode_t mode = stat(path, &st) == 0 ? (st.st_mode & 0777) : 0644;
    rc = c2h_file_write_atomic(path, data ? data : "", len, mode, err);
  }
  free(data);
  return rc;
}
