#ifndef HOST_UTILS_H
#define HOST_UTILS_H
#pragma once
#include <vector>
#include <string>
#include <cstdio>
#include <sizes.h>

#define CHECK(call)                                             \
  do {                                                          \
    cudaError_t e_ = (call);                                    \
    if (e_ != cudaSuccess) {                                    \
      std::printf("error: %s\n", cudaGetErrorString(e_));       \
      return 1;                                                 \
    }                                                           \
  } while (0)

inline void print_result(const std::string &label, float v, std::uint32_t n) {
  std::printf("%s: %f (%u)\n", label.c_str(), v, n);
}
#endif
