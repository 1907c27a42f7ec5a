// Texture and surface objects: HIP has them, gfx942 cannot use them.
#include <cuda_runtime.h>

__global__ void blur(cudaTextureObject_t src, cudaSurfaceObject_t dst, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float left = tex2D<float>(src, x - 0.5f, y + 0.5f);
  float mid = tex1Dfetch<float>(src, y * w + x);
  float right;
  tex2D(&right, src, x + 1.5f, y + 0.5f);
  surf2Dwrite((left + mid + right) / 3.0f, dst, x * (int)sizeof(float), y);
  float check = surf2Dread<float>(dst, x * (int)sizeof(float), y);
  (void)check;
}

cudaTextureObject_t wrap(cudaArray_t pixels) {
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = pixels;
  cudaTextureDesc td = {};
  td.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t obj = 0;
  cudaCreateTextureObject(&obj, &rd, &td, nullptr);
  cudaSurfaceObject_t out = 0;
  cudaCreateSurfaceObject(&out, &rd);
  cudaDestroySurfaceObject(out);
  return obj;
}
