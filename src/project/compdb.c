/* The compile database reader: compile_commands.json entries turned into the
 * parser flags of each file. Only whole-file failures (unreadable, not JSON,
 * not an array) are errors; an entry that cannot be used is a problem on a
 * list, so one bad entry among thousands costs that entry only. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cu2hip/compdb.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/strmap.h"

/* ---- memory ------------------------------------------------------------- */

/* Every string and array an entry points to lives in one arena, freed at
 * once: databases have tens of thousands of entries with dozens of flags. */
typedef struct arena_block {
  struct arena_block *next;
  size_t used, cap;
  max_align_t data[];
} arena_block;

enum { ARENA_BLOCK = 64 * 1024 };

static void *arena_alloc(arena_block **head, size_t size) {
  const size_t align = alignof(max_align_t);
  if (size > SIZE_MAX - sizeof(arena_block) - align) return NULL;
  size = (size + align - 1) / align * align;
  arena_block *b = *head;
  if (b && b->cap - b->used >= size) {
    void *p = (char *)b->data + b->used;
    b->used += size;
    return p;
  }
  size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
  arena_block *nb = malloc(sizeof *nb + cap);
  if (!nb) return NULL;
  nb->used = size;
  nb->cap = cap;
  /* A large request gets a block of its own behind the current one, which
   * keeps serving the small strings. */
  if (b && size > ARENA_BLOCK / 4) {
    nb->next = b->next;
    b->next = nb;
  } else {
    nb->next = b;
    *head = nb;
  }
  return nb->data;
}

static void arena_free(arena_block *b) {
  while (b) {
    arena_block *next = b->next;
    free(b);
    b = next;
  }
}

/* items with room for len + 1 elements of elem bytes: items itself, or a
 * larger copy (*cap updated), or NULL when out of memory (items untouched). */
static void *grown(void *items, size_t *cap, size_t len, size_t elem) {
  if (len < *cap) return items;
  size_t n = *cap ? *cap * 2 : 16;
  if (n > SIZE_MAX / elem) return NULL;
  void *p = realloc(items, n * elem);
  if (p) *cap = n;
  return p;
}

struct c2h_compdb {
  char *path;
  arena_block *arena;
  c2h_compdb_entry *entries;
  size_t n_entries, cap_entries;
  c2h_compdb_problem *problems;
  size_t n_problems, cap_problems;
  c2h_strmap by_file; /* entry file -> index in entries */
};

/* State while one database is read. */
typedef struct loader {
  c2h_compdb *db;
  char *base_dir; /* absolute: resolves a relative "directory" */
  /* Strings are interned: the flags of one project repeat in every entry,
   * and equal flag lists then compare by pointer. */
  c2h_strmap interned;
  const char **strings;
  size_t n_strings, cap_strings;
  c2h_strmap resolved; /* absolute path as joined -> index * 2 + exists */
  c2h_buf scratch;
  /* The entry being read. */
  unsigned line, column;
  const char *file;      /* for problems: as resolved, or as written, or NULL */
  const char *directory; /* resolved */
  const char **argv;     /* flags kept so far (interned) */
  size_t argc, cap_argv;
  const char *std[2]; /* last -std of the compiler, of the host compiler (-Xcompiler) */
  int nvcc;
} loader;

static const char *intern(loader *L, const char *s, size_t n) {
  int i = c2h_strmap_get(&L->interned, s, n);
  if (i >= 0) return L->strings[i];
  if (L->n_strings >= INT_MAX / 2) return NULL;
  void *grew = grown(L->strings, &L->cap_strings, L->n_strings, sizeof *L->strings);
  if (!grew) return NULL;
  L->strings = grew;
  char *copy = arena_alloc(&L->db->arena, n + 1);
  if (!copy) return NULL;
  memcpy(copy, s, n);
  copy[n] = '\0';
  if (c2h_strmap_put(&L->interned, s, n, (int)L->n_strings)) return NULL;
  L->strings[L->n_strings++] = copy;
  return copy;
}

static const char *intern_str(loader *L, const char *s) { return intern(L, s, strlen(s)); }

/* Adds a problem at the current entry's position. Returns 0 or
 * C2H_ERR_NOMEM. */
