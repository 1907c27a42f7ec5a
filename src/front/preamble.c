/* The standard-header preamble of a source (preamble.h). */
#include "front/preamble.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

/* The C and C++ standard library's headers, and the POSIX ones code most
 * often starts with. */
static const char *const standard[] = {
    "algorithm", "any", "array", "atomic", "bitset", "cassert", "cctype", "cerrno", "cfloat", "chrono",
    "cinttypes", "climits", "cmath", "complex", "condition_variable", "cstdarg", "cstddef", "cstdint", "cstdio",
    "cstdlib", "cstring", "ctime", "deque", "exception", "fstream", "functional", "future", "initializer_list",
    "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "limits", "list", "map", "memory", "mutex",
    "new", "numeric", "optional", "ostream", "queue", "random", "ratio", "regex", "set", "sstream", "stack",
    "stdexcept", "streambuf", "string", "string_view", "system_error", "thread", "tuple", "type_traits",
    "typeinfo", "unordered_map", "unordered_set", "utility", "valarray", "variant", "vector",
    "assert.h", "ctype.h", "errno.h", "float.h", "inttypes.h", "limits.h", "math.h", "stdarg.h", "stdbool.h",
    "stddef.h", "stdint.h", "stdio.h", "stdlib.h", "string.h", "time.h",
    "unistd.h", "fcntl.h", "pthread.h", "dirent.h", "sys/time.h", "sys/types.h", "sys/stat.h", NULL};

static int is_standard(const char *name, size_t n) {
  for (size_t i = 0; standard[i]; i++)
    if (strlen(standard[i]) == n && memcmp(standard[i], name, n) == 0) return 1;
  return 0;
}

/* Past blanks and comments from p; a line splice or anything else stops. */
static size_t skip_blank(const char *s, size_t len, size_t p) {
  while (p < len) {
    if (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r' || s[p] == '\f' || s[p] == '\v') {
      p++;
    } else if (p + 1 < len && s[p] == '/' && s[p + 1] == '/') {
      while (p < len && s[p] != '\n') {
        if (s[p] == '\\') return p; /* a continued comment: not worth the doubt */
        p++;
      }
    } else if (p + 1 < len && s[p] == '/' && s[p + 1] == '*') {
      const char *end = NULL;
      for (size_t q = p + 2; q + 1 < len; q++)
        if (s[q] == '*' && s[q + 1] == '/') {
          end = s + q;
          break;
        }
      if (!end) return len;
      p = (size_t)(end - s) + 2;
    } else {
      break;
    }
  }
  return p;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char *c2h_preamble_of(const char *src, size_t len, c2h_is_cuda_header is_cuda, void *ctx) {
  const char *names[64];
  size_t n_names = 0;
  size_t p = 0;
  if (len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0) p = 3;
  char *text = NULL, *copies = malloc(len + 1);
  if (!copies) return NULL;
  size_t used = 0;
  for (;;) {
    p = skip_blank(src, len, p);
    if (p >= len || src[p] != '#') break;
    size_t q = p + 1;
    while (q < len && (src[q] == ' ' || src[q] == '\t')) q++;
    if (q + 7 > len || memcmp(src + q, "include", 7) != 0) break;
    q += 7;
    while (q < len && (src[q] == ' ' || src[q] == '\t')) q++;
    if (q >= len || src[q] != '<') break;
    size_t b = ++q;
    while (q < len && src[q] != '>' && src[q] != '\n') q++;
    if (q >= len || src[q] != '>') break;
    int standard_header = is_standard(src + b, q - b);
    if (!standard_header && !(is_cuda && is_cuda(ctx, src + b, q - b))) break;
    /* Only blanks or a comment may follow on the line. */
    size_t e = q + 1;
    while (e < len && (src[e] == ' ' || src[e] == '\t' || src[e] == '\r')) e++;
    if (e < len && src[e] != '\n' && !(e + 1 < len && src[e] == '/' && (src[e + 1] == '/' || src[e + 1] == '*')))
      break;
    if (standard_header && n_names < sizeof names / sizeof *names) {
      memcpy(copies + used, src + b, q - b);
      copies[used + (q - b)] = '\0';
      names[n_names++] = copies + used;
      used += q - b + 1;
    }
    p = e;
  }
  /* Sorted and once each: the standard headers do not depend on the order
   * they come in, and files that include the same ones share a preamble. */
  qsort(names, n_names, sizeof *names, by_name);
  c2h_buf out;
  c2h_buf_init(&out);
  int rc = 0;
  for (size_t i = 0; i < n_names && !rc; i++)
    if (i == 0 || strcmp(names[i], names[i - 1]) != 0) rc = c2h_buf_printf(&out, "#include <%s>\n", names[i]);
  if (!rc && out.len) text = c2h_buf_detach(&out, NULL);
  c2h_buf_dispose(&out);
  free(copies);
  return text;
}
