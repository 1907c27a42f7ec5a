#include <hip/hip_runtime.h>
#include <common/check.hpp>
#include "reduce.hpp"

__global__ void reduce_kernel(const float *in, float *out, int n) {
  __shared__ float partial[WARPS_PER_BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warp_sum(v);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < WARPS_PER_BLOCK ? partial[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}

void launch_reduce(const float *in, float *out, int n, hipStream_t stream) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  reduce_kernel<<<blocks, BLOCK, 0, stream>>>(in, out, n);
  CHECK(hipGetLastError());
}
