/* The compile database reader: flags kept from nvcc, clang and gcc commands,
 * paths, problems, errors, lookups and a large database. */
#define _XOPEN_SOURCE 700 /* realpath, mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "cu2hip/compdb.h"
#include "util/buf.h"
#include "util/file.h"

/* A temporary project, by its real path (flags and files come back resolved). */
static char dir[512];

static int setup(void **state) {
  (void)state;
  char tmpl[] = "/tmp/c2h-test-compdb-XXXXXX";
  if (!mkdtemp(tmpl)) return -1;
  char *real = realpath(tmpl, NULL);
  if (!real) return -1;
  snprintf(dir, sizeof dir, "%s", real);
  free(real);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

/* Creates dir/rel (and its parents) with a little content. */
static void touch(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  c2h_error err;
  assert_int_equal(c2h_file_write_atomic(path, "int x;\n", 7, 0644, &err), 0);
}

static void make_dir(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  c2h_error err;
  assert_int_equal(c2h_mkdirs(path, &err), 0);
}

/* "%D" in a template stands for the temporary directory. */
static char *expand(const char *tmpl) {
  c2h_buf b;
  c2h_buf_init(&b);
  for (const char *p = tmpl; *p; p++) {
    if (p[0] == '%' && p[1] == 'D') {
      assert_int_equal(c2h_buf_puts(&b, dir), 0);
      p++;
    } else {
      assert_int_equal(c2h_buf_append(&b, p, 1), 0);
    }
  }
  return c2h_buf_detach(&b, NULL);
}

/* Loads a database given as a template, with the temporary directory as
 * the folder of the JSON file. */
static c2h_compdb *load(const char *tmpl) {
  char *text = expand(tmpl);
  c2h_compdb *db = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_compdb_load_buffer(&db, "test.json", dir, text, strlen(text), &err);
  if (rc) print_error("%s:%u:%u: %s\n", err.path, err.line, err.col, err.message);
  assert_int_equal(rc, 0);
  assert_non_null(db);
  free(text);
  return db;
}

/* The entry's flags are exactly the NULL-terminated list (templates). */
static void expect_args(const c2h_compdb_entry *e, ...) {
  va_list ap;
  va_start(ap, e);
  size_t i = 0;
  for (const char *t; (t = va_arg(ap, const char *)) != NULL; i++) {
    char *want = expand(t);
    if (i >= e->n_args) fail_msg("missing flag %zu: %s", i, want);
    if (strcmp(e->args[i], want) != 0) fail_msg("flag %zu: got '%s', want '%s'", i, e->args[i], want);
    free(want);
  }
  va_end(ap);
  if (i != e->n_args) fail_msg("%zu flags, want %zu (first extra: %s)", e->n_args, i, e->args[i]);
}

static const c2h_compdb_problem *find_problem(const c2h_compdb *db, const char *text) {
  for (size_t i = 0; i < c2h_compdb_problem_count(db); i++)
    if (strstr(c2h_compdb_problem_at(db, i)->message, text)) return c2h_compdb_problem_at(db, i);
  return NULL;
}

static void nvcc_command(void **state) {
  (void)state;
  touch("src/kernel.cu");
  make_dir("include");
  make_dir("build");
  c2h_compdb *db = load(
      "[{\"directory\": \"%D/build\", \"file\": \"../src/kernel.cu\",\n"
      "  \"command\": \"/usr/local/cuda/bin/nvcc -I../include -I /nonexistent-c2h/x/../y -DFOO=1 -D BAR "
      "--define-macro=BAZ -UQUX -std=c++17 -Xcompiler=-std=gnu++14 "
      "-Xcompiler -fPIC,-DHOST=2,-isystem,/nonexistent-c2h/sys -Xcompiler \\\"-Wall -DSPACED\\\" "
      "-gencode arch=compute_80,code=sm_80 -arch sm_80 -o CMakeFiles/k.o -rdc true -ftz=false "
      "-x cu -MF -Inot_kept -time t.csv --expt-relaxed-constexpr -c %D/src/kernel.cu\"}]");
  assert_int_equal(c2h_compdb_count(db), 1);
  assert_int_equal(c2h_compdb_problem_count(db), 0);
  const c2h_compdb_entry *e = c2h_compdb_at(db, 0);
  expect_args(e, "-I%D/include", "-I/nonexistent-c2h/y", "-DFOO=1", "-DBAR", "-DBAZ", "-UQUX", "-DHOST=2",
              "-isystem/nonexistent-c2h/sys", "-DSPACED", "-std=c++17", NULL);
  char *want = expand("%D/src/kernel.cu");
  assert_string_equal(e->file, want);
  free(want);
  want = expand("%D/build");
  assert_string_equal(e->directory, want);
  free(want);
  assert_true(e->exists);
  assert_true(e->nvcc);
  assert_int_equal(e->line, 1);
  assert_int_equal(e->column, 2);
  c2h_compdb_free(db);

  /* The host compiler's -std counts only when nvcc has none. */
  db = load("[{\"directory\": \"%D\", \"file\": \"src/kernel.cu\", \"arguments\": [\"nvcc\", "
            "\"--compiler-options\", \"-std=c++14\", \"-Xcompiler\", \"-std=gnu++20,-include,pre_nvcc.h\", "
            "\"-isystem=/nonexistent-c2h/sys\", \"--std\", \"c++11\", \"-std\", \"c++17\"]}, "
            "{\"directory\": \"%D\", \"file\": \"src/other.cu\", \"arguments\": [\"nvcc\", "
            "\"-Xcompiler\", \"-std=c++14\"]}]");
  expect_args(c2h_compdb_at(db, 0), "-include", "pre_nvcc.h", "-isystem/nonexistent-c2h/sys", "-std=c++17", NULL);
  expect_args(c2h_compdb_at(db, 1), "-std=c++14", NULL);
  c2h_compdb_free(db);
}

static void clang_arguments(void **state) {
  (void)state;
  touch("a.cu");
  touch("pre.h");
  make_dir("include");
  c2h_compdb *db = load(
      "[{\"directory\": \"%D\", \"file\": \"a.cu\", \"output\": \"a.o\", \"arguments\": [\n"
      "  \"clang++\", \"-x\", \"cuda\", \"--cuda-gpu-arch=sm_80\", \"-I\", \"include\",\n"
      "  \"-isystem\", \"/nonexistent-c2h/x\", \"-iquote\", \"q\", \"-DX\", \"-UY\", \"-include\", \"pre.h\",\n"
      "  \"-include\", \"not_here.h\", \"-imacros\", \"/nonexistent-c2h/m.h\", \"-std=c++20\", \"-Xclang\",\n"
      "  \"-DNOT_KEPT\", \"-MF\", \"-Inot_kept\", \"-target\", \"x86_64-linux-gnu\", \"-O2\",\n"
      "  \"-Wall\", \"-t\", \"-DKEPT\", \"-time\", \"-DALSO\", \"-c\", \"a.cu\", \"-o\", \"a.o\"]}]");
  assert_int_equal(c2h_compdb_problem_count(db), 0);
  const c2h_compdb_entry *e = c2h_compdb_at(db, 0);
  /* A forced include found in the working directory becomes absolute; one
   * that is not stays as written, for the include path to find. clang's -t
   * and -time take no value, unlike nvcc's. */
  expect_args(e, "-I%D/include", "-isystem/nonexistent-c2h/x", "-iquote%D/q", "-DX", "-UY", "-include",
              "%D/pre.h", "-include", "not_here.h", "-imacros", "/nonexistent-c2h/m.h", "-DKEPT", "-DALSO",
              "-std=c++20", NULL);
  assert_false(e->nvcc);
  c2h_compdb_free(db);
}

static void relative_directory(void **state) {
  (void)state;
  touch("sub/a.cu");
  c2h_compdb *db = load("[{\"directory\": \"sub\", \"file\": \"a.cu\", \"command\": \"nvcc -I. -c a.cu\"},\n"
                        " {\"directory\": \".\", \"file\": \"sub/./a.cu\", \"command\": \"nvcc -I. -c a.cu\"}]");
  const c2h_compdb_entry *e = c2h_compdb_at(db, 0);
  char *want = expand("%D/sub/a.cu");
  assert_string_equal(e->file, want);
  free(want);
  want = expand("%D/sub");
  assert_string_equal(e->directory, want);
  free(want);
  expect_args(e, "-I%D/sub", NULL);
  assert_true(e->exists);
  /* The same file from another directory, with other flags. */
  assert_int_equal(c2h_compdb_count(db), 1);
  assert_non_null(find_problem(db, "different flags"));
  c2h_compdb_free(db);
}

static void quotes_and_escapes(void **state) {
  (void)state;
  touch("q.cu");
  /* As a shell reads it: -DMSG="hello world" '-DX=a b' -DQ=\"q\" "-DB=\\" -DE=a\ b '' -DL=1 */
  c2h_compdb *db = load(
      "[{\"directory\": \"%D\", \"file\": \"q.cu\", \"command\": \"nvcc -DMSG=\\\"hello world\\\" "
      "'-DX=a b' -DQ=\\\\\\\"q\\\\\\\" \\\"-DB=\\\\\\\\\\\" -DE=a\\\\ b '' -DL=1 -c q.cu\"}]");
  expect_args(c2h_compdb_at(db, 0), "-DMSG=hello world", "-DX=a b", "-DQ=\"q\"", "-DB=\\", "-DE=a b",
              "-DL=1", NULL);
  assert_int_equal(c2h_compdb_problem_count(db), 0);
  c2h_compdb_free(db);

  /* An unterminated quote is reported; the words before it are kept. */
  db = load("[{\"directory\": \"%D\", \"file\": \"q.cu\", \"command\": \"nvcc -DA 'q.cu\"}]");
  expect_args(c2h_compdb_at(db, 0), "-DA", NULL);
  assert_non_null(find_problem(db, "quote"));
  c2h_compdb_free(db);
}

static void launcher(void **state) {
  (void)state;
  touch("l.cpp");
  c2h_compdb *db = load(
      "[{\"directory\": \"%D\", \"file\": \"l.cpp\", \"command\": \"/usr/bin/ccache g++ -Iinc -c l.cpp\"},\n"
      " {\"directory\": \"%D\", \"file\": \"l2.cu\", \"command\": \"sccache /usr/local/cuda/bin/nvcc -t 4 "
      "-Iinc -c l2.cu\"}]");
  const c2h_compdb_entry *e = c2h_compdb_at(db, 0);
  expect_args(e, "-I%D/inc", NULL);
  assert_false(e->nvcc);
  e = c2h_compdb_at(db, 1);
  expect_args(e, "-I%D/inc", NULL);
  assert_true(e->nvcc);
  c2h_compdb_free(db);
}

static void missing_file(void **state) {
  (void)state;
  touch("here.cu");
  c2h_compdb *db = load("[\n"
                        "  {\"directory\": \"%D\", \"file\": \"here.cu\", \"command\": \"nvcc -c here.cu\"},\n"
                        "  {\"directory\": \"%D\", \"file\": \"gone/../gone.cu\", \"command\": \"nvcc -DG -c x\"}\n"
                        "]\n");
  assert_int_equal(c2h_compdb_count(db), 2);
  const c2h_compdb_entry *e = c2h_compdb_at(db, 1);
  assert_false(e->exists);
  char *want = expand("%D/gone.cu");
  assert_string_equal(e->file, want);
  expect_args(e, "-DG", NULL);
  assert_int_equal(c2h_compdb_problem_count(db), 1);
  const c2h_compdb_problem *p = c2h_compdb_problem_at(db, 0);
  char *msg = expand("gone/../gone.cu: no such file");
  assert_string_equal(p->message, msg);
  free(msg);
  assert_int_equal(p->line, 3);
  assert_int_equal(p->column, 3);
  assert_string_equal(p->file, want);
  free(want);
  assert_true(c2h_compdb_at(db, 0)->exists);
  c2h_compdb_free(db);
}

static void duplicates(void **state) {
  (void)state;
  touch("d.cu");
  c2h_compdb *db = load("[{\"directory\": \"%D\", \"file\": \"d.cu\", \"command\": \"nvcc -DONE -c d.cu\"},\n"
                        " {\"directory\": \"%D\", \"file\": \"%D/d.cu\", \"arguments\": [\"nvcc\", \"-D\", \"ONE\"]},\n"
                        " {\"directory\": \"%D\", \"file\": \"d.cu\", \"command\": \"nvcc -DTWO -c d.cu\"}]");
  /* Same flags: silent; different flags: reported; the first wins. */
  assert_int_equal(c2h_compdb_count(db), 1);
  assert_int_equal(c2h_compdb_problem_count(db), 1);
  const c2h_compdb_problem *p = c2h_compdb_problem_at(db, 0);
  char *msg = expand("d.cu is listed again with different flags; the entry at line 1 is used");
  assert_string_equal(p->message, msg);
  free(msg);
  assert_int_equal(p->line, 3);
  assert_int_equal(p->column, 2);
  char *path = expand("%D/d.cu");
  expect_args(c2h_compdb_find(db, path), "-DONE", NULL);
  free(path);
  c2h_compdb_free(db);
}

static void malformed_json(void **state) {
  (void)state;
  static const struct {
    const char *text;
    unsigned line, col;
    const char *message;
  } cases[] = {
      {"[\n  {\"file\": }\n]", 2, 12, "JSON"},
      {"[{\"file\": \"a\"},\n", 2, 1, "JSON"},
      {"", 0, 0, "JSON"},
      {"\n  {\"file\": \"a.cu\"}", 2, 3, "not an array"},
      {"  \"text\"", 1, 3, "not an array"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    c2h_compdb *db = (c2h_compdb *)1;
    c2h_error err;
    c2h_error_clear(&err);
    int rc = c2h_compdb_load_buffer(&db, "db.json", "/", cases[i].text, strlen(cases[i].text), &err);
    assert_int_equal(rc, C2H_ERR_INPUT);
    assert_null(db);
    assert_string_equal(err.path, "db.json");
    if (cases[i].line) {
      if (err.line != cases[i].line || err.col != cases[i].col)
        fail_msg("case %zu: %u:%u (%s), want %u:%u", i, err.line, err.col, err.message,
                 cases[i].line, cases[i].col);
    }
    assert_non_null(strstr(err.message, cases[i].message));
  }
}

static void not_an_object(void **state) {
  (void)state;
  touch("o.cu");
  c2h_compdb *db = load("[1, \"x\",\n"
                        "   [], {\"directory\": \"%D\", \"file\": \"o.cu\", \"command\": \"nvcc -DOK\"},\n"
                        "   {\"file\": \"o.cu\", \"command\": \"nvcc\"}, {\"directory\": \"%D\", \"command\": \"nvcc\"},\n"
                        "   {\"directory\": \"%D\", \"file\": \"o2.cu\"},\n"
                        "   {\"directory\": \"%D\", \"file\": \"o3.cu\", \"arguments\": [\"nvcc\", 3]},\n"
                        "   {\"directory\": \"%D\", \"file\": 7, \"command\": \"nvcc\"}]");
  assert_int_equal(c2h_compdb_count(db), 1);
  expect_args(c2h_compdb_at(db, 0), "-DOK", NULL);
  static const struct {
    unsigned line, col;
    const char *message;
  } want[] = {
      {1, 2, "not an object"},          {1, 5, "not an object"},
      {2, 4, "not an object"},          {3, 4, "no \"directory\""},
      {3, 41, "no \"file\""},           {4, 4, "neither \"arguments\" nor \"command\""},
      {5, 4, "\"arguments\" is not an array of strings"}, {6, 4, "\"file\" is not"},
  };
  assert_int_equal(c2h_compdb_problem_count(db), sizeof want / sizeof want[0]);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const c2h_compdb_problem *p = c2h_compdb_problem_at(db, i);
    if (p->line != want[i].line || p->column != want[i].col || !strstr(p->message, want[i].message))
      fail_msg("problem %zu: %u:%u %s", i, p->line, p->column, p->message);
  }
  /* A problem names the entry's file once it is known. */
  assert_null(c2h_compdb_problem_at(db, 0)->file);
  assert_string_equal(c2h_compdb_problem_at(db, 3)->file, "o.cu");
  c2h_compdb_free(db);
}

static void flag_missing_argument(void **state) {
  (void)state;
  touch("m.cu");
  c2h_compdb *db = load("[{\"directory\": \"%D\", \"file\": \"m.cu\", \"command\": \"nvcc -DA -c m.cu -o\"},\n"
                        " {\"directory\": \"%D\", \"file\": \"n.cu\", \"arguments\": [\"nvcc\", \"-DB\", "
                        "\"-Xcompiler\", \"-isystem\", \"-I\"]},\n"
                        " {\"directory\": \"%D\", \"file\": \"p.cu\", \"command\": \"nvcc -DC -rdc\"}]");
  assert_int_equal(c2h_compdb_count(db), 3);
  expect_args(c2h_compdb_at(db, 0), "-DA", NULL);
  expect_args(c2h_compdb_at(db, 1), "-DB", NULL);
  expect_args(c2h_compdb_at(db, 2), "-DC", NULL);
  const c2h_compdb_problem *p = find_problem(db, "'-o'");
  assert_non_null(p);
  assert_non_null(strstr(p->message, "no value"));
  assert_int_equal(p->line, 1);
  p = find_problem(db, "'-I'");
  assert_non_null(p);
  assert_int_equal(p->line, 2);
  p = find_problem(db, "'-isystem'");
  assert_non_null(p);
  assert_non_null(strstr(p->message, "-Xcompiler"));
  /* nvcc's boolean flags may stand alone. */
  assert_null(find_problem(db, "-rdc"));
  c2h_compdb_free(db);
}

static void find_by_path(void **state) {
  (void)state;
  touch("f/one.cu");
  touch("f/two.cu");
  c2h_compdb *db = load("[{\"directory\": \"%D/f\", \"file\": \"one.cu\", \"command\": \"nvcc -D1\"},\n"
                        " {\"directory\": \"%D/f\", \"file\": \"two.cu\", \"command\": \"nvcc -D2\"}]");
  char *path = expand("%D/f/two.cu");
  const c2h_compdb_entry *e = c2h_compdb_find(db, path);
  assert_non_null(e);
  assert_ptr_equal(e, c2h_compdb_at(db, 1));
  free(path);
  path = expand("%D//f/./x/../one.cu");
  assert_ptr_equal(c2h_compdb_find(db, path), c2h_compdb_at(db, 0));
  free(path);
  path = expand("%D/f/three.cu");
  assert_null(c2h_compdb_find(db, path));
  free(path);
  assert_null(c2h_compdb_find(db, "one.cu"));
  c2h_compdb_free(db);
}

static void load_from_directory(void **state) {
  (void)state;
  touch("proj/main.cu");
  make_dir("proj/build");
  char path[1024];
  snprintf(path, sizeof path, "%s/proj/build/compile_commands.json", dir);
  const char *text = "[{\"directory\": \".\", \"file\": \"../main.cu\", \"command\": \"nvcc -I../inc\"}]";
  c2h_error err;
  assert_int_equal(c2h_file_write_atomic(path, text, strlen(text), 0644, &err), 0);
  /* A directory holding the file, or the file itself. */
  char folder[1024];
  snprintf(folder, sizeof folder, "%s/proj/build", dir);
  for (int i = 0; i < 2; i++) {
    c2h_compdb *db = NULL;
    assert_int_equal(c2h_compdb_load(&db, i ? path : folder, &err), 0);
    assert_string_equal(c2h_compdb_path(db), path);
    assert_int_equal(c2h_compdb_count(db), 1);
    const c2h_compdb_entry *e = c2h_compdb_at(db, 0);
    char *want = expand("%D/proj/main.cu");
    assert_string_equal(e->file, want);
    free(want);
    expect_args(e, "-I%D/proj/inc", NULL);
    assert_true(e->exists);
    c2h_compdb_free(db);
  }
  /* A directory without one. */
  c2h_compdb *db = (c2h_compdb *)1;
  snprintf(folder, sizeof folder, "%s/proj", dir);
  assert_int_equal(c2h_compdb_load(&db, folder, &err), C2H_ERR_IO);
  assert_null(db);
  assert_non_null(strstr(err.path, "proj/compile_commands.json"));
}

static void large_database(void **state) {
  (void)state;
  enum { N = 20000 };
  c2h_buf b;
  c2h_buf_init(&b);
  assert_int_equal(c2h_buf_puts(&b, "[\n"), 0);
  for (int i = 0; i < N; i++)
    assert_int_equal(c2h_buf_printf(&b,
                                     "%s{\"directory\": \"%s/build\", \"file\": \"%s/src/m%d/f%d.cu\", "
                                     "\"command\": \"/usr/local/cuda/bin/nvcc -I%s/include -I../third_party "
                                     "-isystem /nonexistent-c2h/cuda/include -DN=%d -DCOMMON -std=c++17 "
                                     "-gencode arch=compute_90,code=sm_90 -o f%d.o -c %s/src/m%d/f%d.cu\"}\n",
                                     i ? "," : "", dir, dir, i % 50, i, dir, i, i, dir, i % 50, i),
                     0);
  assert_int_equal(c2h_buf_puts(&b, "]\n"), 0);
  c2h_compdb *db = NULL;
  c2h_error err;
  assert_int_equal(c2h_compdb_load_buffer(&db, "big.json", dir, b.data, b.len, &err), 0);
  c2h_buf_dispose(&b);
  assert_int_equal(c2h_compdb_count(db), N);
  /* None of the files exists. */
  assert_int_equal(c2h_compdb_problem_count(db), N);
  for (int i = 0; i < N; i += 997) {
    char path[1024], def[32];
    snprintf(path, sizeof path, "%s/src/m%d/f%d.cu", dir, i % 50, i);
    snprintf(def, sizeof def, "-DN=%d", i);
    const c2h_compdb_entry *e = c2h_compdb_find(db, path);
    assert_non_null(e);
    assert_string_equal(e->file, path);
    assert_int_equal(e->line, (unsigned)i + 2);
    expect_args(e, "-I%D/include", "-I%D/third_party", "-isystem/nonexistent-c2h/cuda/include", def, "-DCOMMON",
                "-std=c++17", NULL);
  }
  /* Flags shared by every entry are stored once. */
  assert_ptr_equal(c2h_compdb_at(db, 0)->args[0], c2h_compdb_at(db, N - 1)->args[0]);
  c2h_compdb_free(db);
}

/* Any prefix of a database, and the text with bytes changed, loads or
 * fails cleanly (the sanitizers watch). */
static void damaged_text(void **state) {
  (void)state;
  char *text = expand("[{\"directory\": \"%D\", \"file\": \"a\\u00e9.cu\", \"command\": "
                      "\"nvcc -I'x y' -D\\\"Q\\\" -Xcompiler -I,-D -o\"},\n"
                      " {\"directory\": \"rel\", \"file\": \"b.cu\", \"arguments\": [\"c++\", \"-I\", \"[\"]}]");
  size_t len = strlen(text);
  for (size_t n = 0; n <= len; n++) {
    for (int flip = 0; flip < 2; flip++) {
      char *copy = malloc(n + 1);
      assert_non_null(copy);
      memcpy(copy, text, n);
      copy[n] = '\0';
      if (flip && n) copy[n / 2] ^= (char)0x5a;
      c2h_compdb *db = NULL;
      c2h_error err;
      int rc = c2h_compdb_load_buffer(&db, "x.json", dir, copy, n, &err);
      assert_true(rc == 0 || rc == C2H_ERR_INPUT);
      assert_true((rc == 0) == (db != NULL));
      c2h_compdb_free(db);
      free(copy);
    }
  }
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(nvcc_command),       cmocka_unit_test(clang_arguments),
      cmocka_unit_test(relative_directory), cmocka_unit_test(quotes_and_escapes),
      cmocka_unit_test(launcher),           cmocka_unit_test(missing_file),
      cmocka_unit_test(duplicates),         cmocka_unit_test(malformed_json),
      cmocka_unit_test(not_an_object),      cmocka_unit_test(flag_missing_argument),
      cmocka_unit_test(find_by_path),       cmocka_unit_test(load_from_directory),
      cmocka_unit_test(large_database),     cmocka_unit_test(damaged_text),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
