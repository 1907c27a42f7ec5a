#include "strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/error.h"

static size_t hash_bytes(const char *s, size_t n) {
  /* FNV-1a: short identifiers, no adversarial keys in a rule table. */
  size_t h = (size_t)14695981039346656037ULL;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= (size_t)1099511628211ULL;
  }
  return h;
}

void c2h_strmap_init(c2h_strmap *m) {
  m->slots = NULL;
  m->cap = m->len = 0;
  m->borrowed = 0;
}

void c2h_strmap_init_borrowed(c2h_strmap *m) {
  c2h_strmap_init(m);
  m->borrowed = 1;
}

void c2h_strmap_dispose(c2h_strmap *m) {
  int borrowed = m->borrowed;
  for (size_t i = 0; !borrowed && i < m->cap; i++) free(m->slots[i].key);
  free(m->slots);
  c2h_strmap_init(m);
  m->borrowed = borrowed;
}

static c2h_strmap_slot *find_slot(c2h_strmap_slot *slots, size_t cap, const char *key, size_t len,
                                  size_t h) {
  size_t i = h & (cap - 1);
  for (;;) {
    c2h_strmap_slot *s = &slots[i];
    if (!s->key) return s;
    if (s->hash == h && s->key_len == len && memcmp(s->key, key, len) == 0) return s;
    i = (i + 1) & (cap - 1);
  }
}

static int grow_to(c2h_strmap *m, size_t cap) {
  c2h_strmap_slot *slots = calloc(cap, sizeof *slots);
  if (!slots) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < m->cap; i++) {
    c2h_strmap_slot *old = &m->slots[i];
    if (old->key) *find_slot(slots, cap, old->key, old->key_len, old->hash) = *old;
  }
  free(m->slots);
  m->slots = slots;
  m->cap = cap;
  return 0;
}

static int grow(c2h_strmap *m) { return grow_to(m, m->cap ? m->cap * 2 : 64); }

int c2h_strmap_reserve(c2h_strmap *m, size_t n) {
  size_t cap = m->cap ? m->cap : 64;
  while ((n + 1) * 2 > cap) cap *= 2;
  return cap > m->cap ? grow_to(m, cap) : 0;
}

int c2h_strmap_put(c2h_strmap *m, const char *key, size_t len, int value) {
  if ((m->len + 1) * 2 > m->cap && grow(m)) return C2H_ERR_NOMEM;
  size_t h = hash_bytes(key, len);
  c2h_strmap_slot *s = find_slot(m->slots, m->cap, key, len, h);
  if (!s->key) {
    char *copy = m->borrowed ? (char *)(uintptr_t)key : malloc(len + 1);
    if (!copy) return C2H_ERR_NOMEM;
    if (!m->borrowed) {
      memcpy(copy, key, len);
      copy[len] = '\0';
    }
    s->key = copy;
    s->key_len = len;
    s->hash = h;
    m->len++;
  }
  s->value = value;
  return 0;
}

int c2h_strmap_get(const c2h_strmap *m, const char *key, size_t len) {
  if (!m->cap) return -1;
  c2h_strmap_slot *s = find_slot(m->slots, m->cap, key, len, hash_bytes(key, len));
  return s->key ? s->value : -1;
}
