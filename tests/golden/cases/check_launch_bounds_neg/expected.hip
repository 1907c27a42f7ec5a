// __launch_bounds__ uses that mean the same on gfx942: one argument up to
// 1024 threads, a minimum of one block, or a block count whose wave count
// on gfx942 is the same number.
#include <hip/hip_runtime.h>

#define THREADS 256

__global__ void __launch_bounds__(256) a(float *x) { x[threadIdx.x] = 1.0f; }
__global__ void __launch_bounds__(1024) b(float *x) { x[threadIdx.x] = 2.0f; }
__global__ void __launch_bounds__(THREADS) c(float *x) { x[threadIdx.x] = 3.0f; }

// One block per SM asks for nothing beyond the block size, in either language.
__global__ void __launch_bounds__(512, 1) d(float *x) { x[threadIdx.x] = 4.0f; }

// 2 blocks of 256 threads = 8 waves over 4 execution units = 2 per unit.
__global__ void __launch_bounds__(256, 2) e(float *x) { x[threadIdx.x] = 5.0f; }

// A user macro of the same name for a build without CUDA is not a use.
#ifndef __HIPCC__
#define __launch_bounds__(...)
#endif

// Text in comments and strings: __launch_bounds__(128, 4)
const char *note = "__launch_bounds__(2048, 8)";

int main() {
  float *x;
  hipMalloc(&x, 1024 * sizeof(float));
  a<<<4, 256>>>(x);
  hipFree(x);
  return 0;
}
