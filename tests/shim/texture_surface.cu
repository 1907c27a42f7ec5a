// Image processing through texture and surface objects, plus an old-style
// texture reference as found in code written before CUDA 12.
#include <cuda_runtime.h>
#include <texture_fetch_functions.h>
#include <surface_functions.h>
#include <cstdio>

__global__ void blur(cudaTextureObject_t tex, cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (x + 0.5f) / w, v = (y + 0.5f) / h, du = 1.0f / w, dv = 1.0f / h;
  float s = tex2D<float>(tex, u - du, v) + tex2D<float>(tex, u + du, v) +
            tex2D<float>(tex, u, v - dv) + tex2D<float>(tex, u, v + dv);
  float c;
  tex2D(&c, tex, u, v);
  surf2Dwrite(0.2f * (s + c), surf, x * (int)sizeof(float), y);
  float back = surf2Dread<float>(surf, x * 4, y, cudaBoundaryModeClamp);
  (void)back;
}

__global__ void gather(cudaTextureObject_t lin, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(lin, i);
}

texture<float, cudaTextureType1D, cudaReadModeElementType> g_texRef;
texture<uchar4, 2, cudaReadModeNormalizedFloat> g_img;

__global__ void legacy(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(g_texRef, i) + tex2D(g_img, 0.5f, 0.5f);
}

int main() {
  const int w = 512, h = 512;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaChannelFormatDesc desc2 = cudaCreateChannelDesc<float>();
  cudaArray_t inArr, outArr;
  cudaMallocArray(&inArr, &desc, w, h);
  cudaMallocArray(&outArr, &desc2, w, h, cudaArraySurfaceLoadStore);
  float *host = new float[w * h]();
  cudaMemcpy2DToArray(inArr, 0, 0, host, w * sizeof(float), w * sizeof(float), h,
                      cudaMemcpyHostToDevice);

  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = inArr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);

  cudaResourceDesc sres = {};
  sres.resType = cudaResourceTypeArray;
  sres.res.array.array = outArr;
  cudaSurfaceObject_t surf = 0;
  cudaCreateSurfaceObject(&surf, &sres);

  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  blur<<<grid, block>>>(tex, surf, w, h);

  float4 *lin, *out;
  size_t n = 4096;
  cudaMalloc(&lin, n * sizeof(float4));
  cudaMalloc(&out, n * sizeof(float4));
  cudaResourceDesc lres = {};
  lres.resType = cudaResourceTypeLinear;
  lres.res.linear.devPtr = lin;
  lres.res.linear.desc = cudaCreateChannelDesc<float4>();
  lres.res.linear.sizeInBytes = n * sizeof(float4);
  cudaTextureDesc ltd = {};
  ltd.readMode = cudaReadModeElementType;
  cudaTextureObject_t ltex;
  cudaCreateTextureObject(&ltex, &lres, &ltd, NULL);
  gather<<<(n + 255) / 256, 256>>>(ltex, out, (int)n);

  float *dlin;
  cudaMalloc(&dlin, n * sizeof(float));
  g_texRef.filterMode = cudaFilterModePoint;
  g_texRef.normalized = false;
  cudaBindTexture(0, g_texRef, dlin, n * sizeof(float));
  legacy<<<(n + 255) / 256, 256>>>(dlin, (int)n);
  cudaUnbindTexture(g_texRef);

  cudaMemcpy2DFromArray(host, w * sizeof(float), outArr, 0, 0, w * sizeof(float), h,
                        cudaMemcpyDeviceToHost);
  cudaDestroyTextureObject(tex);
  cudaDestroyTextureObject(ltex);
  cudaDestroySurfaceObject(surf);
  cudaFreeArray(inArr);
  cudaFreeArray(outArr);
  cudaFree(lin); cudaFree(out); cudaFree(dlin);
  printf("%f\n", host[0]);
  delete[] host;
}
