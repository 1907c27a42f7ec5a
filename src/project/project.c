/* Runs translation over inputs: files and directory trees. One bad input is
 * a diagnostic, never the end of the run; outputs are written atomically. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <sys/stat.h>

#include "cu2hip/buildfiles.h"
#include "cu2hip/project.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/strmap.h"

const char *const c2h_source_extensions[] = {".cu", ".cuh", ".h",  ".hpp", ".cpp",
                                             ".cc", ".cxx", ".inl", NULL};
static const char *const cuda_only_extensions[] = {".cu", ".cuh", NULL};

/* Markers that only CUDA code (or code calling CUDA) contains. Cheap, and
 * only used to choose which non-.cu files of a tree to translate. */
int c2h_bytes_look_cuda(const char *path, const char *bytes, size_t len) {
  static const char *const markers[] = {"cuda", "__global__", "__device__", "<<<", "__shfl",
                                        "__syncthreads", "cublas", "curand", "cufft", "cusparse",
                                        "thrust/", "cub/", "nccl", NULL};
  if (c2h_path_has_extension(path, cuda_only_extensions)) return 1;
  if (memchr(bytes, '\0', len)) return 0;
  for (size_t i = 0; markers[i]; i++) {
    size_t m = strlen(markers[i]);
    for (const char *p = bytes; (p = memchr(p, markers[i][0], len - (size_t)(p - bytes))) != NULL; p++)
      if ((size_t)(bytes + len - p) >= m && memcmp(p, markers[i], m) == 0) return 1;
  }
  return 0;
}

/* A source to translate: where it is read from and its path relative to the
 * output root. */
typedef struct job {
  char *path;
  char *rel;
  int from_walk; /* found by walking a directory (vs named by the user) */
  int copy_only; /* not a source: copied to the output tree as it is */
} job;

typedef struct job_list {
  job *items;
  size_t len, cap;
  c2h_strmap rels; /* output paths taken: an input named twice is done once */
} job_list;

static int add_job(job_list *l, const char *path, const char *rel, int from_walk, int copy_only) {
  if (c2h_strmap_get(&l->rels, rel, strlen(rel)) >= 0) return 0;
  if (c2h_strmap_put(&l->rels, rel, strlen(rel), 1)) return C2H_ERR_NOMEM;
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    job *p = realloc(l->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    l->items = p;
    l->cap = cap;
  }
  job *j = &l->items[l->len];
  j->path = c2h_strdup(path);
  j->rel = c2h_strdup(rel);
  j->from_walk = from_walk;
  j->copy_only = copy_only;
  if (!j->path || !j->rel) {
    free(j->path);
    free(j->rel);
    return C2H_ERR_NOMEM;
  }
  l->len++;
  return 0;
}

