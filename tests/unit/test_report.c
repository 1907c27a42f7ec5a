/* Report renderers and inline suppressions on hand-made diagnostics: what
 * the golden files cannot reach (suggested replacements, invalid UTF-8,
 * columns after non-ASCII text, comment forms). */
#define _XOPEN_SOURCE 700 /* open_memstream, mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>

#include "cu2hip/cu2hip.h"
#include "diag/suppress.h"
#include "report/report.h"

static c2h_pos at(unsigned line, unsigned col) { return (c2h_pos){line, col, 0}; }

/* Renders diags in format and parses the result (the caller decrefs). */
static json_t *render(c2h_report_format format, const c2h_diag_list *diags, const char *root) {
  char *data = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&data, &len);
  assert_non_null(f);
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_report_write(f, format, diags, root, &err), 0);
  assert_int_equal(fclose(f), 0);
  json_error_t jerr;
  json_t *v = json_loads(data, 0, &jerr);
  if (!v) fprintf(stderr, "%s\n%s\n", jerr.text, data);
  assert_non_null(v);
  free(data);
  return v;
}

static void rdjson_suggestion_and_positions(void **state) {
  (void)state;
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  assert_int_equal(c2h_diag_list_add(&l, "a.cu", at(3, 5), at(3, 15), C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT,
                                     "0xffffffffffffffffULL", "mask %s", "m"),
                   0);
  assert_int_equal(c2h_diag_list_add(&l, "gone.cu", at(0, 0), at(0, 0), C2H_SEV_ERROR, C2H_CHECK_INPUT_ERROR,
                                     NULL, "cannot read"),
                   0);
  json_t *doc = render(C2H_FORMAT_JSON, &l, NULL);
  json_t *d0 = json_array_get(json_object_get(doc, "diagnostics"), 0);
  json_t *sugg = json_array_get(json_object_get(d0, "suggestions"), 0);
  assert_string_equal(json_string_value(json_object_get(sugg, "text")), "0xffffffffffffffffULL");
  json_t *range = json_object_get(sugg, "range");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(range, "start"), "column")), 5);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(range, "end"), "column")), 15);
  assert_string_equal(json_string_value(json_object_get(d0, "severity")), "WARNING");
  char url[512];
  /* A link only to documentation that is there. */
  if (c2h_check_help_url(C2H_CHECK_WARP_MASK_32BIT, url, sizeof url) == 0) {
    assert_string_equal(json_string_value(json_object_get(json_object_get(d0, "code"), "url")), url);
    assert_non_null(strstr(url, "#warp-mask-32bit"));
  } else {
    assert_null(json_object_get(json_object_get(d0, "code"), "url"));
  }
  json_t *d1 = json_array_get(json_object_get(doc, "diagnostics"), 1);
  assert_null(json_object_get(json_object_get(d1, "location"), "range"));
  assert_null(json_object_get(d1, "suggestions"));
  assert_string_equal(json_string_value(json_object_get(d1, "severity")), "ERROR");
  json_decref(doc);
  c2h_diag_list_dispose(&l);
}

static void invalid_utf8_is_replaced(void **state) {
  (void)state;
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  assert_int_equal(c2h_diag_list_add(&l, "caf\xe9.cu", at(1, 1), at(1, 2), C2H_SEV_NOTE, C2H_CHECK_API_NOTE, NULL,
                                     "bad \xff\xfe byte, good \xc3\xa9"),
                   0);
  json_t *doc = render(C2H_FORMAT_JSON, &l, NULL);
  json_t *d0 = json_array_get(json_object_get(doc, "diagnostics"), 0);
  assert_string_equal(json_string_value(json_object_get(d0, "message")),
                      "bad \xef\xbf\xbd\xef\xbf\xbd byte, good \xc3\xa9");
  assert_string_equal(json_string_value(json_object_get(json_object_get(d0, "location"), "path")),
                      "caf\xef\xbf\xbd.cu");
  assert_string_equal(json_string_value(json_object_get(d0, "severity")), "INFO");
  json_decref(doc);
  c2h_diag_list_dispose(&l);
}

