#ifndef HOST_UTILS_H
#define HOST_UTILS_H
#pragma once
#include <vector>
#include <string>
#include <cstdio>
#include "sizes.h"

// Any runtime's status: zero is success.
#define CHECK(call)                                                  \
  do {                                                               \
    if ((call) != 0) {                                               \
      std::printf("error %d at %s:%d\n", (int)(call), __FILE__, __LINE__); \
      return 1;                                                      \
    }                                                                \
  } while (0)

inline void print_result(const std::string &label, float v, std::uint32_t n) {
  std::printf("%s: %f (%u)\n", label.c_str(), v, n);
}
#endif
