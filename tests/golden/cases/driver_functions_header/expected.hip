// driver_functions.h holds the make_cuda* helpers for 3D copies.
#include <hip/hip_runtime.h>
#include <hip/driver_types.h>

hipError_t copy_volume(float *dst, float *src, size_t w, size_t h, size_t d) {
  hipMemcpy3DParms p = {};
  p.srcPtr = make_hipPitchedPtr(src, w * sizeof(float), w, h);
  p.dstPtr = make_hipPitchedPtr(dst, w * sizeof(float), w, h);
  p.srcPos = make_hipPos(0, 0, 0);
  p.extent = make_hipExtent(w * sizeof(float), h, d);
  p.kind = hipMemcpyDeviceToDevice;
  return hipMemcpy3D(&p);
}