static int problem(loader *L, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int problem(loader *L, const char *fmt, ...) {
  c2h_compdb *db = L->db;
  void *grew = grown(db->problems, &db->cap_problems, db->n_problems, sizeof *db->problems);
  if (!grew) return C2H_ERR_NOMEM;
  db->problems = grew;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t n = strlen(msg);
  char *copy = arena_alloc(&db->arena, n + 1);
  if (!copy) return C2H_ERR_NOMEM;
  memcpy(copy, msg, n + 1);
  db->problems[db->n_problems++] =
      (c2h_compdb_problem){.line = L->line, .column = L->column, .message = copy, .file = L->file};
  return 0;
}

static int push_arg(loader *L, const char *s) {
  void *grew = s ? grown(L->argv, &L->cap_argv, L->argc, sizeof *L->argv) : NULL;
  if (!grew) return C2H_ERR_NOMEM;
  L->argv = grew;
  L->argv[L->argc++] = s;
  return 0;
}

/* Pushes prefix + value as one interned flag. */
static int push_joined(loader *L, const char *prefix, const char *value) {
  L->scratch.len = 0;
  if (c2h_buf_puts(&L->scratch, prefix) || c2h_buf_puts(&L->scratch, value)) return C2H_ERR_NOMEM;
  return push_arg(L, intern(L, L->scratch.data, L->scratch.len));
}

/* ---- paths -------------------------------------------------------------- */

/* An absolute path without ".", ".." and repeated slashes, decided on the
 * text alone (for paths that do not exist, where realpath cannot help). ".."
 * at the root stays at the root, as the kernel does. malloc'd. */
static char *normalise(const char *path) {
  size_t n = strlen(path);
  char *out = malloc(n + 2);
  if (!out) return NULL;
  size_t o = 0;
  for (const char *p = path; *p;) {
    while (*p == '/') p++;
    const char *s = p;
    while (*p && *p != '/') p++;
    size_t len = (size_t)(p - s);
    if (len == 0 || (len == 1 && s[0] == '.')) continue;
    if (len == 2 && s[0] == '.' && s[1] == '.') {
      while (o > 0 && out[o - 1] != '/') o--;
      if (o > 0) o--;
      continue;
    }
    out[o++] = '/';
    memcpy(out + o, s, len);
    o += len;
  }
  if (o == 0) out[o++] = '/';
  out[o] = '\0';
  return out;
}

/* p made absolute against base (itself absolute). malloc'd. */
static char *absolute(const char *base, const char *p) {
  return p[0] == '/' ? c2h_strdup(p) : c2h_path_join(base, p);
}

/* The canonical form of the absolute path `abs`, interned: its realpath when
 * it exists (so that ".." through a symbolic link means what it means to
 * the compiler), else its lexical normalisation. *err_no: why realpath
 * failed, 0 if it did not. */
static const char *canonical(loader *L, const char *abs, int *exists, int *err_no) {
  char *real = realpath(abs, NULL);
  *err_no = real ? 0 : errno;
  *exists = real != NULL;
  char *s = real ? real : normalise(abs);
  const char *r = s ? intern_str(L, s) : NULL;
  free(s);
  return r;
}

/* canonical() of p relative to base, cached: the same include directories
 * and working directories appear in thousands of entries. */
static const char *resolve(loader *L, const char *base, const char *p, int *exists) {
  char *abs = absolute(base, p);
  if (!abs) return NULL;
  size_t n = strlen(abs);
  const char *r = NULL;
  int v = c2h_strmap_get(&L->resolved, abs, n);
  if (v >= 0) {
    *exists = v & 1;
    r = L->strings[v / 2];
  } else {
    int err_no;
    r = canonical(L, abs, exists, &err_no);
    /* The string just interned, or an older one equal to it. */
    int idx = r ? c2h_strmap_get(&L->interned, r, strlen(r)) : -1;
    if (idx < 0 || c2h_strmap_put(&L->resolved, abs, n, idx * 2 + (*exists ? 1 : 0))) r = NULL;
  }
  free(abs);
  return r;
}

/* ---- command words ------------------------------------------------------ */

typedef struct strvec {
  char **items;
  size_t len, cap;
} strvec;

static void strvec_clear(strvec *v) {
  for (size_t i = 0; i < v->len; i++) free(v->items[i]);
  v->len = 0;
}

static void strvec_dispose(strvec *v) {
  strvec_clear(v);
  free(v->items);
  v->items = NULL;
  v->cap = 0;
}

/* Takes s (freed on failure). */
static int strvec_push(strvec *v, char *s) {
  void *grew = s ? grown(v->items, &v->cap, v->len, sizeof *v->items) : NULL;
  if (!grew) {
    free(s);
    return C2H_ERR_NOMEM;
  }
  v->items = grew;
  v->items[v->len++] = s;
  return 0;
}

/* Splits a "command" into words as a POSIX shell does, without any
 * expansion: blanks separate words; '...' is literal; "..." is literal but
 * for backslash before $ ` " \ and newline; a backslash elsewhere quotes
 * the next character, and backslash-newline joins lines. *open is set when
 * the command ends inside a quote or after a backslash (the words up to
 * there are kept). */
static int split_command(const char *s, strvec *out, int *open) {
  c2h_buf w;
  c2h_buf_init(&w);
  int in_word = 0, rc = 0;
  size_t i = 0;
  *open = 0;
  while (s[i] && !rc) {
    char c = s[i++];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) rc = strvec_push(out, c2h_buf_detach(&w, NULL));
      in_word = 0;
      continue;
    }
    if (c == '\\' && s[i] == '\n') {
      i++;
      continue;
    }
    in_word = 1;
    if (c == '\'') {
      size_t b = i;
      while (s[i] && s[i] != '\'') i++;
      rc = c2h_buf_append(&w, s + b, i - b);
      if (!s[i]) {
        *open = 1;
        break;
      }
      i++;
    } else if (c == '"') {
      while (s[i] && s[i] != '"' && !rc) {
        if (s[i] == '\\' && s[i + 1] && strchr("$`\"\\\n", s[i + 1])) {
          i++;
          if (s[i] == '\n') {
            i++;
            continue;
          }
        }
        rc = c2h_buf_append(&w, s + i++, 1);
      }
      if (!s[i]) {
        *open = 1;
        break;
      }
      i++;
    } else if (c == '\\') {
      if (!s[i]) {
        *open = 1;
        break;
      }
      rc = c2h_buf_append(&w, s + i++, 1);
    } else {
      rc = c2h_buf_append(&w, &c, 1);
    }
  }
  if (!rc && in_word) rc = strvec_push(out, c2h_buf_detach(&w, NULL));
  c2h_buf_dispose(&w);
  return rc;
}

