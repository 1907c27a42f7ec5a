// Inline PTX: cannot be built for the CPU runtime.
#include <cstdio>
__global__ void lane_id(int *out) {
  int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = lane;
}
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  lane_id<<<1, 64>>>(d);
  cudaDeviceSynchronize();
  return 0;
}
