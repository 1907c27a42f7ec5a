// Driver calls whose HIP counterpart depends on the ROCm release, or that
// HIP lacks: CUDA 13's cuMemAdvise with a location (hipMemAdvise_v2 is
// ROCm 7.1), the prefetch in both forms, and an array-to-array copy (HIP
// has it from ROCm 6.3 on).
#include <cuda.h>

CUresult advise(CUdeviceptr p, size_t bytes, CUmemLocation where) {
  return cuMemAdvise(p, bytes, CU_MEM_ADVISE_SET_READ_MOSTLY, where);
}

CUresult prefetch_old(CUdeviceptr p, size_t bytes, CUdevice dev, CUstream s) {
  return cuMemPrefetchAsync(p, bytes, dev, s);
}

CUresult prefetch_new(CUdeviceptr p, size_t bytes, CUmemLocation where, CUstream s) {
  return cuMemPrefetchAsync(p, bytes, where, 0, s);
}

CUresult copy_arrays(CUarray dst, CUarray src, size_t bytes) { return cuMemcpyAtoA(dst, 0, src, 0, bytes); }
