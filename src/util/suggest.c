/* Typo suggestions for options, subcommands and rule-table names. */
#include "util/suggest.h"

#include <ctype.h>
#include <string.h>

#define MAX_LEN 128 /* longer names are never suggested, nor compared */

static int same(char a, char b) { return tolower((unsigned char)a) == tolower((unsigned char)b); }

size_t c2h_edit_distance(const char *a, const char *b, size_t limit) {
  size_t n = strlen(a), m = strlen(b);
  if (n > MAX_LEN || m > MAX_LEN) return limit + 1;
  if ((n > m ? n - m : m - n) > limit) return limit + 1;
  /* Three rows of the optimal-string-alignment table. */
  size_t rows[3][MAX_LEN + 1];
  size_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
  for (size_t j = 0; j <= m; j++) prev[j] = j;
  for (size_t i = 1; i <= n; i++) {
    size_t row_min = cur[0] = i;
    for (size_t j = 1; j <= m; j++) {
      size_t cost = same(a[i - 1], b[j - 1]) ? 0 : 1, v = prev[j - 1] + cost;
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]) && prev2[j - 2] + 1 < v)
        v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < row_min) row_min = v;
    }
    if (row_min > limit) return limit + 1;
    size_t *t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] > limit ? limit + 1 : prev[m];
}

void c2h_suggest_init(c2h_suggest *s, const char *typed) {
  memset(s, 0, sizeof *s);
  s->typed = typed;
  /* About a third of the name, at most 3: "rocm-verison" is one swap from
   * its option, while "-x" is a typo of nothing in particular (names of
   * one or two characters only match when they differ in case alone). */
  size_t len = strlen(typed);
  s->limit = len / 3 > 3 ? 3 : len / 3;
  s->best = s->limit + 1;
}

void c2h_suggest_add(c2h_suggest *s, const char *candidate) {
  if (strcmp(candidate, s->typed) == 0) return;
  size_t d = c2h_edit_distance(s->typed, candidate, s->best <= s->limit ? s->best : s->limit);
  if (d > s->limit || d > s->best) return;
  if (d < s->best) {
    s->best = d;
    s->n = 0;
  }
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->names[i], candidate) == 0) return;
  if (s->n < C2H_SUGGEST_MAX) s->names[s->n++] = candidate;
}

size_t c2h_suggest_print(FILE *out, const c2h_suggest *s, const char *prefix) {
  for (size_t i = 0; i < s->n; i++)
    fprintf(out, "%s%s%s", i == 0 ? "; did you mean " : i + 1 == s->n ? " or " : ", ", prefix, s->names[i]);
  if (s->n) fputc('?', out);
  return s->n;
}

size_t c2h_suggest_format(char *buf, size_t size, const c2h_suggest *s, const char *prefix) {
  size_t len = 0;
  if (size) buf[0] = '\0';
  for (size_t i = 0; i < s->n && len < size; i++) {
    int w = snprintf(buf + len, size - len, "%s%s%s", i == 0 ? "; did you mean " : i + 1 == s->n ? " or " : ", ",
                     prefix, s->names[i]);
    if (w < 0) break;
    len += (size_t)w;
  }
  if (s->n && len + 1 < size) strcat(buf + len, "?");
  return s->n;
}
