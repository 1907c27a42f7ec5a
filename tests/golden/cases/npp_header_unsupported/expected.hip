// NPP has no HIP counterpart: each NPP include is an error at its line, the
// CUDA runtime include beside it is still translated.
#include <hip/hip_runtime.h>
#include <npp.h>
#include <npps.h>

__global__ void scale(float *v, float k) { v[threadIdx.x] *= k; }

int main() {
  float *d = 0;
  hipMalloc(&d, 32 * sizeof(float));
  scale<<<1, 32>>>(d, 2.0f);
  hipFree(d);
  return 0;
}
