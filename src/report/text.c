#include <stdio.h>

#include "report.h"

int c2h_report_text(FILE *out, const c2h_diag_list *diags) {
  for (size_t i = 0; i < diags->len; i++) {
    const c2h_diag *d = &diags->items[i];
    if (d->begin.line)
      fprintf(out, "%s:%u:%u: ", d->path, d->begin.line, d->begin.col);
    else
      fprintf(out, "%s: ", d->path);
    fprintf(out, "%s: %s [%s]\n", c2h_severity_name(d->severity), d->message, c2h_check_name(d->check));
  }
  return ferror(out) ? C2H_ERR_IO : 0;
}

static const char *plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

int c2h_report_summary(FILE *out, const c2h_project_summary *s, int check_only) {
  fprintf(out, "cu2hip: %zu %s %s (%zu %s, %zu %s), %zu %s, %zu %s, %zu %s", s->files,
          plural(s->files, "file", "files"), check_only ? "checked" : "translated", s->changed,
          check_only ? "would change" : "changed", s->edits, plural(s->edits, "edit", "edits"),
          s->by_severity[C2H_SEV_ERROR], plural(s->by_severity[C2H_SEV_ERROR], "error", "errors"),
          s->by_severity[C2H_SEV_WARNING], plural(s->by_severity[C2H_SEV_WARNING], "warning", "warnings"),
          s->by_severity[C2H_SEV_NOTE], plural(s->by_severity[C2H_SEV_NOTE], "note", "notes"));
  if (s->suppressed) fprintf(out, ", %zu suppressed", s->suppressed);
  if (s->copied) fprintf(out, "; %zu other %s copied", s->copied, plural(s->copied, "file", "files"));
  if (s->renamed) fprintf(out, "; %zu renamed", s->renamed);
  if (s->reused) fprintf(out, "; %zu up to date (not redone)", s->reused);
  if (s->kept_edited)
    fprintf(out, "; %zu edited %s kept (not redone)", s->kept_edited, plural(s->kept_edited, "output", "outputs"));
  size_t checked = s->verified + s->verify_syntax_checked + s->verify_up_to_date + s->verify_failed;
  /* A syntax-only check is never called a compile (see c2h_verify_status). */
  if (checked && s->verify_mode == C2H_VERIFY_SYNTAX_ONLY)
    fprintf(out, "; %zu %s syntax-checked only by --verify (no %s device library): %zu passed, %zu up to date, "
            "%zu failed",
            checked, plural(checked, "source", "sources"), s->verify_arch, s->verify_syntax_checked,
            s->verify_up_to_date, s->verify_failed);
  else if (checked)
    fprintf(out, "; %zu %s checked by --verify: %zu compiled, %zu up to date, %zu failed", checked,
            plural(checked, "source", "sources"), s->verified, s->verify_up_to_date, s->verify_failed);
  if (s->verify_parts)
    fprintf(out, ", %zu #included %s checked within %s includer", s->verify_parts,
            plural(s->verify_parts, "part", "parts"), plural(s->verify_parts, "its", "their"));
  if (s->verify_mode == C2H_VERIFY_FAILED) fputs("; --verify could not compile anything (see the error)", out);
  if (s->input_errors)
    fprintf(out, "; %zu %s could not be processed", s->input_errors,
            plural(s->input_errors, "input", "inputs"));
  fputc('\n', out);
  return ferror(out) ? C2H_ERR_IO : 0;
}