static void jsonl_is_one_object_per_line(void **state) {
  (void)state;
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  for (unsigned i = 1; i <= 3; i++)
    assert_int_equal(c2h_diag_list_add(&l, "a.cu", at(i, 1), at(i, 4), C2H_SEV_WARNING, C2H_CHECK_PARSE_ERROR,
                                       NULL, "line\n%u", i),
                     0);
  char *data = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&data, &len);
  c2h_error err;
  assert_int_equal(c2h_report_rdjsonl(f, &l, &err), 0);
  fclose(f);
  size_t lines = 0;
  for (char *p = data, *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
    *nl = '\0';
    json_t *v = json_loads(p, 0, NULL);
    assert_non_null(v);
    assert_true(json_is_object(v));
    json_decref(v);
    lines++;
  }
  assert_int_equal(lines, 3);
  free(data);
  c2h_diag_list_dispose(&l);
}

static char *write_temp_source(char *dir, const char *name, const char *text) {
  char *path = malloc(strlen(dir) + strlen(name) + 2);
  sprintf(path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

static void sarif_fix_columns_and_fingerprint(void **state) {
  (void)state;
  char dir[] = "/tmp/c2h-report.XXXXXX";
  assert_non_null(mkdtemp(dir));
  /* "\xf0\x9f\x98\x80" is one code point, two UTF-16 units, four bytes. */
  char *path = write_temp_source(dir, "a b.cu", "int x;\n  /*\xf0\x9f\x98\x80*/ f(mask);  \n");
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  assert_int_equal(c2h_diag_list_add(&l, path, at(2, 12), at(2, 13), C2H_SEV_WARNING, C2H_CHECK_WARP_MASK_32BIT,
                                     "(", "x"),
                   0);
  json_t *doc = render(C2H_FORMAT_SARIF, &l, dir);
  json_t *res = json_array_get(json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "results"), 0);
  json_t *phys = json_object_get(json_array_get(json_object_get(res, "locations"), 0), "physicalLocation");
  json_t *art = json_object_get(phys, "artifactLocation");
  assert_string_equal(json_string_value(json_object_get(art, "uri")), "a%20b.cu");
  assert_string_equal(json_string_value(json_object_get(art, "uriBaseId")), "%SRCROOT%");
  json_t *region = json_object_get(phys, "region");
  assert_int_equal(json_integer_value(json_object_get(region, "startColumn")), 10);
  assert_int_equal(json_integer_value(json_object_get(region, "endColumn")), 11);
  assert_int_equal(json_integer_value(json_object_get(res, "ruleIndex")), C2H_CHECK_WARP_MASK_32BIT);
  json_t *fix = json_array_get(json_object_get(res, "fixes"), 0);
  json_t *repl = json_array_get(json_object_get(json_array_get(json_object_get(fix, "artifactChanges"), 0),
                                                "replacements"),
                                0);
  assert_string_equal(json_string_value(json_object_get(json_object_get(repl, "insertedContent"), "text")), "(");
  const char *fp = json_string_value(json_object_get(json_object_get(res, "partialFingerprints"), "cu2hip/v1"));
  assert_non_null(fp);
  char first[64];
  snprintf(first, sizeof first, "%s", fp);
  json_decref(doc);

  /* Lines added above and indentation changed: the same fingerprint. */
  free(write_temp_source(dir, "a b.cu", "// new\n\nint x;\n\t/*\xf0\x9f\x98\x80*/ f(mask);\n"));
  l.items[0].begin.line = l.items[0].end.line = 4;
  doc = render(C2H_FORMAT_SARIF, &l, dir);
  res = json_array_get(json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "results"), 0);
  assert_string_equal(json_string_value(json_object_get(json_object_get(res, "partialFingerprints"), "cu2hip/v1")),
                      first);
  json_decref(doc);

  /* Every check has a rule, in checks.def order. */
  doc = render(C2H_FORMAT_SARIF, &l, dir);
  json_t *rules = json_object_get(
      json_object_get(json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "tool"), "driver"), "rules");
  assert_int_equal(json_array_size(rules), C2H_CHECK__COUNT);
  for (size_t i = 0; i < json_array_size(rules); i++)
    assert_string_equal(json_string_value(json_object_get(json_array_get(rules, i), "id")),
                        c2h_check_name((c2h_check)i));
  json_decref(doc);
  c2h_diag_list_dispose(&l);
  unlink(path);
  rmdir(dir);
  free(path);
}

