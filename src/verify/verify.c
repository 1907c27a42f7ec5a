/* --verify: compiles translated sources with the compiler `cu2hip doctor`
 * would recommend and turns the compiler's errors into `compile-error`
 * diagnostics. The compiles run in a private temporary folder (which is
 * also their TMPDIR), so nothing is left behind, and their objects are
 * thrown away. See include/cu2hip/verify.h. */
#define _XOPEN_SOURCE 700 /* getcwd */
#include "cu2hip/verify.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/cpus.h"
#include "util/file.h"
#include "util/proc.h"
#include "verify/toolchain.h"

enum {
  MAX_ERRORS_PER_UNIT = 20,
  DEFAULT_TIMEOUT_MS = 300000,
  MAX_JOBS = 64
};

/* What one unit needs while it compiles, and what it found. */
typedef struct unit_run {
  char *path;          /* absolute */
  char **argv;         /* the compile, NULL-terminated; strings borrowed except obj */
  size_t argc;
  char *obj;           /* the object thrown away, in the scratch folder (NULL: syntax only) */
  char *command;       /* the compile as shown to users (without -o) */
  char *depfile;       /* the files the compile read, in the scratch folder (NULL: not asked for) */
  char **reads;        /* what depfile lists, after a compile that succeeded (owned) */
  int failed;          /* the compile failed */
  c2h_diag_list diags;
} unit_run;

typedef struct verify_ctx {
  const c2h_toolchain *tc;
  const char *dir;     /* the scratch folder: the compiles' cwd */
  long timeout_ms;
  unit_run *runs;
  size_t n;
  c2h_verify_summary *sum;
  const c2h_verify_options *o; /* for its progress callback */
  size_t done;                 /* compiles finished (progress) */
} verify_ctx;

/* Formatted strings come from util/buf.c. */
#define fmt c2h_strdup_printf

/* ---- the compiler's output ---------------------------------------------- */

/* One `PATH:LINE:COL: error: MESSAGE` (or `fatal error:`) line. */
typedef struct error_line {
  const char *path, *msg;
  size_t path_len, msg_len;
  unsigned line, col;
} error_line;

static const char *find_in(const char *s, size_t n, const char *needle) {
  size_t m = strlen(needle);
  for (size_t i = 0; i + m <= n; i++)
    if (s[i] == needle[0] && memcmp(s + i, needle, m) == 0) return s + i;
  return NULL;
}

/* Reads digits that end at *end (exclusive), moving *end before them.
 * Returns 0 when there are none. */
static int digits_before(const char *s, const char **end, unsigned *value) {
  const char *p = *end;
  while (p > s && p[-1] >= '0' && p[-1] <= '9') p--;
  if (p == *end || *end - p > 9) return 0;
  unsigned v = 0;
  for (const char *q = p; q < *end; q++) v = v * 10 + (unsigned)(*q - '0');
  *value = v;
  *end = p;
  return 1;
}

/* Whether line s[0..n) is a compiler error at a place in a file. Driver
 * errors (`clang++-19: error: ...`) have no line and are not; neither are
 * the source lines clang quotes under an error (they are indented). */
static int parse_error_line(const char *s, size_t n, error_line *e) {
  if (!n || s[0] == ' ' || s[0] == '\t') return 0;
  const char *plain = find_in(s, n, ": error: ");
  const char *fatal = find_in(s, n, ": fatal error: ");
  const char *mark = plain && (!fatal || plain < fatal) ? plain : fatal;
  if (!mark) return 0;
  const char *msg = mark + (mark == plain ? 9 : 15);
  const char *end = mark;
  unsigned a = 0, b = 0;
  if (!digits_before(s, &end, &b)) return 0;
  if (end > s && end[-1] == ':') {
    const char *before = end - 1;
    if (digits_before(s, &before, &a) && before > s && before[-1] == ':') {
      end = before; /* PATH:LINE:COL */
    } else {
      a = b; /* PATH:LINE */
      b = 0;
    }
  } else {
    return 0;
  }
  e->path = s;
  e->path_len = (size_t)(end - 1 - s);
  if (!e->path_len) return 0;
  e->line = a;
  e->col = b;
  e->msg = msg;
  e->msg_len = (size_t)(s + n - msg);
  while (e->msg_len && (msg[e->msg_len - 1] == ' ' || msg[e->msg_len - 1] == '\r')) e->msg_len--;
  return 1;
}

/* Whether d already says what e says (d's message may have more after a blank). */
static int same_diag(const c2h_diag *d, const char *path, const error_line *e) {
  if (d->begin.line != e->line || d->begin.col != e->col || strcmp(d->path, path) != 0) return 0;
  if (strncmp(d->message, e->msg, e->msg_len) != 0) return 0;
  return d->message[e->msg_len] == '\0' || d->message[e->msg_len] == ' ';
}

