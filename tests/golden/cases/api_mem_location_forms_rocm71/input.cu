// Unified-memory hints in both forms: CUDA 13 passes a cudaMemLocation,
// CUDA 12 a device number. The parse tells them apart by the declaration
// each call resolves to, not by counting arguments.
#include <cuda_runtime.h>

static cudaMemLocation on_device(int device) {
  cudaMemLocation where;
  where.type = cudaMemLocationTypeDevice;
  where.id = device;
  return where;
}

int share_table(float *table, size_t bytes, int device, cudaStream_t stream) {
  cudaMemLocation gpu = on_device(device);
  // CUDA 13 forms: a location, prefetch flags, with and without a stream.
  if (cudaMemAdvise(table, bytes, cudaMemAdviseSetReadMostly, gpu) != cudaSuccess) return 1;
  if (cudaMemAdvise(table, bytes, cudaMemAdviseSetPreferredLocation, on_device(device)) != cudaSuccess) return 1;
  if (cudaMemPrefetchAsync(table, bytes, gpu, 0) != cudaSuccess) return 1;
  if (cudaMemPrefetchAsync(table, bytes, gpu, 0, stream) != cudaSuccess) return 1;
  // CUDA 12 forms: a device number, with and without a stream.
  if (cudaMemAdvise(table, bytes, cudaMemAdviseSetAccessedBy, device) != cudaSuccess) return 1;
  if (cudaMemPrefetchAsync(table, bytes, device, stream) != cudaSuccess) return 1;
  if (cudaMemPrefetchAsync(table, bytes, device) != cudaSuccess) return 1;
  return 0;
}
