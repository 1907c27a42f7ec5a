/* Test driver: translates one build script and prints the result.
 *
 * usage: buildfile_driver [--arch=ARCH] [--rename=FROM=TO]... [--kind=cmake|make|setup.py] FILE
 *
 * The translation goes to stdout, the diagnostics to stderr as
 * "path:line:col: severity: message [check]" lines (followed by
 * "  replacement: TEXT" lines when a replacement is suggested). FILE is named
 * in diagnostics as given. Exit status: 0 done, 2 usage or I/O error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/buildfiles.h"

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    char *p = realloc(buf, cap *= 2);
    if (!p) {
      free(buf);
      buf = NULL;
    }
    buf = p;
  }
  fclose(f);
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  const char *from[64], *to[64], *path = NULL;
  size_t n_renamed = 0;
  c2h_buildfile_options opt = {NULL, from, to, 0, NULL, 0, 0};
  c2h_buildfile_kind kind = C2H_BUILDFILE_NONE;
  int status = 2;
  char *src = NULL;
  c2h_file_result res;
  c2h_file_result_init(&res);
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--arch=", 7) == 0) {
      opt.offload_arch = argv[i] + 7;
    } else if (strncmp(argv[i], "--rename=", 9) == 0 && n_renamed < 64) {
      char *eq = strchr(argv[i] + 9, '=');
      if (!eq) goto usage;
      *eq = '\0';
      from[n_renamed] = argv[i] + 9;
      to[n_renamed++] = eq + 1;
    } else if (strcmp(argv[i], "--kind=cmake") == 0) {
      kind = C2H_BUILDFILE_CMAKE;
    } else if (strcmp(argv[i], "--kind=make") == 0) {
      kind = C2H_BUILDFILE_MAKE;
    } else if (strcmp(argv[i], "--kind=setup.py") == 0) {
      kind = C2H_BUILDFILE_SETUP_PY;
    } else if (argv[i][0] != '-' && !path) {
      path = argv[i];
    } else {
      goto usage;
    }
  }
  if (!path) goto usage;
  opt.n_renamed = n_renamed;
  size_t len = 0;
  src = slurp(path, &len);
  if (!src) {
    fprintf(stderr, "buildfile_driver: cannot read %s\n", path);
    goto done;
  }
  if (kind == C2H_BUILDFILE_NONE) kind = c2h_buildfile_kind_of_text(path, src, len);
  c2h_error err;
  c2h_error_clear(&err);
  if (c2h_buildfile_translate(kind, path, src, len, &opt, &res, &err)) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    goto done;
  }
  fwrite(res.output, 1, res.output_len, stdout);
  for (size_t i = 0; i < res.diags.len; i++) {
    const c2h_diag *d = &res.diags.items[i];
    fprintf(stderr, "%s:%u:%u: %s: %s [%s]\n", d->path, d->begin.line, d->begin.col,
            c2h_severity_name(d->severity), d->message, c2h_check_name(d->check));
    if (d->replacement) {
      fputs("  replacement: ", stderr);
      for (const char *p = d->replacement; *p; p++) {
        if (*p == '\n')
          fputs("\\n", stderr);
        else
          fputc(*p, stderr);
      }
      fputc('\n', stderr);
    }
  }
  status = 0;
  goto done;
usage:
  fprintf(stderr, "usage: buildfile_driver [--arch=ARCH] [--rename=FROM=TO]... [--kind=cmake|make|setup.py] FILE\n");
done:
  c2h_file_result_dispose(&res);
  free(src);
  return status;
}
