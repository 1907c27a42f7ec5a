#include <cuda_runtime.h>
#include "mylib.h"

__global__ void transform(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = mylib_apply(x[i]);
}

int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  transform<<<1, 256>>>(d, 256);
  mylib_cudaMemcpy(d, d, 256);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
