// A project helper found through -I and included with <...>, before the
// runtime header: under nvcc the runtime was declared before it anyway
// (the implicit include), and helpers may rely on that.
#ifndef HELPER_CHECKS_H
#define HELPER_CHECKS_H
#include <stdio.h>
#define CHECK(call)                                   \
  do {                                                \
    int e_ = (int)(call);                             \
    if (e_ != 0) printf("call failed: %d\n", e_);     \
  } while (0)
#endif
