/* Fuzz target: the whole translation of one .cu file held in memory
 * (parse, rewrite passes, checks, suppressions, annotations, edits).
 *
 * Two translators are made once (a parse costs 50-150 ms; making a
 * translator per input would add the shim's set-up to each run): one with
 * the defaults of the command line (launches kept, newest ROCm), one with
 * every rewrite turned on (hipLaunchKernelGGL, the oldest ROCm so that the
 * fallback forms are used, --annotate). The input's length picks one, so
 * the corpus exercises both.
 *
 * Checked on each result: the call fails only for the reasons translate.h
 * gives (never "conflicting edits", which is a bug); the output is
 * NUL-terminated, output_len is its length and `changed` tells the truth;
 * every diagnostic about the file lies inside it, begin <= end, and its
 * line and column agree with its byte offset (or it has no position).
 * Translating the output again is not tried: it would double the time of
 * an already slow target. */
#include <string.h>

#include "cu2hip/translate.h"
#include "fuzz_common.h"

/* A directory that does not exist: the file's relative #includes then find
 * nothing, wherever the fuzzer runs. */
#define FUZZ_PATH "/nonexistent-cu2hip-fuzz/input.cu"

static c2h_rules *rules;
static c2h_translator *plain, *everything;

static void release(void) {
  c2h_translator_free(plain);
  c2h_translator_free(everything);
  c2h_rules_free(rules);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  c2h_error err;
  c2h_error_clear(&err);
  if (c2h_rules_new_default(&rules, &err)) {
    fprintf(stderr, "fuzz_translate: default rules: %s\n", err.message);
    abort();
  }
  c2h_translate_options a = {.rules = rules, .rocm_version = c2h_rules_newest_version(rules),
                             .launch_syntax = C2H_LAUNCH_KEEP};
  c2h_translate_options b = {.rules = rules, .rocm_version = C2H_VERSION(5, 2),
                             .launch_syntax = C2H_LAUNCH_HIP, .annotate = 1};
  if (c2h_translator_new(&plain, &a, &err) || c2h_translator_new(&everything, &b, &err)) {
    fprintf(stderr, "fuzz_translate: translator: %s\n", err.message);
    abort();
  }
  /* Freed at exit so that the translators' own memory (and the precompiled
   * shim's temporary file) does not show up as a leak. */
  atexit(release);
  return 0;
}

/* Line and column of a byte offset as clang counts them: "\n", "\r\n" and a
 * lone "\r" end a line; columns count bytes from 1. */
static void position_of(const char *src, size_t len, size_t offset, unsigned *line, unsigned *col) {
  unsigned l = 1;
  size_t start = 0;
  for (size_t i = 0; i < offset; i++) {
    if (src[i] == '\r' && i + 1 < len && src[i + 1] == '\n') continue; /* the "\n" ends the line */
    if (src[i] == '\n' || src[i] == '\r') {
      l++;
      start = i + 1;
    }
  }
  *line = l;
  *col = (unsigned)(offset - start) + 1;
}

static void check_pos(const c2h_pos *p, const char *src, size_t len) {
  if (p->line == 0) {
    C2H_FUZZ_CHECK(p->col == 0);
    return;
  }
  C2H_FUZZ_CHECK(p->col >= 1);
  C2H_FUZZ_CHECK(p->offset <= len);
  unsigned line, col;
  position_of(src, len, p->offset, &line, &col);
  if (line != p->line || col != p->col) {
    fprintf(stderr, "position %u:%u does not match offset %zu (%u:%u)\n", p->line, p->col, p->offset, line, col);
    abort();
  }
}

static void check_result(const c2h_file_result *res, const char *src, size_t len) {
  C2H_FUZZ_CHECK(res->output != NULL);
  C2H_FUZZ_CHECK(res->output[res->output_len] == '\0');
  /* The input holds no NUL (it would have been refused) and no edit adds one. */
  C2H_FUZZ_CHECK(strlen(res->output) == res->output_len);
  int same = res->output_len == len && memcmp(res->output, src, len) == 0;
  C2H_FUZZ_CHECK(res->changed == !same);
  C2H_FUZZ_CHECK(same || res->stats.edits > 0);
  unsigned lines, col;
  position_of(src, len, len, &lines, &col);
  C2H_FUZZ_CHECK(res->stats.lines_changed <= lines);
  C2H_FUZZ_CHECK(res->stats.n_libraries <= 16);
  for (size_t i = 0; i < res->diags.len; i++) {
    const c2h_diag *d = &res->diags.items[i];
    C2H_FUZZ_CHECK(d->path != NULL && d->message != NULL);
    C2H_FUZZ_CHECK(d->severity >= C2H_SEV_NOTE && d->severity <= C2H_SEV_ERROR);
    C2H_FUZZ_CHECK(d->check >= 0 && d->check < C2H_CHECK__COUNT);
    if (strcmp(d->path, FUZZ_PATH) != 0) continue; /* a header: its bytes are not at hand */
    check_pos(&d->begin, src, len);
    check_pos(&d->end, src, len);
    if (d->begin.line && d->end.line) C2H_FUZZ_CHECK(d->begin.offset <= d->end.offset);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A copy of exactly the input's size: ASan sees any read past its end. */
  char *src = malloc(size ? size : 1);
  if (!src) return 0;
  if (size) memcpy(src, data, size);
  c2h_translator *tr = size % 2 ? everything : plain;
  c2h_file_result res;
  c2h_error err;
  c2h_error_clear(&err);
  c2h_file_result_init(&res);
  int rc = c2h_translate_buffer(tr, FUZZ_PATH, src, size, &res, &err);
  if (rc == 0) {
    check_result(&res, src, size);
  } else {
    /* Refusing a binary file or a parser failure is fine; conflicting
     * edits (C2H_ERR_INTERNAL) are a bug. */
    if (rc != C2H_ERR_INPUT && rc != C2H_ERR_PARSE) {
      fprintf(stderr, "translation failed (%d): %s\n", rc, err.message);
      abort();
    }
    C2H_FUZZ_CHECK(err.code == rc);
  }
  c2h_file_result_dispose(&res);
  free(src);
  return 0;
}