static void free_jobs(job_list *l) {
  for (size_t i = 0; i < l->len; i++) {
    free(l->items[i].path);
    free(l->items[i].rel);
  }
  free(l->items);
  c2h_strmap_dispose(&l->rels);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static c2h_pos no_pos(void) { return (c2h_pos){0, 0, 0}; }

static int input_error(c2h_diag_list *diags, c2h_project_summary *sum, const char *path,
                       const char *fmt, const char *reason) {
  sum->input_errors++;
  return c2h_diag_list_add(diags, path, no_pos(), no_pos(), C2H_SEV_ERROR, C2H_CHECK_INPUT_ERROR, NULL,
                           fmt, reason);
}

/* What a directory walk needs besides the tree. */
typedef struct walk_ctx {
  const c2h_project_options *o;
  const char *out_canonical; /* the output root, never walked into */
  job_list *jobs;
  c2h_diag_list *diags;
  c2h_project_summary *sum;
} walk_ctx;

static int matches_any(const char *const *patterns, size_t n, const char *rel) {
  const char *base = c2h_path_basename(rel);
  for (size_t i = 0; i < n; i++)
    if (fnmatch(patterns[i], rel, 0) == 0 || fnmatch(patterns[i], base, 0) == 0) return 1;
  return 0;
}

static int excluded(const c2h_project_options *o, const char *rel) {
  return matches_any(o->exclude, o->n_exclude, rel) && !matches_any(o->include, o->n_include, rel);
}

/* A regular file found by the walk: a source or build script to translate,
 * or a file to copy. */
static int add_walked_file(walk_ctx *w, const char *path, const char *rel) {
  if (c2h_path_has_extension(path, c2h_source_extensions) || c2h_buildfile_kind_of(path) != C2H_BUILDFILE_NONE)
    return add_job(w->jobs, path, rel, 1, 0);
  if (w->o->mode == C2H_OUTPUT_DIR && !w->o->no_copy) return add_job(w->jobs, path, rel, 1, 1);
  return 0;
}

/* Whether dir is the output root (an output tree inside the input). */
static int is_output_root(const walk_ctx *w, const char *dir) {
  if (!w->out_canonical) return 0;
  char *canonical = realpath(dir, NULL);
  int same = canonical && strcmp(canonical, w->out_canonical) == 0;
  free(canonical);
  return same;
}

/* Collects the files under dir (sorted, hidden entries skipped). */
static int walk(walk_ctx *w, const char *dir, const char *rel, int depth) {
  int rc = 0;
  char **names = NULL;
  size_t n = 0, cap = 0;
  if (depth > 64) return input_error(w->diags, w->sum, dir, "%s", "directory nesting too deep; not walked further");
  DIR *d = opendir(dir);
  if (!d) return input_error(w->diags, w->sum, dir, "cannot open directory: %s", strerror(errno));
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      char **p = realloc(names, cap * sizeof *p);
      if (!p) {
        rc = C2H_ERR_NOMEM;
        goto done;
      }
      names = p;
    }
    if (!(names[n] = c2h_strdup(e->d_name))) {
      rc = C2H_ERR_NOMEM;
      goto done;
    }
    n++;
  }
  if (n > 1) qsort(names, n, sizeof *names, cmp_str);
  for (size_t i = 0; i < n && rc == 0; i++) {
    char *path = c2h_path_join(dir, names[i]);
    char *sub = rel[0] ? c2h_path_join(rel, names[i]) : c2h_strdup(names[i]);
    struct stat st;
    if (!path || !sub) {
      rc = C2H_ERR_NOMEM;
    } else if (excluded(w->o, sub)) {
      /* skipped on request */
    } else if (lstat(path, &st) != 0) {
      rc = input_error(w->diags, w->sum, path, "cannot stat: %s", strerror(errno));
    } else if (S_ISLNK(st.st_mode)) {
      /* Symbolic links to directories are not followed: they could lead
       * outside the tree or into a loop. Linked files are taken as files. */
      if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) rc = add_walked_file(w, path, sub);
    } else if (S_ISDIR(st.st_mode)) {
      if (!is_output_root(w, path)) rc = walk(w, path, sub, depth + 1);
    } else if (S_ISREG(st.st_mode)) {
      rc = add_walked_file(w, path, sub);
    }
    free(path);
    free(sub);
  }
done:
  closedir(d);
  for (size_t i = 0; i < n; i++) free(names[i]);
  free(names);
  return rc;
}

/* The permissions an output takes over from its input. */
static mode_t input_mode(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (st.st_mode & 07777) : 0644;
}

/* Where a job's result goes: under the output root, over the input, or
 * nowhere (stdout, check). NULL when out of memory too. */
static char *output_path(const c2h_project_options *o, const job *j) {
  if (o->mode == C2H_OUTPUT_DIR) return c2h_path_join(o->out_dir, j->rel);
  if (o->mode == C2H_OUTPUT_IN_PLACE) return c2h_strdup(j->path);
  return NULL;
}

