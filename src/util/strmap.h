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
} c2h_strmap;

void c2h_strmap_init(c2h_strmap *m);
void c2h_strmap_dispose(c2h_strmap *m);
/* Inserts or replaces; returns 0 or C2H_ERR_NOMEM. */
int c2h_strmap_put(c2h_strmap *m, const char *key, size_t len, int value);
/* Returns the value, or -1 when absent. */
int c2h_strmap_get(const c2h_strmap *m, const char *key, size_t len);

#endif
