#ifndef C2H_RULES_INTERNAL_H
#define C2H_RULES_INTERNAL_H
#include "cu2hip/rules.h"

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
