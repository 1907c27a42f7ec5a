/* The include folders a project's build scripts name, for finding the
 * headers #include lines refer to when no compile database says how each
 * file is compiled: include_directories() and target_include_directories()
 * in CMake scripts, -I in Makefiles, include_dirs= in setup.py (and its
 * define_macros=, as -D flags). Also the source files CMake scripts
 * build, which --verify compiles. Only what can be read without running
 * the build counts: paths relative to the script, and the CMake variables
 * that name the script's own folder or the top of the project. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buildfiles/buildfiles.h"
#include "run.h"
#include "util/buf.h"
#include "util/file.h"

typedef struct dirs {
  c2h_run *r;
  const char *script_dir; /* folder of the script being read */
  const char *top_dir;    /* folder of the topmost CMakeLists.txt above it */
  int sources;            /* paths read are sources the script builds, not include folders */
} dirs;

static int add_dir(dirs *d, const char *path) {
  c2h_run *r = d->r;
  char *real = realpath(path, NULL);
  if (!real) return 0; /* a path the build makes, or one outside this machine's tree */
  /* A source a script builds. */
  if (d->sources) return c2h_strings_add_unique(&r->script_sources, &r->n_script_sources, real);
  for (size_t i = 0; i < r->n_script_includes; i++)
    if (strcmp(r->script_includes[i].dir, real) == 0 && strcmp(r->script_includes[i].scope, d->script_dir) == 0) {
      free(real);
      return 0;
    }
  c2h_script_include *grown = realloc(r->script_includes, (r->n_script_includes + 1) * sizeof *grown);
  char *scope = c2h_strdup(d->script_dir);
  if (!grown || !scope) {
    if (grown) r->script_includes = grown;
    free(real);
    free(scope);
    return C2H_ERR_NOMEM;
  }
  r->script_includes = grown;
  r->script_includes[r->n_script_includes++] = (c2h_script_include){real, scope};
  return 0;
}

/* A folder as the script spells it: relative to the script, or starting
 * with a variable naming the script's folder or the project's top. */
static int add_spelled(dirs *d, const char *s, size_t n) {
  static const struct {
    const char *var;
    int top;
  } vars[] = {{"${CMAKE_CURRENT_SOURCE_DIR}", 0}, {"${CMAKE_CURRENT_LIST_DIR}", 0}, {"$(CURDIR)", 0},
              {"${PROJECT_SOURCE_DIR}", 1},       {"${CMAKE_SOURCE_DIR}", 1}};
  const char *base = d->script_dir;
  if (n >= 20 && memcmp(s, "$<BUILD_INTERFACE:", 18) == 0 && s[n - 1] == '>') {
    s += 18;
    n -= 19;
  }
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
    size_t m = strlen(vars[i].var);
    if (n >= m && memcmp(s, vars[i].var, m) == 0) {
      base = vars[i].top ? d->top_dir : d->script_dir;
      s += m;
      n -= m;
      while (n && *s == '/') s++, n--;
      break;
    }
  }
  if (memchr(s, '$', n) || n == 0) return n == 0 ? add_spelled(d, ".", 1) : 0;
  char *rel = c2h_strndup(s, n);
  char *path = rel ? (rel[0] == '/' ? c2h_strdup(rel) : c2h_path_join(base, rel)) : NULL;
  int rc = path ? add_dir(d, path) : C2H_ERR_NOMEM;
  free(rel);
  free(path);
  return rc;
}

/* Whether s[0..n) ends in the suffix of a source a compiler builds. */
static int has_source_suffix(const char *s, size_t n) {
  static const char *const suffixes[] = {".cu", ".hip", ".cpp", ".cc", ".cxx", ".c", NULL};
  for (size_t i = 0; suffixes[i]; i++) {
    size_t m = strlen(suffixes[i]);
    if (n > m && memcmp(s + n - m, suffixes[i], m) == 0) return 1;
  }
  return 0;
}

/* Whether the command `name` (n bytes) names the files a target builds,
 * after its first argument (the target, or the variable of set()). */
static int lists_sources(const char *name, size_t n) {
  static const char *const cmds[] = {"add_executable", "add_library", "target_sources", "cuda_add_executable",
                                     "cuda_add_library", "set", NULL};
  for (size_t i = 0; cmds[i]; i++)
    if (strlen(cmds[i]) == n && strncasecmp(name, cmds[i], n) == 0) return 1;
  return 0;
}

