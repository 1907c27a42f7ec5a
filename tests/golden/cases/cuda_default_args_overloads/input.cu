// Calls that rely on what CUDA's headers add and HIP's lack: a trailing
// parameter with a default (the flags of cudaStreamWaitEvent), a C++
// overload (cudaEventCreate with flags) and templates taking T ** where
// HIP takes void ** (cudaHostGetDevicePointer, cudaMallocPitch).
#include <cuda_runtime.h>

void order(cudaStream_t first, cudaStream_t second) {
  cudaEvent_t done;
  cudaEventCreate(&done, cudaEventDisableTiming);
  cudaEventRecord(done, first);
  cudaStreamWaitEvent(second, done);
  cudaStreamWaitEvent(second, done, 0);
  cudaEventDestroy(done);
}

float *mapped_view(float *host) {
  float *dev = nullptr;
  cudaHostGetDevicePointer(&dev, host, 0);
  return dev;
}

double *pitched(size_t *pitch, size_t w, size_t h) {
  double *p = nullptr;
  cudaMallocPitch(&p, pitch, w * sizeof(double), h);
  return p;
}
