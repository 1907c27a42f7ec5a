#include <hip/hip_runtime.h>
#include "scale.hpp"
#include <common/check.hpp>
#include <common/config.h>

__global__ void scale_kernel(float a, float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    x[i] *= a;
}

void launch_scale(float a, float *x, int n, hipStream_t stream) {
  scale_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, stream>>>(a, x, n);
  CHECK(hipGetLastError());
}

#include "scale_tail.c"
