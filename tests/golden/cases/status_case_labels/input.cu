// A status-to-text switch over error codes, some of which HIP lacks: their
// labels go (no HIP call returns them), the statements after them stay.
#include <cuda_runtime.h>
#include <cstdio>

static const char *status_text(cudaError_t status) {
  switch (status) {
    case cudaSuccess:
      return "success";
    case cudaErrorInvalidHostPointer:
      return "invalid host pointer";
    case cudaErrorMemoryAllocation:
    case cudaErrorInvalidDevicePointer:
      return "memory";
    case cudaErrorInvalidValue: case cudaErrorAddressOfConstant:
      return "invalid argument";
    default:
      return "other";
  }
}

int report(cudaError_t status) {
  std::printf("%s\n", status_text(status));
  return status == cudaSuccess ? 0 : 1;
}
