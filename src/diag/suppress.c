/* Inline suppressions: finds `cu2hip-ignore:` markers in the comments of a
 * source and drops the diagnostics they cover. */
#include <stdlib.h>
#include <string.h>

#include "diag/suppress.h"

/* One marker: the line it is on and the bytes of its name list. */
typedef struct marker {
  unsigned line;
  size_t begin, end;
} marker;

typedef struct marker_list {
  marker *items;
  size_t len, cap;
} marker_list;

static const char keyword[] = "cu2hip-ignore";

static int is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_name_char(char c) {
  return is_ident(c) || c == '-' || c == '*' || c == '?' || c == '[' || c == ']' || c == '!';
}

static int add_marker(marker_list *l, unsigned line, size_t begin, size_t end) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 8;
    marker *p = realloc(l->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    l->items = p;
    l->cap = cap;
  }
  l->items[l->len++] = (marker){line, begin, end};
  return 0;
}

/* Looks for markers in the comment text [begin, end), whose first byte is
 * on `line`. */
static int scan_comment(marker_list *l, const char *src, size_t begin, size_t end, unsigned line) {
  size_t k = sizeof keyword - 1;
  for (size_t i = begin; i < end; i++) {
    if (src[i] == '\n') line++;
    if (end - i < k || memcmp(src + i, keyword, k) != 0) continue;
    if (i > begin && (is_ident(src[i - 1]) || src[i - 1] == '-')) continue;
    size_t j = i + k;
    while (j < end && (src[j] == ' ' || src[j] == '\t')) j++;
    if (j >= end || src[j] != ':') continue;
    j++;
    size_t names = j;
    /* NAME (, NAME)*: the list ends at the first byte that fits neither. */
    for (;;) {
      while (j < end && (src[j] == ' ' || src[j] == '\t')) j++;
      size_t n0 = j;
      while (j < end && is_name_char(src[j])) j++;
      if (j == n0) break;
      size_t after = j;
      while (after < end && (src[after] == ' ' || src[after] == '\t')) after++;
      if (after >= end || src[after] != ',') break;
      j = after + 1;
    }
    if (add_marker(l, line, names, j)) return C2H_ERR_NOMEM;
    i = j - 1;
  }
  return 0;
}

/* Walks the source: code, comments, string and character literals (raw
 * strings included), so markers inside strings do not count. */
static int find_markers(marker_list *l, const char *src, size_t len) {
  unsigned line = 1;
  size_t i = 0;
  while (i < len) {
    char c = src[i];
    if (c == '\n') {
      line++;
      i++;
    } else if (c == '/' && i + 1 < len && src[i + 1] == '/') {
      size_t b = i + 2, j = b;
      unsigned first = line;
      while (j < len && src[j] != '\n') {
        /* A backslash at the end of the line continues the comment. */
        if (src[j] == '\\' && j + 1 < len && (src[j + 1] == '\n' || (src[j + 1] == '\r' && j + 2 < len && src[j + 2] == '\n'))) {
          j += src[j + 1] == '\r' ? 2 : 1;
          line++;
        }
        j++;
      }
      if (scan_comment(l, src, b, j, first)) return C2H_ERR_NOMEM;
      i = j;
    } else if (c == '/' && i + 1 < len && src[i + 1] == '*') {
      size_t b = i + 2, j = b;
      unsigned first = line;
      while (j < len && !(src[j] == '*' && j + 1 < len && src[j + 1] == '/')) line += src[j++] == '\n';
      if (scan_comment(l, src, b, j, first)) return C2H_ERR_NOMEM;
      i = j + 2;
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < len && src[j] != c && src[j] != '\n') j += src[j] == '\\' && j + 1 < len ? 2 : 1;
      for (size_t k = i + 1; k < j && k < len; k++) line += src[k] == '\n';
      i = j + 1;
    } else if (c >= '0' && c <= '9') {
      /* pp-number: digit separators (1'000) are not character literals. */
      size_t j = i + 1;
      while (j < len && (is_ident(src[j]) || src[j] == '.' || src[j] == '\'' ||
                         ((src[j] == '+' || src[j] == '-') && strchr("eEpP", src[j - 1]))))
        j++;
      i = j;
    } else if (is_ident(c)) {
      size_t j = i;
      while (j < len && is_ident(src[j])) j++;
      /* R"delim( ... )delim", with an optional encoding prefix. */
      if (j < len && src[j] == '"' && src[j - 1] == 'R') {
        size_t d = j + 1;
        while (d < len && d - j <= 17 && src[d] != '(' && src[d] != '\n') d++;
        if (d < len && src[d] == '(') {
          size_t dlen = d - (j + 1), k = d + 1;
          for (; k < len; k++) {
            if (src[k] == ')' && k + 1 + dlen < len && memcmp(src + k + 1, src + j + 1, dlen) == 0 &&
                src[k + 1 + dlen] == '"')
              break;
          }
          for (size_t m = d; m < k && m < len; m++) line += src[m] == '\n';
          i = k + 2 + dlen;
          continue;
        }
      }
      i = j;
    } else {
      i++;
    }
  }
  return 0;
}

/* Whether the name list [begin, end) of src names check c. */
static int names_check(const char *src, size_t begin, size_t end, c2h_check c) {
  size_t i = begin;
  while (i < end) {
    while (i < end && !is_name_char(src[i])) i++;
    size_t n0 = i;
    while (i < end && is_name_char(src[i])) i++;
    char name[128];
    size_t n = i - n0;
    if (n == 0 || n >= sizeof name) continue;
    memcpy(name, src + n0, n);
    name[n] = '\0';
    if (c2h_check_matches(name, c)) return 1;
  }
  return 0;
}

/* Whether a marker on line `line` (markers sorted by line) covers check c. */
static int covered(const marker_list *l, const char *src, unsigned line, c2h_check c) {
  size_t lo = 0, hi = l->len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (l->items[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  for (size_t i = lo; i < l->len && l->items[i].line == line; i++)
    if (names_check(src, l->items[i].begin, l->items[i].end, c)) return 1;
  return 0;
}

static int mentions_keyword(const char *src, size_t len) {
  size_t k = sizeof keyword - 1;
  for (const char *p = src; (p = memchr(p, 'c', len - (size_t)(p - src))) != NULL; p++)
    if ((size_t)(src + len - p) >= k && memcmp(p, keyword, k) == 0) return 1;
  return 0;
}

int c2h_diag_suppress(c2h_diag_list *list, const char *path, const char *src, size_t len,
                      size_t *suppressed) {
  marker_list markers = {NULL, 0, 0};
  int rc = 0;
  if (!mentions_keyword(src, len)) goto done;
  if ((rc = find_markers(&markers, src, len))) goto done;
  size_t kept = 0;
  for (size_t i = 0; i < list->len; i++) {
    c2h_diag *d = &list->items[i];
    unsigned line = d->begin.line;
    int drop = line && strcmp(d->path, path) == 0 &&
               (covered(&markers, src, line, d->check) || (line > 1 && covered(&markers, src, line - 1, d->check)));
    if (drop) {
      free(d->path);
      free(d->message);
      free(d->replacement);
      (*suppressed)++;
    } else {
      list->items[kept++] = *d;
    }
  }
  list->len = kept;
done:
  free(markers.items);
  return rc;
}
