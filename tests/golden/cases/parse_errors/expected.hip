#include <hip/hip_runtime.h>

__global__ void broken(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x
  if (i < n) x[i] = 1.0f;
}

int main() {
  float *d;
  hipMalloc(&d, 64 * sizeof(float));
  broken<<<1, 64>>>(d, 64);
  hipMemcpy(d, d, 0, hipMemcpyDeviceToDevice;
  hipFree(d);
  return 0;
}
