// Error checking for CUDA runtime calls.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    hipError_t err_ = (call);                                               \
    if (err_ != hipSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                \
                   hipGetErrorString(err_));                                \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)
