#ifndef C2H_UTIL_YAML_DEPTH_H
#define C2H_UTIL_YAML_DEPTH_H
/* A limit on how deeply the YAML files cu2hip reads (the rule table,
 * .cu2hip.yaml) may nest lists and mappings. libyaml has none, and its
 * time grows with the square of the depth (200 KB of `[` take minutes),
 * while real files nest a handful of levels. */
#include <stddef.h>

#include "cu2hip/error.h"

/* Far above any real file (rule entries and settings nest about 5 deep). */
#define C2H_YAML_MAX_DEPTH 64

/* Reads the YAML text's events up to the first collection nested deeper
 * than C2H_YAML_MAX_DEPTH: then fills err with code, name and the line and
 * column where that collection starts, and returns code. Returns 0 for a
 * text within the limit, and for one that is not valid YAML (the caller's
 * own parse reports it). Stops as soon as the limit is passed, so a text
 * nested a million deep costs what the first levels cost. */
int c2h_yaml_check_depth(const char *name, const char *text, size_t len, int code, c2h_error *err);

#endif
