/* Links to, and sections of, the checks' documentation (docs/checks.md,
 * embedded at build time). */
#define _XOPEN_SOURCE 700 /* realpath, readlink */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"

#ifndef C2H_DOCS_URL
#define C2H_DOCS_URL "file:///usr/local/share/doc/cu2hip/checks.md"
#endif
#ifndef C2H_HOMEPAGE_URL
#define C2H_HOMEPAGE_URL "file:///usr/local/share/doc/cu2hip/README.md"
#endif
/* The documentation folder seen from the executable's folder, as installed
 * (CMAKE_INSTALL_DOCDIR relative to CMAKE_INSTALL_BINDIR). */
#ifndef C2H_BIN_TO_DOCDIR
#define C2H_BIN_TO_DOCDIR "../share/doc/cu2hip"
#endif

extern const char c2h_checks_doc[];
extern const size_t c2h_checks_doc_len;

/* ---- links that lead somewhere ------------------------------------------ */

/* A link is only given when it can be followed: a web URL as configured; a
 * file: URL when the file is there; else the copy installed beside the
 * executable (a package unpacked under another prefix); else none, and
 * reports carry the text itself (SARIF rules[].help). */
static struct {
  pthread_once_t once;
  char docs[4096], homepage[4096];
  int have_docs, have_homepage;
} links = {PTHREAD_ONCE_INIT, "", "", 0, 0};

/* Writes "file://" + path, percent-encoded, into buf; 0 when it fits. */
static int file_url(const char *path, char *buf, size_t size) {
  static const char hex[] = "0123456789ABCDEF";
  size_t o = (size_t)snprintf(buf, size, "file://");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    unsigned c = *p;
    int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
               c == '.' || c == '_' || c == '~' || c == '/';
    if (o + 4 > size) return -1;
    if (keep) buf[o++] = (char)c;
    else buf[o++] = '%', buf[o++] = hex[c >> 4], buf[o++] = hex[c & 15];
  }
  buf[o] = '\0';
  return 0;
}

static int resolve(const char *configured, const char *file_name, char *buf, size_t size) {
  if (strncmp(configured, "file://", 7) != 0) {
    snprintf(buf, size, "%s", configured);
    return 1;
  }
  if (access(configured + 7, R_OK) == 0) {
    snprintf(buf, size, "%s", configured);
    return 1;
  }
  char exe[4096], candidate[8192];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return 0;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (!slash) return 0;
  *slash = '\0';
  snprintf(candidate, sizeof candidate, "%s/%s/%s", exe, C2H_BIN_TO_DOCDIR, file_name);
  char *real = realpath(candidate, NULL);
  int ok = real && access(real, R_OK) == 0 && file_url(real, buf, size) == 0;
  free(real);
  return ok;
}

static void resolve_links(void) {
  links.have_docs = resolve(C2H_DOCS_URL, "checks.md", links.docs, sizeof links.docs);
  links.have_homepage = resolve(C2H_HOMEPAGE_URL, "README.md", links.homepage, sizeof links.homepage);
}

const char *c2h_docs_link(void) {
  pthread_once(&links.once, resolve_links);
  return links.have_docs ? links.docs : NULL;
}

const char *c2h_homepage_link(void) {
  pthread_once(&links.once, resolve_links);
  return links.have_homepage ? links.homepage : NULL;
}

int c2h_check_help_url(c2h_check check, char *buf, size_t size) {
  const char *base = c2h_docs_link();
  if (!base) {
    if (size) buf[0] = '\0';
    return -1;
  }
  snprintf(buf, size, "%s#%s", base, c2h_check_name(check));
  return 0;
}
static int blank_line(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
  return p == end;
}

int c2h_check_doc(const char *name, const char **text, size_t *len) {
  const char *doc = c2h_checks_doc, *end = doc + c2h_checks_doc_len;
  size_t n = strlen(name);
  for (const char *line = doc; line < end;) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    if (!eol) eol = end;
    const char *p = line + 3;
    if (eol - line >= 3 && memcmp(line, "## ", 3) == 0 && (size_t)(eol - p) >= n && memcmp(p, name, n) == 0 &&
        blank_line(p + n, eol)) {
      const char *b = eol < end ? eol + 1 : end, *e = b;
      /* The section runs to the next heading of the same or a higher level. */
      while (e < end && !((end - e >= 3 && memcmp(e, "## ", 3) == 0) || (end - e >= 2 && memcmp(e, "# ", 2) == 0))) {
        const char *nl = memchr(e, '\n', (size_t)(end - e));
        e = nl ? nl + 1 : end;
      }
      for (;;) { /* leading blank lines */
        const char *nl = memchr(b, '\n', (size_t)(e - b));
        if (!nl || !blank_line(b, nl)) break;
        b = nl + 1;
      }
      while (e > b && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
      *text = b;
      *len = (size_t)(e - b);
      return 0;
    }
    line = eol < end ? eol + 1 : end;
  }
  return -1;
}
