#include "yaml_depth.h"

#include <yaml.h>

int c2h_yaml_check_depth(const char *name, const char *text, size_t len, int code, c2h_error *err) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) return c2h_error_set(err, C2H_ERR_NOMEM, name, 0, 0, "out of memory");
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  int rc = 0;
  unsigned depth = 0;
  for (;;) {
    yaml_event_t ev;
    if (!yaml_parser_parse(&parser, &ev)) break; /* told by the caller's own parse */
    yaml_event_type_t type = ev.type;
    if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
      if (++depth > C2H_YAML_MAX_DEPTH)
        rc = c2h_error_set(err, code, name, (unsigned)ev.start_mark.line + 1, (unsigned)ev.start_mark.column + 1,
                           "lists and mappings nested more than %d deep, which cu2hip does not read (real files "
                           "nest a few levels)",
                           C2H_YAML_MAX_DEPTH);
    } else if ((type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) && depth > 0) {
      depth--;
    }
    yaml_event_delete(&ev);
    if (rc || type == YAML_STREAM_END_EVENT) break;
  }
  yaml_parser_delete(&parser);
  return rc;
}
