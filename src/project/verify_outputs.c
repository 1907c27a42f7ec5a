/* --verify in a project run: which outputs are compiled, with which flags.
 * A source's flags are its database entry's (or the command line's and the
 * build scripts' include folders), with
 * every folder and file inside the input tree moved to its place in the
 * output tree, so the translated headers are the ones compiled. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"
#include "verify_cache.h"
#include "util/buf.h"
#include "util/file.h"

/* Translation units compiled without a database: sources, not headers. */
static const char *const unit_extensions[] = {".cu", ".hip", ".cpp", ".cc", ".cxx", NULL};

typedef struct arg_list {
  const char **items;
  size_t len, cap;
  char **owned;
  size_t n_owned;
} arg_list;

static int push(arg_list *l, const char *s, int owned) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    const char **grown = realloc(l->items, cap * sizeof *grown);
    char **grown_owned = realloc(l->owned, cap * sizeof *grown_owned);
    if (grown) l->items = grown;
    if (grown_owned) l->owned = grown_owned;
    if (!grown || !grown_owned) return C2H_ERR_NOMEM;
    l->cap = cap;
  }
  l->items[l->len++] = s;
  if (owned) l->owned[l->n_owned++] = (char *)s;
  return 0;
}

/* path (absolute) moved from the input tree to the output tree, or NULL
 * when it lies outside the tree. */
static char *in_output_tree(const c2h_run *r, const char *out_root, const char *path) {
  char *real = realpath(path, NULL);
  const char *p = real ? real : path;
  char *moved = NULL;
  if (r->root && c2h_path_inside(p, r->root)) {
    const char *rel = p + strlen(r->root);
    while (*rel == '/') rel++;
    moved = *rel ? c2h_path_join(out_root, rel) : c2h_strdup(out_root);
  }
  free(real);
  return moved;
}

/* Adds flags, moving -I/-iquote/-isystem folders and -include files. */
static int add_flags(const c2h_run *r, const char *out_root, arg_list *l, const char *const *args, size_t n) {
  static const char *const dir_flags[] = {"-I", "-iquote", "-isystem", "-idirafter", NULL};
  for (size_t i = 0; i < n; i++) {
    const char *a = args[i];
    int rc = 0;
    if ((strcmp(a, "-include") == 0 || strcmp(a, "-imacros") == 0) && i + 1 < n) {
      char *moved = in_output_tree(r, out_root, args[i + 1]);
      if ((rc = push(l, a, 0)) || (rc = push(l, moved ? moved : args[i + 1], moved != NULL))) return rc;
      i++;
      continue;
    }
    const char *flag = NULL;
    for (int f = 0; dir_flags[f] && !flag; f++)
      if (strncmp(a, dir_flags[f], strlen(dir_flags[f])) == 0 && a[strlen(dir_flags[f])]) flag = dir_flags[f];
    if (flag) {
      char *moved = in_output_tree(r, out_root, a + strlen(flag));
      char *joined = moved ? malloc(strlen(flag) + strlen(moved) + 1) : NULL;
      if (joined) strcat(strcpy(joined, flag), moved);
      free(moved);
      rc = push(l, joined ? joined : a, joined != NULL);
    } else {
      rc = push(l, a, 0);
    }
    if (rc) return rc;
  }
  return 0;
}

/* Without a compile database, the include folders the build scripts give
 * the file at path (-I DIR, as translation parsed it with them), moved to
 * the output tree like the other flags. */
static int add_script_includes(const c2h_run *r, const char *out_root, arg_list *l, const char *path) {
  if (r->db) return 0;
  char **flags = NULL;
  size_t n = 0;
  int rc = c2h_run_script_flags(r, path, &flags, &n);
  if (!rc) rc = add_flags(r, out_root, l, (const char *const *)flags, n);
  /* add_flags keeps a flag it does not move as it is, borrowed: own it. */
  for (size_t i = 0; i < n; i++) {
    int kept = 0;
    for (size_t k = 0; !rc && k < l->len && !kept; k++) kept = l->items[k] == flags[i];
    if (kept) l->owned[l->n_owned++] = flags[i];
    else free(flags[i]);
  }
  free(flags);
  return rc;
}

/* A diagnostic path as the run spells paths: relative to the current
 * folder when below it. */
static void relativize(c2h_diag_list *diags, size_t from) {
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return;
  size_t n = strlen(cwd);
  for (size_t i = from; i < diags->len; i++) {
    char *p = diags->items[i].path;
    if (strncmp(p, cwd, n) == 0 && p[n] == '/') memmove(p, p + n + 1, strlen(p + n + 1) + 1);
  }
}

