// driver_functions.h holds the make_cuda* helpers for 3D copies.
#include <cuda_runtime.h>
#include <driver_functions.h>

cudaError_t copy_volume(float *dst, float *src, size_t w, size_t h, size_t d) {
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(src, w * sizeof(float), w, h);
  p.dstPtr = make_cudaPitchedPtr(dst, w * sizeof(float), w, h);
  p.srcPos = make_cudaPos(0, 0, 0);
  p.extent = make_cudaExtent(w * sizeof(float), h, d);
  p.kind = cudaMemcpyDeviceToDevice;
  return cudaMemcpy3D(&p);
}
