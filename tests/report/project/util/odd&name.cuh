// A header whose name needs escaping in HTML and Markdown.
#pragma once
#include <cuda_runtime.h>

static inline void *device_alloc(size_t bytes) {
  void *p = nullptr;
  if (cudaMalloc(&p, bytes) != cudaSuccess) return nullptr;
  cudaMemset(p, 0, bytes);
  return p;
}
