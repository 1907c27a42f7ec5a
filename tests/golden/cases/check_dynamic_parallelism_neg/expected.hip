// Launches and synchronization from host code only.
#include <hip/hip_runtime.h>

__global__ void refine(float *cells, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) cells[i] *= 0.5f;
}

// Host-side launch inside a __host__ __device__ function, guarded so that
// only the host pass compiles it.
__host__ __device__ void refine_anywhere(float *cells, int count) {
#ifndef __CUDA_ARCH__
  refine<<<(count + 255) / 256, 256>>>(cells, count);
  hipDeviceSynchronize();
#else
  for (int i = 0; i < count; i++) cells[i] *= 0.5f;
#endif
}

__host__ __device__ void refine_anywhere2(float *cells, int count) {
#if !defined(__CUDA_ARCH__)
  refine<<<1, 256>>>(cells, count);
#endif
}

struct Queue {
  void cudaDeviceSynchronize() {}
};

__device__ void drain(Queue *q) { (void)q; }

int main() {
  float *cells;
  hipMalloc(&cells, 4096 * sizeof(float));
  refine<<<16, 256>>>(cells, 4096);
  void *args[] = {&cells};
  hipLaunchKernel((const void *)refine, dim3(16), dim3(256), args, 0, 0);
  hipDeviceSynchronize();
  Queue q;
  q.cudaDeviceSynchronize();
  hipFree(cells);
  return 0;
}
