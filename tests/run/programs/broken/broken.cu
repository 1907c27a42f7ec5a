// Calls a function nobody defines: a compiler error that is no missing
// CPU-runtime feature.
#include <cstdio>
__global__ void k(int *out) { out[threadIdx.x] = not_declared_anywhere(threadIdx.x); }
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  k<<<1, 64>>>(d);
  return 0;
}