/* ---- flags -------------------------------------------------------------- */

/* How a flag takes its value. */
enum {
  TAKES_NEXT = 1, /* "-I dir": the next word */
  JOINED = 2,     /* "-Idir" */
  EQUALS = 4,     /* "--include-path=dir" */
  BOOLEAN = 8,    /* nvcc's "-rdc true": the next word only if it is true or false */
  NVCC_ONLY = 16  /* only nvcc reads the flag this way (gcc's -time takes no value) */
};

typedef enum flag_action {
  DROP,
  INCLUDE_DIR, /* -I */
  SYSTEM_DIR,  /* -isystem */
  QUOTE_DIR,   /* -iquote */
  AFTER_DIR,   /* -idirafter */
  DEFINE,      /* -D */
  UNDEFINE,    /* -U */
  STD,         /* -std= */
  PRE_INCLUDE, /* -include */
  MACROS_FILE, /* -imacros */
  HOST_FLAGS   /* -Xcompiler: comma-separated flags for nvcc's host compiler */
} flag_action;

typedef struct flag_spec {
  const char *name;
  unsigned char action; /* flag_action */
  unsigned char forms;
} flag_spec;

/* Flags the parser needs, in their gcc, clang and nvcc spellings, then the
 * flags dropped *with their value*. Anything else (optimisation, warnings,
 * code generation, -c, input files) is dropped on its own. The dropped ones
 * are listed because their value is a separate word: "-o -Ix" must not keep
 * "-Ix", and "-MF deps.d" must not look like an input. Their meaning does
 * not matter to parsing: outputs, GPU targets, tools of later stages,
 * dependency files, libraries, other targets and sysroots (the parse is for
 * the host side with its own target), nvcc's code-generation switches. */