static int write_output(const c2h_project_options *o, const job *j, const c2h_file_result *res,
                        c2h_diag_list *diags, c2h_project_summary *sum, c2h_error *err) {
  int rc = 0;
  mode_t mode = input_mode(j->path);
  char *target = NULL, *backup = NULL;
  if (o->mode == C2H_OUTPUT_STDOUT) {
    FILE *f = o->stdout_stream ? o->stdout_stream : stdout;
    if (fwrite(res->output, 1, res->output_len, f) != res->output_len || fflush(f) != 0)
      return input_error(diags, sum, "<stdout>", "cannot write the translation: %s", strerror(errno));
    return 0;
  }
  if (o->mode == C2H_OUTPUT_NONE) return 0;
  if (o->mode == C2H_OUTPUT_IN_PLACE) {
    if (!res->changed) return 0; /* nothing to do: the file is left untouched */
    target = output_path(o, j);
    if (target && o->backup_suffix) {
      backup = malloc(strlen(j->path) + strlen(o->backup_suffix) + 1);
      if (backup) strcat(strcpy(backup, j->path), o->backup_suffix);
    }
    if (!target || (o->backup_suffix && !backup)) {
      rc = C2H_ERR_NOMEM;
      goto done;
    }
    if (backup && c2h_file_backup(j->path, backup, err) != 0) {
      rc = input_error(diags, sum, j->path, "%s", err->message);
      goto done;
    }
  } else if (!(target = output_path(o, j))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  if (c2h_file_write_atomic(target, res->output, res->output_len, mode, err) != 0) {
    rc = input_error(diags, sum, err->path, "%s", err->message);
    goto done;
  }
  sum->written++;
done:
  free(target);
  free(backup);
  return rc;
}

int c2h_check_enabled(const c2h_check_filter *filters, size_t n, c2h_check check) {
  int on = 1;
  if (check == C2H_CHECK_INPUT_ERROR) return 1;
  for (size_t i = 0; i < n; i++)
    if (c2h_check_matches(filters[i].pattern, check)) on = filters[i].enable != 0;
  return on;
}

/* Drops the diagnostics of checks the filters turn off. */
static void filter_diags(const c2h_project_options *o, c2h_diag_list *l) {
  size_t kept = 0;
  if (!o->n_filters) return;
  for (size_t i = 0; i < l->len; i++) {
    c2h_diag *d = &l->items[i];
    if (c2h_check_enabled(o->filters, o->n_filters, d->check)) {
      l->items[kept++] = *d;
    } else {
      free(d->path);
      free(d->message);
      free(d->replacement);
    }
  }
  l->len = kept;
}

/* Copies a file that is not translated into the output tree. */
static int copy_file(const c2h_project_options *o, const job *j, const char *data, size_t len,
                     c2h_diag_list *diags, c2h_project_summary *sum) {
  c2h_error err;
  mode_t mode = input_mode(j->path);
  char *target = output_path(o, j);
  if (!target) return C2H_ERR_NOMEM;
  int rc = 0;
  if (c2h_file_write_atomic(target, data, len, mode, &err) != 0)
    rc = input_error(diags, sum, err.path, "%s", err.message);
  else
    sum->copied++;
  free(target);
  return rc;
}

/* Translates (or copies) one file. A translator is made on first need, so
 * a worker that only copies never starts a parser. */
static int run_job(c2h_translator **trp, const c2h_project_options *o, const job *j, c2h_diag_list *diags,
                   c2h_project_summary *sum, c2h_project_file *rec) {
  char *src = NULL;
  size_t len = 0;
  c2h_error err;
  c2h_error_clear(&err);
  c2h_file_result res;
  c2h_file_result_init(&res);
  int rc = 0;
  size_t errors_before = sum->input_errors;
  if (!(rec->path = c2h_strdup(j->path))) return C2H_ERR_NOMEM;
  if (c2h_file_read(j->path, &src, &len, &err) != 0) {
    rc = err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : input_error(diags, sum, j->path, "%s", err.message);
    goto done;
  }
  c2h_buildfile_kind script = c2h_buildfile_kind_of(j->path);
  if (j->copy_only || (script == C2H_BUILDFILE_NONE && j->from_walk && !c2h_bytes_look_cuda(j->path, src, len))) {
    if (o->mode == C2H_OUTPUT_DIR && !o->no_copy) {
      rc = copy_file(o, j, src, len, diags, sum);
      rec->copied = sum->input_errors == errors_before;
      if (rec->copied && !(rec->output = output_path(o, j))) rc = C2H_ERR_NOMEM;
    }
    goto done;
  }
  if (script != C2H_BUILDFILE_NONE) {
    /* CMakeLists.txt, Makefiles: their own translator, no parser needed. */
    rc = c2h_buildfile_translate(script, j->path, src, len, NULL, &res, &err);
  } else {
    if (!*trp && (rc = c2h_translator_new(trp, &o->translate, &err))) {
      rc = err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : input_error(diags, sum, j->path, "%s", err.message);
      goto done;
    }
    rc = c2h_translate_buffer(*trp, j->path, src, len, &res, &err);
  }
  if (rc == C2H_ERR_NOMEM) goto done;
  if (rc) {
    rc = input_error(diags, sum, j->path, "%s", err.message);
    goto done;
  }
  sum->files++;
  if (res.changed) sum->changed++;
  sum->edits += res.stats.edits;
  sum->suppressed += res.stats.suppressed;
  filter_diags(o, &res.diags);
  rec->translated = 1;
  rec->changed = res.changed;
  rec->stats = res.stats;
  for (size_t i = 0; i < res.diags.len; i++) {
    rec->by_severity[res.diags.items[i].severity]++;
    rec->by_check[res.diags.items[i].check]++;
  }
  if ((rc = write_output(o, j, &res, diags, sum, &err))) goto done;
  if (sum->input_errors == errors_before && !(o->mode == C2H_OUTPUT_IN_PLACE && !res.changed) &&
      (o->mode == C2H_OUTPUT_DIR || o->mode == C2H_OUTPUT_IN_PLACE) && !(rec->output = output_path(o, j)))
    rc = C2H_ERR_NOMEM;
  rc = c2h_diag_list_move(diags, &res.diags);
done:
  if (sum->input_errors != errors_before) rec->failed = 1;
  c2h_file_result_dispose(&res);
  free(src);
  return rc;
}

/* One job's share of the run, merged in job order afterwards so that the
 * report does not depend on which worker did what. */
typedef struct job_result {
  c2h_diag_list diags;
  c2h_project_summary sum;
  c2h_project_file file;
} job_result;

typedef struct pool {
  const c2h_project_options *o;
  const job_list *jobs;
  job_result *results;
  size_t next, done;
  pthread_mutex_t lock;
  int rc; /* the first run-stopping error (out of memory) */
} pool;

static void *worker(void *arg) {
  pool *p = arg;
  c2h_translator *tr = NULL;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    size_t i = p->rc ? p->jobs->len : p->next++;
    pthread_mutex_unlock(&p->lock);
    if (i >= p->jobs->len) break;
    int rc = run_job(&tr, p->o, &p->jobs->items[i], &p->results[i].diags, &p->results[i].sum, &p->results[i].file);
    pthread_mutex_lock(&p->lock);
    if (rc && !p->rc) p->rc = rc;
    p->done++;
    if (p->o->progress) p->o->progress(p->o->progress_ctx, p->done, p->jobs->len, p->jobs->items[i].path);
    pthread_mutex_unlock(&p->lock);
  }
  c2h_translator_free(tr);
  return NULL;
}

