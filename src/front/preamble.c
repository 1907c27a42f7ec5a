/* The standard-header preamble of a source (preamble.h). */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "front/preamble.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/buf.h"

/* The C and C++ standard library's headers, and the POSIX ones code most
 * often starts with. */
static const char *const standard[] = {
    "algorithm", "any", "array", "atomic", "bitset", "cassert", "cctype", "cerrno", "cfloat", "chrono",
    "cinttypes", "climits", "cmath", "complex", "condition_variable", "cstdarg", "cstddef", "cstdint", "cstdio",
    "cstdlib", "cstring", "ctime", "deque", "exception", "fstream", "functional", "future", "initializer_list",
    "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "limits", "list", "map", "memory", "mutex",
    "new", "numeric", "optional", "ostream", "queue", "random", "ratio", "regex", "set", "sstream", "stack",
    "stdexcept", "streambuf", "string", "string_view", "system_error", "thread", "tuple", "type_traits",
    "typeinfo", "unordered_map", "unordered_set", "utility", "valarray", "variant", "vector",
    "assert.h", "ctype.h", "errno.h", "float.h", "inttypes.h", "limits.h", "math.h", "stdarg.h", "stdbool.h",
    "stddef.h", "stdint.h", "stdio.h", "stdlib.h", "string.h", "time.h",
    "locale.h", "setjmp.h", "signal.h", "wchar.h", "cwchar", "csignal", "clocale", "csetjmp", "forward_list",
    "typeindex", "locale", "shared_mutex", "scoped_allocator",
    "unistd.h", "fcntl.h", "pthread.h", "dirent.h", "strings.h", "sched.h", "semaphore.h", "libgen.h", "getopt.h",
    "sys/time.h", "sys/types.h", "sys/stat.h", "sys/mman.h", "sys/utsname.h", "sys/wait.h", "sys/resource.h",
    "sys/socket.h", "netinet/in.h", "netdb.h", "arpa/inet.h", NULL};

/* Macros of other platforms than the one parsed for (Linux): a block that
 * only tests them is known to be skipped, or known to be read, unless a
 * flag or the shim defines them. */
static const char *const other_platforms[] = {"WIN32", "_WIN32", "WIN64", "_WIN64", "_MSC_VER", "__MINGW32__",
                                              "__MINGW64__", "__CYGWIN__", "__APPLE__", NULL};

#define MAX_NAMES 128
#define MAX_FILES 64
#define MAX_DEPTH 16
#define MAX_CONDS 16
/* Bytes of a project header read: its leading includes are near the top. */
#define HEAD_BYTES (256u << 10)

static int in_list(const char *const *list, const char *name, size_t n) {
  for (size_t i = 0; list[i]; i++)
    if (strlen(list[i]) == n && memcmp(list[i], name, n) == 0) return 1;
  return 0;
}

/* Past blanks and comments from p; a line splice or anything else stops. */
static size_t skip_blank(const char *s, size_t len, size_t p) {
  while (p < len) {
    if (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r' || s[p] == '\f' || s[p] == '\v') {
      p++;
    } else if (p + 1 < len && s[p] == '/' && s[p + 1] == '/') {
      while (p < len && s[p] != '\n') {
        if (s[p] == '\\') return p; /* a continued comment: not worth the doubt */
        p++;
      }
    } else if (p + 1 < len && s[p] == '/' && s[p + 1] == '*') {
      const char *end = NULL;
      for (size_t q = p + 2; q + 1 < len; q++)
        if (s[q] == '*' && s[q + 1] == '/') {
          end = s + q;
          break;
        }
      if (!end) return len;
      p = (size_t)(end - s) + 2;
    } else {
      break;
    }
  }
  return p;
}

static size_t skip_space(const char *s, size_t len, size_t p) {
  while (p < len && (s[p] == ' ' || s[p] == '\t')) p++;
  return p;
}

static int ident_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The identifier at p (its end), p itself when there is none. */
static size_t ident_end(const char *s, size_t len, size_t p) {
  if (p >= len || (s[p] >= '0' && s[p] <= '9')) return p;
  while (p < len && ident_char(s[p])) p++;
  return p;
}