/* The last line of out that is not blank, NUL-terminated in a copy. */
static char *last_line(const char *out) {
  const char *end = out + strlen(out);
  while (end > out && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t')) end--;
  const char *start = end;
  while (start > out && start[-1] != '\n') start--;
  while (start < end && (*start == ' ' || *start == '\t')) start++;
  return c2h_strndup(start, (size_t)(end - start));
}

static int add_diag(unit_run *r, const char *path, unsigned line, unsigned col, const char *msg) {
  c2h_pos pos = {line, col, 0};
  return c2h_diag_list_add(&r->diags, path, pos, pos, c2h_check_default_severity(C2H_CHECK_COMPILE_ERROR),
                           C2H_CHECK_COMPILE_ERROR, NULL, "%s", msg);
}

/* The message of the unit's first diagnostic names the command. */
static char *with_command(const unit_run *r, const char *msg) {
  return r->diags.len ? c2h_strdup(msg) : fmt("%s (compiled with: %s)", msg, r->command);
}

/* The compiler's errors, at most MAX_ERRORS_PER_UNIT of them. */
static int add_errors(const verify_ctx *v, unit_run *r, const char *out) {
  size_t hidden = 0;
  for (const char *s = out; *s;) {
    size_t n = strcspn(s, "\n");
    error_line e;
    if (parse_error_line(s, n, &e)) {
      /* A relative path is relative to where the compiler ran. */
      char *path = e.path[0] == '/' ? c2h_strndup(e.path, e.path_len)
                                    : fmt("%s/%.*s", v->dir, (int)e.path_len, e.path);
      char *raw = c2h_strndup(e.msg, e.msg_len);
      int dup = 0;
      for (size_t k = 0; path && k < r->diags.len && !dup; k++) dup = same_diag(&r->diags.items[k], path, &e);
      char *msg = path && raw && !dup && r->diags.len < MAX_ERRORS_PER_UNIT ? with_command(r, raw) : NULL;
      int rc = !path || !raw ? C2H_ERR_NOMEM : 0;
      if (!rc && !dup && r->diags.len >= MAX_ERRORS_PER_UNIT) hidden++;
      else if (!rc && !dup) rc = msg ? add_diag(r, path, e.line, e.col, msg) : C2H_ERR_NOMEM;
      free(path);
      free(raw);
      free(msg);
      if (rc) return rc;
    }
    s += n;
    if (*s) s++;
  }
  if (hidden) {
    c2h_diag *last = &r->diags.items[r->diags.len - 1];
    char *msg = fmt("%s (... and %zu more error%s)", last->message, hidden, hidden == 1 ? "" : "s");
    if (!msg) return C2H_ERR_NOMEM;
    free(last->message);
    last->message = msg;
  }
  return 0;
}

static void format_duration(char *buf, size_t size, long ms) {
  if (ms % 1000 == 0) snprintf(buf, size, "%ld s", ms / 1000);
  else snprintf(buf, size, "%ld ms", ms);
}

/* ---- the files a compile read ------------------------------------------ */

/* One word of a Makefile rule as clang writes it, in *word (NULL at the
 * end): blanks end it unless escaped ("\ "), "\" before a newline continues
 * the line, "$$" is "$". Returns 0 or C2H_ERR_NOMEM. */
static int next_word(const char **s, char **word) {
  const char *p = *s;
  *word = NULL;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    if (p[0] == '\\' && p[1] == '\n') p += 2;
    else if (p[0] == '\\' && p[1] == '\r' && p[2] == '\n') p += 3;
    else break;
  }
  if (!*p) return 0;
  c2h_buf b;
  c2h_buf_init(&b);
  int rc = 0;
  while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && !rc) {
    if ((p[0] == '\\' && (p[1] == ' ' || p[1] == '#' || p[1] == '\\')) || (p[0] == '$' && p[1] == '$')) p++;
    rc = c2h_buf_append(&b, p++, 1);
  }
  *s = p;
  if (!rc && !(*word = c2h_buf_detach(&b, NULL))) rc = C2H_ERR_NOMEM;
  c2h_buf_dispose(&b);
  return rc;
}

/* r->reads from the depfile of a compile that succeeded. A depfile that
 * cannot be read leaves r->reads NULL: the unit is then not remembered. */
