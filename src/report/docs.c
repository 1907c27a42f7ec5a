/* Links to, and sections of, the checks' documentation (docs/checks.md,
 * embedded at build time). */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

#ifndef C2H_DOCS_URL
#define C2H_DOCS_URL "file:///usr/local/share/doc/cu2hip/checks.md"
#endif
#ifndef C2H_HOMEPAGE_URL
#define C2H_HOMEPAGE_URL "file:///usr/local/share/doc/cu2hip/README.md"
#endif

extern const char c2h_checks_doc[];
extern const size_t c2h_checks_doc_len;

const char *c2h_docs_url(void) { return C2H_DOCS_URL; }

const char *c2h_homepage_url(void) { return C2H_HOMEPAGE_URL; }

void c2h_check_doc_url(c2h_check check, char *buf, size_t size) {
  snprintf(buf, size, "%s#%s", C2H_DOCS_URL, c2h_check_name(check));
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
