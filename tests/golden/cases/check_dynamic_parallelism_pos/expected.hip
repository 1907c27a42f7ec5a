// Adaptive refinement with CUDA dynamic parallelism: parents launch child
// grids from the GPU and wait for them.
#include <hip/hip_runtime.h>

__global__ void refine(float *cells, int first, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) cells[first + i] *= 0.5f;
}

template <int BLOCK> __global__ void refine_t(float *cells, int count) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < count) cells[i] += 1.0f;
}

__global__ void parent(float *cells, const int *counts, int n) {
  int tile = blockIdx.x * blockDim.x + threadIdx.x;
  if (tile >= n || counts[tile] == 0) return;
  refine<<<(counts[tile] + 127) / 128, 128>>>(cells, tile * 1024, counts[tile]);
  hipDeviceSynchronize();
}

__device__ void spawn(float *cells, int count) {
  void *args[] = {&cells, &count};
  hipLaunchKernel((const void *)refine_t<128>, dim3(1), dim3(128), args, 0, 0);
}

// A __host__ __device__ helper: the unguarded launch is also compiled for
// the device, and so is the branch under #ifdef __CUDA_ARCH__.
__host__ __device__ void refine_all(float *cells, int count) {
  refine<<<1, 256>>>(cells, 0, count);
#ifdef __CUDA_ARCH__
  refine<<<1, 256>>>(cells, 256, count);
#endif
}
