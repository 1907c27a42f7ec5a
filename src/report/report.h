#ifndef C2H_REPORT_H
#define C2H_REPORT_H
/* Renders diagnostics and run summaries: text (GCC/clang style), rdjson and
 * rdjsonl (reviewdog's diagnostic format), SARIF 2.1.0. */
#include <stddef.h>
#include <stdio.h>

#include "cu2hip/diag.h"
#include "cu2hip/error.h"
#include "cu2hip/project.h"

typedef enum c2h_report_format {
  C2H_FORMAT_TEXT,  /* path:line:col: severity: message [check] */
  C2H_FORMAT_JSON,  /* one rdjson DiagnosticResult document */
  C2H_FORMAT_JSONL, /* one rdjson Diagnostic object per line */
  C2H_FORMAT_SARIF  /* SARIF 2.1.0, one run */
} c2h_report_format;

/* Parses "text", "json", "jsonl" or "sarif"; returns 0 or C2H_ERR_USAGE. */
int c2h_report_format_parse(const char *name, c2h_report_format *out);

/* GCC/clang style, one line each: path:line:col: severity: message [check].
 * Returns 0 or C2H_ERR_IO. */
/* Writes s with control characters escaped (\n, \t, \r, else \xNN), as
 * text diagnostics and progress lines show file names. */
void c2h_report_put_escaped(FILE *out, const char *s);

int c2h_report_text(FILE *out, const c2h_diag_list *diags);

/* rdjson: {"source":{...},"diagnostics":[...]}, 1-based positions, byte
 * columns, exclusive ends. Returns 0, C2H_ERR_NOMEM or C2H_ERR_IO. */
int c2h_report_rdjson(FILE *out, const c2h_diag_list *diags, c2h_error *err);

/* The same diagnostic objects as c2h_report_rdjson, one per line. */
int c2h_report_rdjsonl(FILE *out, const c2h_diag_list *diags, c2h_error *err);

/* SARIF 2.1.0. Artifact URIs are relative to root (NULL: the current
 * directory) with uriBaseId %SRCROOT%; files outside root get absolute
 * file: URIs. Sources are read again for columns in UTF-16 code units and
 * for partialFingerprints. */
int c2h_report_sarif(FILE *out, const c2h_diag_list *diags, const char *root, c2h_error *err);

/* Dispatches on format; sarif_root as for c2h_report_sarif. */
int c2h_report_write(FILE *out, c2h_report_format format, const c2h_diag_list *diags,
                     const char *sarif_root, c2h_error *err);

/* One line: files, changes, edits, diagnostics by severity, suppressions;
 * check_only words it for a run that writes nothing. */
int c2h_report_summary(FILE *out, const c2h_project_summary *sum, int check_only);

/* ---- documentation of the checks (docs/checks.md, embedded) ------------ */

/* The CU2HIP_DOCS_URL build setting (base URL of docs/checks.md) where it
 * can be followed: a web URL as it is, a file: URL
 * when the file exists, else the checks.md installed beside the executable
 * (DOCDIR relative to BINDIR); NULL when there is none (a binary in its
 * build tree): reports then leave the link out and carry the text. */
const char *c2h_docs_link(void);

/* The CU2HIP_HOMEPAGE_URL build setting (README.md) found the same way, or
 * NULL. */
const char *c2h_homepage_link(void);

/* Writes c2h_docs_link() + "#" + the check's name into buf and returns 0;
 * -1 (buf empty) when c2h_docs_link() is NULL. */
int c2h_check_help_url(c2h_check check, char *buf, size_t size);

/* The body of the "## NAME" section of docs/checks.md: *text points into
 * static storage, *len bytes, leading and trailing blank lines trimmed.
 * Returns 0, or -1 when the document has no such section. */
int c2h_check_doc(const char *name, const char **text, size_t *len);

/* ---- project reports (--report) ------------------------------------------ */

/* Writes a report of a whole run to path, replaced atomically: totals, API
 * uses converted by library, unsupported APIs with their locations,
 * diagnostics by check and per file (files most in need of a human first).
 * The extension picks the format: .md (GitHub Markdown), .json (the schema in
 * docs/reports.md) or .html (one self-contained page). Paths are shown
 * relative to the current directory where possible. Returns 0,
 * C2H_ERR_USAGE (unknown extension), C2H_ERR_NOMEM or C2H_ERR_IO. */
int c2h_report_project(const char *path, const c2h_project_summary *sum, const c2h_diag_list *diags,
                       c2h_error *err);

/* Whether path ends in an extension c2h_report_project knows. */
int c2h_report_project_kind_valid(const char *path);

#endif