static const flag_spec flags[] = {
    {"-I", INCLUDE_DIR, TAKES_NEXT | JOINED},
    {"--include-path", INCLUDE_DIR, TAKES_NEXT | EQUALS},
    {"-isystem", SYSTEM_DIR, TAKES_NEXT | JOINED},
    {"--system-include", SYSTEM_DIR, TAKES_NEXT | EQUALS},
    {"-iquote", QUOTE_DIR, TAKES_NEXT | JOINED},
    {"-idirafter", AFTER_DIR, TAKES_NEXT | JOINED},
    {"-D", DEFINE, TAKES_NEXT | JOINED},
    {"--define-macro", DEFINE, TAKES_NEXT | EQUALS},
    {"-U", UNDEFINE, TAKES_NEXT | JOINED},
    {"--undefine-macro", UNDEFINE, TAKES_NEXT | EQUALS},
    {"-std", STD, EQUALS},
    {"-std", STD, TAKES_NEXT | NVCC_ONLY},
    {"--std", STD, TAKES_NEXT | EQUALS},
    {"-include", PRE_INCLUDE, TAKES_NEXT},
    {"--pre-include", PRE_INCLUDE, TAKES_NEXT | EQUALS},
    {"-imacros", MACROS_FILE, TAKES_NEXT},
    {"-Xcompiler", HOST_FLAGS, TAKES_NEXT | EQUALS},
    {"--compiler-options", HOST_FLAGS, TAKES_NEXT | EQUALS},
    /* Outputs and dependency files. */
    {"-o", DROP, TAKES_NEXT | JOINED},
    {"--output-file", DROP, TAKES_NEXT | EQUALS},
    {"-odir", DROP, TAKES_NEXT | EQUALS},
    {"--output-directory", DROP, TAKES_NEXT | EQUALS},
    {"-MF", DROP, TAKES_NEXT | JOINED},
    {"-MT", DROP, TAKES_NEXT | JOINED},
    {"-MQ", DROP, TAKES_NEXT | JOINED},
    {"-MJ", DROP, TAKES_NEXT | JOINED},
    {"--dependency-output", DROP, TAKES_NEXT | EQUALS},
    {"--dependency-target-name", DROP, TAKES_NEXT | EQUALS},
    {"-keep-dir", DROP, TAKES_NEXT | EQUALS},
    {"--keep-dir", DROP, TAKES_NEXT | EQUALS},
    {"--serialize-diagnostics", DROP, TAKES_NEXT},
    {"-time", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--time", DROP, TAKES_NEXT | EQUALS},
    /* GPU code generation (the parse is host-only). */
    {"-arch", DROP, TAKES_NEXT | EQUALS},
    {"--gpu-architecture", DROP, TAKES_NEXT | EQUALS},
    {"-code", DROP, TAKES_NEXT | EQUALS},
    {"--gpu-code", DROP, TAKES_NEXT | EQUALS},
    {"-gencode", DROP, TAKES_NEXT | EQUALS},
    {"--generate-code", DROP, TAKES_NEXT | EQUALS},
    {"-maxrregcount", DROP, TAKES_NEXT | EQUALS},
    {"--maxrregcount", DROP, TAKES_NEXT | EQUALS},
    {"-default-stream", DROP, TAKES_NEXT | EQUALS},
    {"--default-stream", DROP, TAKES_NEXT | EQUALS},
    {"-cudart", DROP, TAKES_NEXT | EQUALS},
    {"--cudart", DROP, TAKES_NEXT | EQUALS},
    {"-cudadevrt", DROP, TAKES_NEXT | EQUALS},
    {"--cudadevrt", DROP, TAKES_NEXT | EQUALS},
    {"-rdc", DROP, BOOLEAN | EQUALS},
    {"--relocatable-device-code", DROP, BOOLEAN | EQUALS},
    {"-ftz", DROP, BOOLEAN | EQUALS},
    {"--ftz", DROP, BOOLEAN | EQUALS},
    {"-prec-div", DROP, BOOLEAN | EQUALS},
    {"--prec-div", DROP, BOOLEAN | EQUALS},
    {"-prec-sqrt", DROP, BOOLEAN | EQUALS},
    {"--prec-sqrt", DROP, BOOLEAN | EQUALS},
    {"-fmad", DROP, BOOLEAN | EQUALS},
    {"--fmad", DROP, BOOLEAN | EQUALS},
    /* Options of other tools and stages. */
    {"-ccbin", DROP, TAKES_NEXT | EQUALS},
    {"--compiler-bindir", DROP, TAKES_NEXT | EQUALS},
    {"-Xptxas", DROP, TAKES_NEXT | EQUALS},
    {"--ptxas-options", DROP, TAKES_NEXT | EQUALS},
    {"-Xnvlink", DROP, TAKES_NEXT | EQUALS},
    {"--nvlink-options", DROP, TAKES_NEXT | EQUALS},
    {"-Xlinker", DROP, TAKES_NEXT | EQUALS},
    {"--linker-options", DROP, TAKES_NEXT | EQUALS},
    {"-Xarchive", DROP, TAKES_NEXT | EQUALS},
    {"--archive-options", DROP, TAKES_NEXT | EQUALS},
    {"-Xfatbin", DROP, TAKES_NEXT | EQUALS},
    {"--fatbin-options", DROP, TAKES_NEXT | EQUALS},
    {"-Xcudafe", DROP, TAKES_NEXT | EQUALS},
    {"-Xclang", DROP, TAKES_NEXT},
    {"-Xassembler", DROP, TAKES_NEXT},
    {"-Xpreprocessor", DROP, TAKES_NEXT},
    {"-Xarch_host", DROP, TAKES_NEXT},
    {"-Xarch_device", DROP, TAKES_NEXT},
    {"-Xcuda-ptxas", DROP, TAKES_NEXT},
    {"-Xcuda-fatbinary", DROP, TAKES_NEXT},
    {"-Xopenmp-target", DROP, TAKES_NEXT},
    {"-mllvm", DROP, TAKES_NEXT},
    {"--options-file", DROP, TAKES_NEXT | EQUALS},
    {"-optf", DROP, TAKES_NEXT | EQUALS},
    {"-t", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--threads", DROP, TAKES_NEXT | EQUALS},
    {"-split-compile", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--split-compile", DROP, TAKES_NEXT | EQUALS},
    {"-diag-suppress", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--diag-suppress", DROP, TAKES_NEXT | EQUALS},
    {"-diag-error", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--diag-error", DROP, TAKES_NEXT | EQUALS},
    {"-diag-warn", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--diag-warn", DROP, TAKES_NEXT | EQUALS},
    {"-Werror", DROP, TAKES_NEXT | EQUALS | NVCC_ONLY},
    {"--Werror", DROP, TAKES_NEXT | EQUALS},
    {"--machine", DROP, TAKES_NEXT | EQUALS},
    /* Languages, libraries, targets, sysroots and precompiled headers. */
    {"-x", DROP, TAKES_NEXT | JOINED},
    {"--x", DROP, TAKES_NEXT | EQUALS},
    {"-l", DROP, TAKES_NEXT | JOINED},
    {"--library", DROP, TAKES_NEXT | EQUALS},
    {"-L", DROP, TAKES_NEXT | JOINED},
    {"--library-path", DROP, TAKES_NEXT | EQUALS},
    {"-u", DROP, TAKES_NEXT},
    {"-z", DROP, TAKES_NEXT},
    {"-T", DROP, TAKES_NEXT | JOINED},
    {"-B", DROP, TAKES_NEXT | JOINED},
    {"-target", DROP, TAKES_NEXT},
    {"--target", DROP, TAKES_NEXT | EQUALS},
    {"-gcc-toolchain", DROP, TAKES_NEXT},
    {"-isysroot", DROP, TAKES_NEXT | JOINED},
    {"--sysroot", DROP, TAKES_NEXT | EQUALS},
    {"-iprefix", DROP, TAKES_NEXT | JOINED},
    {"-iwithprefix", DROP, TAKES_NEXT | JOINED},
    {"-iwithprefixbefore", DROP, TAKES_NEXT | JOINED},
    {"-include-pch", DROP, TAKES_NEXT},
};

/* Programs that run the compiler named by the next word. */
static const char *const launchers[] = {"ccache", "sccache", "distcc", "icecc", "buildcache", NULL};

/* One stream of flags: the compiler's words, or the host compiler's flags
 * gathered from every -Xcompiler of the command (nvcc passes them on in
 * order, so "-Xcompiler -isystem -Xcompiler /dir" is one flag). */
typedef struct flag_stream {
  int host;
  const flag_spec *pending; /* a flag waiting for its value in the next word */
} flag_stream;

static int applies(const loader *L, const flag_stream *st, const flag_spec *f) {
  if (!(f->forms & NVCC_ONLY)) return !(st->host && f->action == HOST_FLAGS);
  return L->nvcc && !st->host;
}

/* The flag `word` is, or NULL. *value: its value when written in the same
 * word, NULL when it is the next word. A word matching several spellings
 * takes the longest ("-odir=x" is -odir, not -o). */
static const flag_spec *match_flag(const loader *L, const flag_stream *st, const char *word,
                                   const char **value) {
  *value = NULL;
  /* Every name starts with '-' and one more character: a cheap first test
   * for the thousands of words of a database. */
  if (word[0] != '-' || !word[1]) return NULL;
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    if (flags[i].name[1] == word[1] && (flags[i].forms & (TAKES_NEXT | BOOLEAN)) &&
        applies(L, st, &flags[i]) && strcmp(word, flags[i].name) == 0)
      return &flags[i];
  const flag_spec *best = NULL;
  size_t best_len = 0;
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    const flag_spec *f = &flags[i];
    if (f->name[1] != word[1]) continue;
    size_t n = strlen(f->name);
    if (n <= best_len || !applies(L, st, f) || strncmp(word, f->name, n) != 0) continue;
    if ((f->forms & EQUALS) && word[n] == '=') {
      best = f;
      best_len = n;
      *value = word + n + 1;
    } else if ((f->forms & JOINED) && word[n]) {
      best = f;
      best_len = n;
      *value = word + n;
    }
  }
  return best;
}

static int feed(loader *L, flag_stream *st, flag_stream *host, const char *word);

/* The values of -Xcompiler: split at commas, as nvcc does, and at blanks,
 * since nvcc hands them to the host compiler through a command line. */
static int feed_host(loader *L, flag_stream *host, const char *value) {
  char *copy = c2h_strdup(value);
  if (!copy) return C2H_ERR_NOMEM;
  int rc = 0;
  for (char *p = copy; *p && !rc;) {
    size_t n = strcspn(p, ", \t");
    char *next = p + n + (p[n] ? 1 : 0);
    p[n] = '\0';
    if (n) rc = feed(L, host, NULL, p);
    p = next;
  }
  free(copy);
  return rc;
}

static int apply(loader *L, flag_stream *st, flag_stream *host, const flag_spec *f,
                 const char *value) {
  static const char *const dir_prefix[] = {
      [INCLUDE_DIR] = "-I", [SYSTEM_DIR] = "-isystem", [QUOTE_DIR] = "-iquote",
      [AFTER_DIR] = "-idirafter"};
  int exists;
  switch ((flag_action)f->action) {
  case DROP:
    return 0;
  case HOST_FLAGS:
    return host ? feed_host(L, host, value) : 0;
  default:
    break;
  }
  /* gcc reads a leading '=' of a directory as the sysroot, which is "/"
   * here; nvcc's "-isystem=dir" (written by CMake) means dir. */
  if (f->action <= AFTER_DIR && value[0] == '=') value++;
  if (!value[0]) return problem(L, "'%s' has an empty value; dropped", f->name);
  switch ((flag_action)f->action) {
  case INCLUDE_DIR:
  case SYSTEM_DIR:
  case QUOTE_DIR:
  case AFTER_DIR: {
    const char *dir = resolve(L, L->directory, value, &exists);
    return dir ? push_joined(L, dir_prefix[f->action], dir) : C2H_ERR_NOMEM;
  }
  case DEFINE:
    return push_joined(L, "-D", value);
  case UNDEFINE:
    return push_joined(L, "-U", value);
  case STD:
    L->std[st->host] = intern_str(L, value);
    return L->std[st->host] ? 0 : C2H_ERR_NOMEM;
  case PRE_INCLUDE:
  case MACROS_FILE: {
    /* The compiler looks for a forced include in its working directory
     * first, then along the include path: a relative name that is not in
     * the working directory stays relative for the parser to search. */
    const char *file = resolve(L, L->directory, value, &exists);
    if (file && !exists && value[0] != '/') file = intern_str(L, value);
    if (!file) return C2H_ERR_NOMEM;
    int rc = push_arg(L, intern_str(L, f->action == PRE_INCLUDE ? "-include" : "-imacros"));
    return rc ? rc : push_arg(L, file);
  }
  default:
    return 0;
  }
}

/* Takes one word of a stream. host: the stream -Xcompiler values go to
 * (NULL in the host stream itself). */
static int feed(loader *L, flag_stream *st, flag_stream *host, const char *word) {
  if (st->pending) {
    const flag_spec *f = st->pending;
    st->pending = NULL;
    if (!(f->forms & BOOLEAN)) return apply(L, st, host, f, word);
    if (strcmp(word, "true") == 0 || strcmp(word, "false") == 0) return 0;
  }
  const char *value;
  const flag_spec *f = match_flag(L, st, word, &value);
  if (!f) return 0;
  if (!value) {
    st->pending = f;
    return 0;
  }
  return apply(L, st, host, f, value);
}

static int finish(loader *L, flag_stream *st) {
  const flag_spec *f = st->pending;
  if (!f || (f->forms & BOOLEAN)) return 0;
  return problem(L, "'%s'%s at the end of the command has no value; dropped", f->name,
                 st->host ? " (in -Xcompiler)" : "");
}

static int is_one_of(const char *name, const char *const *list) {
  for (size_t i = 0; list[i]; i++)
    if (strcmp(name, list[i]) == 0) return 1;
  return 0;
}

/* Fills L->argv with the flags kept from a command's words. */
static int read_words(loader *L, const char *const *words, size_t n) {
  size_t i = 0;
  while (i < n && is_one_of(c2h_path_basename(words[i]), launchers)) i++;
  if (i == n) return problem(L, "the command names no compiler");
  /* nvcc, nvcc.exe, or a wrapper named after it (nvcc_wrapper). */
  L->nvcc = strncmp(c2h_path_basename(words[i]), "nvcc", 4) == 0;
  flag_stream own = {0, NULL}, host = {1, NULL};
  int rc = 0;
  for (i++; i < n && !rc; i++) rc = feed(L, &own, &host, words[i]);
  if (!rc) rc = finish(L, &own);
  if (!rc) rc = finish(L, &host);
  /* One -std: the compiler's own wins over the host compiler's, which nvcc
   * would override; within each the last wins, as in the compilers. */
  const char *std = L->std[0] ? L->std[0] : L->std[1];
  if (!rc && std) rc = push_joined(L, "-std=", std);
  return rc;
}

/* ---- entries ------------------------------------------------------------ */

typedef struct text_pos {
  unsigned line, column;
} text_pos;

/* jansson keeps no positions of values, so the start of the top-level value
 * (*first) and of the elements of a top-level array (at most n of them) are
 * found here, counted as jansson counts: lines at '\n', columns in
 * characters (UTF-8 lead bytes), both from 1. Strings are skipped with their
 * escapes, so brackets and commas in them do not count. The text has been
 * accepted by jansson, but nothing here relies on it beyond staying within
 * len. Returns the number of elements seen. */
static size_t scan_positions(const char *t, size_t len, text_pos *first, text_pos *elems,
                             size_t n) {
  unsigned line = 1, col = 0;
  size_t depth = 0, found = 0;
  int in_string = 0, expect = 0, seen = 0;
  *first = (text_pos){1, 1};
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)t[i];
    if (c == '\n') {
      line++;
      col = 0;
      continue;
    }
    if ((c & 0xC0) != 0x80) col++;
    if (in_string) {
      if (c == '"') in_string = 0;
      /* The escaped character is ASCII in valid JSON: one column. */
      else if (c == '\\' && i + 1 < len && t[i + 1] != '\n') {
        i++;
        col++;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (!seen) {
      seen = 1;
      *first = (text_pos){line, col};
    }
    if (expect && depth == 1 && c != ']') {
      if (found < n) elems[found] = (text_pos){line, col};
      found++;
      expect = 0;
    }
    switch (c) {
    case '"':
      in_string = 1;
      break;
    case '[':
    case '{':
      if (++depth == 1 && c == '[') expect = 1;
      break;
    case ']':
    case '}':
      if (depth) depth--;
      expect = 0;
      break;
    case ',':
      if (depth == 1) expect = 1;
      break;
    default:
      break;
    }
  }
  return found;
}

/* The text of a JSON string without NUL bytes, or NULL. */
static const char *string_of(const json_t *v) {
  if (!json_is_string(v)) return NULL;
  const char *s = json_string_value(v);
  return strlen(s) == json_string_length(v) ? s : NULL;
}

/* The words of "arguments", borrowed from the JSON value, or of "command",
 * owned by *owned. Returns 0, C2H_ERR_NOMEM, or 1 when the entry has no
 * usable command (a problem was added). */
static int entry_words(loader *L, json_t *entry, strvec *owned, const char ***words, size_t *n) {
  json_t *args = json_object_get(entry, "arguments");
  json_t *command = json_object_get(entry, "command");
  if (args) {
    size_t count = json_is_array(args) ? json_array_size(args) : 0;
    const char **w = calloc(count ? count : 1, sizeof *w);
    if (!w) return C2H_ERR_NOMEM;
    int ok = json_is_array(args);
    for (size_t i = 0; i < count && ok; i++)
      ok = (w[i] = string_of(json_array_get(args, i))) != NULL;
    if (!ok) {
      free(w);
      int rc = problem(L, "\"arguments\" is not an array of strings; entry skipped");
      return rc ? rc : 1;
    }
    *words = w;
    *n = count;
    return 0;
  }
  const char *text = string_of(command);
  if (!text) {
    int rc = command ? problem(L, "\"command\" is not a string; entry skipped")
                     : problem(L, "the entry has neither \"arguments\" nor \"command\"; "
                                  "entry skipped");
    return rc ? rc : 1;
  }
  int open, rc = split_command(text, owned, &open);
  if (!rc && open) rc = problem(L, "\"command\" ends inside a quote or after a backslash");
  if (rc) return rc;
  *words = calloc(owned->len ? owned->len : 1, sizeof **words);
  if (!*words) return C2H_ERR_NOMEM;
  for (size_t i = 0; i < owned->len; i++) (*words)[i] = owned->items[i];
  *n = owned->len;
  return 0;
}

static int same_args(const c2h_compdb_entry *e, const char *const *argv, size_t argc) {
  if (e->n_args != argc) return 0;
  /* Interned: equal strings are the same pointer. */
  for (size_t i = 0; i < argc; i++)
    if (e->args[i] != argv[i]) return 0;
  return 1;
}

/* Reads one element of the top-level array. Returns 0 or C2H_ERR_NOMEM;
 * anything else about the entry is a problem. */
static int read_entry(loader *L, json_t *entry, text_pos at) {
  c2h_compdb *db = L->db;
  L->line = at.line;
  L->column = at.column;
  L->file = NULL;
  L->argc = 0;
  L->std[0] = L->std[1] = NULL;
  L->nvcc = 0;
  if (!json_is_object(entry)) return problem(L, "the entry is not an object; skipped");
  json_t *jfile = json_object_get(entry, "file"), *jdir = json_object_get(entry, "directory");
  /* Messages name the file as the entry spells it: a database's paths
   * are often relative to its folder, and so stay readable. */
  const char *file = string_of(jfile);
  if (!file || !file[0])
    return problem(L, jfile ? "\"file\" is not a non-empty string; entry skipped"
                            : "the entry has no \"file\"; skipped");
  if (!(L->file = intern_str(L, file))) return C2H_ERR_NOMEM;
  const char *dir = string_of(jdir);
  if (!dir)
    return problem(L, jdir ? "\"directory\" is not a string; entry skipped"
                           : "the entry has no \"directory\"; skipped");
  int exists, rc = 0;
  if (!(L->directory = resolve(L, L->base_dir, dir, &exists))) return C2H_ERR_NOMEM;
  char *abs = absolute(L->directory, file);
  int err_no = 0;
  const char *path = abs ? canonical(L, abs, &exists, &err_no) : NULL;
  free(abs);
  if (!path) return C2H_ERR_NOMEM;
  L->file = path;

  strvec owned = {NULL, 0, 0};
  const char **words = NULL;
  size_t n_words = 0;
  size_t problems_before = db->n_problems;
  rc = entry_words(L, entry, &owned, &words, &n_words);
  if (rc == 0) rc = read_words(L, words, n_words);
  free(words);
  strvec_dispose(&owned);
  if (rc) return rc == 1 ? 0 : rc;

  int first = c2h_strmap_get(&db->by_file, path, strlen(path));
  if (first >= 0) {
    const c2h_compdb_entry *e = &db->entries[first];
    /* A second identical entry (one per build configuration, say) is
     * harmless: its problems were reported with the first. */
    if (same_args(e, L->argv, L->argc)) {
      db->n_problems = problems_before;
      return 0;
    }
    return problem(L, "%s is listed again with different flags; the entry at line %u is used", file,
                   e->line);
  }
  if (!exists) {
    rc = err_no == ENOENT || err_no == ENOTDIR
             ? problem(L, "%s: no such file", file)
             : problem(L, "%s: %s", file, strerror(err_no));
    if (rc) return rc;
  }
  const char **args = arena_alloc(&db->arena, (L->argc ? L->argc : 1) * sizeof *args);
  void *grew = grown(db->entries, &db->cap_entries, db->n_entries, sizeof *db->entries);
  if (grew) db->entries = grew;
  if (!args || !grew || db->n_entries >= INT_MAX ||
      c2h_strmap_put(&db->by_file, path, strlen(path), (int)db->n_entries))
    return C2H_ERR_NOMEM;
  if (L->argc) memcpy(args, L->argv, L->argc * sizeof *args);
  db->entries[db->n_entries++] = (c2h_compdb_entry){.file = path,
                                                    .directory = L->directory,
                                                    .args = args,
                                                    .n_args = L->argc,
                                                    .exists = exists,
                                                    .line = at.line,
                                                    .column = at.column,
                                                    .nvcc = L->nvcc};
  return 0;
}

/* ---- the database ------------------------------------------------------- */

/* dir made absolute against the current directory. malloc'd, or NULL. */
static char *absolute_dir(const char *dir) {
  char cwd[PATH_MAX];
  if (dir && dir[0] == '/') return normalise(dir);
  if (!getcwd(cwd, sizeof cwd)) return NULL;
  char *joined = dir ? c2h_path_join(cwd, dir) : c2h_strdup(cwd);
  char *r = joined ? normalise(joined) : NULL;
  free(joined);
  return r;
}

int c2h_compdb_load_buffer(c2h_compdb **out, const char *name, const char *base_dir,
                           const char *text, size_t len, c2h_error *err) {
  *out = NULL;
  if (!name) name = "compile_commands.json";
  json_error_t je;
  json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
  if (!root)
    return c2h_error_set(err, C2H_ERR_INPUT, name, je.line > 0 ? (unsigned)je.line : 0,
                         je.line > 0 ? (unsigned)(je.column > 0 ? je.column : 1) : 0,
                         "not valid JSON: %s", je.text);
  int rc = 0;
  text_pos first, *pos = NULL;
  size_t n = json_is_array(root) ? json_array_size(root) : 0;
  loader L = {0};
  c2h_strmap_init(&L.interned);
  c2h_strmap_init(&L.resolved);
  c2h_buf_init(&L.scratch);
  c2h_compdb *db = calloc(1, sizeof *db);
  if (!db || !(db->path = c2h_strdup(name)) || !(pos = calloc(n ? n : 1, sizeof *pos))) goto nomem;
  c2h_strmap_init(&db->by_file);
  L.db = db;
  if (scan_positions(text, len, &first, pos, n) != n)
    for (size_t i = 0; i < n; i++) pos[i] = first; /* not expected: at least say where */
  if (!json_is_array(root)) {
    rc = c2h_error_set(err, C2H_ERR_INPUT, name, first.line, first.column,
                       "the top level is not an array (a compile database is an array of "
                       "entries)");
    goto done;
  }
  if (!(L.base_dir = absolute_dir(base_dir))) {
    rc = c2h_error_set(err, C2H_ERR_IO, name, 0, 0,
                       "cannot determine the directory of the database: %s", strerror(errno));
    goto done;
  }
  for (size_t i = 0; i < n; i++)
    if (read_entry(&L, json_array_get(root, i), pos[i])) goto nomem;
  *out = db;
  db = NULL;
  goto done;
nomem:
  rc = c2h_error_set(err, C2H_ERR_NOMEM, name, 0, 0, "out of memory reading the database");
done:
  c2h_compdb_free(db);
  free(pos);
  free(L.base_dir);
  free(L.strings);
  free(L.argv);
  c2h_strmap_dispose(&L.interned);
  c2h_strmap_dispose(&L.resolved);
  c2h_buf_dispose(&L.scratch);
  json_decref(root);
  return rc;
}

int c2h_compdb_load(c2h_compdb **out, const char *path, c2h_error *err) {
  *out = NULL;
  struct stat st;
  char *json = stat(path, &st) == 0 && S_ISDIR(st.st_mode)
                   ? c2h_path_join(path, "compile_commands.json")
                   : c2h_strdup(path);
  if (!json) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "out of memory");
  char *data = NULL, *real = NULL;
  size_t len = 0;
  int rc = c2h_file_read(json, &data, &len, err);
  if (rc == 0) {
    /* A relative "directory" is relative to the database's folder. */
    real = realpath(json, NULL);
    const char *p = real ? real : json, *slash = strrchr(p, '/');
    char *dir = slash ? c2h_strndup(p, slash == p ? 1 : (size_t)(slash - p)) : NULL;
    if (slash && !dir)
      rc = c2h_error_set(err, C2H_ERR_NOMEM, json, 0, 0, "out of memory");
    else
      rc = c2h_compdb_load_buffer(out, json, dir, data, len, err);
    free(dir);
  }
  free(real);
  free(data);
  free(json);
  return rc;
}

size_t c2h_compdb_count(const c2h_compdb *db) { return db ? db->n_entries : 0; }

const c2h_compdb_entry *c2h_compdb_at(const c2h_compdb *db, size_t i) {
  return db && i < db->n_entries ? &db->entries[i] : NULL;
}

const c2h_compdb_entry *c2h_compdb_find(const c2h_compdb *db, const char *abs_path) {
  if (!db || !abs_path) return NULL;
  int i = c2h_strmap_get(&db->by_file, abs_path, strlen(abs_path));
  if (i < 0 && abs_path[0] == '/') {
    char *norm = normalise(abs_path);
    if (norm && strcmp(norm, abs_path) != 0) i = c2h_strmap_get(&db->by_file, norm, strlen(norm));
    free(norm);
  }
  return i >= 0 ? &db->entries[i] : NULL;
}

size_t c2h_compdb_problem_count(const c2h_compdb *db) { return db ? db->n_problems : 0; }

const c2h_compdb_problem *c2h_compdb_problem_at(const c2h_compdb *db, size_t i) {
  return db && i < db->n_problems ? &db->problems[i] : NULL;
}

const char *c2h_compdb_path(const c2h_compdb *db) { return db ? db->path : NULL; }

void c2h_compdb_free(c2h_compdb *db) {
  if (!db) return;
  c2h_strmap_dispose(&db->by_file);
  arena_free(db->arena);
  free(db->entries);
  free(db->problems);
  free(db->path);
  free(db);
}
