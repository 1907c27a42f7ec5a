#ifndef C2H_RULES_INTERNAL_H
#define C2H_RULES_INTERNAL_H
#include "cu2hip/rules.h"
#include "util/strmap.h"

/* Every string a rule points at lives in the table's pool, so rules can be
 * copied around and replaced without ownership bookkeeping. A table read
 * from the compiled-table cache (rules_cache.c) has its whole file as one
 * block, full from the start. */
typedef struct c2h_pool_block {
  struct c2h_pool_block *next;
  size_t used, cap;
  char data[];
} c2h_pool_block;

struct c2h_rules {
  c2h_rule *items;
  size_t len, cap;
  c2h_strmap names;   /* identifier -> index */
  c2h_strmap headers; /* header path -> index */
  c2h_pool_block *pool;
  c2h_version newest;
};

/* A rule file compiled into the library (generated at build time). */
typedef struct c2h_embedded_file {
  const char *name;
  const char *data;
  size_t len;
} c2h_embedded_file;

extern const c2h_embedded_file c2h_embedded_rules[];
extern const size_t c2h_embedded_rules_count;
/* The ROCm-native library tables (rules/roc/LIB.yaml), each replacing the
 * default table of the same file name when its library is selected. */
extern const c2h_embedded_file c2h_embedded_roc_rules[];
extern const size_t c2h_embedded_roc_rules_count;

#endif