/* Whether the directive line ends at p: only blanks or a comment before
 * the newline (a block comment is read past by the next skip_blank). */
static int ends_line(const char *s, size_t len, size_t p) {
  p = skip_space(s, len, p);
  while (p < len && s[p] == '\r') p++;
  return p >= len || s[p] == '\n' || (p + 1 < len && s[p] == '/' && (s[p + 1] == '/' || s[p + 1] == '*'));
}

/* Past the rest of the line at p (a block comment that starts on it is
 * left for skip_blank). */
static size_t line_rest(const char *s, size_t len, size_t p) {
  while (p < len && s[p] != '\n' && !(p + 1 < len && s[p] == '/' && s[p + 1] == '*')) p++;
  return p;
}

typedef struct scan {
  const c2h_preamble_search *search;
  char *names[MAX_NAMES];
  size_t n_names;
  char *visited[MAX_FILES]; /* project headers entered */
  char finished[MAX_FILES];  /* ... and read to their end */
  size_t n_visited;
  char *guards[MAX_FILES]; /* include guards defined so far */
  size_t n_guards;
} scan;

static int add_copy(char **list, size_t *n, size_t max, const char *s, size_t len) {
  if (*n >= max) return 0;
  char *c = malloc(len + 1);
  if (!c) return 0;
  memcpy(c, s, len);
  c[len] = '\0';
  list[(*n)++] = c;
  return 1;
}

/* A name no one defines before the file is read: not reserved to the
 * implementation (which the shim and system headers use), not NDEBUG,
 * not set by a flag or the shim, not an include guard met already. */
