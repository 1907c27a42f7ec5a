/* The search for ROCm installations, in the order install.h gives. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "rocm/install.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu2hip/error.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/proc.h"
#include "util/python_sites.h"

static const char *const origin_texts[C2H_ROCM_ORIGIN_COUNT] = {
#define C2H_ROCM_ORIGIN(id, text) text,
#include "rocm/origins.def"
#undef C2H_ROCM_ORIGIN
};

static const c2h_rocm_places machine_places = {"/opt", "/usr"};

const char *c2h_rocm_origin_text(c2h_rocm_origin origin) {
  return (unsigned)origin < C2H_ROCM_ORIGIN_COUNT ? origin_texts[origin] : "?";
}

/* ---- hip_version.h ------------------------------------------------------ */

/* The number after `#define NAME` in text, or -1 when text has none. */
static long defined_number(const char *text, const char *name) {
  char key[64];
  snprintf(key, sizeof key, "#define %s", name);
  const char *p = strstr(text, key);
  if (!p) return -1;
  p += strlen(key);
  while (*p == ' ' || *p == '\t') p++;
  return isdigit((unsigned char)*p) ? strtol(p, NULL, 10) : -1;
}

/* Fills inst's version from its hip_version.h (nothing when the file says
 * no sensible version). */
static int read_version(c2h_rocm_install *inst) {
  char *path = c2h_path_join(inst->include_dir, "hip/hip_version.h");
  if (!path) return C2H_ERR_NOMEM;
  char *text = NULL;
  size_t len = 0;
  c2h_error err;
  int rc = c2h_file_read(path, &text, &len, &err);
  free(path);
  if (rc) return rc == C2H_ERR_NOMEM ? rc : 0;
  long major = defined_number(text, "HIP_VERSION_MAJOR");
  long minor = defined_number(text, "HIP_VERSION_MINOR");
  long patch = defined_number(text, "HIP_VERSION_PATCH");
  free(text);
  if (major <= 0 || major > 999 || minor < 0 || minor >= 100) return 0;
  inst->version = C2H_VERSION((int)major, (int)minor);
  if (patch >= 0)
    snprintf(inst->version_text, sizeof inst->version_text, "%ld.%ld.%ld", major, minor, patch);
  else
    snprintf(inst->version_text, sizeof inst->version_text, "%ld.%ld", major, minor);
  return 0;
}

/* ---- the search --------------------------------------------------------- */

typedef struct search {
  c2h_rocm_list *out;
  int first_only; /* stop at the first installation */
} search;

static int search_done(const search *s) { return s->first_only && s->out->n > 0; }

static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Lists dir as found by origin when it is an installation not listed yet. */
static int consider(search *s, const char *dir, c2h_rocm_origin origin) {
  if (!dir || !*dir || search_done(s)) return 0;
  char *header = c2h_path_join(dir, "include/hip/hip_version.h");
  if (!header) return C2H_ERR_NOMEM;
  int found = is_file(header);
  free(header);
  if (!found) return 0;
  char *root = realpath(dir, NULL);
  if (!root && !(root = c2h_strdup(dir))) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < s->out->n; i++)
    if (strcmp(s->out->items[i].root, root) == 0) {
      free(root);
      return 0;
    }
  c2h_rocm_install inst;
  memset(&inst, 0, sizeof inst);
  inst.root = root;
  inst.origin = origin;
  int rc = (inst.include_dir = c2h_path_join(root, "include")) ? read_version(&inst) : C2H_ERR_NOMEM;
  c2h_rocm_install *grown = rc ? NULL : realloc(s->out->items, (s->out->n + 1) * sizeof *grown);
  if (!grown) {
    c2h_rocm_install_dispose(&inst);
    return C2H_ERR_NOMEM;
  }
  s->out->items = grown;
  s->out->items[s->out->n++] = inst;
  return 0;
}

typedef struct entry {
  char *name;
  long v[3]; /* the version its name carries; -1 where it has none */
} entry;

