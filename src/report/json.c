/* reviewdog's diagnostic format: rdjson (one document) and rdjsonl (one
 * diagnostic per line). Positions are 1-based, columns count bytes, and a
 * range's end is exclusive, as the format defines them. */
#include <string.h>

#include "report/json_common.h"
#include "report/report.h"

static const char *rd_severity(c2h_severity s) {
  switch (s) {
    case C2H_SEV_ERROR: return "ERROR";
    case C2H_SEV_WARNING: return "WARNING";
    default: return "INFO";
  }
}

static json_t *position(c2h_pos p) {
  json_t *o = json_object();
  int bad = c2h_json_set(o, "line", json_integer(p.line));
  bad |= c2h_json_set(o, "column", json_integer(p.col ? p.col : 1));
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

/* {"start":..., "end":...}; end only when the diagnostic has one. */
static json_t *range(const c2h_diag *d) {
  json_t *o = json_object();
  int bad = c2h_json_set(o, "start", position(d->begin));
  if (d->end.line) bad |= c2h_json_set(o, "end", position(d->end));
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static json_t *diagnostic(const c2h_diag *d) {
  char url[2048];
  json_t *o = json_object(), *loc = json_object(), *code = json_object();
  int bad = c2h_json_set(o, "message", c2h_json_text(d->message));
  bad |= c2h_json_set(loc, "path", c2h_json_text(d->path));
  if (d->begin.line) bad |= c2h_json_set(loc, "range", range(d));
  bad |= c2h_json_set(o, "location", json_incref(loc));
  bad |= c2h_json_set(o, "severity", json_string(rd_severity(d->severity)));
  bad |= c2h_json_set(code, "value", json_string(c2h_check_name(d->check)));
  if (c2h_check_help_url(d->check, url, sizeof url) == 0) bad |= c2h_json_set(code, "url", c2h_json_text(url));
  bad |= c2h_json_set(o, "code", json_incref(code));
  if (d->replacement && d->begin.line) {
    json_t *sugg = json_object(), *arr = json_array();
    bad |= c2h_json_set(sugg, "range", range(d));
    bad |= c2h_json_set(sugg, "text", c2h_json_text(d->replacement));
    bad |= c2h_json_push(arr, sugg);
    bad |= c2h_json_set(o, "suggestions", arr);
  }
  json_decref(loc);
  json_decref(code);
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

static int nomem(c2h_error *err) {
  return c2h_error_set(err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory while writing the report");
}

int c2h_report_rdjson(FILE *out, const c2h_diag_list *diags, c2h_error *err) {
  int rc = 0;
  json_t *doc = json_object(), *source = json_object(), *list = json_array();
  int bad = c2h_json_set(source, "name", json_string("cu2hip"));
  if (c2h_homepage_link()) bad |= c2h_json_set(source, "url", c2h_json_text(c2h_homepage_link()));
  bad |= c2h_json_set(doc, "source", json_incref(source));
  for (size_t i = 0; i < diags->len && !bad; i++) bad |= c2h_json_push(list, diagnostic(&diags->items[i]));
  bad |= c2h_json_set(doc, "diagnostics", json_incref(list));
  if (bad) {
    rc = nomem(err);
    goto done;
  }
  rc = c2h_json_write(out, doc, 1, err);
done:
  json_decref(source);
  json_decref(list);
  json_decref(doc);
  return rc;
}

int c2h_report_rdjsonl(FILE *out, const c2h_diag_list *diags, c2h_error *err) {
  int rc = 0;
  for (size_t i = 0; i < diags->len && rc == 0; i++) {
    json_t *d = diagnostic(&diags->items[i]);
    rc = d ? c2h_json_write(out, d, 0, err) : nomem(err);
    json_decref(d);
  }
  return rc;
}

int c2h_report_format_parse(const char *name, c2h_report_format *out) {
  static const struct {
    const char *name;
    c2h_report_format format;
  } formats[] = {{"text", C2H_FORMAT_TEXT}, {"json", C2H_FORMAT_JSON}, {"jsonl", C2H_FORMAT_JSONL},
                 {"sarif", C2H_FORMAT_SARIF}};
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
    if (strcmp(name, formats[i].name) == 0) {
      *out = formats[i].format;
      return 0;
    }
  }
  return C2H_ERR_USAGE;
}

int c2h_report_write(FILE *out, c2h_report_format format, const c2h_diag_list *diags, const char *sarif_root,
                     c2h_error *err) {
  switch (format) {
    case C2H_FORMAT_JSON: return c2h_report_rdjson(out, diags, err);
    case C2H_FORMAT_JSONL: return c2h_report_rdjsonl(out, diags, err);
    case C2H_FORMAT_SARIF: return c2h_report_sarif(out, diags, sarif_root, err);
    default:
      if (c2h_report_text(out, diags))
        return c2h_error_set(err, C2H_ERR_IO, NULL, 0, 0, "cannot write the report");
      return 0;
  }
}