static int surely_undefined(const scan *sc, const char *name, size_t n, int reserved_ok) {
  if (!reserved_ok && n >= 2 && name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z'))) return 0;
  if (n == 6 && memcmp(name, "NDEBUG", 6) == 0) return 0;
  if (!sc->search->maybe_defined || sc->search->maybe_defined(sc->search->ctx, name, n)) return 0;
  for (size_t i = 0; i < sc->n_guards; i++)
    if (strlen(sc->guards[i]) == n && memcmp(sc->guards[i], name, n) == 0) return 0;
  return 1;
}

/* The value of a conditional that only tests other platforms' macros, at p
 * (after the directive's name): 1 true, 0 false, -1 anything else.
 * `#ifdef M`, `#ifndef M`, `#if defined(A) || defined B ...` and
 * `#if !defined(A) && !defined(B) ...`. */
static int platform_test(const scan *sc, const char *dir, size_t dir_len, const char *s, size_t len, size_t p) {
  int ifdef = dir_len == 5 && memcmp(dir, "ifdef", 5) == 0, ifndef = dir_len == 6 && memcmp(dir, "ifndef", 6) == 0;
  int terms = 0, negated = 0;
  char op = 0;
  for (;;) {
    p = skip_space(s, len, p);
    int neg = 0;
    if (!ifdef && !ifndef) {
      if (p < len && s[p] == '!') neg = 1, p = skip_space(s, len, p + 1);
      size_t e = ident_end(s, len, p);
      if (e - p != 7 || memcmp(s + p, "defined", 7) != 0) return -1;
      p = skip_space(s, len, e);
    }
    int paren = !ifdef && !ifndef && p < len && s[p] == '(';
    if (paren) p = skip_space(s, len, p + 1);
    size_t e = ident_end(s, len, p);
    if (e == p || !in_list(other_platforms, s + p, e - p) || !surely_undefined(sc, s + p, e - p, 1)) return -1;
    p = skip_space(s, len, e);
    if (paren) {
      if (p >= len || s[p] != ')') return -1;
      p = skip_space(s, len, p + 1);
    }
    terms++;
    negated += neg;
    if (ifdef || ifndef || ends_line(s, len, p)) break;
    char this_op = 0;
    if (p + 1 < len && (s[p] == '|' || s[p] == '&') && s[p + 1] == s[p]) this_op = s[p];
    if (!this_op || (op && op != this_op)) return -1;
    op = this_op;
    p += 2;
  }
  if (!ends_line(s, len, p)) return -1;
  if (ifdef) return 0;
  if (ifndef) return 1;
  if (negated == 0 && op != '&') return 0;     /* none of them defined */
  if (negated == terms && op != '|') return 1; /* all of them undefined */
  return -1;
}

/* From p (the line after a conditional whose branch is skipped) to the
 * directive that ends the branch: returns its position ('#') and sets
 * *kind to 'e' (#endif), 'l' (#else) or 'i' (#elif), or returns len when
 * the skipped text is not simple enough to be sure where it ends. */
static size_t skip_branch(const char *s, size_t len, size_t p, char *kind) {
  int depth = 0, in_comment = 0;
  while (p < len) {
    size_t line = p, q = p;
    if (!in_comment) {
      q = skip_space(s, len, q);
      if (q < len && s[q] == '#') {
        size_t d = skip_space(s, len, q + 1), e = ident_end(s, len, d);
        if ((e - d == 2 && memcmp(s + d, "if", 2) == 0) || (e - d == 5 && memcmp(s + d, "ifdef", 5) == 0) ||
            (e - d == 6 && memcmp(s + d, "ifndef", 6) == 0)) {
          depth++;
        } else if (e - d == 5 && memcmp(s + d, "endif", 5) == 0) {
          if (depth-- == 0) return *kind = 'e', q;
        } else if (depth == 0 && e - d == 4 && memcmp(s + d, "else", 4) == 0) {
          return *kind = 'l', q;
        } else if (depth == 0 && e - d == 4 && memcmp(s + d, "elif", 4) == 0) {
          return *kind = 'i', q;
        }
      }
    }
    /* The rest of the line: block comments may run over lines; quotes or
     * a line splice make the end of a comment uncertain. */
    for (q = line; q < len && s[q] != '\n'; q++) {
      if (s[q] == '\\' && (q + 1 >= len || s[q + 1] == '\n' || s[q + 1] == '\r')) return len;
      if (in_comment) {
        if (s[q] == '*' && q + 1 < len && s[q + 1] == '/') in_comment = 0, q++;
      } else if (s[q] == '"' || s[q] == '\'') {
        const char *eol = memchr(s + q, '\n', len - q);
        if (memchr(s + q, '/', eol ? (size_t)(eol - (s + q)) : len - q)) return len;
      } else if (s[q] == '/' && q + 1 < len && s[q + 1] == '/') {
        while (q < len && s[q] != '\n') q++;
        break;
      } else if (s[q] == '/' && q + 1 < len && s[q + 1] == '*') {
        in_comment = 1;
        q++;
      }
    }
    p = q < len ? q + 1 : len;
  }
  return len;
}

/* The project header an #include names, or NULL (malloc'd path): quoted
 * names in the includer's folder, then -iquote folders; both kinds in -I
 * folders. Only regular files. */
static char *find_header(const scan *sc, const char *includer, const char *name, size_t n, int quoted) {
  const c2h_preamble_search *se = sc->search;
  size_t n_lists = 3;
  for (size_t l = 0; l < n_lists; l++) {
    size_t count = l == 0 ? 1 : l == 1 ? se->n_quote_dirs : se->n_dirs;
    if (l < 2 && !quoted) continue;
    for (size_t i = 0; i < count; i++) {
      const char *dir = NULL;
      int dir_len = 0;
      if (name[0] == '/') {
        dir = "", dir_len = 0;
      } else if (l == 0) {
        const char *slash = strrchr(includer, '/');
        dir = includer;
        dir_len = slash ? (int)(slash - includer) + 1 : 0;
      } else {
        dir = l == 1 ? se->quote_dirs[i] : se->dirs[i];
        dir_len = (int)strlen(dir);
      }
      int sep = dir_len > 0 && dir[dir_len - 1] != '/';
      char *path = c2h_strdup_printf("%.*s%s%.*s", dir_len, dir, sep ? "/" : "", (int)n, name);
      struct stat st;
      if (path && stat(path, &st) == 0 && S_ISREG(st.st_mode)) return path;
      free(path);
      if (name[0] == '/') return NULL;
    }
  }
  return NULL;
}

/* The first HEAD_BYTES of a file (malloc'd), *full when that is all of it. */
static char *read_head(const char *path, size_t *len, int *full) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *data = malloc(HEAD_BYTES + 1);
  size_t n = data ? fread(data, 1, HEAD_BYTES, f) : 0;
  *full = n < HEAD_BYTES && !ferror(f);
  fclose(f);
  if (data) data[n] = '\0';
  *len = n;
  return data;
}

