#include "edit.h"

#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"
#include "util/buf.h"

void c2h_edit_list_init(c2h_edit_list *l) { memset(l, 0, sizeof *l); }

void c2h_edit_list_dispose(c2h_edit_list *l) {
  for (size_t i = 0; i < l->len; i++) free(l->items[i].text);
  free(l->items);
  c2h_edit_list_init(l);
}

int c2h_edit_add(c2h_edit_list *l, size_t begin, size_t end, const char *text, size_t len) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    c2h_edit *p = realloc(l->items, cap * sizeof *p);
    if (!p) return C2H_ERR_NOMEM;
    l->items = p;
    l->cap = cap;
  }
  char *t = c2h_strndup(text, len);
  if (!t) return C2H_ERR_NOMEM;
  l->items[l->len++] = (c2h_edit){begin, end, t, l->next_seq++};
  return 0;
}

void c2h_edit_remove(c2h_edit_list *l, size_t index) {
  if (index >= l->len) return;
  free(l->items[index].text);
  memmove(&l->items[index], &l->items[index + 1], (l->len - index - 1) * sizeof *l->items);
  l->len--;
}

int c2h_edit_overlaps(const c2h_edit_list *l, size_t begin, size_t end) {
  for (size_t i = 0; i < l->len; i++) {
    const c2h_edit *e = &l->items[i];
    if (e->begin == e->end ? (e->begin > begin && e->begin < end)
                           : (e->begin < end && begin < e->end))
      return 1;
  }
  return 0;
}

static int cmp_edit(const void *pa, const void *pb) {
  const c2h_edit *a = pa, *b = pb;
  if (a->begin != b->begin) return a->begin < b->begin ? -1 : 1;
  /* At one offset: inserts first (in the order they were made), then the replacement. */
  int ai = a->begin == a->end, bi = b->begin == b->end;
  if (ai != bi) return ai ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Inserts at either end of a range belong to it: they were made for the
 * text the range holds (a prefix or suffix added to that text). */
static int inside(const c2h_edit *e, size_t begin, size_t end) {
  return e->begin >= begin && e->end <= end;
}

int c2h_edit_render_range(const c2h_edit_list *l, const char *src, size_t begin, size_t end,
                          c2h_buf *out) {
  c2h_edit_list inner;
  c2h_edit_list_init(&inner);
  int rc = 0;
  for (size_t i = 0; i < l->len && rc == 0; i++) {
    const c2h_edit *e = &l->items[i];
    if (!inside(e, begin, end)) continue;
    rc = c2h_edit_add(&inner, e->begin - begin, e->end - begin, e->text, strlen(e->text));
    if (rc == 0) inner.items[inner.len - 1].seq = e->seq;
  }
  if (rc == 0) {
    char *text = NULL;
    size_t text_len = 0;
    size_t bad;
    if (c2h_edit_list_finish(&inner, &bad) != 0) rc = C2H_ERR_INTERNAL;
    if (rc == 0) rc = c2h_edit_apply(&inner, src + begin, end - begin, &text, &text_len);
    if (rc == 0) rc = c2h_buf_append(out, text, text_len);
    free(text);
  }
  c2h_edit_list_dispose(&inner);
  return rc;
}

void c2h_edit_remove_inside(c2h_edit_list *l, size_t begin, size_t end) {
  size_t keep = 0;
  for (size_t i = 0; i < l->len; i++) {
    if (inside(&l->items[i], begin, end))
      free(l->items[i].text);
    else
      l->items[keep++] = l->items[i];
  }
  l->len = keep;
}

int c2h_edit_list_finish(c2h_edit_list *l, size_t *bad) {
  if (l->len > 1) qsort(l->items, l->len, sizeof *l->items, cmp_edit);
  size_t covered = 0; /* end of the last replacement */
  for (size_t i = 0; i < l->len; i++) {
    const c2h_edit *e = &l->items[i];
    if (e->begin < covered) {
      if (bad) *bad = i;
      return C2H_ERR_INTERNAL;
    }
    if (e->end > covered) covered = e->end;
  }
  return 0;
}

int c2h_edit_apply(const c2h_edit_list *l, const char *src, size_t len, char **out, size_t *out_len) {
  c2h_buf b;
  c2h_buf_init(&b);
  size_t pos = 0;
  int rc = c2h_buf_reserve(&b, len + 64);
  for (size_t i = 0; i < l->len && rc == 0; i++) {
    const c2h_edit *e = &l->items[i];
    if (e->begin > len || e->end > len) {
      rc = C2H_ERR_INTERNAL;
      break;
    }
    rc = c2h_buf_append(&b, src + pos, e->begin - pos);
    if (rc == 0) rc = c2h_buf_puts(&b, e->text);
    pos = e->end;
  }
  if (rc == 0) rc = c2h_buf_append(&b, src + pos, len - pos);
  if (rc == 0 && !(*out = c2h_buf_detach(&b, out_len))) rc = C2H_ERR_NOMEM;
  c2h_buf_dispose(&b);
  return rc;
}

size_t c2h_edit_lines_touched(const c2h_edit_list *edits, const char *src, size_t len) {
  size_t count = 0, line = 0, pos = 0, last = (size_t)-1;
  for (size_t i = 0; i < edits->len; i++) {
    const c2h_edit *e = &edits->items[i];
    for (; pos < e->begin && pos < len; pos++) line += src[pos] == '\n';
    size_t first = line, end_line = line;
    for (size_t q = e->begin; q < e->end && q < len; q++) end_line += src[q] == '\n';
    if (first != last) count++;
    count += end_line - first;
    last = end_line;
  }
  return count;
}
