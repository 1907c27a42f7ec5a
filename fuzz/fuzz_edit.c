/* Fuzz target: edit lists (src/edit/edit.h).
 *
 * The input is decoded into a source buffer and a sequence of operations on
 * one edit list, the way the rewrite passes use it: guarded adds (add only
 * when nothing overlaps), unguarded adds (to reach the conflict detection),
 * and call rewrites (render a range with its edits, remove them, add one
 * edit for the range). Each result is checked against a model:
 * - c2h_edit_overlaps and c2h_edit_list_finish agree with a pairwise
 *   definition of a conflict;
 * - a finished list is in apply order: by offset, inserts before the
 *   replacement at the same offset, inserts at one offset in the order made;
 * - the output is the input with each edit's bytes replaced by its text, so
 *   its length is len + sum(text length - (end - begin)) and the bytes
 *   outside the edits are unchanged;
 * - replacing a range by its rendering does not change the output.
 *
 * Input layout: byte 0 = source length (0-255), then the source, then
 * operations, one opcode byte each followed by its operands. */
#include <string.h>

#include "cu2hip/error.h"
#include "edit/edit.h"
#include "fuzz_common.h"
#include "util/buf.h"

#define MAX_OPS 48
#define MAX_TEXT 12

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static unsigned take(reader *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}

/* An offset in [0, limit]. */
static size_t take_offset(reader *r, size_t limit) { return take(r) % (limit + 1); }

/* Edit texts are C strings inside the list (the text is copied up to len
 * bytes, then read back with strlen), so they hold no NUL byte. */
static size_t take_text(reader *r, char *text) {
  size_t n = take(r) % (MAX_TEXT + 1);
  for (size_t i = 0; i < n; i++) {
    unsigned c = take(r);
    text[i] = (char)(c ? c : '0');
  }
  text[n] = '\0';
  return n;
}

/* Whether edits a and b cannot both be applied: two replacements sharing a
 * byte, or an insert strictly inside a replacement. Inserts at the ends of
 * a replacement and inserts at one point are fine. */
static int conflict(size_t ab, size_t ae, size_t bb, size_t be) {
  if (ab < ae && bb < be) return ab < be && bb < ae;
  if (ab < ae) return ab < bb && bb < ae;
  if (bb < be) return bb < ab && ab < be;
  return 0;
}

static int model_overlaps(const c2h_edit_list *l, size_t begin, size_t end) {
  for (size_t i = 0; i < l->len; i++)
    if (conflict(l->items[i].begin, l->items[i].end, begin, end)) return 1;
  return 0;
}

static int model_has_conflict(const c2h_edit_list *l) {
  for (size_t i = 0; i < l->len; i++)
    for (size_t j = i + 1; j < l->len; j++)
      if (conflict(l->items[i].begin, l->items[i].end, l->items[j].begin, l->items[j].end)) return 1;
  return 0;
}

static int in_range(const c2h_edit_list *l, size_t len) {
  for (size_t i = 0; i < l->len; i++)
    if (l->items[i].end > len) return 0;
  return 1;
}

static void copy_list(const c2h_edit_list *from, c2h_edit_list *to) {
  c2h_edit_list_init(to);
  for (size_t i = 0; i < from->len; i++) {
    const c2h_edit *e = &from->items[i];
    C2H_FUZZ_CHECK(c2h_edit_add(to, e->begin, e->end, e->text, strlen(e->text)) == 0);
    to->items[to->len - 1].seq = e->seq;
  }
  to->next_seq = from->next_seq;
}

/* Finishes and applies a copy of l (l itself keeps its order), checking
 * every invariant on the way. Returns the output, or NULL when the list
 * has a conflict or an edit past the end of the source. */
static char *finish_and_apply(const c2h_edit_list *l, const char *src, size_t len, size_t *out_len) {
  c2h_edit_list w;
  copy_list(l, &w);
  size_t bad = (size_t)-1;
  int conflicting = model_has_conflict(&w);
  int rc = c2h_edit_list_finish(&w, &bad);
  C2H_FUZZ_CHECK(conflicting ? rc == C2H_ERR_INTERNAL && bad < w.len : rc == 0);
  char *out = NULL;
  if (rc == 0) {
    for (size_t i = 1; i < w.len; i++) {
      const c2h_edit *a = &w.items[i - 1], *b = &w.items[i];
      int ai = a->begin == a->end, bi = b->begin == b->end;
      C2H_FUZZ_CHECK(a->begin <= b->begin);
      if (a->begin == b->begin) C2H_FUZZ_CHECK(ai && (!bi || a->seq < b->seq));
    }
    *out_len = 0;
    rc = c2h_edit_apply(&w, src, len, &out, out_len);
    if (!in_range(&w, len)) {
      C2H_FUZZ_CHECK(rc == C2H_ERR_INTERNAL && out == NULL);
    } else {
      C2H_FUZZ_CHECK(rc == 0 && out != NULL);
      size_t expect = len, pos = 0, at = 0;
      for (size_t i = 0; i < w.len; i++) expect += strlen(w.items[i].text) - (w.items[i].end - w.items[i].begin);
      C2H_FUZZ_CHECK(*out_len == expect);
      C2H_FUZZ_CHECK(out[*out_len] == '\0');
      for (size_t i = 0; i < w.len; i++) {
        const c2h_edit *e = &w.items[i];
        size_t keep = e->begin - pos, tl = strlen(e->text);
        C2H_FUZZ_CHECK(memcmp(out + at, src + pos, keep) == 0);
        C2H_FUZZ_CHECK(memcmp(out + at + keep, e->text, tl) == 0);
        at += keep + tl;
        pos = e->end;
      }
      C2H_FUZZ_CHECK(at + (len - pos) == *out_len);
      C2H_FUZZ_CHECK(memcmp(out + at, src + pos, len - pos) == 0);
    }
  }
  c2h_edit_list_dispose(&w);
  return out;
}