/* Newest first; names without a version after those with one; then by name. */
static int entry_order(const void *a, const void *b) {
  const entry *x = a, *y = b;
  for (int k = 0; k < 3; k++)
    if (x->v[k] != y->v[k]) return x->v[k] > y->v[k] ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* Reads X[.Y[.Z]] into v (the rest stays -1). */
static void parse_version(const char *s, long v[3]) {
  v[0] = v[1] = v[2] = -1;
  for (int k = 0; k < 3 && isdigit((unsigned char)*s); k++) {
    char *end;
    v[k] = strtol(s, &end, 10);
    s = end;
    if (*s != '.') break;
    s++;
  }
}

/* Considers the entries of dir whose name starts with stem: with
 * `versioned`, only stem itself and stem-X[.Y[.Z]]..., newest first;
 * otherwise any, by name. A folder that cannot be read has none. */
static int consider_entries(search *s, const char *dir, const char *stem, int versioned, c2h_rocm_origin origin) {
  if (search_done(s)) return 0;
  DIR *d = opendir(dir);
  if (!d) return 0;
  entry *es = NULL;
  size_t n = 0;
  int rc = 0;
  size_t stem_len = strlen(stem);
  for (struct dirent *de; !rc && (de = readdir(d)) != NULL;) {
    const char *rest = de->d_name + stem_len;
    if (strncmp(de->d_name, stem, stem_len) != 0) continue;
    if (versioned && *rest && !(rest[0] == '-' && isdigit((unsigned char)rest[1]))) continue;
    entry *grown = realloc(es, (n + 1) * sizeof *grown);
    if (!grown || !(grown[n].name = c2h_strdup(de->d_name))) {
      if (grown) es = grown;
      rc = C2H_ERR_NOMEM;
      break;
    }
    es = grown;
    parse_version(versioned && *rest ? rest + 1 : "", es[n++].v);
  }
  closedir(d);
  if (!rc && n > 1) qsort(es, n, sizeof *es, entry_order);
  for (size_t i = 0; i < n && !rc; i++) {
    char *path = c2h_path_join(dir, es[i].name);
    rc = path ? consider(s, path, origin) : C2H_ERR_NOMEM;
    free(path);
  }
  for (size_t i = 0; i < n; i++) free(es[i].name);
  free(es);
  return rc;
}

/* The prefix an executable was installed under: /usr for /usr/bin/python3. */
static int add_exe_prefix(c2h_python_sites *sites, const char *exe) {
  char *prefix = c2h_strdup(exe);
  if (!prefix) return C2H_ERR_NOMEM;
  int rc = 0;
  for (int up = 0; up < 2; up++) {
    char *slash = strrchr(prefix, '/');
    if (!slash) {
      free(prefix);
      return 0;
    }
    *slash = '\0';
  }
  if (*prefix) rc = c2h_python_sites_add_prefix(sites, prefix);
  free(prefix);
  return rc;
}

/* The folders the rocm-sdk wheels may be installed in. */
static int wheel_sites(c2h_python_sites *sites) {
  int rc = c2h_python_sites_add_default(sites);
  /* A virtual environment's python3 is a link to the one it was made from:
   * both prefixes count. */
  char *python = rc ? NULL : c2h_proc_find_in_path("python3");
  if (python) {
    char *real = realpath(python, NULL);
    rc = add_exe_prefix(sites, python);
    if (!rc && real) rc = add_exe_prefix(sites, real);
    free(real);
    free(python);
  }
  const char *home = getenv("HOME");
  if (!rc && home && *home) {
    char *local = c2h_path_join(home, ".local");
    rc = local ? c2h_python_sites_add_prefix(sites, local) : C2H_ERR_NOMEM;
    free(local);
  }
  return rc;
}

static int consider_wheels(search *s) {
  if (search_done(s)) return 0;
  c2h_python_sites sites;
  c2h_python_sites_init(&sites);
  int rc = wheel_sites(&sites);
  /* The devel package is the whole SDK once expanded (`rocm-sdk path
   * --root`); the core one carries HIP's headers for hiprtc. */
  for (size_t i = 0; i < sites.n && !rc; i++) {
    rc = consider_entries(s, sites.dirs[i], "_rocm_sdk_devel", 0, C2H_ROCM_FROM_PYTHON_WHEEL);
    if (!rc) rc = consider_entries(s, sites.dirs[i], "_rocm_sdk_core", 0, C2H_ROCM_FROM_PYTHON_WHEEL);
  }
  c2h_python_sites_dispose(&sites);
  return rc;
}

static int search_run(const char *hip_path, const c2h_rocm_places *places, search *s) {
  memset(s->out, 0, sizeof *s->out);
  if (!places) places = &machine_places;
  char *opt_rocm = c2h_path_join(places->opt, "rocm");
  if (!opt_rocm) return C2H_ERR_NOMEM;
  int rc = consider(s, hip_path, C2H_ROCM_FROM_HIP_PATH_OPTION);
  if (!rc) rc = consider(s, getenv("ROCM_PATH"), C2H_ROCM_FROM_ROCM_PATH_VAR);
  if (!rc) rc = consider(s, getenv("HIP_PATH"), C2H_ROCM_FROM_HIP_PATH_VAR);
  if (!rc) rc = consider(s, opt_rocm, C2H_ROCM_FROM_OPT_ROCM);
  if (!rc) rc = consider_entries(s, opt_rocm, "core", 1, C2H_ROCM_FROM_CORE_SDK);
  if (!rc) rc = consider_entries(s, places->opt, "rocm", 1, C2H_ROCM_FROM_VERSIONED);
  if (!rc) rc = consider_wheels(s);
  if (!rc) rc = consider(s, places->system, C2H_ROCM_FROM_SYSTEM);
  free(opt_rocm);
  if (rc) c2h_rocm_list_dispose(s->out);
  return rc;
}

int c2h_rocm_find_all_in(const char *hip_path, const c2h_rocm_places *places, c2h_rocm_list *out) {
  search s = {out, 0};
  return search_run(hip_path, places, &s);
}

int c2h_rocm_find_all(const char *hip_path, c2h_rocm_list *out) { return c2h_rocm_find_all_in(hip_path, NULL, out); }

int c2h_rocm_find(const char *hip_path, c2h_rocm_install *out) {
  memset(out, 0, sizeof *out);
  c2h_rocm_list list;
  search s = {&list, 1};
  int rc = search_run(hip_path, NULL, &s);
  if (!rc && list.n) {
    *out = list.items[0];
    list.n = 0;
  }
  c2h_rocm_list_dispose(&list);
  return rc;
}

void c2h_rocm_install_dispose(c2h_rocm_install *inst) {
  free(inst->root);
  free(inst->include_dir);
  memset(inst, 0, sizeof *inst);
}

void c2h_rocm_list_dispose(c2h_rocm_list *list) {
  for (size_t i = 0; i < list->n; i++) c2h_rocm_install_dispose(&list->items[i]);
  free(list->items);
  memset(list, 0, sizeof *list);
}
