#ifndef C2H_REPORT_JSON_COMMON_H
#define C2H_REPORT_JSON_COMMON_H
/* Shared pieces of the JSON-based reports (rdjson, SARIF). */
#include <jansson.h>
#include <stdio.h>

#include "cu2hip/error.h"

/* A JSON string of s; bytes that are not valid UTF-8 become U+FFFD, so
 * paths and source text in any encoding can be reported. NULL: no memory. */
json_t *c2h_json_text(const char *s);
json_t *c2h_json_textn(const char *s, size_t n);

/* Sets key of obj to value, taking the reference; 0, or -1 when obj or value
 * is NULL (out of memory earlier) or the set fails. */
int c2h_json_set(json_t *obj, const char *key, json_t *value);
/* Appends value to arr, taking the reference; 0 or -1 as above. */
int c2h_json_push(json_t *arr, json_t *value);

/* Writes v to out followed by a newline: indented when `pretty`, else on one
 * line. Returns 0 or C2H_ERR_IO. */
int c2h_json_write(FILE *out, const json_t *v, int pretty, c2h_error *err);

#endif
