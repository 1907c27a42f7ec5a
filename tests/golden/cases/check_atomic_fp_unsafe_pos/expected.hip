// Floating-point atomicAdd: correct on gfx942, but how it is compiled
// depends on -munsafe-fp-atomics and on the memory it targets.
#include <hip/hip_runtime.h>

__global__ void dot(const float *x, const float *y, float *result, int n) {
  __shared__ float partial;
  if (threadIdx.x == 0) partial = 0.0f;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&partial, x[i] * y[i]);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(result, partial);
}

__global__ void histogram_weights(const int *bin, const double *w, double *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(hist + bin[i], w[i]);
}

__device__ inline void accumulate(float *__restrict__ acc, float v) {
  if (v != 0.0f) atomicAdd(acc, v);
}

__global__ void scatter(void *out, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd((float *)out + i % 8, v[i]);
}
