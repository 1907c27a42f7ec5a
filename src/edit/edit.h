#ifndef C2H_EDIT_H
#define C2H_EDIT_H
/* Edits on a source buffer: replace bytes [begin, end) with text. Applied
 * all at once, so the output is the input except where an edit was made. */
#include <stddef.h>

typedef struct c2h_edit {
  size_t begin, end; /* byte offsets, begin <= end; begin == end inserts */
  char *text;        /* owned */
  size_t seq;        /* insertion order, keeps inserts at one point stable */
} c2h_edit;

typedef struct c2h_edit_list {
  c2h_edit *items;
  size_t len, cap, next_seq;
} c2h_edit_list;

void c2h_edit_list_init(c2h_edit_list *l);
void c2h_edit_list_dispose(c2h_edit_list *l);

/* Adds an edit (text copied, len bytes). Returns 0 or C2H_ERR_NOMEM. */
int c2h_edit_add(c2h_edit_list *l, size_t begin, size_t end, const char *text, size_t len);
/* Withdraws edit `index` (its position in l->items, in the order added). */
void c2h_edit_remove(c2h_edit_list *l, size_t index);

/* Whether an edit already touches [begin, end). */
int c2h_edit_overlaps(const c2h_edit_list *l, size_t begin, size_t end);

/* Appends to *out (a c2h_buf) the text of src[begin, end) with every edit
 * that lies inside the range applied (inserts at its ends included). Used
 * when a larger rewrite moves text that holds smaller edits. */
struct c2h_buf;
int c2h_edit_render_range(const c2h_edit_list *l, const char *src, size_t begin, size_t end,
                          struct c2h_buf *out);

/* Removes the edits that lie inside [begin, end) (inserts at its ends
 * included): the caller replaces the range with rendered text. */
void c2h_edit_remove_inside(c2h_edit_list *l, size_t begin, size_t end);

/* Sorts the edits and checks that none overlap (two replacements of the
 * same bytes, or one inside another). Returns 0, or C2H_ERR_INTERNAL and
 * sets *bad to the index of the first conflicting edit. */
int c2h_edit_list_finish(c2h_edit_list *l, size_t *bad);

/* Applies finished edits to src (len bytes) into a malloc'd, NUL-terminated
 * result. Returns 0 or C2H_ERR_NOMEM. */
int c2h_edit_apply(const c2h_edit_list *l, const char *src, size_t len, char **out, size_t *out_len);

/* How many distinct lines of src (len bytes) finished (sorted) edits touch;
 * an insertion counts for the line it lands on. A file's lines_changed. */
size_t c2h_edit_lines_touched(const c2h_edit_list *l, const char *src, size_t len);

#endif
