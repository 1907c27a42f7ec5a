#ifndef C2H_FUZZ_COMMON_H
#define C2H_FUZZ_COMMON_H
/* Shared by the fuzz targets: the libFuzzer entry points (declared here so
 * that -Wmissing-prototypes stays quiet) and the invariant check. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A broken invariant is a finding: abort() makes libFuzzer save the input
 * and stop, like a sanitizer report does. */
#define C2H_FUZZ_CHECK(cond)                                                         \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);   \
      abort();                                                                       \
    }                                                                                \
  } while (0)

#endif
