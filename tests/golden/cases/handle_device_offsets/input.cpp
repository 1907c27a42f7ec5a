// Driver-API device addresses moved by byte offsets, as CUDA code writes
// them on the integer CUdeviceptr: HIP's hipDeviceptr_t is void *, so each
// offset whose value is used as an address becomes char * arithmetic on it.
// (An offset used as a plain integer stays reported: handle_as_integer.)
#include <cuda.h>
#include <cstddef>
#include <cstdint>

#define CHECK(call) (void)(call)

static CUresult clear(CUdeviceptr at, size_t bytes) { return cuMemsetD8(at, 0, bytes); }

CUresult fill_slices(CUdeviceptr base, size_t slice, int count, char *args) {
  CUdeviceptr second = base + slice;
  CUdeviceptr tail = base + slice * count - 16;
  for (int i = 0; i < count; i++) {
    CUresult r = cuMemsetD8(base + (i * slice), 0xff, slice);
    if (r != CUDA_SUCCESS) return r;
  }
  clear(slice + second, 16);
  CHECK(cuMemsetD8(second + 4 * slice, 0, slice)); // in a macro's argument
  CUdeviceptr cursor = base;
  cursor += slice;
  cursor -= 8;
  cursor = tail - slice;
  *(reinterpret_cast<CUdeviceptr *>(args)) = (CUdeviceptr)(base + 64);
  size_t width = slice / 4;
  *(reinterpret_cast<CUdeviceptr *>(args + sizeof(CUdeviceptr))) = width;
  return clear(cursor, 8);
}