static int scan_file(scan *sc, const char *path, const char *src, size_t len, int full, int depth);

/* An #include of a project header: scans it. 1 when the scan may go on
 * after the #include line. */
static int enter_header(scan *sc, const char *header, int depth) {
  /* One read to its end already is a no-op now (or reads the same
   * includes again); one still being read (a cycle) is not worth the
   * doubt. */
  for (size_t i = 0; i < sc->n_visited; i++)
    if (strcmp(sc->visited[i], header) == 0) return sc->finished[i];
  size_t at = sc->n_visited;
  if (depth >= MAX_DEPTH || !add_copy(sc->visited, &sc->n_visited, MAX_FILES, header, strlen(header))) return 0;
  sc->finished[at] = 0;
  size_t len = 0;
  int full = 0;
  char *text = read_head(header, &len, &full);
  int go_on = text && scan_file(sc, header, text, len, full, depth + 1);
  free(text);
  sc->finished[at] = (char)go_on;
  return go_on;
}

/* Reads the directives file path starts with; adds the standard headers
 * they include to sc. 1 when it was read to its end (only includes, a
 * guard, #pragma once, platform tests: including it again changes
 * nothing), 0 when the scan stops in it. full: src is the whole file. */
static int scan_file(scan *sc, const char *path, const char *src, size_t len, int full, int depth) {
  char conds[MAX_CONDS]; /* open conditionals: 'g' guard, 'a' a branch being read */
  size_t n_conds = 0, p = 0;
  int first = 1;
  if (len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0) p = 3;
  for (;; first = 0) {
    p = skip_blank(src, len, p);
    if (p >= len) return full && n_conds == 0;
    if (src[p] != '#') return 0;
    size_t d = skip_space(src, len, p + 1), e = ident_end(src, len, d);
    const char *dir = src + d;
    size_t dn = e - d;
    size_t q = skip_space(src, len, e);
    if (dn == 7 && memcmp(dir, "include", 7) == 0) {
      if (q >= len || (src[q] != '<' && src[q] != '"')) return 0;
      char close = src[q] == '<' ? '>' : '"';
      size_t b = ++q;
      while (q < len && src[q] != close && src[q] != '\n') q++;
      if (q >= len || src[q] != close || q == b || !ends_line(src, len, q + 1)) return 0;
      const char *name = src + b;
      size_t n = q - b;
      char *header = sc->search->maybe_defined ? find_header(sc, path, name, n, close == '"') : NULL;
      if (header) {
        int go_on = enter_header(sc, header, depth);
        free(header);
        if (!go_on) return 0;
      } else if (in_list(standard, name, n)) {
        if (sc->n_names < MAX_NAMES) add_copy(sc->names, &sc->n_names, MAX_NAMES, name, n);
      } else if (!(sc->search->is_cuda && sc->search->is_cuda(sc->search->ctx, name, n))) {
        return 0;
      }
      p = line_rest(src, len, q + 1);
    } else if (dn == 6 && memcmp(dir, "pragma", 6) == 0) {
      size_t o = ident_end(src, len, q);
      if (o - q != 4 || memcmp(src + q, "once", 4) != 0 || !ends_line(src, len, o)) return 0;
      p = line_rest(src, len, o);
    } else if (first && depth > 0 && dn == 6 && memcmp(dir, "ifndef", 6) == 0) {
      /* An include guard: #ifndef X, then #define X and nothing more. */
      size_t ge = ident_end(src, len, q);
      if (ge == q || !ends_line(src, len, ge) || !surely_undefined(sc, src + q, ge - q, 0)) return 0;
      size_t r = skip_blank(src, len, line_rest(src, len, ge));
      if (r >= len || src[r] != '#') return 0;
      size_t dd = skip_space(src, len, r + 1), de = ident_end(src, len, dd), m = skip_space(src, len, de);
      size_t me = ident_end(src, len, m);
      if (de - dd != 6 || memcmp(src + dd, "define", 6) != 0 || me - m != ge - q ||
          memcmp(src + m, src + q, ge - q) != 0 || !ends_line(src, len, me))
        return 0;
      if (!add_copy(sc->guards, &sc->n_guards, MAX_FILES, src + q, ge - q)) return 0;
      conds[n_conds++] = 'g';
      p = line_rest(src, len, me);
    } else if ((dn == 2 && memcmp(dir, "if", 2) == 0) || (dn == 5 && memcmp(dir, "ifdef", 5) == 0) ||
               (dn == 6 && memcmp(dir, "ifndef", 6) == 0)) {
      int value = platform_test(sc, dir, dn, src, len, e);
      if (value < 0 || n_conds >= MAX_CONDS) return 0;
      p = line_rest(src, len, e);
      if (value) {
        conds[n_conds++] = 'a';
        continue;
      }
      char kind = 0;
      size_t at = skip_branch(src, len, p, &kind);
      if (at >= len || kind == 'i') return 0;
      size_t ke = ident_end(src, len, skip_space(src, len, at + 1));
      if (!ends_line(src, len, ke)) return 0;
      if (kind == 'l') conds[n_conds++] = 'a'; /* the #else branch is read */
      p = line_rest(src, len, ke);
    } else if ((dn == 4 && (memcmp(dir, "else", 4) == 0 || memcmp(dir, "elif", 4) == 0)) && n_conds &&
               conds[n_conds - 1] == 'a') {
      /* The end of a branch that was read: the others are skipped. */
      char kind = 0;
      size_t at = line_rest(src, len, e);
      do {
        at = skip_branch(src, len, at, &kind);
        if (at >= len) return 0;
        if (kind != 'e') at = line_rest(src, len, at + 1);
      } while (kind != 'e');
      size_t ke = ident_end(src, len, skip_space(src, len, at + 1));
      if (!ends_line(src, len, ke)) return 0;
      n_conds--;
      p = line_rest(src, len, ke);
    } else if (dn == 5 && memcmp(dir, "endif", 5) == 0 && n_conds) {
      if (!ends_line(src, len, e)) return 0;
      n_conds--;
      p = line_rest(src, len, e);
    } else {
      return 0;
    }
  }
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char *c2h_preamble_of(const char *path, const char *src, size_t len, const c2h_preamble_search *search) {
  scan sc;
  memset(&sc, 0, sizeof sc);
  sc.search = search;
  scan_file(&sc, path, src, len, 1, 0);
  /* Sorted and once each: the standard headers do not depend on the order
   * they come in, and files that include the same ones share a preamble. */
  qsort(sc.names, sc.n_names, sizeof *sc.names, by_name);
  c2h_buf out;
  c2h_buf_init(&out);
  int rc = 0;
  char *text = NULL;
  for (size_t i = 0; i < sc.n_names && !rc; i++)
    if (i == 0 || strcmp(sc.names[i], sc.names[i - 1]) != 0) rc = c2h_buf_printf(&out, "#include <%s>\n", sc.names[i]);
  if (!rc && out.len) text = c2h_buf_detach(&out, NULL);
  c2h_buf_dispose(&out);
  for (size_t i = 0; i < sc.n_names; i++) free(sc.names[i]);
  for (size_t i = 0; i < sc.n_visited; i++) free(sc.visited[i]);
  for (size_t i = 0; i < sc.n_guards; i++) free(sc.guards[i]);
  return text;
}
