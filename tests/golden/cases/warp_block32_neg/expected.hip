// Kernels that only ever run in blocks of at most 32 threads: each block is
// one CUDA warp and fills lanes 0-31 of a gfx942 wavefront, so what 32-lane
// code assumes holds there. A broadcast from lane 0 without a width, a
// ballot kept in 32 bits and a 32-bit count of it give CUDA's results, and
// are not reported. The block sizes come from every launch in the file, or
// from __launch_bounds__.
#include <hip/hip_runtime.h>

#define ROW_THREADS 32
constexpr int kHalf = 16;

__device__ float group_max(float v) {
  for (int off = 16; off > 0; off /= 2) v = fmaxf(v, __shfl_down(v, off));
  return v;
}

__global__ void row_max(const float *in, float *out, int n) {
  float v = -1e30f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) v = fmaxf(v, in[blockIdx.x * n + i]);
  v = group_max(v);
  float top = __shfl(v, 0);
  unsigned near = __ballot(v > top / 2);
  if (threadIdx.x == 0) out[blockIdx.x] = top + __popc(near);
}

__global__ void __launch_bounds__(ROW_THREADS) bounded(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0);
}

void launch_rows(const float *in, float *out, int rows, int n, int block) {
  block = 32; // this kernel needs one warp per row
  row_max<<<rows, block>>>(in, out, n);
  dim3 grid(rows), tile(kHalf, 2);
  row_max<<<grid, tile>>>(in, out, n);
  row_max<<<rows, dim3(ROW_THREADS, 1, 1)>>>(in, out, n);
  const int threads = ROW_THREADS / 2;
  row_max<<<rows, threads, 0>>>(in, out, n);
  bounded<<<rows, 32>>>(in, out);
}
