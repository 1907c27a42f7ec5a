/* --rename: kernel.cu -> kernel.hip, util.cuh -> util.hpp (or the suffix
 * chosen with --header-suffix), and the #include lines naming renamed
 * headers follow them. A new name that is already taken keeps the file's
 * old name (a rename-conflict diagnostic says so). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "run.h"
#include "util/buf.h"
#include "util/file.h"

#define DEFAULT_HEADER_SUFFIX ".hpp"

static int ends_with(const char *s, size_t len, const char *suffix) {
  size_t n = strlen(suffix);
  return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

/* The suffix a name ending in .cu / .cuh takes, and how long the old one
 * is; NULL when the name keeps its suffix. */
static const char *new_suffix(const c2h_project_options *o, const char *name, size_t len, size_t *old_len) {
  const char *header = o->header_suffix && *o->header_suffix ? o->header_suffix : DEFAULT_HEADER_SUFFIX;
  if (ends_with(name, len, ".cu")) {
    *old_len = 3;
    return ".hip";
  }
  if (ends_with(name, len, ".cuh") && strcmp(header, ".cuh") != 0) {
    *old_len = 4;
    return header;
  }
  return NULL;
}

static char *with_suffix(const char *name, size_t len, size_t old_len, const char *suffix) {
  char *s = malloc(len - old_len + strlen(suffix) + 1);
  if (!s) return NULL;
  memcpy(s, name, len - old_len);
  strcpy(s + len - old_len, suffix);
  return s;
}

static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

char *c2h_renamed_rel(const c2h_run *r, const char *path, const char *rel, int *conflict) {
  size_t old_len = 0;
  *conflict = 0;
  const char *suffix = r->o->rename ? new_suffix(r->o, rel, strlen(rel), &old_len) : NULL;
  if (!suffix) return c2h_strdup(rel);
  char *new_path = with_suffix(path, strlen(path), old_len, suffix);
  if (!new_path) return NULL;
  /* Taken: a file of that name exists beside it, or a .cu beside a .cuh
   * would take the same name (the source wins). */
  *conflict = exists(new_path);
  if (!*conflict && old_len == 4 && strcmp(suffix, ".hip") == 0) {
    char *source = with_suffix(path, strlen(path), old_len, ".cu");
    if (!source) {
      free(new_path);
      return NULL;
    }
    *conflict = exists(source);
    free(source);
  }
  free(new_path);
  return *conflict ? c2h_strdup(rel) : with_suffix(rel, strlen(rel), old_len, suffix);
}

/* The header an #include names, found as the compiler would find it: a
 * quoted name beside the includer first, then in the -iquote, -I and
 * -isystem folders of the file's flags and the run's. Returns its real
 * path or NULL. */
char *c2h_run_find_header(const c2h_run *r, const c2h_job *job, const char *includer, const char *name,
                          int bracketed) {
  if (name[0] == '/') return realpath(name, NULL);
  if (!bracketed) {
    char *dir = c2h_strdup(includer);
    if (!dir) return NULL;
    char *slash = strrchr(dir, '/');
    char *candidate = slash ? (*slash = '\0', c2h_path_join(dir[0] ? dir : "/", name)) : c2h_strdup(name);
    free(dir);
    char *found = candidate ? realpath(candidate, NULL) : NULL;
    free(candidate);
    if (found) return found;
  }
  const char *const *lists[2] = {job->db ? job->db->args : NULL, r->o->translate.clang_args};
  size_t counts[2] = {job->db ? job->db->n_args : 0, r->o->translate.n_clang_args};
  for (int l = 0; l < 2; l++) {
    for (size_t i = 0; i < counts[l]; i++) {
      const char *a = lists[l][i], *dir = NULL;
      static const char *const flags[] = {"-iquote", "-I", "-isystem", NULL};
      for (int f = 0; flags[f] && !dir; f++) {
        size_t n = strlen(flags[f]);
        if (strncmp(a, flags[f], n) != 0) continue;
        if (f == 0 && bracketed) break; /* -iquote serves quoted names only */
        if (a[n]) dir = a + n;
        else if (i + 1 < counts[l]) dir = lists[l][++i];
      }
      if (!dir) continue;
      char *candidate = c2h_path_join(dir, name);
      char *found = candidate ? realpath(candidate, NULL) : NULL;
      free(candidate);
      if (found) return found;
    }
  }
  /* Then the folders the build scripts name (only without a database). */
  for (size_t i = 0; i < r->n_script_includes; i++) {
    char *candidate = c2h_path_join(r->script_includes[i].dir, name);
    char *found = candidate ? realpath(candidate, NULL) : NULL;
    free(candidate);
    if (found) return found;
  }
  return NULL;
}

/* The new name of a renamed file of the run whose name is base[0..n),
 * when every such file got the same one (malloc'd), else NULL. */
static char *renamed_namesake(const c2h_run *r, const char *base, size_t n) {
  const char *to = NULL;
  for (size_t i = 0; i < r->jobs.len; i++) {
    const c2h_job *j = &r->jobs.items[i];
    const char *b = c2h_path_basename(j->rel);
    if (strlen(b) != n || memcmp(b, base, n) != 0 || strcmp(j->rel, j->out_rel) == 0) continue;
    const char *nb = c2h_path_basename(j->out_rel);
    if (to && strcmp(to, nb) != 0) return c2h_strdup("several names");
    to = nb;
  }
  return to ? c2h_strdup(to) : NULL;
}

char *c2h_rename_include(void *ctx, const char *includer, const char *name, size_t len, int bracketed,
                         char **unresolved) {
  const c2h_include_ctx *c = ctx;
  size_t old_len = 0;
  *unresolved = NULL;
  if (!c->run->o->rename || !c->run->root || !new_suffix(c->run->o, name, len, &old_len)) return NULL;
  char *spelled = malloc(len + 1);
  if (!spelled) return NULL;
  memcpy(spelled, name, len);
  spelled[len] = '\0';
  char *header = c2h_run_find_header(c->run, c->job, includer, spelled, bracketed), *result = NULL;
  if (header && c2h_path_inside(header, c->run->root)) {
    const char *rel = header + strlen(c->run->root) + (strcmp(c->run->root, "/") != 0);
    int conflict = 0;
    char *renamed = c2h_renamed_rel(c->run, header, rel, &conflict);
    /* Only the file name's suffix changes in the line. */
    if (renamed && !conflict && strcmp(renamed, rel) != 0) {
      size_t new_len = 0;
      const char *suffix = new_suffix(c->run->o, spelled, len, &new_len);
      result = with_suffix(spelled, len, new_len, suffix);
    }
    free(renamed);
  } else if (!header) {
    const char *base = c2h_path_basename(spelled);
    *unresolved = renamed_namesake(c->run, base, strlen(base));
  }
  free(header);
  free(spelled);
  return result;
}
