#ifndef C2H_UTIL_STRMAP_H
#define C2H_UTIL_STRMAP_H
/* An open-addressing hash map from byte strings to non-negative ints
 * (indexes into a caller's array). Keys are copied. */
#include <stddef.h>

typedef struct c2h_strmap_slot {
  char *key;
  size_t key_len;
  size_t hash;
  int value;
} c2h_strmap_slot;

typedef struct c2h_strmap {
  c2h_strmap_slot *slots;
  size_t cap, len;
  int borrowed; /* keys are the caller's, not copies */
} c2h_strmap;

void c2h_strmap_init(c2h_strmap *m);
/* A map that keeps the caller's key pointers instead of copies: each key
 * must stay unchanged for as long as the map is used (the rule table's
 * names, which live in its pool). Saves a copy per key. */
void c2h_strmap_init_borrowed(c2h_strmap *m);
/* Makes room for n keys in all without growing again; 0 or C2H_ERR_NOMEM. */
int c2h_strmap_reserve(c2h_strmap *m, size_t n);
void c2h_strmap_dispose(c2h_strmap *m);
/* Inserts or replaces; returns 0 or C2H_ERR_NOMEM. */
int c2h_strmap_put(c2h_strmap *m, const char *key, size_t len, int value);
/* Returns the value, or -1 when absent. */
int c2h_strmap_get(const c2h_strmap *m, const char *key, size_t len);

#endif