static unsigned worker_count(const c2h_project_options *o, size_t n_jobs) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  unsigned n = o->jobs ? o->jobs : (unsigned)(cores > 0 ? cores : 1);
  if (n > 64) n = 64;
  if ((size_t)n > n_jobs) n = (unsigned)n_jobs;
  return n ? n : 1;
}

/* Runs every job on worker threads and merges the results in job order. */
static int run_jobs(const c2h_project_options *o, const job_list *jobs, c2h_diag_list *diags,
                    c2h_project_summary *sum, size_t *translated_from_walk) {
  pool p = {o, jobs, calloc(jobs->len + 1, sizeof *p.results), 0, 0, PTHREAD_MUTEX_INITIALIZER, 0};
  if (!p.results) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < jobs->len; i++) c2h_diag_list_init(&p.results[i].diags);
  unsigned n = worker_count(o, jobs->len), started = 0;
  pthread_t threads[64];
  for (unsigned t = 1; t < n; t++)
    if (pthread_create(&threads[started], NULL, worker, &p) == 0) started++;
  worker(&p); /* this thread works too */
  for (unsigned t = 0; t < started; t++) pthread_join(threads[t], NULL);
  int rc = p.rc;
  if (rc == 0 && !(sum->records = calloc(jobs->len + 1, sizeof *sum->records))) rc = C2H_ERR_NOMEM;
  for (size_t i = 0; i < jobs->len; i++) {
    job_result *r = &p.results[i];
    if (rc == 0) rc = c2h_diag_list_move(diags, &r->diags);
    c2h_diag_list_dispose(&r->diags);
    /* Files a walk skipped (not CUDA, nothing copied) have no record. */
    if (rc == 0 && (r->file.translated || r->file.copied || r->file.failed)) {
      sum->records[sum->n_records++] = r->file;
    } else {
      free(r->file.path);
      free(r->file.output);
    }
    if (jobs->items[i].from_walk) *translated_from_walk += r->sum.files;
    sum->files += r->sum.files;
    sum->changed += r->sum.changed;
    sum->written += r->sum.written;
    sum->copied += r->sum.copied;
    sum->edits += r->sum.edits;
    sum->input_errors += r->sum.input_errors;
    sum->suppressed += r->sum.suppressed;
  }
  free(p.results);
  pthread_mutex_destroy(&p.lock);
  return rc;
}