static int read_depfile(const verify_ctx *v, unit_run *r) {
  char *path = c2h_path_join(v->dir, r->depfile), *text = NULL;
  size_t len = 0, n = 0, cap = 16;
  c2h_error err;
  if (!path) return C2H_ERR_NOMEM;
  int read_rc = c2h_file_read(path, &text, &len, &err);
  unlink(path);
  free(path);
  if (read_rc) return read_rc == C2H_ERR_NOMEM ? read_rc : 0;
  char **list = malloc(cap * sizeof *list), *w = NULL;
  const char *s = text;
  int rc = list ? next_word(&s, &w) : C2H_ERR_NOMEM; /* the target, "OBJ:" */
  free(w);
  while (!rc && !(rc = next_word(&s, &w)) && w) {
    /* A relative path is relative to where the compiler ran. */
    char *abs = w[0] == '/' ? w : c2h_path_join(v->dir, w);
    if (abs != w) free(w);
    if (!abs) {
      rc = C2H_ERR_NOMEM;
    } else if (n + 1 == cap) {
      char **grown = realloc(list, (cap *= 2) * sizeof *grown);
      if (grown) list = grown;
      else rc = C2H_ERR_NOMEM;
    }
    if (rc) free(abs);
    else list[n++] = abs;
  }
  free(text);
  if (rc) {
    for (size_t i = 0; list && i < n; i++) free(list[i]);
    free(list);
    return rc;
  }
  list[n] = NULL;
  r->reads = list;
  return 0;
}

/* Turns what the compile of r printed into diagnostics and counts it. */
static int finish_unit(verify_ctx *v, unit_run *r, const c2h_proc *p, int start_errno) {
  if (p->pid && !p->timed_out && p->code == 0) {
    v->sum->compiled++;
    return r->depfile ? read_depfile(v, r) : 0;
  }
  v->sum->failed++;
  r->failed = 1;
  const char *out = p->out ? p->out : "";
  int rc = p->timed_out ? 0 : add_errors(v, r, out);
  if (rc || r->diags.len) return rc;
  char *how;
  if (!p->pid) {
    how = fmt("the compiler could not be started: %s", strerror(start_errno));
  } else if (p->timed_out) {
    char limit[32];
    format_duration(limit, sizeof limit, v->timeout_ms);
    how = fmt("the compile did not finish within %s and was stopped (timed out)", limit);
  } else if (p->code == 127 && !*out) {
    how = fmt("the compiler %s could not be run", v->tc->argv[0]);
  } else {
    char *last = last_line(out);
    char status[32];
    if (p->code >= 0) snprintf(status, sizeof status, "exit status %d", p->code);
    else snprintf(status, sizeof status, "killed by a signal");
    how = !last ? NULL
          : *last ? fmt("the compile failed (%s) without an error at a line of a file: %s", status, last)
                  : fmt("the compile failed (%s) without printing anything", status);
    free(last);
  }
  char *msg = how ? with_command(r, how) : NULL;
  rc = msg ? add_diag(r, r->path, 0, 0, msg) : C2H_ERR_NOMEM;
  free(how);
  free(msg);
  return rc;
}

/* ---- units -------------------------------------------------------------- */

/* The unit's compile: the toolchain's flags, the unit's, then the file. */
static int prepare_unit(const verify_ctx *v, const c2h_verify_unit *u, size_t index, int deps, unit_run *r) {
  c2h_diag_list_init(&r->diags);
  if (u->path[0] == '/') {
    r->path = c2h_strdup(u->path);
  } else {
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return C2H_ERR_IO;
    r->path = c2h_path_join(cwd, u->path);
  }
  if (!r->path) return C2H_ERR_NOMEM;
  const c2h_toolchain *tc = v->tc;
  r->argv = malloc((tc->argc + u->n_args + 9) * sizeof *r->argv);
  if (!r->argv) return C2H_ERR_NOMEM;
  size_t n = 0;
  for (size_t i = 0; i < tc->argc; i++) r->argv[n++] = tc->argv[i];
  for (size_t i = 0; i < u->n_args; i++) r->argv[n++] = (char *)u->args[i];
  if (tc->syntax_only) {
    r->argv[n++] = "-nogpulib";
    r->argv[n++] = "-fsyntax-only";
    r->argv[n++] = r->path;
  } else {
    r->argv[n++] = "-c";
    r->argv[n++] = r->path;
  }
  r->command = c2h_argv_join(r->argv, n);
  if (!r->command) return C2H_ERR_NOMEM;
  if (!tc->syntax_only) {
    r->obj = fmt("unit-%zu.o", index);
    if (!r->obj) return C2H_ERR_NOMEM;
    r->argv[n++] = "-o";
    r->argv[n++] = r->obj;
  }
  if (deps) {
    if (!(r->depfile = fmt("unit-%zu.d", index))) return C2H_ERR_NOMEM;
    r->argv[n++] = "-MD";
    r->argv[n++] = "-MF";
    r->argv[n++] = r->depfile;
  }
  r->argv[n] = NULL;
  r->argc = n;
  return 0;
}

