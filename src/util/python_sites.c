/* Python's package folders, listed without running Python (python_sites.h). */
#include "util/python_sites.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"
#include "util/buf.h"

void c2h_python_sites_init(c2h_python_sites *sites) { memset(sites, 0, sizeof *sites); }

/* Takes dir (NULL: out of memory) unless it is listed already. */
static int add_dir(c2h_python_sites *sites, char *dir) { return c2h_strings_add_unique(&sites->dirs, &sites->n, dir); }

/* Adds what pattern matches, in glob's (sorted) order. */
static int add_glob(c2h_python_sites *sites, const char *pattern) {
  if (!pattern) return C2H_ERR_NOMEM;
  glob_t g;
  int rc = 0;
  if (glob(pattern, 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc && !rc; i++) rc = add_dir(sites, c2h_strdup(g.gl_pathv[i]));
    globfree(&g);
  }
  return rc;
}

int c2h_python_sites_add_default(c2h_python_sites *sites) {
  int rc = 0;
  for (const char *pp = getenv("PYTHONPATH"); pp && *pp && !rc;) {
    size_t n = strcspn(pp, ":");
    if (n > 0) rc = add_dir(sites, c2h_strndup(pp, n));
    pp += n + (pp[n] == ':');
  }
  const char *venv = getenv("VIRTUAL_ENV");
  if (!rc && venv && *venv) rc = c2h_python_sites_add_prefix(sites, venv);
  if (!rc) rc = add_glob(sites, "/usr/local/lib/python3*/site-packages");
  if (!rc) rc = add_glob(sites, "/usr/local/lib/python3*/dist-packages");
  if (!rc) rc = add_dir(sites, c2h_strdup("/usr/lib/python3/dist-packages"));
  return rc;
}

int c2h_python_sites_add_prefix(c2h_python_sites *sites, const char *prefix) {
  char *pattern = c2h_strdup_printf("%s/lib/python3*/site-packages", prefix);
  int rc = add_glob(sites, pattern);
  free(pattern);
  return rc;
}

void c2h_python_sites_dispose(c2h_python_sites *sites) {
  for (size_t i = 0; i < sites->n; i++) free(sites->dirs[i]);
  free(sites->dirs);
  c2h_python_sites_init(sites);
}
