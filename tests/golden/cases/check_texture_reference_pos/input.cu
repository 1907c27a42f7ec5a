// Image filter written against the texture and surface reference API
// (removed in CUDA 12).
#include <cuda_runtime.h>

texture<float, cudaTextureType1D, cudaReadModeElementType> tex_weights;
texture<float4, 2> tex_image, tex_mask;
surface<void, 2> surf_out;

__global__ void blur(int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float w = tex1Dfetch(tex_weights, x % 9);
  float4 c = tex2D(tex_image, x + 0.5f, y + 0.5f);
  float4 m = tex2D(tex_mask, x + 0.5f, y + 0.5f);
  surf2Dwrite(c.x * w * m.x, surf_out, x * (int)sizeof(float), y);
}

__global__ void read_back(float *out, int width) {
  int x = threadIdx.x, y = blockIdx.x;
  float v;
  surf2Dread(&v, surf_out, x * (int)sizeof(float), y);
  out[y * width + x] = v;
}

void setup(const float *d_weights, cudaArray_t image, cudaArray_t mask, cudaArray_t out) {
  cudaBindTexture(0, tex_weights, d_weights, 9 * sizeof(float));
  tex_image.filterMode = cudaFilterModeLinear;
  cudaBindTextureToArray(tex_image, image);
  cudaBindTextureToArray(tex_mask, mask);
  cudaBindSurfaceToArray(surf_out, out);
}

void teardown() {
  cudaUnbindTexture(tex_weights);
  cudaUnbindTexture(tex_image);
}
