#ifndef C2H_CLI_LIBRARY_TARGET_H
#define C2H_CLI_LIBRARY_TARGET_H
/* --library-target: which CUDA libraries translate to their ROCm-native API
 * (rules/roc/LIB.yaml: cuRAND -> rocRAND) instead of the hip* wrappers. */
#include <stddef.h>

#define C2H_LIB_TARGETS_MAX 32

typedef struct c2h_lib_targets {
  unsigned char roc[C2H_LIB_TARGETS_MAX]; /* by c2h_rules_roc_library index */
} c2h_lib_targets;

/* Applies one value: hip, roc (every library with a ROCm-native table), or
 * LIB=hip / LIB=roc. Later values override earlier ones. Returns 0, or -1
 * with a one-line message in why (n bytes). */
int c2h_lib_targets_apply(c2h_lib_targets *t, const char *value, char *why, size_t n);

/* The selected libraries as malloc'd NUL-terminated names (*names and each
 * name are the caller's to free). Returns 0 or -1 (out of memory). */
int c2h_lib_targets_roc(const c2h_lib_targets *t, char ***names, size_t *n);

#endif