const char *c2h_verify_status_name(c2h_verify_status s) {
  switch (s) {
    case C2H_VERIFY_COMPILED: return "compiled";
    case C2H_VERIFY_SYNTAX_ONLY: return "syntax-only";
    case C2H_VERIFY_FAILED: return "failed";
    case C2H_VERIFY_PART: return "part";
    default: return NULL;
  }
}

/* The job of a record, found by its real path; -1 when none. */
static int job_of(const c2h_run *r, const char *path) {
  char *canonical = realpath(path, NULL);
  int at = canonical ? c2h_strmap_get(&r->jobs.canonical, canonical, strlen(canonical)) : -1;
  free(canonical);
  return at;
}

/* Whether the job is a part of another file's translation unit (see
 * fragments.c), not a header parsed in an includer's unit. */
static int is_part(const c2h_run *r, int job) {
  return job >= 0 && r->jobs.items[job].includer && r->jobs.items[job].fragment_of;
}

/* Whether a CMake script of the run builds the file (real path). */
static int script_builds(const c2h_run *r, const char *canonical) {
  for (size_t i = 0; canonical && i < r->n_script_sources; i++)
    if (strcmp(r->script_sources[i], canonical) == 0) return 1;
  return 0;
}

/* Whether the record is a source the build compiles on its own: its
 * compile-database entry says so; without a database, a .cu file or a
 * changed C++ source that no other file of the run #includes (a part such
 * as kernel.cu is compiled within its includer, and on its own it is not a
 * program) unless a CMake script of the run builds it too. */
static int is_unit(const c2h_run *r, const c2h_project_file *rec, int job, const char *canonical,
                   const c2h_compdb_entry *e) {
  if (r->db) return e != NULL;
  if (is_part(r, job) && !script_builds(r, canonical)) return 0;
  return c2h_path_has_extension(rec->path, unit_extensions) &&
         (rec->changed || c2h_path_has_extension(rec->path, (const char *const[]){".cu", NULL}));
}

/* Marks the parts whose includer was compiled: each is checked there. */
static int mark_parts(c2h_run *r, const int *rec_job, const size_t *rec_unit, size_t n_units) {
  c2h_project_summary *sum = r->sum;
  for (size_t i = 0; i < sum->n_records; i++) {
    c2h_project_file *rec = &sum->records[i];
    if (rec_unit[i] < n_units || !is_part(r, rec_job[i])) continue;
    int top = job_of(r, r->jobs.items[rec_job[i]].includer);
    for (size_t k = 0; top >= 0 && k < sum->n_records; k++) {
      if (rec_job[k] != top || rec_unit[k] >= n_units) continue;
      if (!(rec->verify_part_of = c2h_strdup(sum->records[k].path))) return C2H_ERR_NOMEM;
      rec->verify = C2H_VERIFY_PART;
      sum->verify_parts++;
      break;
    }
  }
  return 0;
}

/* The warning, once per run, that the check was only one of syntax. */
static int warn_syntax_only(c2h_run *r, size_t n) {
  const char *arch = r->sum->verify_arch, *given = r->o->verify_options.device_lib_path;
  char *where = given ? c2h_strdup_printf("in the --device-lib-path folder %s", given)
                      : c2h_strdup("in the folders cu2hip searches");
  int rc = !where ? C2H_ERR_NOMEM
                  : c2h_diag_list_add(
                        r->diags, r->o->out_dir, (c2h_pos){0, 0, 0}, (c2h_pos){0, 0, 0},
                        c2h_check_default_severity(C2H_CHECK_VERIFY_SYNTAX_ONLY), C2H_CHECK_VERIFY_SYNTAX_ONLY, NULL,
                        "--verify only checked the syntax of %zu %s (clang -nogpulib -fsyntax-only): no ROCm device "
                        "library for %s was found %s, so device code was not compiled and what only a full compile "
                        "finds (inline assembly, shared-memory limits, device link errors) went unchecked; give a "
                        "device-library folder with --device-lib-path DIR, and see `cu2hip doctor` for what is missing",
                        n, n == 1 ? "source" : "sources", arch, where);
  free(where);
  return rc;
}