static void check_docs_sections(void **state) {
  (void)state;
  const char *text;
  size_t len;
  assert_int_equal(c2h_check_doc("warp-mask-32bit", &text, &len), 0);
  assert_true(len > 20);
  assert_null(memchr(text, '#', 2)); /* the heading is not part of the body */
  assert_int_equal(c2h_check_doc("warp-mask", &text, &len), -1);
  assert_int_equal(c2h_check_doc("", &text, &len), -1);
}

static void format_names(void **state) {
  (void)state;
  c2h_report_format f;
  assert_int_equal(c2h_report_format_parse("sarif", &f), 0);
  assert_int_equal(f, C2H_FORMAT_SARIF);
  assert_int_equal(c2h_report_format_parse("jsonl", &f), 0);
  assert_int_equal(f, C2H_FORMAT_JSONL);
  assert_int_not_equal(c2h_report_format_parse("JSON", &f), 0);
}

/* Adds one warp-mask-32bit diagnostic per listed line and suppresses. */
static size_t suppressed_on(const char *src, const unsigned *lines, size_t n, size_t *left) {
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  for (size_t i = 0; i < n; i++)
    assert_int_equal(c2h_diag_list_add(&l, "s.cu", at(lines[i], 1), at(lines[i], 2), C2H_SEV_WARNING,
                                       C2H_CHECK_WARP_MASK_32BIT, NULL, "m"),
                     0);
  size_t count = 0;
  assert_int_equal(c2h_diag_suppress(&l, "s.cu", src, strlen(src), &count), 0);
  *left = l.len;
  c2h_diag_list_dispose(&l);
  return count;
}

static void suppression_comment_forms(void **state) {
  (void)state;
  size_t left;
  const unsigned l2[] = {2}, l3[] = {3}, l4[] = {4};
  /* Line comment on the line before, block comment spanning lines. */
  assert_int_equal(suppressed_on("int a;\n// cu2hip-ignore: warp-mask-32bit\nx;\n", l3, 1, &left), 1);
  assert_int_equal(suppressed_on("/* first line\n   cu2hip-ignore: warp-* */\nx;\n", l3, 1, &left), 1);
  assert_int_equal(suppressed_on("/* cu2hip-ignore: all\n*/\n\nx;\n", l4, 1, &left), 0);
  /* In a string, a raw string, after a digit separator: still code. */
  assert_int_equal(suppressed_on("s = \"// cu2hip-ignore: all\";\nx;\n", l2, 1, &left), 0);
  assert_int_equal(suppressed_on("s = R\"d(\n// cu2hip-ignore: all\n)d\";\nx;\n", l3, 1, &left), 0);
  assert_int_equal(suppressed_on("n = 1'000; // cu2hip-ignore: all\nx;\n", l2, 1, &left), 1);
  assert_int_equal(suppressed_on("c = '\"'; // cu2hip-ignore: all\nx;\n", l2, 1, &left), 1);
  /* Other files, and diagnostics without a line, are left alone. */
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  assert_int_equal(c2h_diag_list_add(&l, "other.h", at(1, 1), at(1, 2), C2H_SEV_WARNING, C2H_CHECK_PARSE_ERROR, NULL,
                                     "x"),
                   0);
  assert_int_equal(c2h_diag_list_add(&l, "s.cu", at(0, 0), at(0, 0), C2H_SEV_ERROR, C2H_CHECK_INPUT_ERROR, NULL,
                                     "x"),
                   0);
  size_t n = 0;
  const char *src = "// cu2hip-ignore: all\n";
  assert_int_equal(c2h_diag_suppress(&l, "s.cu", src, strlen(src), &n), 0);
  assert_int_equal(n, 0);
  assert_int_equal(l.len, 2);
  c2h_diag_list_dispose(&l);
  (void)left;
}

/* Reads a whole file (the caller frees). */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  assert_int_equal(fseek(f, 0, SEEK_END), 0);
  long n = ftell(f);
  assert_true(n >= 0);
  rewind(f);
  char *data = malloc((size_t)n + 1);
  assert_non_null(data);
  assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
  data[n] = '\0';
  fclose(f);
  return data;
}

static void touch(const char *path) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("int x;\n", f);
  fclose(f);
}

/* A project report has one entry per input: a problem found in an input's
 * output (compiling it) is the input's, and a system header that a
 * diagnostic points into is listed apart, never as a file of the run. */
