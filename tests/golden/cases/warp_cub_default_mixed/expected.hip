// A CUB warp reduction left at its default logical warp (the hardware's:
// 32 lanes on CUDA, 64 on gfx942 with hipCUB), while the kernel numbers
// warps and lanes in 32s: on gfx942 each reduction spans two of the
// kernel's warps, and the lane-0 writes of the odd ones read partial sums.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#define MY_WARP_SIZE 32 // the lanes of a CUDA warp

template <int THREADS>
__global__ void row_sums(const float *x, float *out) {
  typedef hipcub::WarpReduce<float> WarpReduce;
  __shared__ typename WarpReduce::TempStorage tmp[THREADS / MY_WARP_SIZE];
  int warp_id = threadIdx.x / MY_WARP_SIZE;
  int lane = threadIdx.x % MY_WARP_SIZE;
  float s = WarpReduce(tmp[warp_id]).Sum(x[blockIdx.x * THREADS + threadIdx.x]);
  if (lane == 0) out[blockIdx.x * (THREADS / MY_WARP_SIZE) + warp_id] = s;
}

template __global__ void row_sums<256>(const float *, float *);
