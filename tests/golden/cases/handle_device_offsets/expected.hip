// Driver-API device addresses moved by byte offsets, as CUDA code writes
// them on the integer CUdeviceptr: HIP's hipDeviceptr_t is void *, so each
// offset whose value is used as an address becomes char * arithmetic on it.
// (An offset used as a plain integer stays reported: handle_as_integer.)
#include <hip/hip_runtime.h>
#include <cstddef>
#include <cstdint>

#define CHECK(call) (void)(call)

static hipError_t clear(hipDeviceptr_t at, size_t bytes) { return hipMemsetD8(at, 0, bytes); }

hipError_t fill_slices(hipDeviceptr_t base, size_t slice, int count, char *args) {
  hipDeviceptr_t second = (hipDeviceptr_t)((char *)(base) + slice);
  hipDeviceptr_t tail = (hipDeviceptr_t)((char *)(base) + slice * count - 16);
  for (int i = 0; i < count; i++) {
    hipError_t r = hipMemsetD8((hipDeviceptr_t)((char *)(base) + (i * slice)), 0xff, slice);
    if (r != hipSuccess) return r;
  }
  clear((hipDeviceptr_t)(slice + (char *)(second)), 16);
  CHECK(hipMemsetD8((hipDeviceptr_t)((char *)(second) + 4 * slice), 0, slice)); // in a macro's argument
  hipDeviceptr_t cursor = base;
  cursor = (hipDeviceptr_t)((char *)(cursor) + (slice));
  cursor = (hipDeviceptr_t)((char *)(cursor) - (8));
  cursor = (hipDeviceptr_t)((char *)(tail) - slice);
  *(reinterpret_cast<hipDeviceptr_t *>(args)) = (hipDeviceptr_t)(hipDeviceptr_t)(((char *)(base) + 64));
  size_t width = slice / 4;
  *(reinterpret_cast<hipDeviceptr_t *>(args + sizeof(hipDeviceptr_t))) = (hipDeviceptr_t)(uintptr_t)(width);
  return clear(cursor, 8);
}