/* The deepest directory holding every input (directories themselves, files'
 * parent directories), so output paths mirror the inputs below it:
 * `-o out src/` writes out/a.cu, `-o out a/ b/` writes out/a/... and out/b/... */
static char *common_root(char *const *canonical, const int *is_dir, size_t n) {
  char *root = NULL;
  for (size_t i = 0; i < n; i++) {
    if (!canonical[i]) continue;
    char *base = c2h_strdup(canonical[i]);
    if (!base) goto nomem;
    if (!is_dir[i]) {
      char *slash = strrchr(base, '/');
      if (slash) slash[slash == base ? 1 : 0] = '\0';
    }
    if (!root) {
      root = base;
      continue;
    }
    size_t k = 0, last = 0;
    while (root[k] && root[k] == base[k]) {
      if (root[k] == '/') last = k;
      k++;
    }
    if (!(root[k] == '\0' && (base[k] == '/' || base[k] == '\0'))) root[last ? last : 1] = '\0';
    free(base);
  }
  return root;
nomem:
  free(root);
  return NULL;
}

/* path relative to root ("" when they are the same). */
static const char *relative_to(const char *path, const char *root) {
  size_t n = strlen(root);
  if (strncmp(path, root, n) != 0) return path;
  if (n == 1) return path + 1; /* root is "/" */
  return path[n] == '/' ? path + n + 1 : path + n;
}

void c2h_project_summary_dispose(c2h_project_summary *sum) {
  for (size_t i = 0; i < sum->n_records; i++) {
    free(sum->records[i].path);
    free(sum->records[i].output);
  }
  free(sum->records);
  sum->records = NULL;
  sum->n_records = 0;
}

