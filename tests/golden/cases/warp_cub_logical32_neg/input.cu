// The same reduction with an explicit logical warp of 32 lanes: hipCUB
// splits each 64-lane wavefront into two logical warps, as the kernel's
// numbering does, so nothing breaks on gfx942 (a note at most).
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#define MY_WARP_SIZE 32

template <int THREADS>
__global__ void row_sums(const float *x, float *out) {
  typedef cub::WarpReduce<float, MY_WARP_SIZE> WarpReduce;
  __shared__ typename WarpReduce::TempStorage tmp[THREADS / MY_WARP_SIZE];
  int warp_id = threadIdx.x / MY_WARP_SIZE;
  int lane = threadIdx.x % MY_WARP_SIZE;
  float s = WarpReduce(tmp[warp_id]).Sum(x[blockIdx.x * THREADS + threadIdx.x]);
  if (lane == 0) out[blockIdx.x * (THREADS / MY_WARP_SIZE) + warp_id] = s;
}

template __global__ void row_sums<256>(const float *, float *);
