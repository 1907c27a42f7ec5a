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
#include "cache.h"
#include "cu2hip/cu2hip.h"
#include "cu2hip/project.h"
#include "run.h"
#include "scan/scan.h"
#include "util/buf.h"
#include "util/build_id.h"
#include "util/cpus.h"
#include "util/file.h"
#include "util/stale_temps.h"
#include "util/strmap.h"
#include "verify/toolchain.h"

/* Every header suffix fragments.c leaves to be translated on its own is
 * here too: a .hxx with CUDA in it would otherwise only be copied. */
const char *const c2h_source_extensions[] = {".cu",  ".cuh", ".h",   ".hpp", ".hh", ".hxx", ".H",
                                             ".cpp", ".cc",  ".cxx", ".inl", NULL};
static const char *const cuda_only_extensions[] = {".cu", ".cuh", NULL};

/* Whether some `#include <X>` or `#include "X"` line names a header the
 * rule table maps (vector_types.h, cooperative_groups.h, ...): those names
 * need not contain "cuda", and a header that uses CUDA only through them
 * must be translated too, or its include is left pointing at a CUDA
 * header HIP does not have. */
static int includes_mapped_header(const char *bytes, size_t len, const c2h_rules *rules) {
  const char *end = bytes + len;
  for (const char *p = bytes; p < end; p++) {
    if (*p != '#' || (p > bytes && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t')) continue;
    const char *q = p + 1;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if ((size_t)(end - q) < 7 || memcmp(q, "include", 7) != 0) continue;
    q += 7;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (q >= end || (*q != '<' && *q != '"')) continue;
    char close = *q == '<' ? '>' : '"';
    const char *name = ++q;
    while (q < end && *q != close && *q != '\n') q++;
    if (q < end && *q == close && c2h_rules_lookup_header(rules, name, (size_t)(q - name))) return 1;
  }
  return 0;
}

/* Markers that only CUDA code (or code calling CUDA) contains. Cheap, and
 * only used to choose which non-.cu files of a tree to translate. */
int c2h_bytes_look_cuda(const char *path, const char *bytes, size_t len, const c2h_rules *rules) {
  /* Names of CUDA libraries and their headers count too: a header that
   * only includes <npp.h> or <nvrtc.h> must be translated (or reported),
   * not copied as it is. */
  static const char *const markers[] = {"cuda", "__global__", "__device__", "<<<", "__shfl",
                                        "__syncthreads", "cublas", "curand", "cufft", "cusparse",
                                        "cusolver", "nvrtc", "nvToolsExt", "nvtx3/", "npp.h", "nppi",
                                        "npps", "nppcore.h", "nppdefs.h", "thrust/", "cub/", "nccl", NULL};
  if (c2h_path_has_extension(path, cuda_only_extensions)) return 1;
  if (memchr(bytes, '\0', len)) return 0;
  for (size_t i = 0; markers[i]; i++) {
    size_t m = strlen(markers[i]);
    for (const char *p = bytes; (p = memchr(p, markers[i][0], len - (size_t)(p - bytes))) != NULL; p++)
      if ((size_t)(bytes + len - p) >= m && memcmp(p, markers[i], m) == 0) return 1;
  }
  return rules && includes_mapped_header(bytes, len, rules);
}

/* ---- the job list ------------------------------------------------------- */

static c2h_pos no_pos(void) { return (c2h_pos){0, 0, 0}; }

/* An input that failed before any job ran (missing, unreadable folder)
 * gets a record of its own, so that every input of the run has one. */
static int add_failed_record(c2h_project_summary *sum, const char *path) {
  c2h_project_file *grown = realloc(sum->records, (sum->n_records + 1) * sizeof *grown);
  if (!grown) return C2H_ERR_NOMEM;
  sum->records = grown;
  c2h_project_file *rec = &grown[sum->n_records];
  memset(rec, 0, sizeof *rec);
  if (!(rec->path = c2h_strdup(path))) return C2H_ERR_NOMEM;
  rec->failed = 1;
  rec->by_severity[C2H_SEV_ERROR] = 1;
  rec->by_check[C2H_CHECK_INPUT_ERROR] = 1;
  sum->n_records++;
  return 0;
}

int c2h_run_input_error(c2h_run *r, const char *path, const char *fmt, const char *reason) {
  r->sum->input_errors++;
  if (add_failed_record(r->sum, path)) return C2H_ERR_NOMEM;
  return c2h_diag_list_add(r->diags, path, no_pos(), no_pos(), C2H_SEV_ERROR, C2H_CHECK_INPUT_ERROR, NULL, fmt,
                           reason);
}

int c2h_run_folder_error(c2h_run *r, const char *path, const char *fmt, const char *reason) {
  int rc = c2h_run_input_error(r, path, fmt, reason);
  if (rc == 0) r->sum->records[r->sum->n_records - 1].folder = 1;
  return rc;
}

static int matches_any(const char *const *patterns, size_t n, const char *rel) {
  const char *base = c2h_path_basename(rel);
  for (size_t i = 0; i < n; i++)
    if (fnmatch(patterns[i], rel, 0) == 0 || fnmatch(patterns[i], base, 0) == 0) return 1;
  return 0;
}

int c2h_run_excluded(const c2h_run *r, const char *rel) {
  const c2h_project_options *o = r->o;
  return matches_any(o->exclude, o->n_exclude, rel) && !matches_any(o->include, o->n_include, rel);
}

static void free_job(c2h_job *j) {
  for (size_t i = 0; i < j->n_depends; i++) free(j->depends[i]);
  free(j->depends);
  free(j->path);
  free(j->rel);
  free(j->out_rel);
  free(j->canonical);
  free(j->link_target);
  free(j->includer);
  free(j->streamed);
}

/* A file's compile-database entry; a file without one (a header, most
 * often) borrows the flags of the entry whose path shares the longest
 * prefix with its own: kernels/reduce.cuh parses as kernels/reduce.cu does. */
static const c2h_compdb_entry *nearest_entry(const c2h_compdb *db, const char *canonical) {
  const c2h_compdb_entry *best = c2h_compdb_find(db, canonical);
  size_t best_len = 0;
  if (best) return best;
  for (size_t i = 0; i < c2h_compdb_count(db); i++) {
    const c2h_compdb_entry *e = c2h_compdb_at(db, i);
    size_t k = 0;
    while (e->file[k] && e->file[k] == canonical[k]) k++;
    if (!best || k > best_len || (k == best_len && strcmp(e->file, best->file) < 0)) {
      best = e;
      best_len = k;
    }
  }
  return best;
}

int c2h_run_add_job(c2h_run *r, const char *path, const char *rel, int from_walk, int copy_only, c2h_job **added) {
  c2h_job_list *l = &r->jobs;
  if (added) *added = NULL;
  if (c2h_strmap_get(&l->rels, rel, strlen(rel)) >= 0) return 0;
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    c2h_job *p = realloc(l->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    l->items = p;
    l->cap = cap;
  }
  c2h_job *j = &l->items[l->len];
  memset(j, 0, sizeof *j);
  j->from_walk = from_walk;
  j->copy_only = copy_only;
  int conflict = 0;
  j->path = c2h_strdup(path);
  j->rel = c2h_strdup(rel);
  j->canonical = realpath(path, NULL);
  /* Links keep their names; they point at the (renamed) file. */
  j->out_rel = r->o->mode == C2H_OUTPUT_DIR && !copy_only ? c2h_renamed_rel(r, path, rel, &conflict) : c2h_strdup(rel);
  if (!j->path || !j->rel || !j->out_rel || c2h_strmap_put(&l->rels, rel, strlen(rel), (int)l->len) ||
      (j->canonical && c2h_strmap_put(&l->canonical, j->canonical, strlen(j->canonical), (int)l->len))) {
    free_job(j);
    return C2H_ERR_NOMEM;
  }
  if (conflict &&
      c2h_diag_list_add(r->diags, path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_RENAME_CONFLICT, NULL,
                        "not renamed: the new name of '%s' is taken by another file of the tree", rel))
    return C2H_ERR_NOMEM;
  if (r->db && j->canonical) {
    j->db = nearest_entry(r->db, j->canonical);
    j->db_exact = j->db && strcmp(j->db->file, j->canonical) == 0;
  }
  l->len++;
  if (added) *added = j;
  return 0;
}

void c2h_job_list_dispose(c2h_job_list *l) {
  for (size_t i = 0; i < l->len; i++) free_job(&l->items[i]);
  free(l->items);
  c2h_strmap_dispose(&l->rels);
  c2h_strmap_dispose(&l->canonical);
  memset(l, 0, sizeof *l);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- one file ----------------------------------------------------------- */

/* The permissions an output takes over from its input. */
static mode_t input_mode(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (st.st_mode & 07777) : 0644;
}

/* Where a job's result goes: under the output root, over the input (the
 * file a link names, so that the link stays a link), or nowhere (stdout,
 * check). NULL when out of memory too. */
static char *output_path(const c2h_project_options *o, const c2h_job *j) {
  if (o->mode == C2H_OUTPUT_DIR) return c2h_path_join(o->out_dir, j->out_rel);
  if (o->mode == C2H_OUTPUT_IN_PLACE) return c2h_strdup(j->canonical ? j->canonical : j->path);
  return NULL;
}

/* The folder nothing may be written outside of, or NULL (in place: each
 * output is its input). */
static const char *output_root(const c2h_project_options *o) {
  return o->mode == C2H_OUTPUT_DIR ? o->out_dir : NULL;
}

/* With -o, whether target (an output path) is the input file itself, as
 * when an output tree overlaps the input tree through a link. */
static int overwrites_input(const c2h_job *j, const char *target) {
  char *real = realpath(target, NULL);
  int same = real && j->canonical && strcmp(real, j->canonical) == 0;
  free(real);
  return same;
}

/* What a worker needs besides its job. */
typedef struct job_env {
  const c2h_run *run;
  c2h_cache *cache;                     /* NULL: not incremental */
  const c2h_buildfile_options *scripts; /* renamed sources, target */
} job_env;

/* Where one job's diagnostics and figures go. */
typedef struct job_out {
  c2h_diag_list *diags;
  c2h_project_summary *sum;
  c2h_project_file *rec;
  char **depends; /* the headers a translated file includes (owned) */
  size_t n_depends;
} job_out;

static int job_error(job_out *out, const char *path, const char *fmt, const char *reason) {
  out->sum->input_errors++;
  return c2h_diag_list_add(out->diags, path, no_pos(), no_pos(), C2H_SEV_ERROR, C2H_CHECK_INPUT_ERROR, NULL, fmt,
                           reason);
}

/* A problem writing an output, reported under the input (one entry per
 * input in reports), naming the output. */
static int output_error(job_out *out, const c2h_job *j, const char *target, const c2h_error *err) {
  char what[sizeof err->message + 4200];
  snprintf(what, sizeof what, "output %s: %s", err->path[0] ? err->path : target, err->message);
  return job_error(out, j->path, "%s", what);
}

static int holds(const char *path, const char *data, size_t len);

/* Writes cu2hip_compat.h into the folder of `target` (a translation that
 * includes it as "cu2hip_compat.h"), unless it holds the text already.
 * Jobs of one folder may race here: each writes the same bytes atomically. */
static int write_compat_header(const c2h_project_options *o, const c2h_job *j, const char *target, job_out *out,
                               c2h_error *err) {
  size_t len = 0;
  const char *text = c2h_compat_header(&len);
  const char *base = c2h_path_basename(target);
  char *path = malloc((size_t)(base - target) + sizeof C2H_COMPAT_HEADER_NAME);
  if (!path) return C2H_ERR_NOMEM;
  memcpy(path, target, (size_t)(base - target));
  strcpy(path + (base - target), C2H_COMPAT_HEADER_NAME);
  int rc = 0;
  if (!holds(path, text, len) && c2h_file_write_below(output_root(o), path, text, len, 0644, err) != 0)
    rc = output_error(out, j, path, err);
  free(path);
  return rc;
}

/* --backup when FILE SUFFIX exists already (the original, kept by an
 * earlier run): it is never replaced. When it, or a numbered backup
 * FILE SUFFIX.N, holds the file as it is now (a run stopped after its
 * backup), that one is its backup; else the file is backed up as the first
 * FILE SUFFIX.N that is free, and a note says so. 0, or an error in err. */
static int keep_backup(const c2h_project_options *o, const c2h_job *j, const char *target, const char *backup,
                       job_out *out, c2h_error *err) {
  struct stat st;
  if (lstat(backup, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
    return c2h_error_set(err, C2H_ERR_IO, backup, 0, 0, "it is %s, not a file", c2h_file_type_name(st.st_mode));
  char *now = NULL, *name = malloc(strlen(backup) + 16);
  size_t len = 0;
  int rc = name ? c2h_file_read(target, &now, &len, err) : C2H_ERR_NOMEM;
  if (rc) goto done;
  strcpy(name, backup);
  for (unsigned n = 1;; n++) {
    if (lstat(name, &st) == 0 && S_ISREG(st.st_mode) && holds(name, now, len)) break;
    if (n > 9999) {
      rc = c2h_error_set(err, C2H_ERR_IO, backup, 0, 0, "%s", "it and the numbered backups up to .9999 exist");
      goto done;
    }
    sprintf(name, "%s.%u", backup, n);
    int b = c2h_file_backup(target, name, err);
    if (b == 0) break;
    if (b < 0) {
      rc = b;
      goto done;
    }
  }
  if (strcmp(name, backup) != 0 && c2h_check_enabled(o->filters, o->n_filters, C2H_CHECK_BACKUP_KEPT)) {
    if ((rc = c2h_diag_list_add(out->diags, j->path, no_pos(), no_pos(), C2H_SEV_NOTE, C2H_CHECK_BACKUP_KEPT, NULL,
                                "backup %s exists and is kept (a backup is never replaced); the file as it was "
                                "before this run is backed up as %s",
                                backup, name)))
      goto done;
    out->rec->by_severity[C2H_SEV_NOTE]++;
    out->rec->by_check[C2H_CHECK_BACKUP_KEPT]++;
  }
done:
  free(now);
  free(name);
  return rc;
}

static int write_output(const c2h_project_options *o, const c2h_job *j, const c2h_file_result *res, job_out *out,
                        c2h_error *err) {
  int rc = 0;
  mode_t mode = input_mode(j->path);
  char *target = NULL, *backup = NULL;
  if (o->mode == C2H_OUTPUT_STDOUT) {
    FILE *f = o->stdout_stream ? o->stdout_stream : stdout;
    if (fwrite(res->output, 1, res->output_len, f) != res->output_len || fflush(f) != 0)
      return job_error(out, "<stdout>", "cannot write the translation: %s", strerror(errno));
    return 0;
  }
  if (o->mode == C2H_OUTPUT_NONE) return 0;
  if (o->mode == C2H_OUTPUT_IN_PLACE) {
    if (!res->changed) return 0; /* nothing to do: the file is left untouched */
    target = output_path(o, j);
    if (target && o->backup_suffix) {
      backup = malloc(strlen(target) + strlen(o->backup_suffix) + 1);
      if (backup) strcat(strcpy(backup, target), o->backup_suffix);
    }
    if (!target || (o->backup_suffix && !backup)) {
      rc = C2H_ERR_NOMEM;
      goto done;
    }
    int b = backup ? c2h_file_backup(target, backup, err) : 0;
    if (b == 1) b = keep_backup(o, j, target, backup, out, err);
    if (b == C2H_ERR_NOMEM) {
      rc = b;
      goto done;
    }
    if (b != 0) {
      /* Named: the backup may live where the input does not (a suffix
       * with a folder in it, a full disk, a read-only file of that name). */
      char what[sizeof err->message + 4200];
      snprintf(what, sizeof what, "backup %s not written (%s); the file is left as it was",
               err->path[0] ? err->path : backup, err->message);
      rc = job_error(out, j->path, "%s", what);
      goto done;
    }
  } else if (!(target = output_path(o, j))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  } else if (overwrites_input(j, target)) {
    rc = job_error(out, j->path, "%s", "not written: the output path is the input file itself");
    goto done;
  }
  if (c2h_file_write_below(output_root(o), target, res->output, res->output_len, mode, err) != 0) {
    rc = output_error(out, j, target, err);
    goto done;
  }
  out->sum->written++;
  if (res->needs_compat_header) rc = write_compat_header(o, j, target, out, err);
done:
  free(target);
  free(backup);
  return rc;
}

int c2h_check_enabled(const c2h_check_filter *filters, size_t n, c2h_check check) {
  int on = 1;
  /* What says a file was left untranslated cannot be turned off. */
  if (check == C2H_CHECK_INPUT_ERROR || check == C2H_CHECK_TIME_LIMIT || check == C2H_CHECK_PARSE_CRASH) return 1;
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

/* Copies a file that is not translated into the output tree, or recreates
 * a symbolic link. */
static int copy_file(const c2h_project_options *o, const c2h_job *j, const char *data, size_t len, job_out *out) {
  c2h_error err;
  char *target = output_path(o, j);
  if (!target) return C2H_ERR_NOMEM;
  int rc = 0;
  if (j->link_target ? c2h_symlink_below(output_root(o), j->link_target, target, &err) != 0
                     : c2h_file_write_below(output_root(o), target, data, len, input_mode(j->path), &err) != 0)
    rc = output_error(out, j, target, &err);
  else
    out->sum->copied++;
  free(target);
  return rc;
}

/* What the output of a job depends on besides its input's bytes: its
 * output name and its own flags (the run's options are in the cache key). */
static void job_key(const c2h_job *j, char *const *script_flags, size_t n_script_flags, c2h_digest *key) {
  c2h_key_builder *k = c2h_key_begin();
  c2h_key_add(k, j->out_rel);
  c2h_key_add(k, j->link_target);
  c2h_key_add(k, j->includer);
  for (size_t i = 0; j->db && i < j->db->n_args; i++) c2h_key_add(k, j->db->args[i]);
  for (size_t i = 0; i < n_script_flags; i++) c2h_key_add(k, script_flags[i]);
  c2h_key_end(k, key);
}

static void count_diags(c2h_project_file *rec, const c2h_diag_list *diags) {
  for (size_t i = 0; i < diags->len; i++) {
    rec->by_severity[diags->items[i].severity]++;
    rec->by_check[diags->items[i].check]++;
  }
}

/* Whether the file at path holds exactly these bytes. */
static int holds(const char *path, const char *data, size_t len) {
  char *now = NULL;
  size_t now_len = 0;
  c2h_error err;
  int same = c2h_file_read(path, &now, &now_len, &err) == 0 && now_len == len &&
             (len == 0 || memcmp(now, data, len) == 0);
  free(now);
  return same;
}

/* An output a person edited since cu2hip wrote it is theirs now: it is
 * kept, reported, and neither counted as translated nor as written. The
 * caller translates the input first and calls this only when the output
 * differs from the result: an output that already holds it (as after a run
 * interrupted before it saved the cache) is not an edit. */
static int keep_edited(const c2h_project_options *o, const c2h_job *j, const char *target, int input_changed,
                       int unrecorded, int link, job_out *out) {
  out->rec->edited = 1;
  out->sum->kept_edited++;
  if (!c2h_check_enabled(o->filters, o->n_filters, C2H_CHECK_OUTPUT_EDITED)) return 0; /* kept all the same */
  char to[1024] = "";
  ssize_t n = link ? readlink(target, to, sizeof to - 1) : -1;
  if (n >= 0) to[n] = '\0';
  int rc = link ? c2h_diag_list_add(out->diags, j->path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_OUTPUT_EDITED,
                                    NULL,
                                    "%s is a symbolic link (to %s) that cu2hip did not make: it is kept as it is, "
                                    "and nothing is written through it (to translate this input again, remove the "
                                    "link or run with --overwrite-edited, which replaces the link with the file)",
                                    target, to)
       : unrecorded
               ? c2h_diag_list_add(out->diags, j->path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_OUTPUT_EDITED,
                                   NULL,
                                   "%s is not what cu2hip makes of this input, and no record says cu2hip wrote it "
                                   "(the incremental cache is missing or damaged, or the file was there before): "
                                   "it may hold edits, so it is kept as it is (to translate it again, delete it or "
                                   "run with --overwrite-edited)",
                                   target)
               : c2h_diag_list_add(out->diags, j->path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_OUTPUT_EDITED,
                                   NULL,
                                   "%s was edited since cu2hip wrote it; it is kept as it is%s (to translate it "
                                   "again, delete it or run with --overwrite-edited)",
                                   target,
                                   input_changed ? ", although this input changed since and it may be out of date"
                                                 : "");
  if (rc) return rc;
  out->rec->by_severity[C2H_SEV_WARNING]++;
  out->rec->by_check[C2H_CHECK_OUTPUT_EDITED]++;
  return 0;
}

/* Records a translation just written, with the digest of its bytes. */
static int store_translation(c2h_cache *cache, const c2h_job *j, const c2h_digest *input, const c2h_digest *key,
                             const char *target, const c2h_file_result *res) {
  c2h_digest written;
  c2h_digest_bytes(res->output ? res->output : "", res->output_len, &written);
  return c2h_cache_store(cache, j->out_rel, input, key, C2H_CACHED_TRANSLATED, j->path, target, &written, res);
}

/* A file the supervisor stopped (past its time limit) or saw crash in an
 * earlier attempt of this run: left as it is, with the diagnostic that says
 * why. Returns 1 with *rc set when it was, 0 to translate the file. */
static int left_by_supervisor(const c2h_project_options *o, const char *path, const char *src, size_t len,
                              c2h_file_result *res, c2h_error *err, int *rc) {
  int crash_signal = c2h_journal_crashed(o->journal, path);
  unsigned long long stopped_after = c2h_journal_timed_out(o->journal, path);
  if (stopped_after) {
    *rc = c2h_file_result_timed_out(res, path, src ? src : "", len, stopped_after, o->translate.time_limit_ms, err);
    return 1;
  }
  if (!crash_signal) return 0;
  char what[128];
  snprintf(what, sizeof what, "translating this file crashed cu2hip (%s), which ran again without it",
           strsignal(crash_signal));
  *rc = c2h_file_result_crashed(res, path, src ? src : "", len, what, err);
  return 1;
}

/* Translates (or copies) one file. A translator is made on first need, so
 * a worker that only copies never starts a parser. */
static int run_job(c2h_translator **trp, const job_env *env, const c2h_job *j, job_out *out) {
  const c2h_project_options *o = env->run->o;
  c2h_project_file *rec = out->rec;
  c2h_project_summary *sum = out->sum;
  char *src = NULL;
  size_t len = 0;
  c2h_error err;
  c2h_error_clear(&err);
  c2h_file_result res;
  c2h_file_result_init(&res);
  int rc = 0, hit = 0, edited = 0, input_changed = 0, unrecorded = 0, out_link = 0;
  size_t errors_before = sum->input_errors;
  char *target = NULL;
  char **script_flags = NULL;
  size_t n_script_flags = 0;
  c2h_digest input_digest, key;
  if (!(rec->path = c2h_strdup(j->path))) return C2H_ERR_NOMEM;
  if (j->link_target) {
    src = NULL;
  } else if (j->streamed) {
    if (!(src = c2h_strndup(j->streamed, j->streamed_len))) goto nomem;
    len = j->streamed_len;
  } else if (c2h_file_read(j->path, &src, &len, &err) != 0) {
    rc = err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : job_error(out, j->path, "%s", err.message);
    goto done;
  }
  c2h_buildfile_kind script = c2h_buildfile_kind_of_text(j->path, src, len);
  /* A C++ file without CUDA is translated too when it uses `register`,
   * which clang rejects under C++17 (scan/register.c). A Python file that
   * builds no extension is never C++: it is copied. */
  int copy = j->copy_only ||
             (script == C2H_BUILDFILE_NONE && c2h_buildfile_kind_needs_text(j->path)) ||
             (script == C2H_BUILDFILE_NONE && j->from_walk &&
              !c2h_bytes_look_cuda(j->path, src, len, o->translate.rules) && !c2h_bytes_use_register(src, len));
  if (copy && (o->mode != C2H_OUTPUT_DIR || o->no_copy)) goto done;
  c2h_cached_as cached_as = copy ? C2H_CACHED_COPIED : C2H_CACHED_TRANSLATED;
  /* Without a database entry, the include folders the build scripts give
   * the file (or the unit it is parsed in) are its parser flags. */
  if (!copy && script == C2H_BUILDFILE_NONE && !j->db &&
      c2h_run_script_flags(env->run, j->includer ? j->includer : j->path, &script_flags, &n_script_flags))
    goto nomem;
  if (env->cache) {
    if (!(target = output_path(o, j))) goto nomem;
    /* An output that would go through a link is reported as such, not
     * looked at (nor taken for an edit) through it. */
    if (c2h_path_check_below(output_root(o), target, &err) != 0) {
      rc = err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : output_error(out, j, target, &err);
      goto done;
    }
    c2h_digest_bytes(src ? src : "", len, &input_digest);
    job_key(j, script_flags, n_script_flags, &key);
    if ((rc = c2h_cache_lookup(env->cache, j->out_rel, &input_digest, &key, cached_as, j->path, target, &res, &hit)))
      goto done;
    if (!hit && !o->overwrite_edited &&
        (rc = c2h_cache_edited(env->cache, j->out_rel, &input_digest, target, &edited, &input_changed,
                               &unrecorded, j->link_target ? NULL : &out_link)))
      goto done;
  }
  if (copy) {
    if (hit) sum->copied++;
    else if (edited && (out_link || !holds(target, src, len))) {
      rc = keep_edited(o, j, target, input_changed, unrecorded, out_link, out);
      goto done;
    } else if (env->cache && !j->link_target && (rc = c2h_cache_journal_write(env->cache, j->out_rel, &input_digest))) {
      goto done;
    } else if ((rc = copy_file(o, j, src, len, out))) {
      goto done;
    } else if (env->cache && sum->input_errors == errors_before && !j->link_target &&
               (rc = c2h_cache_note_written(env->cache, j->out_rel, &input_digest))) {
      goto done;
    }
    /* A link to a folder is recreated but is no file: the summary counts
     * files (unless it failed, which is told). */
    rec->copied = sum->input_errors == errors_before && !j->link_dir;
    goto finish;
  }
  if (hit) {
    /* Up to date: diagnostics and figures as the run that made it had them;
     * the compatibility header it includes is put back if it went missing. */
    if (res.needs_compat_header && o->mode != C2H_OUTPUT_STDOUT && o->mode != C2H_OUTPUT_NONE &&
        (rc = write_compat_header(o, j, target, out, &err)))
      goto done;
  } else if (script != C2H_BUILDFILE_NONE) {
    /* CMakeLists.txt, Makefiles: their own translator, no parser needed.
     * One the supervisor stopped (or saw crash) is left as it is, as a
     * source would be. */
    if (!left_by_supervisor(o, j->path, src, len, &res, &err, &rc))
      rc = c2h_buildfile_translate(script, j->path, src, len, env->scripts, &res, &err);
  } else {
    if (!*trp && (rc = c2h_translator_new(trp, &o->translate, &err))) {
      rc = err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : job_error(out, j->path, "%s", err.message);
      goto done;
    }
    c2h_include_ctx include_ctx = {env->run, j};
    c2h_file_options fo = {j->db ? (const char *const *)j->db->args : (const char *const *)script_flags,
                           j->db ? j->db->n_args : n_script_flags,
                           o->rename ? c2h_rename_include : NULL, &include_ctx, NULL, NULL, 0};
    char *includer_src = NULL;
    size_t includer_len = 0;
    c2h_error read_err;
    /* A part of another file's unit: parsed in that unit. When the
     * includer cannot be read, the part is parsed on its own. */
    if (j->includer && c2h_file_read(j->includer, &includer_src, &includer_len, &read_err) == 0) {
      fo.includer = j->includer;
      fo.includer_src = includer_src;
      fo.includer_len = includer_len;
    }
    if (!left_by_supervisor(o, j->path, src, len, &res, &err, &rc))
      rc = c2h_translate_file(*trp, j->path, src, len, &fo, &res, &err);
    free(includer_src);
  }
  if (rc == C2H_ERR_NOMEM) goto done;
  if (rc) {
    rc = job_error(out, j->path, "%s", err.message);
    goto done;
  }
  if (edited && (out_link || !holds(target, res.output, res.output_len))) {
    rc = keep_edited(o, j, target, input_changed, unrecorded, out_link, out);
    goto done;
  }
  sum->files++;
  if (res.changed) sum->changed++;
  sum->edits += res.stats.edits;
  sum->suppressed += res.stats.suppressed;
  rec->translated = 1;
  rec->changed = res.changed;
  rec->stats = res.stats;
  if (!hit) {
    c2h_digest written;
    c2h_digest_bytes(res.output ? res.output : "", res.output_len, &written);
    /* Journaled before the write: a run stopped between the two still
     * tells the next one that the output is its own, not a hand edit. */
    if (env->cache && (rc = c2h_cache_journal_write(env->cache, j->out_rel, &written))) goto done;
    if ((rc = write_output(o, j, &res, out, &err))) goto done;
    if (env->cache && sum->input_errors == errors_before &&
        (rc = c2h_cache_note_written(env->cache, j->out_rel, &written)))
      goto done;
    /* A file that ran out of time or crashed the parser is left as it is:
     * it failed (it counts as an input that could not be translated, which
     * no --disable hides), and the next run tries it again. */
    int untranslated = 0;
    for (size_t i = 0; i < res.diags.len; i++)
      untranslated |= res.diags.items[i].check == C2H_CHECK_TIME_LIMIT ||
                      res.diags.items[i].check == C2H_CHECK_PARSE_CRASH;
    if (untranslated) {
      sum->input_errors++;
      rec->translated = 0;
    }
    if (env->cache && sum->input_errors == errors_before &&
        (rc = store_translation(env->cache, j, &input_digest, &key, target, &res)))
      goto done;
  }
  filter_diags(o, &res.diags);
  count_diags(rec, &res.diags);
  out->depends = res.depends;
  out->n_depends = res.n_depends;
  res.depends = NULL;
  res.n_depends = 0;
  if ((rc = c2h_diag_list_move(out->diags, &res.diags))) goto done;
finish:
  if (hit) {
    rec->cached = !j->link_dir;
    sum->reused++;
  } else if (copy && env->cache && sum->input_errors == errors_before &&
             (rc = c2h_cache_store(env->cache, j->out_rel, &input_digest, &key, cached_as, j->path, target,
                                   j->link_target ? NULL : &input_digest, NULL))) {
    goto done;
  }
  if (sum->input_errors == errors_before && !(o->mode == C2H_OUTPUT_IN_PLACE && !res.changed) &&
      (o->mode == C2H_OUTPUT_DIR || o->mode == C2H_OUTPUT_IN_PLACE) && !(rec->output = output_path(o, j)))
    goto nomem;
  if (o->mode == C2H_OUTPUT_DIR && strcmp(j->out_rel, j->rel) != 0) sum->renamed++;
  goto done;
nomem:
  rc = C2H_ERR_NOMEM;
done:
  if (sum->input_errors != errors_before) {
    /* Failed: nothing of it was written, whatever was translated. */
    rec->failed = 1;
    rec->copied = rec->changed = rec->cached = 0;
    memset(&rec->stats, 0, sizeof rec->stats);
  }
  c2h_file_result_dispose(&res);
  c2h_run_free_flags(script_flags, n_script_flags);
  free(target);
  free(src);
  return rc;
}

/* ---- worker threads ----------------------------------------------------- */

/* One job's share of the run, merged in job order afterwards so that the
 * report does not depend on which worker did what. */
typedef struct job_result {
  c2h_diag_list diags;
  c2h_project_summary sum;
  c2h_project_file file;
  char **depends;
  size_t n_depends;
} job_result;

typedef struct pool {
  const job_env *env;
  const size_t *order; /* the jobs to run, by index, in merge order */
  size_t n;
  job_result *results; /* one per entry of order */
  size_t next, done;
  size_t sources;                        /* jobs of the run that are not copies (all waves so far) */
  size_t sources_done, sources_dropped; /* of this pool's: translated (or failed), found not CUDA */
  pthread_mutex_t lock;
  int rc; /* the first run-stopping error (out of memory) */
  size_t *sched; /* the order the workers take the entries of order in, or NULL: as listed */
} pool;

typedef struct worker_arg {
  pool *pool;
  unsigned slot; /* the worker's number, for the crash journal */
} worker_arg;

static void *worker(void *arg) {
  pool *p = ((worker_arg *)arg)->pool;
  unsigned slot = ((worker_arg *)arg)->slot;
  const c2h_run *r = p->env->run;
  size_t n = p->n;
  c2h_translator *tr = NULL;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    size_t i = p->rc ? n : p->next++;
    if (i < n && p->sched) i = p->sched[i];
    pthread_mutex_unlock(&p->lock);
    if (i >= n) break;
    job_result *res = &p->results[i];
    job_out out = {&res->diags, &res->sum, &res->file, NULL, 0};
    const c2h_job *job = &r->jobs.items[p->order[i]];
    c2h_journal_begin(r->o->journal, slot, job->path);
    int rc = run_job(&tr, p->env, job, &out);
    c2h_journal_end(r->o->journal, slot);
    res->depends = out.depends;
    res->n_depends = out.n_depends;
    pthread_mutex_lock(&p->lock);
    if (rc && !p->rc) p->rc = rc;
    p->done++;
    /* Progress counts the files translated: not those copied as they are,
     * nor those a walk found to be no CUDA after all (the total shrinks). */
    if (!job->copy_only) {
      const c2h_project_file *f = &res->file;
      if (f->translated || f->failed || f->edited) p->sources_done++;
      else p->sources_dropped++;
      /* A file dropped from the count is told with no path: the total shrinks. */
      if (r->o->progress)
        r->o->progress(r->o->progress_ctx, r->sources_done + p->sources_done,
                       p->sources - r->sources_dropped - p->sources_dropped,
                       f->translated || f->failed || f->edited ? job->path : NULL);
    }
    pthread_mutex_unlock(&p->lock);
  }
  c2h_translator_free(tr);
  return NULL;
}

typedef struct sized {
  size_t at;
  long long bytes;
} sized;

static int larger_first(const void *a, const void *b) {
  const sized *x = a, *y = b;
  if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
  return x->at < y->at ? -1 : x->at > y->at;
}

/* With several workers, the largest sources first: the last files to be
 * started are then small ones, and the workers finish close together
 * instead of one translating a long file while the others are idle. Copies
 * weigh nothing. NULL (as listed) when out of memory. */
static size_t *larger_sources_first(const c2h_run *r, const size_t *order, size_t n) {
  sized *s = malloc((n + 1) * sizeof *s);
  size_t *sched = malloc((n + 1) * sizeof *sched);
  if (!s || !sched) {
    free(s);
    free(sched);
    return NULL;
  }
  for (size_t i = 0; i < n; i++) {
    const c2h_job *j = &r->jobs.items[order[i]];
    struct stat st;
    s[i] = (sized){i, !j->copy_only && stat(j->path, &st) == 0 ? (long long)st.st_size : 0};
  }
  qsort(s, n, sizeof *s, larger_first);
  for (size_t i = 0; i < n; i++) sched[i] = s[i].at;
  free(s);
  return sched;
}

static unsigned worker_count(const c2h_project_options *o, size_t n_jobs) {
  unsigned n = o->jobs ? o->jobs : c2h_usable_cpus();
  if (c2h_journal_serial(o->journal)) n = 1;
  if (n > 64) n = 64;
  if ((size_t)n > n_jobs) n = (unsigned)n_jobs;
  return n ? n : 1;
}

/* Runs the jobs `order` lists on worker threads and merges the results in
 * that order; each job keeps the headers it includes. */
static int run_jobs(const job_env *env, const size_t *order, size_t n) {
  c2h_run *r = (c2h_run *)env->run;
  c2h_project_summary *sum = r->sum;
  pool p = {env, order, n, calloc(n + 1, sizeof *p.results), 0, 0, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER, 0, NULL};
  if (!p.results) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < r->jobs.len; i++) p.sources += !r->jobs.items[i].copy_only;
  for (size_t i = 0; i < n; i++) c2h_diag_list_init(&p.results[i].diags);
  unsigned workers = worker_count(r->o, n), started = 0;
  if (workers > 1) p.sched = larger_sources_first(r, order, n);
  pthread_t threads[64];
  worker_arg args[64];
  for (unsigned t = 0; t < workers; t++) args[t] = (worker_arg){&p, t};
  for (unsigned t = 1; t < workers; t++)
    if (pthread_create(&threads[started], NULL, worker, &args[started + 1]) == 0) started++;
  worker(&args[0]); /* this thread works too */
  for (unsigned t = 0; t < started; t++) pthread_join(threads[t], NULL);
  free(p.sched);
  int rc = p.rc;
  c2h_project_file *grown = rc ? NULL : realloc(sum->records, (sum->n_records + n + 1) * sizeof *grown);
  if (!rc && !grown) rc = C2H_ERR_NOMEM;
  if (grown) sum->records = grown;
  for (size_t i = 0; i < n; i++) {
    job_result *res = &p.results[i];
    if (rc == 0) rc = c2h_diag_list_move(r->diags, &res->diags);
    c2h_diag_list_dispose(&res->diags);
    /* Files a walk skipped (not CUDA, nothing copied) have no record. */
    if (rc == 0 && (res->file.translated || res->file.copied || res->file.failed || res->file.edited)) {
      sum->records[sum->n_records++] = res->file;
    } else {
      free(res->file.path);
      free(res->file.output);
    }
    c2h_job *job = &r->jobs.items[order[i]];
    job->depends = res->depends;
    job->n_depends = res->n_depends;
    sum->files += res->sum.files;
    sum->changed += res->sum.changed;
    sum->written += res->sum.written;
    sum->copied += res->sum.copied;
    sum->reused += res->sum.reused;
    sum->kept_edited += res->sum.kept_edited;
    sum->renamed += res->sum.renamed;
    sum->edits += res->sum.edits;
    sum->input_errors += res->sum.input_errors;
    sum->suppressed += res->sum.suppressed;
  }
  r->sources_done += p.sources_done;
  r->sources_dropped += p.sources_dropped;
  free(p.results);
  pthread_mutex_destroy(&p.lock);
  return rc;
}

/* ---- the run ------------------------------------------------------------ */

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
    c2h_path_fold_root(&root, base);
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

/* The run's file counts, from the records (one per input, one status
 * each), so that the summary line and reports agree with the per-file
 * figures: a file whose output could not be written is failed only. */
static void recount(c2h_project_summary *sum) {
  sum->files = sum->changed = sum->copied = sum->reused = sum->kept_edited = sum->input_errors = 0;
  sum->edits = sum->suppressed = 0;
  for (size_t i = 0; i < sum->n_records; i++) {
    const c2h_project_file *f = &sum->records[i];
    sum->files += f->translated && !f->failed;
    sum->changed += f->translated && f->changed;
    sum->copied += f->copied;
    sum->reused += f->cached;
    sum->kept_edited += f->edited;
    sum->input_errors += f->failed;
    sum->edits += f->stats.edits;
    sum->suppressed += f->stats.suppressed;
  }
}

void c2h_project_summary_dispose(c2h_project_summary *sum) {
  for (size_t i = 0; i < sum->n_records; i++) {
    free(sum->records[i].path);
    free(sum->records[i].output);
    free(sum->records[i].verify_part_of);
  }
  free(sum->records);
  sum->records = NULL;
  sum->n_records = 0;
}

/* Reads the compile database; what it cannot use becomes diagnostics. */
static int load_compile_db(c2h_run *r, c2h_error *err) {
  int rc = c2h_compdb_load(&r->db, r->o->compile_db, err);
  if (rc) return rc;
  for (size_t i = 0; i < c2h_compdb_problem_count(r->db); i++) {
    const c2h_compdb_problem *p = c2h_compdb_problem_at(r->db, i);
    c2h_pos at = {p->line, p->column, 0};
    if (c2h_diag_list_add(r->diags, c2h_compdb_path(r->db), at, at, C2H_SEV_WARNING, C2H_CHECK_COMPILE_DATABASE,
                          NULL, "%s", p->message))
      return C2H_ERR_NOMEM;
  }
  return 0;
}

/* The cache key of everything a run's outputs depend on besides each
 * file: the tool, the rule table and the options that change outputs. */
static void run_key(const c2h_project_options *o, c2h_digest *out) {
  char buf[64];
  char build[2 * 64 + 1];
  c2h_key_builder *k = c2h_key_begin();
  c2h_key_add(k, c2h_version_string());
  /* A rebuilt cu2hip may translate differently under the same version. */
  c2h_key_add(k, c2h_build_id(build, sizeof build) ? build : "");
  c2h_key_add_rules(k, o->translate.rules);
  snprintf(buf, sizeof buf, "%u %u %d %d %d %d %d", (unsigned)o->translate.rocm_version,
           (unsigned)o->translate.pytorch_version, (int)o->translate.launch_syntax,
           o->translate.annotate, o->rename, o->translate.no_compat_header, (int)o->translate.wave64);
  c2h_key_add(k, buf);
  c2h_key_add(k, o->translate.cuda_path);
  c2h_key_add(k, o->header_suffix);
  c2h_key_add(k, o->offload_arch);
  for (size_t i = 0; i < o->translate.n_clang_args; i++) c2h_key_add(k, o->translate.clang_args[i]);
  c2h_key_end(k, out);
}

/* What build scripts need: the sources renamed in this run, by the paths
 * the scripts' own paths are spelled with. */
typedef struct script_renames {
  const char **from, **to;
  char **owned;
  size_t n;
} script_renames;

static int collect_renames(const c2h_run *r, script_renames *s) {
  size_t n = r->jobs.len;
  s->from = calloc(n + 1, sizeof *s->from);
  s->to = calloc(n + 1, sizeof *s->to);
  s->owned = calloc(n + 1, sizeof *s->owned);
  if (!s->from || !s->to || !s->owned) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) {
    const c2h_job *j = &r->jobs.items[i];
    if (strcmp(j->rel, j->out_rel) == 0) continue;
    /* The new name beside the old path. */
    const char *base = c2h_path_basename(j->out_rel);
    size_t dir_len = (size_t)(c2h_path_basename(j->path) - j->path);
    char *to = malloc(dir_len + strlen(base) + 1);
    if (!to) return C2H_ERR_NOMEM;
    memcpy(to, j->path, dir_len);
    strcpy(to + dir_len, base);
    s->owned[s->n] = to;
    s->from[s->n] = j->path;
    s->to[s->n++] = to;
  }
  return 0;
}

static void script_renames_dispose(script_renames *s) {
  for (size_t i = 0; s->owned && i < s->n; i++) free(s->owned[i]);
  free(s->owned);
  free(s->from);
  free(s->to);
}

/* Named files (not walks) in an output tree bring the local headers they
 * include: each header below the root that no job covers yet becomes one
 * (in sorted order). */
static int add_included_headers(c2h_run *r, size_t n_ran) {
  char **found = NULL;
  size_t n = 0, cap = 0;
  c2h_strmap seen;
  c2h_strmap_init(&seen);
  int rc = 0;
  for (size_t i = 0; i < n_ran && rc == 0; i++) {
    const c2h_job *j = &r->jobs.items[i];
    for (size_t k = 0; k < j->n_depends && rc == 0; k++) {
      const char *h = j->depends[k];
      if (c2h_strmap_get(&seen, h, strlen(h)) >= 0 || !c2h_path_inside(h, r->root) ||
          (r->out_canonical && c2h_path_inside(h, r->out_canonical)) ||
          c2h_strmap_get(&r->jobs.canonical, h, strlen(h)) >= 0)
        continue;
      if (n == cap) {
        cap = cap ? cap * 2 : 32;
        char **grown = realloc(found, cap * sizeof *grown);
        if (!grown) {
          rc = C2H_ERR_NOMEM;
          break;
        }
        found = grown;
      }
      found[n++] = (char *)h;
      rc = c2h_strmap_put(&seen, h, strlen(h), 1);
    }
  }
  if (n > 1) qsort(found, n, sizeof *found, cmp_str);
  for (size_t i = 0; i < n && rc == 0; i++) {
    char *h = c2h_strdup(found[i]); /* found[] points into jobs, which may move */
    if (!h) {
      rc = C2H_ERR_NOMEM;
      break;
    }
    const char *rel = relative_to(h, r->root);
    c2h_job *job = NULL;
    if (!c2h_run_excluded(r, rel)) rc = c2h_run_add_job(r, h, rel, 0, 0, &job);
    if (job) job->included = 1;
    free(h);
  }
  free(found);
  c2h_strmap_dispose(&seen);
  return rc;
}

/* Headers without a compile-database entry of their own wait for the
 * files that include them, and are then analysed in the translation unit
 * of the first one that does (see give_headers_context). */
static int deferred_header(const c2h_job *j) {
  static const char *const header_extensions[] = {".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", NULL};
  return !j->copy_only && !j->db_exact && !j->includer && c2h_path_has_extension(j->path, header_extensions);
}

/* A header is rarely self-contained: it relies on what its includer
 * defines and includes first (helper macros, a `#define T double`, the
 * runtime nvcc includes implicitly). Read on its own, it gives parse errors
 * that are not there in the build, and its kernels are checked without the
 * macros they use. So each deferred header is parsed in the translation
 * unit of a file of the first wave that reaches it, directly or through
 * other headers, with that file's flags (its include paths and macros are
 * the ones the header is built with). Of those units, the one that reads
 * the fewest project headers before it: its analysis then depends on the
 * fewest other files (an edit of one of them redoes it), and ties go to
 * the first in the run's order. With no such unit it is parsed on its own. */
typedef struct header_unit {
  int job;       /* index of the unit's job */
  size_t before; /* project headers that unit reads before this one */
} header_unit;

static int give_headers_context(c2h_run *r, const size_t *ran, size_t n_ran, const size_t *later, size_t n_later) {
  c2h_strmap seen; /* header real path -> index in units */
  c2h_strmap_init(&seen);
  header_unit *units = NULL;
  size_t n_units = 0, cap = 0;
  int rc = 0;
  for (size_t i = 0; i < n_ran && rc == 0; i++) {
    const c2h_job *j = &r->jobs.items[ran[i]];
    if (j->copy_only || j->includer) continue; /* a part of another unit is no unit */
    for (size_t k = 0; k < j->n_depends && rc == 0; k++) {
      const char *h = j->depends[k];
      int at = c2h_strmap_get(&seen, h, strlen(h));
      if (at >= 0) {
        if (k < units[at].before) units[at] = (header_unit){(int)ran[i], k};
        continue;
      }
      if (n_units == cap) {
        cap = cap ? cap * 2 : 64;
        header_unit *grown = realloc(units, cap * sizeof *grown);
        if (!grown) {
          rc = C2H_ERR_NOMEM;
          break;
        }
        units = grown;
      }
      units[n_units] = (header_unit){(int)ran[i], k};
      rc = c2h_strmap_put(&seen, h, strlen(h), (int)n_units++);
    }
  }
  for (size_t i = 0; i < n_later && rc == 0; i++) {
    c2h_job *j = &r->jobs.items[later[i]];
    int at = j->canonical && deferred_header(j) ? c2h_strmap_get(&seen, j->canonical, strlen(j->canonical)) : -1;
    if (at < 0) continue;
    const c2h_job *unit = &r->jobs.items[units[at].job];
    if (!(j->includer = c2h_strdup(unit->path))) rc = C2H_ERR_NOMEM;
    if (!j->db_exact) j->db = unit->db;
  }
  free(units);
  c2h_strmap_dispose(&seen);
  return rc;
}

/* Runs the jobs in two waves: everything but the deferred headers, then
 * those headers and (named inputs, output tree) the local headers the first
 * wave's files include. */
static int run_waves(c2h_run *r, const job_env *env, int add_headers) {
  size_t n_first = r->jobs.len, n1 = 0, n2 = 0;
  size_t *wave1 = malloc((n_first + 1) * sizeof *wave1), *wave2 = NULL;
  int rc = 0;
  if (!wave1) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < n_first; i++)
    if (!deferred_header(&r->jobs.items[i])) wave1[n1++] = i;
  if (n1 && (rc = run_jobs(env, wave1, n1))) goto done;
  if (add_headers && (rc = add_included_headers(r, n_first))) goto done;
  if (!(wave2 = malloc((r->jobs.len + 1) * sizeof *wave2))) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t i = 0; i < r->jobs.len; i++)
    if (i >= n_first || deferred_header(&r->jobs.items[i])) wave2[n2++] = i;
  if ((rc = give_headers_context(r, wave1, n1, wave2, n2))) goto done;
  if (n2) rc = run_jobs(env, wave2, n2);
done:
  free(wave1);
  free(wave2);
  return rc;
}

static int same_diag(const c2h_diag *a, const c2h_diag *b) {
  return strcmp(a->path, b->path) == 0 && a->begin.line == b->begin.line && a->begin.col == b->begin.col &&
         a->check == b->check && strcmp(a->message, b->message) == 0;
}

/* A header's problems, met by each file that includes it, are reported
 * once, under the name the run gives the header when it is one of its
 * files. Sorts the diagnostics. */
static int merge_header_diags(c2h_run *r) {
  c2h_diag_list *l = r->diags;
  for (size_t i = 0; i < l->len; i++) {
    c2h_diag *d = &l->items[i];
    if (d->path[0] != '/') continue;
    int at = c2h_strmap_get(&r->jobs.canonical, d->path, strlen(d->path));
    if (at < 0 || strcmp(r->jobs.items[at].path, d->path) == 0) continue;
    char *renamed = c2h_strdup(r->jobs.items[at].path);
    if (!renamed) return C2H_ERR_NOMEM;
    free(d->path);
    d->path = renamed;
  }
  c2h_diag_list_sort(l);
  size_t kept = 0;
  for (size_t i = 0; i < l->len; i++) {
    if (kept && same_diag(&l->items[kept - 1], &l->items[i])) {
      free(l->items[i].path);
      free(l->items[i].message);
      free(l->items[i].replacement);
      continue;
    }
    l->items[kept++] = l->items[i];
  }
  l->len = kept;
  return 0;
}

#define SOURCE_EXTS ".cu .cuh .h .hpp .cpp .cc .cxx .inl"

/* Makes the output root and checks that it is not the inputs' folder. */
static int open_output_root(c2h_run *run, c2h_error *err) {
  const c2h_project_options *o = run->o;
  if (run->out_canonical) return 0;
  if (c2h_mkdirs(o->out_dir, err) != 0) {
    char reason[sizeof err->message];
    snprintf(reason, sizeof reason, "%s", err->message);
    return c2h_error_set(err, C2H_ERR_IO, o->out_dir, 0, 0, "cannot create the output directory: %s", reason);
  }
  run->out_canonical = realpath(o->out_dir, NULL);
  /* What a run killed mid-write (SIGINT between a temporary's creation and
   * its rename) left behind; never read, but not to be left forever. */
  c2h_remove_stale_temps(o->out_dir, 1);
  /* Outputs mirror the inputs below the root: an output root that is
   * the same folder would put each translation over its input. */
  if (run->root && run->out_canonical && strcmp(run->root, run->out_canonical) == 0)
    return c2h_error_set(err, C2H_ERR_USAGE, o->out_dir, 0, 0,
                         "the output directory is the inputs' folder: each translation would overwrite its input "
                         "(use --in-place to replace them, or another -o DIR)");
  return 0;
}

/* A named input that is a stream ("-" for standard input, a named pipe, a
 * device): read once, here, since it cannot be read again (the fragment
 * scan and the translation would each open it, and the second open of a
 * pipe would wait forever for a writer). Only printed or checked: a tree
 * has no place for it, nor can it be replaced in place. */
static int add_stream_job(c2h_run *r, const char *input) {
  const char *name = strcmp(input, "-") == 0 ? "<stdin>" : input;
  if (r->o->mode != C2H_OUTPUT_STDOUT && r->o->mode != C2H_OUTPUT_NONE)
    return c2h_run_input_error(r, name, "%s",
                               "not a regular file: standard input, a pipe or a device is translated to stdout "
                               "(cu2hip FILE) or checked, not with -o or --in-place");
  char *data = NULL;
  size_t len = 0;
  c2h_error err;
  c2h_job *job = NULL;
  if (c2h_file_read_stream(input, &data, &len, &err) != 0)
    return err.code == C2H_ERR_NOMEM ? C2H_ERR_NOMEM : c2h_run_input_error(r, name, "%s", err.message);
  int rc = c2h_run_add_job(r, name, name, 0, 0, &job);
  if (job) {
    job->streamed = data;
    job->streamed_len = len;
    data = NULL;
  }
  free(data);
  return rc;
}

/* Another run writes in the tree: this one waits its turn, and says so
 * (even with -q: a run that seems to hang must say why). */
static void say_waiting(void *ctx, const char *dir) {
  (void)ctx;
  fprintf(stderr, "cu2hip: waiting for another cu2hip run writing in %s to finish\n", dir);
}

/* A report (--output, --report) that names one of the run's inputs would
 * replace it once the run ends: refused before anything is written. */
static int refuse_report_on_input(c2h_run *r, char *const *canonical, const int *is_dir, size_t n_inputs,
                                  c2h_error *err) {
  for (size_t i = 0; i < r->o->n_report_files; i++) {
    const c2h_named_file *f = &r->o->report_files[i];
    if (!f->path || strcmp(f->path, "-") == 0) continue;
    char *real = realpath(f->path, NULL);
    struct stat st;
    int at = real ? c2h_strmap_get(&r->jobs.canonical, real, strlen(real)) : -1;
    const char *inside = NULL;
    /* In place, the input folders are rewritten where they are: a file in
     * them is the user's whether or not the run reads it. */
    for (size_t k = 0; at < 0 && real && r->o->mode == C2H_OUTPUT_IN_PLACE && k < n_inputs && !inside; k++)
      if (canonical[k] && (is_dir[k] == 1 || is_dir[k] == 2) && c2h_path_inside(real, canonical[k]) && stat(real, &st) == 0 &&
          S_ISREG(st.st_mode))
        inside = canonical[k];
    free(real);
    if (at < 0 && !inside) continue;
    r->sum->report_is_input = 1;
    if (inside)
      return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                           "%s %s: this file is inside %s, which --in-place rewrites, and the report would replace "
                           "it; name a file outside the inputs (nothing was written)",
                           f->option ? f->option : "report", f->path, inside);
    return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                         "%s %s: this file is one of the inputs (%s), which the report would replace; name a "
                         "file outside the inputs (nothing was written)",
                         f->option ? f->option : "report", f->path, r->jobs.items[at].path);
  }
  return 0;
}

