#include <cuda_runtime.h>

__global__ void spin(int *flag) {
  while (atomicAdd(flag, 0) == 0) {
    __nanosleep(100);
  }
}

__global__ void store_streaming(float *out, float v) {
  __stcs(out + threadIdx.x, v);
}

int main() {
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  cudaCtxResetPersistingL2Cache();
  spin<<<1, 32>>>(flag);
  cudaFree(flag);
  return 0;
}
