// Counts set flags per warp.
#include <cuda_runtime.h>
#include "../util/odd&name.cuh"

__global__ void count_flags(const int *flags, int *per_warp) {
  unsigned lane = threadIdx.x % 32;
  unsigned mask = __ballot_sync(0xffffffffu, flags[threadIdx.x] != 0);
  if (lane == 0) per_warp[threadIdx.x / 32] = __popc(mask);
}

int launch_count(const int *d_flags, int *d_out) {
  count_flags<<<1, 256>>>(d_flags, d_out);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
