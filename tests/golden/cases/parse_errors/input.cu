#include <cuda_runtime.h>

__global__ void broken(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x
  if (i < n) x[i] = 1.0f;
}

int main() {
  float *d;
  cudaMalloc(&d, 64 * sizeof(float));
  broken<<<1, 64>>>(d, 64);
  cudaMemcpy(d, d, 0, cudaMemcpyDeviceToDevice;
  cudaFree(d);
  return 0;
}
