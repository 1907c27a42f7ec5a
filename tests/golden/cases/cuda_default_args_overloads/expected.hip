// Calls that rely on what CUDA's headers add and HIP's lack: a trailing
// parameter with a default (the flags of cudaStreamWaitEvent), a C++
// overload (cudaEventCreate with flags) and templates taking T ** where
// HIP takes void ** (cudaHostGetDevicePointer, cudaMallocPitch).
#include <hip/hip_runtime.h>

void order(hipStream_t first, hipStream_t second) {
  hipEvent_t done;
  hipEventCreateWithFlags(&done, hipEventDisableTiming);
  hipEventRecord(done, first);
  hipStreamWaitEvent(second, done, 0);
  hipStreamWaitEvent(second, done, 0);
  hipEventDestroy(done);
}

float *mapped_view(float *host) {
  float *dev = nullptr;
  hipHostGetDevicePointer(reinterpret_cast<void **>(&dev), host, 0);
  return dev;
}

double *pitched(size_t *pitch, size_t w, size_t h) {
  double *p = nullptr;
  hipMallocPitch(reinterpret_cast<void **>(&p), pitch, w * sizeof(double), h);
  return p;
}
