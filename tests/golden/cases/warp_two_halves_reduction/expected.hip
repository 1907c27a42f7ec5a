// A block sum written for 32-lane warps and used consistently: each 32-lane
// group reduces its own values, lane 0 of each group writes one entry per
// group, and the first group adds the entries. On a 64-lane wavefront this
// runs as two independent 32-lane halves and gives the same sums.
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define BLOCK 128

__device__ float group_sum(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off, 32);
  return v;
}

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[BLOCK / WARP_SIZE];
  int tid = threadIdx.x;
  float v = group_sum(in[blockIdx.x * BLOCK + tid]);
  if (tid % WARP_SIZE == 0) partial[tid / WARP_SIZE] = v;
  __syncthreads();
  if (tid < WARP_SIZE) {
    v = tid < BLOCK / WARP_SIZE ? partial[tid] : 0.0f;
    v = group_sum(v);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

void launch(const float *in, float *out, int blocks) {
  block_sum<<<blocks, BLOCK>>>(in, out);
}