static void dispose_unit(unit_run *r) {
  free(r->path);
  free(r->argv);
  free(r->obj);
  free(r->command);
  free(r->depfile);
  for (size_t i = 0; r->reads && r->reads[i]; i++) free(r->reads[i]);
  free(r->reads);
  c2h_diag_list_dispose(&r->diags);
}

static unsigned job_count(unsigned jobs, size_t n) {
  unsigned k = jobs ? jobs : c2h_usable_cpus();
  if (k > MAX_JOBS) k = MAX_JOBS;
  if ((size_t)k > n) k = (unsigned)n;
  return k ? k : 1;
}

/* One more compile finished: tells the progress callback. */
static void unit_done(verify_ctx *v, const unit_run *r) {
  v->done++;
  if (v->o->progress) v->o->progress(v->o->progress_ctx, v->done, v->n, r->path);
}

/* Compiles every unit, `jobs` at a time. */
static int compile_all(verify_ctx *v, unsigned jobs) {
  c2h_proc *slots = calloc(jobs, sizeof *slots);
  size_t *owner = calloc(jobs, sizeof *owner);
  int rc = slots && owner ? 0 : C2H_ERR_NOMEM;
  size_t next = 0, running = 0;
  while (!rc && (next < v->n || running)) {
    for (size_t s = 0; s < jobs && next < v->n && !rc; s++) {
      if (slots[s].pid) continue;
      unit_run *r = &v->runs[next];
      int start = c2h_proc_start(&slots[s], r->argv, v->dir, v->timeout_ms);
      int start_errno = errno;
      if (start == C2H_ERR_NOMEM) {
        rc = start;
      } else if (start) {
        rc = finish_unit(v, r, &slots[s], start_errno);
        unit_done(v, r);
        c2h_proc_dispose(&slots[s]);
      } else {
        owner[s] = next;
        running++;
      }
      next++;
    }
    if (rc || !running) continue;
    rc = c2h_proc_wait(slots, jobs, 0);
    for (size_t s = 0; s < jobs && !rc; s++) {
      if (!slots[s].pid || !slots[s].exited) continue;
      unit_run *r = &v->runs[owner[s]];
      rc = finish_unit(v, r, &slots[s], 0);
      unit_done(v, r);
      if (r->obj) {
        char *obj = c2h_path_join(v->dir, r->obj);
        if (obj) unlink(obj);
        free(obj);
      }
      c2h_proc_dispose(&slots[s]);
      running--;
    }
  }
  for (size_t s = 0; slots && s < jobs; s++) c2h_proc_dispose(&slots[s]);
  free(slots);
  free(owner);
  return rc;
}

static char *summary_command(const c2h_toolchain *tc, const c2h_arch *arch) {
  char *base = c2h_argv_join(tc->argv, tc->argc);
  if (!base) return NULL;
  char *s = tc->syntax_only
                ? fmt("%s -nogpulib -fsyntax-only FILE (syntax check only: no ROCm device library for %s here, "
                      "so device code is not compiled to machine code; see `cu2hip doctor`)",
                      base, arch->base)
                : fmt("%s -c FILE", base);
  free(base);
  return s;
}

/* What an incremental check keys on besides the unit's own flags and the
 * files it reads: the compiler's command for the architecture, its
 * `--version` text (another build of the compiler under the same path),
 * the device-library folder and whether the check is syntax only. */
static char *compiler_id(const c2h_toolchain *tc, const c2h_arch *arch, const char *device_lib_path,
                         const char *dir) {
  char *version = NULL;
  char *argv[] = {tc->argv[0], "--version", NULL};
  int status = c2h_proc_run(argv, dir, DEFAULT_TIMEOUT_MS, &version);
  char *base = c2h_argv_join(tc->argv, tc->argc);
  char *id = base && version ? fmt("%s\n%s\nstatus %d\n%s\n%s\n%s", base, arch->name, status,
                                   device_lib_path ? device_lib_path : "", tc->syntax_only ? "syntax-only" : "compile",
                                   version)
                             : NULL;
  free(base);
  free(version);
  return id;
}