/* C2H_ERR_NO_SOURCES naming the folders walked (is_dir[i] == 2). */
static int no_sources_error(const char *const *inputs, const int *is_dir, size_t n, c2h_error *err) {
  char names[400] = "";
  size_t len = 0, shown = 0;
  for (size_t i = 0; i < n; i++) {
    if (is_dir[i] != 2) continue;
    int w = snprintf(names + len, sizeof names - len, "%s%s", shown ? ", " : "", inputs[i]);
    if (w < 0 || (size_t)w >= sizeof names - len) break;
    len += (size_t)w;
    shown++;
  }
  return c2h_error_set(err, C2H_ERR_NO_SOURCES, NULL, 0, 0,
                       "no CUDA sources found in %s (looked for " SOURCE_EXTS "); nothing to do", names);
}

int c2h_project_run(const c2h_project_options *o, const char *const *inputs, size_t n_inputs,
                    c2h_project_summary *sum, c2h_diag_list *diags, c2h_error *err) {
  int rc = 0;
  c2h_run run = {.o = o, .diags = diags, .sum = sum};
  c2h_cache *cache = NULL;
  c2h_tree_lock lock = {NULL, 0};
  script_renames renames = {0};
  const char **db_inputs = NULL;
  char **canonical = NULL;
  int *is_dir = NULL;
  c2h_strmap_init(&run.jobs.rels);
  c2h_strmap_init(&run.jobs.canonical);
  memset(sum, 0, sizeof *sum);
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
  if (o->rename && o->mode != C2H_OUTPUT_DIR) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "--rename needs an output directory (-o DIR)");
    goto done;
  }
  /* The architecture goes into build scripts and compile commands: only
   * what c2h_arch_parse accepts may get there. */
  if (o->offload_arch && c2h_arch_parse(o->offload_arch, NULL) != 0) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                       "the offload architecture is not an AMD GPU architecture (" C2H_ARCH_FORM ")");
    goto done;
  }
  /* A HIP path that is none is the user's mistake: said before translating. */
  if (o->verify && o->verify_options.hip_path && (rc = c2h_hip_path_check(o->verify_options.hip_path, err)))
    goto done;
  if (o->compile_db && (rc = load_compile_db(&run, err))) goto done;
  if (n_inputs == 0 && run.db) {
    /* The database's files are the inputs. */
    size_t n = c2h_compdb_count(run.db);
    if (!(db_inputs = calloc(n + 1, sizeof *db_inputs))) goto nomem;
    for (size_t i = 0; i < n; i++)
      if (c2h_compdb_at(run.db, i)->exists) db_inputs[n_inputs++] = c2h_compdb_at(run.db, i)->file;
    if (n_inputs > 1) qsort(db_inputs, n_inputs, sizeof *db_inputs, cmp_str);
    inputs = db_inputs;
  }
  if (n_inputs == 0) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, o->compile_db, 0, 0, "no inputs: the compile database lists no existing file");
    goto done;
  }
  canonical = calloc(n_inputs + 1, sizeof *canonical);
  is_dir = calloc(n_inputs + 1, sizeof *is_dir);
  if (!canonical || !is_dir) goto nomem;
  for (size_t i = 0; i < n_inputs && rc == 0; i++) {
    struct stat st;
    if (strcmp(inputs[i], "-") == 0 || (stat(inputs[i], &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))) {
      is_dir[i] = 3; /* a stream: read below */
      continue;
    }
    if (stat(inputs[i], &st) != 0) {
      rc = c2h_run_input_error(&run, inputs[i], "cannot read: %s", strerror(errno));
      continue;
    }
    is_dir[i] = S_ISDIR(st.st_mode);
    if (is_dir[i] && o->mode == C2H_OUTPUT_STDOUT) {
      rc = c2h_error_set(err, C2H_ERR_USAGE, inputs[i], 0, 0,
                         "is a directory: give an output directory (-o DIR) or --in-place");
      goto done;
    }
    canonical[i] = realpath(inputs[i], NULL);
    if (!canonical[i]) rc = c2h_run_input_error(&run, inputs[i], "cannot resolve the path: %s", strerror(errno));
  }
  if (rc) goto fail;
  /* In place, temporaries sit beside the inputs: a killed run's are removed. */
  for (size_t i = 0; o->mode == C2H_OUTPUT_IN_PLACE && i < n_inputs; i++) {
    if (!canonical[i]) continue;
    if (is_dir[i]) {
      c2h_remove_stale_temps(canonical[i], 1);
    } else {
      char *dir = c2h_strndup(canonical[i], (size_t)(c2h_path_basename(canonical[i]) - canonical[i]));
      if (dir) c2h_remove_stale_temps(*dir ? dir : "/", 0);
      free(dir);
    }
  }
  run.root = common_root(canonical, is_dir, n_inputs);
  /* An output root that exists already is opened before the walk, so that
   * the walk never descends into it (OUT inside SRC); one that does not
   * exist cannot be walked into, and is made only once there is work. */
  if (o->mode == C2H_OUTPUT_DIR && access(o->out_dir, F_OK) == 0 && (rc = open_output_root(&run, err))) goto done;
  int any_named = 0;
  size_t sources = 0;
  for (size_t i = 0; i < n_inputs && rc == 0; i++) {
    if (is_dir[i] == 3) {
      rc = add_stream_job(&run, inputs[i]);
      any_named = 1;
      continue;
    }
    if (!canonical[i]) continue;
    const char *rel = run.root ? relative_to(canonical[i], run.root) : c2h_path_basename(inputs[i]);
    if (is_dir[i]) {
      size_t before = run.jobs.len;
      rc = c2h_run_walk(&run, inputs[i], rel);
      size_t found = 0;
      for (size_t k = before; k < run.jobs.len; k++) found += !run.jobs.items[k].copy_only;
      sources += found;
      if (rc == 0 && !found) is_dir[i] = 2; /* an empty folder: reported below */
    } else {
      any_named = 1;
      rc = c2h_run_add_job(&run, inputs[i], rel, 0, 0, NULL);
    }
  }
  if (rc) goto fail;
  if ((rc = refuse_report_on_input(&run, canonical, is_dir, n_inputs, err))) goto done;
  if (!any_named && !sources && !sum->input_errors) {
    /* Nothing at all to translate: say so, and write nothing (not even the
     * output root or the files a walk would copy). */
    rc = no_sources_error(inputs, is_dir, n_inputs, err);
    goto done;
  }
  for (size_t i = 0; i < n_inputs && rc == 0; i++)
    if (is_dir[i] == 2)
      rc = c2h_run_folder_error(&run, inputs[i], "%s", "no CUDA sources found (looked for " SOURCE_EXTS ")");
  if (rc) goto fail;
  /* Every input failed (`-o out missing.cu`): nothing to write, so no
   * output root is made either. */
  if (run.jobs.len == 0) {
    recount(sum);
    for (size_t i = 0; i < diags->len; i++) sum->by_severity[diags->items[i].severity]++;
    goto done;
  }
  if (o->mode == C2H_OUTPUT_DIR && (rc = open_output_root(&run, err))) goto done;
  /* The supervisor stops a file whose parse runs past the limit. It counts
   * wall-clock time: with more jobs than CPUs, each file gets a share of
   * one, and as many times the limit. */
  if (o->journal) {
    unsigned cpus = c2h_usable_cpus(), jobs = o->jobs ? o->jobs : cpus;
    unsigned long limit = o->translate.time_limit_ms;
    if (cpus && jobs > cpus) limit *= (jobs + cpus - 1) / cpus;
    c2h_journal_set_limit(o->journal, limit);
  }
  if (o->mode == C2H_OUTPUT_STDOUT && run.jobs.len > 1) {
    rc = c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                       "%zu inputs: give an output directory (-o DIR) or --in-place", run.jobs.len);
    goto done;
  }
  /* One run at a time writes in a tree: two at once could back up what the
   * other just translated, or mix two runs' outputs. */
  if ((o->mode == C2H_OUTPUT_DIR && run.out_canonical) || (o->mode == C2H_OUTPUT_IN_PLACE && run.root)) {
    if (c2h_tree_lock_take(&lock, o->mode == C2H_OUTPUT_DIR ? run.out_canonical : run.root, say_waiting, NULL))
      goto nomem;
  }
  /* Without --no-incremental's reuse, the cache still tells edited outputs. */
  if (o->mode == C2H_OUTPUT_DIR) {
    c2h_digest key;
    run_key(o, &key);
    c2h_error damage;
    if ((rc = c2h_cache_open(&cache, o->out_dir, &key, o->translate.rules, o->incremental, &damage))) goto fail;
    /* (C2H_ERR_IO: the journal beside it is no file; the cache itself is used.) */
    if (damage.code == C2H_ERR_IO &&
        c2h_diag_list_add(diags, damage.path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_INPUT_ERROR, NULL,
                          "the incremental cache's journal is %s: it is neither read nor written, and is left as "
                          "it is (the cache alone tells what cu2hip wrote)",
                          damage.message))
      goto nomem;
    if (damage.code && damage.code != C2H_ERR_IO &&
        c2h_diag_list_add(diags, damage.path, no_pos(), no_pos(), C2H_SEV_WARNING, C2H_CHECK_INPUT_ERROR, NULL,
                          "the incremental cache is damaged (%s): nothing is reused from it, and an output no "
                          "record shows cu2hip wrote is kept, as possibly edited by hand, unless it is what this "
                          "run makes or --overwrite-edited is given",
                          damage.message))
      goto nomem;
  }
  if ((rc = c2h_run_script_includes(&run)) || (rc = c2h_run_find_fragments(&run))) goto fail;
  if ((rc = collect_renames(&run, &renames))) goto fail;
  c2h_buildfile_options scripts = {o->offload_arch, renames.from, renames.to, renames.n,
                                   o->roc_libraries, o->n_roc_libraries, o->translate.time_limit_ms};
  job_env env = {&run, cache, &scripts};
  if ((rc = run_waves(&run, &env, any_named && o->mode == C2H_OUTPUT_DIR))) goto fail;
  /* A tree that had candidate files but none of them CUDA. A source whose
   * edited output was kept, or that failed (reported, exit 2), was found. */
  int any_walk = 0;
  size_t walked = 0;
  for (size_t i = 0; i < sum->n_records; i++)
    walked += sum->records[i].translated || sum->records[i].edited || sum->records[i].failed;
  for (size_t i = 0; i < run.jobs.len; i++) any_walk |= run.jobs.items[i].from_walk;
  if (any_walk && !any_named && walked == 0)
    rc = c2h_run_folder_error(&run, inputs[0], "%s", "no CUDA sources found among the files walked");
  if (rc) goto fail;
  if (o->verify && o->mode == C2H_OUTPUT_DIR && (rc = c2h_run_verify(&run))) goto fail;
  if (cache) {
    c2h_error cache_err;
    if (c2h_cache_save(cache, &cache_err) != 0 &&
        c2h_diag_list_add(diags, cache_err.path[0] ? cache_err.path : o->out_dir, no_pos(), no_pos(), C2H_SEV_WARNING,
                          C2H_CHECK_INPUT_ERROR, NULL, "the incremental cache was not saved: %s", cache_err.message))
      goto nomem;
  }
  if ((rc = merge_header_diags(&run))) goto fail;
  for (size_t i = 0; i < diags->len; i++) sum->by_severity[diags->items[i].severity]++;
  recount(sum);
  goto done;
nomem:
  rc = C2H_ERR_NOMEM;
fail:
  if (rc == C2H_ERR_NOMEM) c2h_error_set(err, rc, NULL, 0, 0, "out of memory");
done:
  c2h_cache_free(cache);
  c2h_tree_lock_release(&lock);
  script_renames_dispose(&renames);
  free(run.out_canonical);
  free(run.root);
  c2h_job_list_dispose(&run.jobs);
  c2h_compdb_free(run.db);
  for (size_t i = 0; i < run.n_script_includes; i++) {
    free(run.script_includes[i].dir);
    free(run.script_includes[i].scope);
  }
  free(run.script_includes);
  for (size_t i = 0; i < run.n_script_defines; i++) {
    free(run.script_defines[i].flag);
    free(run.script_defines[i].scope);
  }
  free(run.script_defines);
  for (size_t i = 0; i < run.n_script_sources; i++) free(run.script_sources[i]);
  free(run.script_sources);
  for (size_t i = 0; canonical && i < n_inputs; i++) free(canonical[i]);
  free(canonical);
  free(is_dir);
  free(db_inputs);
  return rc;
}