static int from_cmake(dirs *d, const char *src, size_t len) {
  c2h_cmake_file f;
  int rc = c2h_cmake_parse(src, len, &f);
  for (size_t c = 0; c < f.n_cmds && rc == 0; c++) {
    const c2h_cmake_cmd *cmd = &f.cmds[c];
    size_t nl = cmd->name_e - cmd->name_b;
    const char *name = src + cmd->name_b;
    int plain = nl == 19 && strncasecmp(name, "include_directories", 19) == 0;
    int target = nl == 26 && strncasecmp(name, "target_include_directories", 26) == 0;
    int sources = lists_sources(name, nl);
    if (!plain && !target && !sources) continue;
    d->sources = sources;
    /* A source is a file: the folders and words among the arguments (the
     * target's name, keywords) name none and are left out below. */
    for (size_t k = target || sources ? 1 : 0; k < cmd->n_args && rc == 0; k++) {
      const c2h_cmake_arg *a = &f.args[cmd->first_arg + k];
      const char *s = src + a->cb;
      size_t n = a->ce - a->cb;
      static const char *const keywords[] = {"SYSTEM", "AFTER", "BEFORE", "INTERFACE", "PUBLIC", "PRIVATE", NULL};
      int kw = 0;
      for (size_t i = 0; keywords[i] && !kw; i++) kw = strlen(keywords[i]) == n && memcmp(s, keywords[i], n) == 0;
      if (!kw && a->kind != C2H_CMAKE_ARG_BRACKET && (!sources || has_source_suffix(s, n)))
        rc = add_spelled(d, s, n);
    }
  }
  c2h_cmake_file_dispose(&f);
  return rc;
}

static int from_make(dirs *d, const char *src, size_t len) {
  d->sources = 0;
  c2h_bf_words w;
  c2h_bf_words_init(&w);
  int rc = c2h_make_words(src, 0, len, &w);
  for (size_t k = 0; k < w.len && rc == 0; k++) {
    const char *s = src + w.items[k].b;
    size_t n = w.items[k].e - w.items[k].b;
    if (n < 2 || s[0] != '-' || s[1] != 'I') continue;
    if (n > 2)
      rc = add_spelled(d, s + 2, n - 2);
    else if (k + 1 < w.len)
      rc = add_spelled(d, src + w.items[k + 1].b, w.items[k + 1].e - w.items[k + 1].b);
  }
  c2h_bf_words_dispose(&w);
  return rc;
}

static int setup_py_flag(void *user, int define, const char *text) {
  dirs *d = user;
  if (!define) return add_spelled(d, text, strlen(text));
  c2h_run *r = d->r;
  char *flag = malloc(strlen(text) + 3);
  if (!flag) return C2H_ERR_NOMEM;
  strcat(strcpy(flag, "-D"), text);
  for (size_t i = 0; i < r->n_script_defines; i++)
    if (strcmp(r->script_defines[i].flag, flag) == 0 && strcmp(r->script_defines[i].scope, d->script_dir) == 0) {
      free(flag);
      return 0;
    }
  c2h_script_define *grown = realloc(r->script_defines, (r->n_script_defines + 1) * sizeof *grown);
  char *scope = c2h_strdup(d->script_dir);
  if (!grown || !scope) {
    if (grown) r->script_defines = grown;
    free(flag);
    free(scope);
    return C2H_ERR_NOMEM;
  }
  r->script_defines = grown;
  r->script_defines[r->n_script_defines++] = (c2h_script_define){flag, scope};
  return 0;
}

static int from_setup_py(dirs *d, const char *src, size_t len) {
  d->sources = 0;
  return c2h_setup_py_build_flags(src, len, setup_py_flag, d);
}

/* The folder of the topmost CMakeLists.txt above dir, within the run's root. */
static char *project_top(const c2h_run *r, const char *dir) {
  char *best = c2h_strdup(dir), *cur = c2h_strdup(dir);
  while (best && cur && r->root && c2h_path_inside(cur, r->root)) {
    char *lists = c2h_path_join(cur, "CMakeLists.txt");
    char *real = lists ? realpath(lists, NULL) : NULL;
    if (real) {
      free(best);
      best = c2h_strdup(cur);
    }
    free(real);
    free(lists);
    char *slash = strrchr(cur, '/');
    if (!slash || slash == cur || strcmp(cur, r->root) == 0) break;
    *slash = '\0';
  }
  free(cur);
  return best;
}