int c2h_run_verify(c2h_run *r) {
  const c2h_project_options *o = r->o;
  c2h_project_summary *sum = r->sum;
  char *out_root = realpath(o->out_dir, NULL);
  c2h_verify_unit *units = calloc(sum->n_records + 1, sizeof *units);
  arg_list *args = calloc(sum->n_records + 1, sizeof *args);
  int *rec_job = calloc(sum->n_records + 1, sizeof *rec_job);
  size_t *rec_unit = calloc(sum->n_records + 1, sizeof *rec_unit); /* its unit, or >= n when none */
  size_t *unit_rec = calloc(sum->n_records + 1, sizeof *unit_rec);
  c2h_verify_cache *vc = NULL;
  int rc = 0;
  size_t n = 0;
  if (!out_root || !units || !args || !rec_job || !rec_unit || !unit_rec) {
    rc = C2H_ERR_NOMEM;
    goto done;
  }
  for (size_t i = 0; i < sum->n_records && rc == 0; i++) {
    const c2h_project_file *rec = &sum->records[i];
    rec_unit[i] = SIZE_MAX;
    rec_job[i] = job_of(r, rec->path);
    if (!rec->translated || rec->failed || !rec->output) continue;
    char *canonical = realpath(rec->path, NULL);
    const c2h_compdb_entry *e = r->db && canonical ? c2h_compdb_find(r->db, canonical) : NULL;
    int unit = is_unit(r, rec, rec_job[i], canonical, e);
    free(canonical);
    if (!unit) continue;
    arg_list *l = &args[n];
    if ((rc = add_flags(r, out_root, l, o->translate.clang_args, o->translate.n_clang_args)) ||
        (e && (rc = add_flags(r, out_root, l, e->args, e->n_args))) || (rc = add_script_includes(r, out_root, l, rec->path)))
      break;
    char *path = realpath(rec->output, NULL);
    if (!path || push(l, path, 1)) {
      free(path);
      rc = C2H_ERR_NOMEM;
      break;
    }
    l->len--; /* the unit's path rides in the owned list only */
    units[n] = (c2h_verify_unit){path, l->items, l->len};
    rec_unit[i] = n;
    unit_rec[n] = i;
    n++;
  }
  if (rc || n == 0) goto done;
  snprintf(sum->verify_arch, sizeof sum->verify_arch, "%s", o->offload_arch ? o->offload_arch : "gfx942");
  c2h_verify_options vo = o->verify_options;
  vo.offload_arch = o->offload_arch;
  vo.jobs = o->jobs;
  /* Sources compiled before and unchanged since are not compiled again;
   * --no-incremental starts from an empty record. */
  if ((rc = c2h_verify_cache_open(&vc, o->out_dir, o->incremental))) goto done;
  vo.up_to_date = c2h_verify_cache_check;
  vo.up_to_date_ctx = vc;
  vo.progress = o->progress;
  vo.progress_ctx = o->progress_ctx;
  if (o->progress_phase) o->progress_phase(o->progress_ctx, "verify");
  c2h_verify_summary vs = {0};
  c2h_error err;
  c2h_error_clear(&err);
  size_t before = r->diags->len;
  int vrc = c2h_verify_run(&vo, units, n, r->diags, &vs, &err);
  if (vrc == C2H_ERR_NOMEM) {
    rc = vrc;
  } else if (vrc) {
    /* No compiler for the target: the check could not be made, which a CI
     * step must see as a failure. */
    sum->verify_mode = C2H_VERIFY_FAILED;
    rc = c2h_diag_list_add(r->diags, o->out_dir, (c2h_pos){0, 0, 0}, (c2h_pos){0, 0, 0}, C2H_SEV_ERROR,
                           C2H_CHECK_COMPILE_ERROR, NULL, "--verify could not compile the output: %s", err.message);
  } else {
    c2h_verify_status passed = vs.syntax_only ? C2H_VERIFY_SYNTAX_ONLY : C2H_VERIFY_COMPILED;
    sum->verify_mode = passed;
    if (vs.syntax_only) sum->verify_syntax_checked += vs.compiled;
    else sum->verified += vs.compiled;
    sum->verify_up_to_date += vs.up_to_date;
    sum->verify_failed += vs.failed;
    for (size_t u = 0; u < n; u++)
      sum->records[unit_rec[u]].verify = vs.unit_failed[u] ? C2H_VERIFY_FAILED : passed;
    relativize(r->diags, before);
    rc = mark_parts(r, rec_job, rec_unit, n);
    if (!rc && vs.syntax_only) rc = warn_syntax_only(r, n);
    c2h_error save_err;
    if (!rc && (rc = c2h_verify_cache_update(vc, units, n, (char *const *const *)vs.reads)) == 0 &&
        c2h_verify_cache_save(vc, &save_err) != 0)
      rc = c2h_diag_list_add(r->diags, save_err.path[0] ? save_err.path : o->out_dir, (c2h_pos){0, 0, 0},
                             (c2h_pos){0, 0, 0}, C2H_SEV_WARNING, C2H_CHECK_INPUT_ERROR, NULL,
                             "the --verify record was not saved: %s", save_err.message);
  }
  c2h_verify_summary_dispose(&vs);
done:
  for (size_t i = 0; args && i <= n && i < sum->n_records + 1; i++) {
    for (size_t k = 0; k < args[i].n_owned; k++) free(args[i].owned[k]);
    free(args[i].owned);
    free(args[i].items);
  }
  free(args);
  free(units);
  free(rec_job);
  free(rec_unit);
  free(unit_rec);
  free(out_root);
  c2h_verify_cache_free(vc);
  return rc;
}
