// Unified-memory hints in both forms: CUDA 13 passes a cudaMemLocation,
// CUDA 12 a device number. The parse tells them apart by the declaration
// each call resolves to, not by counting arguments.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

static hipMemLocation on_device(int device) {
  hipMemLocation where;
  where.type = hipMemLocationTypeDevice;
  where.id = device;
  return where;
}

int share_table(float *table, size_t bytes, int device, hipStream_t stream) {
  hipMemLocation gpu = on_device(device);
  // CUDA 13 forms: a location, prefetch flags, with and without a stream.
  if (cu2hip_memAdvise(table, bytes, hipMemAdviseSetReadMostly, gpu) != hipSuccess) return 1;
  if (cu2hip_memAdvise(table, bytes, hipMemAdviseSetPreferredLocation, on_device(device)) != hipSuccess) return 1;
  if (cu2hip_memPrefetchAsync(table, bytes, gpu, 0) != hipSuccess) return 1;
  if (cu2hip_memPrefetchAsync(table, bytes, gpu, 0, stream) != hipSuccess) return 1;
  // CUDA 12 forms: a device number, with and without a stream.
  if (hipMemAdvise(table, bytes, hipMemAdviseSetAccessedBy, device) != hipSuccess) return 1;
  if (hipMemPrefetchAsync(table, bytes, device, stream) != hipSuccess) return 1;
  if (hipMemPrefetchAsync(table, bytes, device) != hipSuccess) return 1;
  return 0;
}
