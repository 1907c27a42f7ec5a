#include <stdio.h>
#include <string.h>

#include "report.h"

/* Writes s with control characters escaped (\n, \t, \r, else \xNN): a
 * file name holding a newline or an escape sequence must not start a line
 * of its own that looks like a diagnostic, nor drive the terminal. */
void c2h_report_put_escaped(FILE *out, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p >= 0x20 && *p != 0x7f) fputc(*p, out);
    else if (*p == '\n') fputs("\\n", out);
    else if (*p == '\t') fputs("\\t", out);
    else if (*p == '\r') fputs("\\r", out);
    else fprintf(out, "\\x%02x", *p);
  }
}

int c2h_report_text(FILE *out, const c2h_diag_list *diags) {
  for (size_t i = 0; i < diags->len; i++) {
    const c2h_diag *d = &diags->items[i];
    c2h_report_put_escaped(out, d->path);
    if (d->begin.line) fprintf(out, ":%u:%u", d->begin.line, d->begin.col);
    fprintf(out, ": %s: ", c2h_severity_name(d->severity));
    c2h_report_put_escaped(out, d->message);
    fprintf(out, " [%s]\n", c2h_check_name(d->check));
  }
  return ferror(out) ? C2H_ERR_IO : 0;
}

static const char *plural(size_t n, const char *one, const char *many) { return n == 1 ? one : many; }

/* The files of a run, each in exactly one of these, so that the terms of
 * the summary line add up to its total. */
typedef struct run_split {
  size_t translated, changed, edits; /* translated in this run (changed: its output differs) */
  size_t up_to_date, copied, kept_edited, failed, total;
} run_split;

static void split_run(const c2h_project_summary *s, run_split *p) {
  memset(p, 0, sizeof *p);
  for (size_t i = 0; i < s->n_records; i++) {
    const c2h_project_file *f = &s->records[i];
    if (f->folder) continue; /* its error is a diagnostic of its own: no file failed */
    if (f->failed) p->failed++;
    else if (f->edited) p->kept_edited++;
    else if (f->cached) p->up_to_date++;
    else if (f->copied) p->copied++;
    else if (f->translated) {
      p->translated++;
      p->changed += f->changed != 0;
      p->edits += f->stats.edits;
    } else continue;
    p->total++;
  }
}

int c2h_report_summary(FILE *out, const c2h_project_summary *s, int check_only) {
  run_split p;
  split_run(s, &p);
  fprintf(out, "cu2hip: %zu %s: %zu %s", p.total, plural(p.total, "file", "files"), p.translated,
          check_only ? "checked" : "translated");
  if (p.translated)
    fprintf(out, " (%zu %s, %zu %s)", p.changed, check_only ? "would change" : "changed", p.edits,
            plural(p.edits, "edit", "edits"));
  if (p.up_to_date) fprintf(out, ", %zu up to date (not redone)", p.up_to_date);
  if (p.copied) fprintf(out, ", %zu copied (not CUDA)", p.copied);
  if (p.kept_edited)
    fprintf(out, ", %zu edited %s kept", p.kept_edited, plural(p.kept_edited, "output", "outputs"));
  if (p.failed) fprintf(out, ", %zu failed", p.failed);
  fprintf(out, "; %zu %s, %zu %s, %zu %s", s->by_severity[C2H_SEV_ERROR],
          plural(s->by_severity[C2H_SEV_ERROR], "error", "errors"), s->by_severity[C2H_SEV_WARNING],
          plural(s->by_severity[C2H_SEV_WARNING], "warning", "warnings"), s->by_severity[C2H_SEV_NOTE],
          plural(s->by_severity[C2H_SEV_NOTE], "note", "notes"));
  if (s->suppressed) fprintf(out, ", %zu suppressed", s->suppressed);
  if (s->renamed) fprintf(out, "; %zu renamed", s->renamed);
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
  fputc('\n', out);
  return ferror(out) ? C2H_ERR_IO : 0;
}