static void project_report_entries(void **state) {
  (void)state;
  char dir[] = "/tmp/c2h-test-report-XXXXXX", cwd[4096];
  assert_non_null(mkdtemp(dir));
  assert_non_null(getcwd(cwd, sizeof cwd));
  assert_int_equal(chdir(dir), 0);
  assert_int_equal(system("mkdir -p src out"), 0);
  touch("src/a.cu");
  touch("out/a.cu");
  c2h_project_file rec;
  memset(&rec, 0, sizeof rec);
  rec.path = "src/a.cu";
  rec.output = "out/a.cu";
  rec.translated = rec.changed = 1;
  rec.stats.edits = 2;
  rec.stats.lines_changed = 1;
  c2h_project_summary sum;
  memset(&sum, 0, sizeof sum);
  sum.files = sum.changed = sum.written = 1;
  sum.edits = 2;
  sum.records = &rec;
  sum.n_records = 1;
  c2h_diag_list l;
  c2h_diag_list_init(&l);
  assert_int_equal(c2h_diag_list_add(&l, "src/a.cu", at(1, 1), at(1, 2), C2H_SEV_WARNING, C2H_CHECK_PARSE_ERROR,
                                     NULL, "w"),
                   0);
  assert_int_equal(c2h_diag_list_add(&l, "out/a.cu", at(3, 1), at(3, 2), C2H_SEV_ERROR, C2H_CHECK_COMPILE_ERROR, NULL,
                                     "in the output"),
                   0);
  assert_int_equal(c2h_diag_list_add(&l, "/usr/include/stdio.h", at(9, 1), at(9, 2), C2H_SEV_ERROR,
                                     C2H_CHECK_COMPILE_ERROR, NULL, "in a system header"),
                   0);
  c2h_error err;
  c2h_error_clear(&err);
  assert_int_equal(c2h_report_project("r.json", &sum, &l, &err), 0);
  assert_int_equal(c2h_report_project("r.html", &sum, &l, &err), 0);
  json_error_t jerr;
  json_t *doc = json_load_file("r.json", 0, &jerr);
  assert_non_null(doc);
  json_t *files = json_object_get(doc, "files"), *outside = json_object_get(doc, "outside");
  assert_int_equal(json_array_size(files), 1);
  json_t *a = json_array_get(files, 0);
  assert_string_equal(json_string_value(json_object_get(a, "path")), "src/a.cu");
  assert_string_equal(json_string_value(json_object_get(a, "status")), "changed");
  assert_int_equal(json_integer_value(json_object_get(a, "errors")), 1);
  assert_int_equal(json_integer_value(json_object_get(a, "warnings")), 1);
  /* The output's problem keeps the output's path: its line is the output's. */
  json_t *ds = json_object_get(a, "diagnostics");
  assert_int_equal(json_array_size(ds), 2);
  assert_string_equal(json_string_value(json_object_get(json_array_get(ds, 1), "path")), "out/a.cu");
  assert_int_equal(json_array_size(outside), 1);
  json_t *sys = json_array_get(outside, 0);
  assert_string_equal(json_string_value(json_object_get(sys, "path")), "/usr/include/stdio.h");
  assert_string_equal(json_string_value(json_object_get(sys, "status")), "outside");
  json_t *t = json_object_get(doc, "totals");
  assert_int_equal(json_integer_value(json_object_get(t, "files_outside")), 1);
  assert_int_equal(json_integer_value(json_object_get(t, "files_failed")), 0);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(t, "diagnostics"), "error")), 2);
  json_decref(doc);
  /* HTML: the system header is not a row of the file table. */
  char *html = slurp("r.html");
  char *table = strstr(html, "<section id=\"files\">");
  assert_non_null(table);
  char *end = strstr(table, "</section>");
  assert_non_null(end);
  *end = '\0';
  assert_null(strstr(table, "stdio.h"));
  assert_non_null(strstr(end + 1, "<section id=\"outside\">"));
  free(html);
  c2h_diag_list_dispose(&l);
  assert_int_equal(chdir(cwd), 0);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rdjson_suggestion_and_positions),
      cmocka_unit_test(invalid_utf8_is_replaced),
      cmocka_unit_test(jsonl_is_one_object_per_line),
      cmocka_unit_test(sarif_fix_columns_and_fingerprint),
      cmocka_unit_test(check_docs_sections),
      cmocka_unit_test(format_names),
      cmocka_unit_test(suppression_comment_forms),
      cmocka_unit_test(project_report_entries),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
