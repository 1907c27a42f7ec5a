/* Test driver: prints the tokens cu2hip's Python tokenizer finds in FILE,
 * one per record (the token's bytes, then a NUL and a newline), and a last
 * line "LINES N" with the number of logical lines; "BAD OFFSET WHAT" first
 * when the text could not be read to its end. Compared with Python's own
 * tokenize module by tests/buildfiles/python_tokens_test.sh.
 *
 * usage: py_tokens_driver FILE    exit status: 0 done, 2 usage or I/O error */
#include <stdio.h>
#include <stdlib.h>

#include "buildfiles/buildfiles.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: py_tokens_driver FILE\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *p = realloc(buf, cap *= 2);
      if (!p) free(buf);
      buf = p;
    }
  }
  fclose(f);
  if (!buf) return 2;
  c2h_py_file p;
  int status = 2;
  if (c2h_py_tokenize(buf, n, &p) == 0) {
    if (p.bad) printf("BAD %zu %s\n", p.bad_at, p.bad_what);
    for (size_t i = 0; i < p.n_toks; i++) {
      fwrite(buf + p.toks[i].b, 1, p.toks[i].e - p.toks[i].b, stdout);
      fputs("\n", stdout);
      fputc('\0', stdout);
      fputs("\n", stdout);
    }
    printf("LINES %zu\n", p.n_lines);
    status = 0;
  }
  c2h_py_file_dispose(&p);
  free(buf);
  return status;
}