int c2h_run_script_includes(c2h_run *r) {
  int rc = 0;
  if (r->db) return 0;
  for (size_t i = 0; i < r->jobs.len && rc == 0; i++) {
    const c2h_job *j = &r->jobs.items[i];
    c2h_buildfile_kind kind = c2h_buildfile_kind_of(j->path);
    if ((kind == C2H_BUILDFILE_NONE && !c2h_buildfile_kind_needs_text(j->path)) || !j->canonical || j->link_target)
      continue;
    char *src = NULL;
    size_t len = 0;
    c2h_error err;
    if (c2h_file_read(j->canonical, &src, &len, &err) != 0) continue; /* reported when the job runs */
    if ((kind = c2h_buildfile_kind_of_text(j->path, src, len)) == C2H_BUILDFILE_NONE) {
      free(src);
      continue;
    }
    char *dir = c2h_strdup(j->canonical);
    char *slash = dir ? strrchr(dir, '/') : NULL;
    if (slash == dir)
      dir[1] = '\0';
    else if (slash)
      *slash = '\0';
    char *top = dir ? project_top(r, dir) : NULL;
    if (!dir || !top) {
      rc = C2H_ERR_NOMEM;
    } else {
      dirs d = {r, dir, top, 0};
      rc = kind == C2H_BUILDFILE_CMAKE ? from_cmake(&d, src, len)
           : kind == C2H_BUILDFILE_MAKE ? from_make(&d, src, len)
                                        : from_setup_py(&d, src, len);
    }
    free(top);
    free(dir);
    free(src);
  }
  return rc;
}

void c2h_run_free_flags(char **flags, size_t n_flags) {
  for (size_t i = 0; i < n_flags; i++) free(flags[i]);
  free(flags);
}

int c2h_run_script_flags(const c2h_run *r, const char *path, char ***flags, size_t *n_flags) {
  *flags = NULL;
  *n_flags = 0;
  if (!r->n_script_includes && !r->n_script_defines) return 0;
  char *real = realpath(path, NULL);
  if (!real) return 0;
  size_t n = 0;
  char **out = calloc(r->n_script_includes + r->n_script_defines + 1, sizeof *out);
  int rc = out ? 0 : C2H_ERR_NOMEM;
  /* Nearest script first: the deepest scope holding the file. */
  size_t above = (size_t)-1;
  while (rc == 0) {
    size_t deepest = 0;
    for (size_t i = 0; i < r->n_script_includes; i++) {
      size_t len = strlen(r->script_includes[i].scope);
      if (len < above && len > deepest && c2h_path_inside(real, r->script_includes[i].scope)) deepest = len;
    }
    if (!deepest) break;
    for (size_t i = 0; i < r->n_script_includes && rc == 0; i++) {
      const c2h_script_include *s = &r->script_includes[i];
      if (strlen(s->scope) != deepest || !c2h_path_inside(real, s->scope)) continue;
      int dup = 0;
      for (size_t k = 0; k < n && !dup; k++) dup = strcmp(out[k] + 2, s->dir) == 0;
      if (dup) continue;
      char *flag = malloc(strlen(s->dir) + 3);
      if (!flag) rc = C2H_ERR_NOMEM;
      else out[n++] = strcat(strcpy(flag, "-I"), s->dir);
    }
    above = deepest;
  }
  /* Macros of every script above the file, in job order. */
  for (size_t i = 0; i < r->n_script_defines && rc == 0; i++) {
    if (!c2h_path_inside(real, r->script_defines[i].scope)) continue;
    if (!(out[n] = c2h_strdup(r->script_defines[i].flag))) rc = C2H_ERR_NOMEM;
    else n++;
  }
  free(real);
  if (rc) {
    c2h_run_free_flags(out, n);
    return rc;
  }
  if (!n) {
    free(out);
    out = NULL;
  }
  *flags = out;
  *n_flags = n;
  return 0;
}