int c2h_project_run(const c2h_project_options *o, const char *const *inputs, size_t n_inputs,
                    c2h_project_summary *sum, c2h_diag_list *diags, c2h_error *err) {
  int rc = 0;
  job_list jobs = {0};
  char *out_canonical = NULL;
  char **canonical = calloc(n_inputs + 1, sizeof *canonical);
  int *is_dir = calloc(n_inputs + 1, sizeof *is_dir);
  char *root = NULL;
  c2h_strmap_init(&jobs.rels);
  memset(sum, 0, sizeof *sum);
  if (!canonical || !is_dir) {
    rc = C2H_ERR_NOMEM;
    goto nomem;
  }
  for (size_t i = 0; i < o->n_filters; i++) {
    if (!o->filters[i].pattern || !c2h_check_pattern_valid(o->filters[i].pattern)) {
      rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "check pattern '%s' names no check (see 'cu2hip explain')",
                         o->filters[i].pattern ? o->filters[i].pattern : "");
      goto done;
    }
  }
  if (o->mode == C2H_OUTPUT_DIR && (!o->out_dir || !*o->out_dir)) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "no output directory given");
    goto done;
  }
  for (size_t i = 0; i < n_inputs && rc == 0; i++) {
    struct stat st;
    if (stat(inputs[i], &st) != 0) {
      rc = input_error(diags, sum, inputs[i], "cannot read: %s", strerror(errno));
      continue;
    }
    is_dir[i] = S_ISDIR(st.st_mode);
    if (is_dir[i] && o->mode == C2H_OUTPUT_STDOUT) {
      rc = c2h_error_set(err, C2H_ERR_USAGE, inputs[i], 0, 0,
                         "is a directory: give an output directory (-o DIR) or --in-place");
      goto done;
    }
    canonical[i] = realpath(inputs[i], NULL);
    if (!canonical[i]) rc = input_error(diags, sum, inputs[i], "cannot resolve the path: %s", strerror(errno));
  }
  if (rc) goto nomem;
  root = common_root(canonical, is_dir, n_inputs);
  /* The output root, so that a walk never descends into it (OUT inside SRC). */
  if (o->mode == C2H_OUTPUT_DIR) {
    if (c2h_mkdirs(o->out_dir, err) != 0) {
      rc = c2h_error_set(err, C2H_ERR_IO, o->out_dir, 0, 0, "cannot create the output directory: %s", err->message);
      goto done;
    }
    out_canonical = realpath(o->out_dir, NULL);
  }
  walk_ctx w = {o, out_canonical, &jobs, diags, sum};
  for (size_t i = 0; i < n_inputs && rc == 0; i++) {
    if (!canonical[i]) continue;
    const char *rel = root ? relative_to(canonical[i], root) : c2h_path_basename(inputs[i]);
    if (is_dir[i]) {
      size_t sources_before = 0, sources_after = 0;
      for (size_t k = 0; k < jobs.len; k++) sources_before += !jobs.items[k].copy_only;
      rc = walk(&w, inputs[i], rel, 0);
      for (size_t k = 0; k < jobs.len; k++) sources_after += !jobs.items[k].copy_only;
      if (rc == 0 && sources_after == sources_before)
        rc = input_error(diags, sum, inputs[i], "%s",
                         "no CUDA sources found (looked for .cu .cuh .h .hpp .cpp .cc .cxx .inl)");
    } else {
      rc = add_job(&jobs, inputs[i], rel, 0, 0);
    }
  }
  if (rc) goto nomem;
  if (o->mode == C2H_OUTPUT_STDOUT && jobs.len > 1) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                       "%zu inputs: give an output directory (-o DIR) or --in-place", jobs.len);
    goto done;
  }
  size_t walked = 0;
  if (jobs.len && (rc = run_jobs(o, &jobs, diags, sum, &walked))) goto nomem;
  /* A tree that had candidate files but none of them CUDA. */
  int any_walk = 0;
  for (size_t i = 0; i < jobs.len; i++) any_walk |= jobs.items[i].from_walk;
  if (any_walk && walked == 0 && sum->files == 0)
    rc = input_error(diags, sum, inputs[0], "%s", "no CUDA sources found among the files walked");
  if (rc) goto nomem;
  c2h_diag_list_sort(diags);
  for (size_t i = 0; i < diags->len; i++) sum->by_severity[diags->items[i].severity]++;
  goto done;
nomem:
  if (rc == C2H_ERR_NOMEM) c2h_error_set(err, rc, NULL, 0, 0, "out of memory");
done:
  free(out_canonical);
  free_jobs(&jobs);
  for (size_t i = 0; canonical && i < n_inputs; i++) free(canonical[i]);
  free(canonical);
  free(is_dir);
  free(root);
  return rc;
}
