/* --library-target values, shared by the command line and .cu2hip.yaml. */
#include "cli/library_target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/rules.h"

/* "curand, ..." for messages. */
static void known(char *out, size_t n) {
  const char *name;
  size_t len, used = 0;
  out[0] = '\0';
  for (size_t i = 0; (len = c2h_rules_roc_library(i, &name)) && used < n; i++) {
    int w = snprintf(out + used, n - used, "%s%.*s", i ? ", " : "", (int)len, name);
    if (w < 0) break;
    used += (size_t)w;
  }
}

int c2h_lib_targets_apply(c2h_lib_targets *t, const char *value, char *why, size_t n) {
  char libs[256];
  const char *eq = strchr(value, '=');
  const char *target = eq ? eq + 1 : value;
  int roc = strcmp(target, "roc") == 0;
  if (!roc && strcmp(target, "hip") != 0) {
    snprintf(why, n, "--library-target takes hip, roc or LIBRARY=hip|roc, not '%s'", value);
    return -1;
  }
  if (!eq) {
    for (size_t i = 0; i < C2H_LIB_TARGETS_MAX; i++) t->roc[i] = (unsigned char)roc;
    return 0;
  }
  const char *name;
  size_t len, want = (size_t)(eq - value);
  for (size_t i = 0; i < C2H_LIB_TARGETS_MAX && (len = c2h_rules_roc_library(i, &name)); i++)
    if (len == want && memcmp(name, value, len) == 0) {
      t->roc[i] = (unsigned char)roc;
      return 0;
    }
  known(libs, sizeof libs);
  snprintf(why, n, "--library-target: '%.*s' has no ROCm-native rule table (libraries with one: %s)",
           (int)want, value, libs);
  return -1;
}

int c2h_lib_targets_roc(const c2h_lib_targets *t, char ***names, size_t *n) {
  const char *name;
  size_t len, k = 0;
  char **out = calloc(C2H_LIB_TARGETS_MAX, sizeof *out);
  if (!out) return -1;
  for (size_t i = 0; i < C2H_LIB_TARGETS_MAX && (len = c2h_rules_roc_library(i, &name)); i++) {
    if (!t->roc[i]) continue;
    if (!(out[k] = malloc(len + 1))) {
      while (k) free(out[--k]);
      free(out);
      return -1;
    }
    memcpy(out[k], name, len);
    out[k++][len] = '\0';
  }
  *names = out;
  *n = k;
  return 0;
}
