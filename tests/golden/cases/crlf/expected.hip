#include <hip/hip_runtime.h>

// Windows-edited source.
__global__ void zero(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.0f;
}

#define CHECK(e) \
  if ((e) != hipSuccess) return 1

int main() {
  float *d;
  CHECK(hipMalloc(&d, 4096));
  zero<<<16, 64>>>(d, 1024);
  CHECK(hipDeviceSynchronize());
  hipFree(d);
  return 0;
}
