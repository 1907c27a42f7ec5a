#ifndef C2H_UTIL_PYTHON_SITES_H
#define C2H_UTIL_PYTHON_SITES_H
/* The folders Python packages are installed in, found without running
 * Python (there may be none, and starting one costs more than the whole
 * search): for reading files a package installed, such as torch/version.py
 * or the ROCm wheels' headers. */
#include <stddef.h>

typedef struct c2h_python_sites {
  char **dirs; /* in the order they are searched; each malloc'd */
  size_t n;
} c2h_python_sites;

void c2h_python_sites_init(c2h_python_sites *sites);

/* Appends, in this order: each entry of $PYTHONPATH, then
 * $VIRTUAL_ENV/lib/python3.N/site-packages, /usr/local/lib/python3.N/site-packages,
 * /usr/local/lib/python3.N/dist-packages (where Debian's pip installs) and
 * /usr/lib/python3/dist-packages (Debian's packages), the globs in sorted
 * order. Folders already listed are skipped. Returns 0 or C2H_ERR_NOMEM. */
int c2h_python_sites_add_default(c2h_python_sites *sites);

/* Appends prefix/lib/python3.N/site-packages (a virtual environment, a
 * Python installed under prefix, or ~/.local for `pip install --user`), the
 * ones not listed yet. Returns 0 or C2H_ERR_NOMEM. */
int c2h_python_sites_add_prefix(c2h_python_sites *sites, const char *prefix);

void c2h_python_sites_dispose(c2h_python_sites *sites);

#endif
