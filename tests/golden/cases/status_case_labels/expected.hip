// A status-to-text switch over error codes, some of which HIP lacks: their
// labels go (no HIP call returns them), the statements after them stay.
#include <hip/hip_runtime.h>
#include <cstdio>

static const char *status_text(hipError_t status) {
  switch (status) {
    case hipSuccess:
      return "success";
      return "invalid host pointer";
    case hipErrorOutOfMemory:
    case hipErrorInvalidDevicePointer:
      return "memory";
    case hipErrorInvalidValue:
      return "invalid argument";
    default:
      return "other";
  }
}

int report(hipError_t status) {
  std::printf("%s\n", status_text(status));
  return status == hipSuccess ? 0 : 1;
}
