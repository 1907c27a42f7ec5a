/* Directory walks: which files of a tree the run translates, copies or
 * links, in sorted order, never leaving the tree and never entering the
 * output directory. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu2hip/buildfiles.h"
#include "run.h"
#include "util/buf.h"
#include "util/file.h"

/* Trees deeper than this are reported, not walked (a guard against
 * pathological trees; symbolic links are never followed into directories). */
#define MAX_DEPTH 64

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int outside_tree(c2h_run *r, const char *path, const char *fmt, const char *detail) {
  return c2h_diag_list_add(r->diags, path, (c2h_pos){0, 0, 0}, (c2h_pos){0, 0, 0}, C2H_SEV_WARNING,
                           C2H_CHECK_OUTSIDE_TREE, NULL, fmt, detail);
}

/* A regular file found by the walk: a source or build script to translate,
 * or a file to copy. */
static int add_walked_file(c2h_run *r, const char *path, const char *rel) {
  /* A Python file may be a build script (its contents tell, when its job
   * reads it); if not, it is copied. */
  if (c2h_path_has_extension(path, c2h_source_extensions) || c2h_buildfile_kind_of(path) != C2H_BUILDFILE_NONE ||
      c2h_buildfile_kind_needs_text(path))
    return c2h_run_add_job(r, path, rel, 1, 0, NULL);
  if (r->o->mode == C2H_OUTPUT_DIR && !r->o->no_copy) return c2h_run_add_job(r, path, rel, 1, 1, NULL);
  return 0;
}

/* The text of a relative link from the folder of rel (a path below the
 * root) to target_rel (another one). */
static char *relative_link(const char *rel, const char *target_rel) {
  size_t ups = 0;
  for (const char *p = rel; *p; p++) ups += *p == '/';
  char *text = malloc(ups * 3 + strlen(target_rel) + 1);
  if (!text) return NULL;
  text[0] = '\0';
  for (size_t i = 0; i < ups; i++) strcat(text, "../");
  return strcat(text, target_rel);
}

/* Whether the folder holding the link at path lies inside target (a real
 * path): the link leads back up. */
static int leads_to_enclosing_folder(const char *path, const char *target) {
  const char *base = c2h_path_basename(path);
  char *dir = base == path ? c2h_strdup(".") : c2h_strndup(path, (size_t)(base - path));
  char *real = dir ? realpath(dir, NULL) : NULL;
  int up = real && c2h_path_inside(real, target);
  free(real);
  free(dir);
  return up;
}

/* A symbolic link: recreated in the output tree when it leads to a file or
 * folder inside the tree; reported when it leads outside, nowhere, or into
 * a loop. Never followed, so a walk cannot loop or escape. */
static int add_link(c2h_run *r, const char *path, const char *rel) {
  struct stat st;
  if (stat(path, &st) != 0)
    return outside_tree(r, path, "symbolic link not followed: %s",
                        errno == ELOOP ? "it leads into a loop" : "it leads nowhere (dangling)");
  char *target = realpath(path, NULL);
  if (!target) return c2h_run_input_error(r, path, "cannot resolve the symbolic link: %s", strerror(errno));
  int rc = 0;
  if (S_ISDIR(st.st_mode) && leads_to_enclosing_folder(path, target)) {
    /* `ln -s . src/self`: the tree is already walked through its real
     * folders; the link is a loop, skipped with a note (nothing is lost). */
    rc = c2h_diag_list_add(r->diags, path, (c2h_pos){0, 0, 0}, (c2h_pos){0, 0, 0}, C2H_SEV_NOTE,
                           C2H_CHECK_OUTSIDE_TREE, NULL,
                           "symbolic link not followed: it leads back to a folder that holds it (%s), a loop; "
                           "skipped",
                           target);
  } else if (!r->root || !c2h_path_inside(target, r->root) ||
             (r->out_canonical && c2h_path_inside(target, r->out_canonical))) {
    rc = outside_tree(r, path, "symbolic link not followed: it leads outside the input tree, to %s", target);
  } else if (r->o->mode == C2H_OUTPUT_DIR) {
    /* With --rename, the link follows its target's new name and takes a
     * new name by its own suffix, as #include lines naming it do. */
    int conflict = 0;
    const char *target_rel = target + strlen(r->root) + (strcmp(r->root, "/") != 0);
    char *renamed_target = c2h_renamed_rel(r, target, target_rel, &conflict);
    char *text = renamed_target ? relative_link(rel, renamed_target) : NULL;
    char *out_rel = c2h_renamed_rel(r, path, rel, &conflict);
    c2h_job *job = NULL;
    if (!text || !out_rel) {
      rc = C2H_ERR_NOMEM;
    } else if ((rc = c2h_run_add_job(r, path, rel, 1, 1, &job)) == 0 && job) {
      job->link_target = text;
      job->link_dir = S_ISDIR(st.st_mode) != 0;
      free(job->out_rel);
      job->out_rel = out_rel;
      text = out_rel = NULL;
    }
    free(text);
    free(out_rel);
    free(renamed_target);
  }
  /* In place or checking, the file is done where it really is. */
  free(target);
  return rc;
}

/* Whether dir is the output root (an output tree inside the input). */
static int is_output_root(const c2h_run *r, const char *dir) {
  if (!r->out_canonical) return 0;
  char *canonical = realpath(dir, NULL);
  int same = canonical && strcmp(canonical, r->out_canonical) == 0;
  free(canonical);
  return same;
}

static int walk(c2h_run *r, const char *dir, const char *rel, int depth) {
  int rc = 0;
  char **names = NULL;
  size_t n = 0, cap = 0;
  if (depth > MAX_DEPTH) return c2h_run_folder_error(r, dir, "%s", "directory nesting too deep; not walked further");
  DIR *d = opendir(dir);
  if (!d) return c2h_run_folder_error(r, dir, "cannot open directory: %s", strerror(errno));
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue; /* hidden: also our own temporary files and cache */
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
    } else if (c2h_run_excluded(r, sub)) {
      /* skipped on request */
    } else if (lstat(path, &st) != 0) {
      rc = c2h_run_input_error(r, path, "cannot stat: %s", strerror(errno));
    } else if (S_ISLNK(st.st_mode)) {
      rc = add_link(r, path, sub);
    } else if (S_ISDIR(st.st_mode)) {
      if (!is_output_root(r, path)) rc = walk(r, path, sub, depth + 1);
    } else if (S_ISREG(st.st_mode)) {
      rc = add_walked_file(r, path, sub);
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

int c2h_run_walk(c2h_run *r, const char *dir, const char *rel) { return walk(r, dir, rel, 0); }