/* Whether an edit crosses a boundary of [begin, end): it is neither inside
 * (inserts at the ends count as inside) nor outside. */
static int straddles(const c2h_edit_list *l, size_t begin, size_t end) {
  for (size_t i = 0; i < l->len; i++) {
    const c2h_edit *e = &l->items[i];
    int inside = e->begin >= begin && e->end <= end;
    int outside = e->end <= begin || e->begin >= end;
    if (e->begin == e->end && (e->begin == begin || e->begin == end)) outside = 0;
    if (begin == end && e->begin < begin && begin < e->end) return 1;
    if (!inside && !outside) return 1;
  }
  return 0;
}

/* A call rewrite: [begin, end) becomes its rendering, as one edit. */
static void rewrite_range(c2h_edit_list *l, const char *src, size_t len, size_t begin, size_t end) {
  int clean = !model_has_conflict(l) && in_range(l, len) && !straddles(l, begin, end);
  size_t before_len = 0, after_len = 0;
  char *before = clean ? finish_and_apply(l, src, len, &before_len) : NULL;
  c2h_buf text;
  c2h_buf_init(&text);
  int rc = c2h_edit_render_range(l, src, begin, end, &text);
  if (clean) C2H_FUZZ_CHECK(rc == 0);
  if (rc == 0) {
    /* The rendering holds no NUL unless the source does. */
    if (!memchr(src + begin, '\0', end - begin)) C2H_FUZZ_CHECK(!text.data || strlen(text.data) == text.len);
    size_t n_before = l->len;
    c2h_edit_remove_inside(l, begin, end);
    C2H_FUZZ_CHECK(l->len <= n_before);
    for (size_t i = 0; i < l->len; i++) {
      const c2h_edit *e = &l->items[i];
      C2H_FUZZ_CHECK(!(e->begin >= begin && e->end <= end));
    }
    if (!c2h_edit_overlaps(l, begin, end)) {
      C2H_FUZZ_CHECK(!model_overlaps(l, begin, end));
      size_t tl = text.data ? strlen(text.data) : 0;
      C2H_FUZZ_CHECK(c2h_edit_add(l, begin, end, text.data ? text.data : "", tl) == 0);
      if (clean && tl == text.len) {
        char *after = finish_and_apply(l, src, len, &after_len);
        C2H_FUZZ_CHECK(before && after && before_len == after_len && memcmp(before, after, after_len) == 0);
        free(after);
      }
    } else {
      C2H_FUZZ_CHECK(!clean);
    }
  }
  free(before);
  c2h_buf_dispose(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  size_t len = take(&r);
  if (len > r.n) len = r.n;
  /* The source in a buffer of its own size: ASan sees any read past it. */
  char *src = malloc(len ? len : 1);
  if (!src) return 0;
  memcpy(src, r.p, len);
  r.p += len;
  r.n -= len;

  c2h_edit_list l;
  c2h_edit_list_init(&l);
  char text[MAX_TEXT + 1];
  for (int op = 0; op < MAX_OPS && r.n; op++) {
    unsigned code = take(&r) % 4;
    if (code == 0 || code == 1) {
      /* Offsets may pass the end by a little: apply must refuse those. */
      size_t begin = take_offset(&r, len + 2);
      size_t end = begin + take_offset(&r, len + 2 - begin);
      size_t tl = take_text(&r, text);
      int overlaps = c2h_edit_overlaps(&l, begin, end);
      C2H_FUZZ_CHECK(overlaps == model_overlaps(&l, begin, end));
      if (code == 1 || !overlaps) C2H_FUZZ_CHECK(c2h_edit_add(&l, begin, end, text, tl) == 0);
    } else if (code == 2) {
      size_t begin = take_offset(&r, len);
      size_t end = begin + take_offset(&r, len - begin);
      rewrite_range(&l, src, len, begin, end);
    } else {
      /* Finishing sorts in place; the passes may go on adding afterwards. */
      size_t bad = 0;
      int rc = c2h_edit_list_finish(&l, &bad);
      C2H_FUZZ_CHECK(rc == (model_has_conflict(&l) ? C2H_ERR_INTERNAL : 0));
    }
  }
  size_t out_len = 0;
  free(finish_and_apply(&l, src, len, &out_len));
  c2h_edit_list_dispose(&l);
  free(src);
  return 0;
}
