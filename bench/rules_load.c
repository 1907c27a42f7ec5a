/* Start-up cost of the rule table: loading the full embedded table against
 * loading a one-entry table, in the same process, best of N rounds.
 *   usage: rules_load [ROUNDS] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cu2hip/rules.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 20;
  static const char one[] = "library: one\nfunctions:\n  cudaMalloc: hipMalloc\n";
  double best_full = 1e9, best_one = 1e9;
  size_t entries = 0;
  for (int i = 0; i < rounds; i++) {
    c2h_rules *r = NULL;
    c2h_error err;
    double t0 = now();
    if (c2h_rules_new_default(&r, &err)) {
      fprintf(stderr, "rules_load: %s\n", err.message);
      return 1;
    }
    double t1 = now();
    entries = c2h_rules_count(r);
    c2h_rules_free(r);
    double t2 = now();
    if (c2h_rules_new(&r, &err) || c2h_rules_load_buffer(r, "one.yaml", one, sizeof one - 1, 0, &err)) return 1;
    double t3 = now();
    c2h_rules_free(r);
    if (t1 - t0 < best_full) best_full = t1 - t0;
    if (t3 - t2 < best_one) best_one = t3 - t2;
  }
  printf("rule table load, best of %d: full (%zu entries) %.2f ms, one entry %.3f ms, difference %.2f ms\n",
         rounds, entries, best_full * 1e3, best_one * 1e3, (best_full - best_one) * 1e3);
  return 0;
}
