// Occupancy hints written for NVIDIA GPUs: the second __launch_bounds__
// argument is a block count in CUDA but a wave count in HIP.
#include <hip/hip_runtime.h>

#define BLOCK_THREADS 256
#define STENCIL_BOUNDS __launch_bounds__(128, 8)

// 4 blocks of 512 threads per SM -> 8 waves per execution unit on gfx942.
__global__ void __launch_bounds__(512, 4) scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

// 2 blocks of 128 threads per SM: 1 wave per execution unit, no constraint.
__global__ void __launch_bounds__(128, 2) axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

// The block size comes from a macro: no number can be computed here.
__global__ void __launch_bounds__(BLOCK_THREADS, 3) copy(float *dst, const float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

// The attribute hidden in a macro is still checked.
__global__ void STENCIL_BOUNDS stencil(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) out[i] = in[i - 1] + in[i] + in[i + 1];
}

// More threads than a gfx942 workgroup holds.
__global__ void __launch_bounds__(2048) wide(int *flags) { flags[threadIdx.x] = 1; }

// CUDA 12's third argument (blocks per cluster) does not exist in HIP.
__global__ void __launch_bounds__(1024, 2, 4) clustered(float *x) { x[threadIdx.x] = 0.0f; }

int main() {
  float *x;
  hipMalloc(&x, 1024 * sizeof(float));
  scale<<<2, 512>>>(x, 2.0f, 1024);
  hipFree(x);
  return 0;
}
