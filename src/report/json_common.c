#include <stdlib.h>
#include <string.h>

#include "report/json_common.h"

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  size_t len;
  unsigned min;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) len = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef) len = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4) len = 4, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  unsigned cp = c & (0xff >> (len + 1));
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return len;
}

json_t *c2h_json_textn(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0;
  while (i < n) {
    size_t k = u[i] ? utf8_seq(u + i, n - i) : 0;
    if (!k) break;
    i += k;
  }
  if (i == n) return json_stringn(s, n);
  /* Invalid bytes (or NUL): rebuild with replacement characters. */
  char *buf = malloc(n * 3 + 1);
  if (!buf) return NULL;
  size_t o = 0;
  for (i = 0; i < n;) {
    size_t k = u[i] ? utf8_seq(u + i, n - i) : 0;
    if (k) {
      memcpy(buf + o, s + i, k);
      o += k;
      i += k;
    } else {
      memcpy(buf + o, "\xef\xbf\xbd", 3);
      o += 3;
      i++;
    }
  }
  json_t *v = json_stringn(buf, o);
  free(buf);
  return v;
}

json_t *c2h_json_text(const char *s) { return c2h_json_textn(s ? s : "", s ? strlen(s) : 0); }

int c2h_json_set(json_t *obj, const char *key, json_t *value) {
  if (!obj || !value) {
    json_decref(value);
    return -1;
  }
  return json_object_set_new(obj, key, value) ? -1 : 0;
}

int c2h_json_push(json_t *arr, json_t *value) {
  if (!arr || !value) {
    json_decref(value);
    return -1;
  }
  return json_array_append_new(arr, value) ? -1 : 0;
}

int c2h_json_write(FILE *out, const json_t *v, int pretty, c2h_error *err) {
  size_t flags = pretty ? JSON_INDENT(2) : JSON_COMPACT;
  if (json_dumpf(v, out, flags) != 0 || fputc('\n', out) == EOF || ferror(out))
    return c2h_error_set(err, C2H_ERR_IO, NULL, 0, 0, "cannot write the report");
  return 0;
}
