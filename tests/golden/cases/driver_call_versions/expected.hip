// Driver calls whose HIP counterpart depends on the ROCm release, or that
// HIP lacks: CUDA 13's cuMemAdvise with a location (hipMemAdvise_v2 is
// ROCm 7.1), the prefetch in both forms, and an array-to-array copy (HIP
// has it from ROCm 6.3 on).
#include <hip/hip_runtime.h>

hipError_t advise(hipDeviceptr_t p, size_t bytes, hipMemLocation where) {
  return hipMemAdvise_v2(p, bytes, hipMemAdviseSetReadMostly, where);
}

hipError_t prefetch_old(hipDeviceptr_t p, size_t bytes, hipDevice_t dev, hipStream_t s) {
  return hipMemPrefetchAsync(p, bytes, dev, s);
}

hipError_t prefetch_new(hipDeviceptr_t p, size_t bytes, hipMemLocation where, hipStream_t s) {
  return hipMemPrefetchAsync_v2(p, bytes, where, 0, s);
}

hipError_t copy_arrays(hipArray_t dst, hipArray_t src, size_t bytes) { return hipMemcpyAtoA(dst, 0, src, 0, bytes); }