int c2h_verify_run(const c2h_verify_options *o, const c2h_verify_unit *units, size_t n, c2h_diag_list *diags,
                   c2h_verify_summary *sum, c2h_error *err) {
  memset(sum, 0, sizeof *sum);
  c2h_verify_options none;
  memset(&none, 0, sizeof none);
  if (!o) o = &none;
  const char *arch_text = o->offload_arch ? o->offload_arch : "gfx942";
  c2h_arch arch;
  if (c2h_arch_parse(arch_text, &arch) != 0)
    return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0,
                         "'%s' is not an AMD GPU architecture (gfxNNN, optionally with :feature+/-)", arch_text);
  for (size_t i = 0; i < n; i++)
    if (!units[i].path || !*units[i].path)
      return c2h_error_set(err, C2H_ERR_USAGE, NULL, 0, 0, "unit %zu has no path", i);

  char *dir = c2h_proc_scratch_make("cu2hip-verify");
  if (!dir)
    return c2h_error_set(err, errno == ENOMEM ? C2H_ERR_NOMEM : C2H_ERR_IO, NULL, 0, 0,
                         "cannot make a temporary folder to compile in: %s", strerror(errno));
  c2h_toolchain tc;
  c2h_toolchain_request rq = {&arch, o->compiler, o->hip_path, o->device_lib_path, dir};
  int rc = c2h_toolchain_select(&rq, &tc, err);
  if (rc) {
    c2h_proc_remove_tree(dir);
    free(dir);
    return rc;
  }
  /* Units known to compile are left out; `todo` maps a compile to its unit. */
  unsigned char *skip = calloc(n ? n : 1, 1);
  size_t *todo = calloc(n ? n : 1, sizeof *todo), n_todo = 0;
  rc = skip && todo ? 0 : C2H_ERR_NOMEM;
  if (!rc && o->up_to_date) {
    char *id = compiler_id(&tc, &arch, o->device_lib_path, dir);
    rc = id ? o->up_to_date(o->up_to_date_ctx, id, units, n, skip) : C2H_ERR_NOMEM;
    free(id);
    if (!rc && !(sum->reads = calloc(n ? n : 1, sizeof *sum->reads))) rc = C2H_ERR_NOMEM;
    sum->n_reads = n;
  }
  for (size_t i = 0; i < n && !rc; i++) {
    if (skip[i]) sum->up_to_date++;
    else todo[n_todo++] = i;
  }
  verify_ctx v = {&tc, dir, o->timeout_ms > 0 ? o->timeout_ms : DEFAULT_TIMEOUT_MS, NULL, n_todo, sum, o, 0};
  if (!rc) sum->command = summary_command(&tc, &arch);
  sum->syntax_only = tc.syntax_only;
  if (!rc && !(sum->unit_failed = calloc(n ? n : 1, 1))) rc = C2H_ERR_NOMEM;
  v.runs = calloc(n_todo ? n_todo : 1, sizeof *v.runs);
  if (!rc) rc = sum->command && v.runs ? 0 : C2H_ERR_NOMEM;
  size_t prepared = 0;
  for (; prepared < n_todo && !rc; prepared++)
    rc = prepare_unit(&v, &units[todo[prepared]], prepared, o->up_to_date != NULL, &v.runs[prepared]);
  if (!rc && n_todo && o->progress) o->progress(o->progress_ctx, 0, n_todo, "");
  if (!rc && n_todo) rc = compile_all(&v, job_count(o->jobs, n_todo));
  /* In unit order, so that the report does not depend on the jobs. */
  for (size_t i = 0; i < n_todo && !rc; i++) {
    rc = c2h_diag_list_move(diags, &v.runs[i].diags);
    sum->unit_failed[todo[i]] = (unsigned char)v.runs[i].failed;
    if (sum->reads) {
      sum->reads[todo[i]] = v.runs[i].reads;
      v.runs[i].reads = NULL;
    }
  }
  for (size_t i = 0; v.runs && i < prepared; i++) dispose_unit(&v.runs[i]);
  free(v.runs);
  free(skip);
  free(todo);
  c2h_toolchain_dispose(&tc);
  c2h_proc_remove_tree(dir);
  free(dir);
  if (rc) {
    c2h_verify_summary_dispose(sum);
    return c2h_error_set(err, rc, NULL, 0, 0, rc == C2H_ERR_IO ? "cannot tell the current folder" : "out of memory");
  }
  return 0;
}

void c2h_verify_summary_dispose(c2h_verify_summary *s) {
  if (!s) return;
  free(s->command);
  for (size_t i = 0; s->reads && i < s->n_reads; i++) {
    for (size_t k = 0; s->reads[i] && s->reads[i][k]; k++) free(s->reads[i][k]);
    free(s->reads[i]);
  }
  free(s->reads);
  free(s->unit_failed);
  memset(s, 0, sizeof *s);
}
