/* c2h_front_parse and c2h_front_parse_included: every parse runs on a
 * thread of its own with a large stack (C2H_PARSE_STACK says why), and the
 * process is set up for libclang to parse on the calling thread. */
#define _POSIX_C_SOURCE 200809L /* setenv, clock_gettime */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "front/front_internal.h"

/* clang recurses once per level of a nested or chained construct: the
 * left-leaning tree of `1 + 1 + ... + 1` is as deep as the chain is long,
 * and 100,000 terms overflow the 8 MiB stack libclang parses on, which
 * kills the process (its crash recovery cannot catch a stack overflow: its
 * signal handler has no alternate stack to run on). So libclang is told to
 * parse on the calling thread (LIBCLANG_NOTHREADS, read at each call), and
 * every parse, the AST walk included, runs on a thread of ours with this
 * much stack. Only the pages a parse touches are ever committed. */
#define C2H_PARSE_STACK ((size_t)256 << 20)

static pthread_once_t g_nothreads_once = PTHREAD_ONCE_INIT;
static void set_nothreads(void) { setenv("LIBCLANG_NOTHREADS", "1", 1); }

typedef struct parse_call {
  c2h_front *fe;
  const char *main_path, *main_src;
  size_t main_len;
  const char *path, *src;
  size_t len;
  const char *const *file_args;
  size_t n_file_args;
  c2h_name_filter filter;
  void *filter_ctx;
  c2h_tu_facts *facts;
  c2h_error *err;
  int rc;
} parse_call;

static void *parse_thread(void *arg) {
  parse_call *c = arg;
  c->rc = c2h_front_parse_unit(c->fe, c->main_path, c->main_src, c->main_len, c->path, c->src, c->len, c->file_args,
                     c->n_file_args, c->filter, c->filter_ctx, c->facts, c->err);
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    c->facts->parse_cpu_ms = (unsigned long long)ts.tv_sec * 1000u + (unsigned long long)ts.tv_nsec / 1000000u;
  return NULL;
}

void c2h_front_prepare_process(void) { pthread_once(&g_nothreads_once, set_nothreads); }

/* c2h_front_parse_unit on a thread with C2H_PARSE_STACK of stack. */
static int parse_on_big_stack(parse_call *call) {
  const char *path = call->path;
  c2h_error *err = call->err;
  pthread_attr_t attr;
  pthread_t thread;
  c2h_front_prepare_process();
  if (pthread_attr_init(&attr) != 0)
    return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "cannot start the parsing thread");
  int started = pthread_attr_setstacksize(&attr, C2H_PARSE_STACK) == 0 &&
                pthread_create(&thread, &attr, parse_thread, call) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return c2h_error_set(err, C2H_ERR_NOMEM, path, 0, 0, "cannot start the parsing thread");
  pthread_join(thread, NULL);
  return call->rc;
}

int c2h_front_parse(c2h_front *fe, const char *path, const char *src, size_t len,
                    const char *const *file_args, size_t n_file_args, c2h_name_filter filter,
                    void *filter_ctx, c2h_tu_facts *facts, c2h_error *err) {
  parse_call call = {fe, path, src, len, path, src, len, file_args, n_file_args, filter, filter_ctx, facts, err, 0};
  return parse_on_big_stack(&call);
}

int c2h_front_parse_included(c2h_front *fe, const char *includer, const char *includer_src, size_t includer_len,
                             const char *path, const char *src, size_t len, const char *const *file_args,
                             size_t n_file_args, c2h_name_filter filter, void *filter_ctx, c2h_tu_facts *facts,
                             c2h_error *err) {
  parse_call call = {fe,        includer,    includer_src, includer_len, path, src, len, file_args,
                     n_file_args, filter,    filter_ctx,   facts,        err,  0};
  return parse_on_big_stack(&call);
}
