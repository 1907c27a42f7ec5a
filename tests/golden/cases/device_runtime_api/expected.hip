// The CUDA device runtime beyond launches: runtime functions called in a
// __device__ or __global__ function. HIP's runtime is host-only. The host
// pass of a __host__ __device__ function and host code are not reported.
#include <hip/hip_runtime.h>
#include <cstdio>

struct Bucket {
  float *items;
  int count;
};

__device__ void reserve(Bucket *b) {
  hipMalloc((void **)&b->items, b->count * sizeof(float));
}

__global__ void fill(Bucket *buckets) {
  reserve(&buckets[blockIdx.x]);
  if (hipGetLastError() != hipSuccess) printf("reserve failed\n");
}

__host__ __device__ void release(Bucket *b) {
#ifndef __CUDA_ARCH__
  hipFree(b->items);
#endif
}

void setup(Bucket *b) {
  hipMalloc((void **)&b->items, 64 * sizeof(float));
  fill<<<1, 1>>>(b);
  release(b);
}
