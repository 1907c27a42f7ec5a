#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

__global__ void work(float *x) { x[threadIdx.x] += 1.0f; }

int main() {
  float *x;
  cudaMalloc(&x, 256 * sizeof(float));
  nvtxRangePushA("iteration");
  nvtxMarkA("launch");
  work<<<1, 256>>>(x);
  nvtxRangeId_t id = nvtxRangeStartA("sync");
  cudaDeviceSynchronize();
  nvtxRangeEnd(id);
  nvtxRangePop();
  nvtxNameOsThreadA(0, "main");
  cudaFree(x);
  return 0;
}
