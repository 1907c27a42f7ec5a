#ifndef C2H_REPORT_H
#define C2H_REPORT_H
/* Renders diagnostics and run summaries. */
#include <stdio.h>

#include "cu2hip/diag.h"
#include "cu2hip/project.h"

/* GCC/clang style, one line each: path:line:col: severity: message [check].
 * Returns 0 or C2H_ERR_IO. */
int c2h_report_text(FILE *out, const c2h_diag_list *diags);

/* One line: files, changes, edits and diagnostics by severity. */
int c2h_report_summary(FILE *out, const c2h_project_summary *sum);

#endif
