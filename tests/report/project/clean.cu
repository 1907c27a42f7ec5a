// Copies a buffer to the device and back; translates without diagnostics.
#include <cuda_runtime.h>

int round_trip(float *host, int n) {
  float *dev = nullptr;
  size_t bytes = n * sizeof(float);
  if (cudaMalloc(&dev, bytes) != cudaSuccess) return 1;
  cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  return 0;
}
