// Texture and surface objects: HIP has them, gfx942 cannot use them.
#include <hip/hip_runtime.h>

__global__ void blur(hipTextureObject_t src, hipSurfaceObject_t dst, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float left = tex2D<float>(src, x - 0.5f, y + 0.5f);
  float mid = tex1Dfetch<float>(src, y * w + x);
  float right;
  tex2D(&right, src, x + 1.5f, y + 0.5f);
  surf2Dwrite((left + mid + right) / 3.0f, dst, x * (int)sizeof(float), y);
  float check = surf2Dread<float>(dst, x * (int)sizeof(float), y);
  (void)check;
}

hipTextureObject_t wrap(hipArray_t pixels) {
  hipResourceDesc rd = {};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = pixels;
  hipTextureDesc td = {};
  td.filterMode = hipFilterModeLinear;
  hipTextureObject_t obj = 0;
  hipCreateTextureObject(&obj, &rd, &td, nullptr);
  hipSurfaceObject_t out = 0;
  hipCreateSurfaceObject(&out, &rd);
  hipDestroySurfaceObject(out);
  return obj;
}
