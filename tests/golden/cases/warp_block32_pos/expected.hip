// The same 32-lane kernels where some launch is larger than 32 threads, or
// not known: a block then spans both halves of a wavefront, and lanes 32-63
// read lane 0 of the wavefront instead of their own warp's. Reported.
#include <hip/hip_runtime.h>

__device__ float group_max(float v) {
  for (int off = 16; off > 0; off /= 2) v = fmaxf(v, __shfl_down(v, off, 32));
  return v;
}

__global__ void wide_launch(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void given_size(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void maybe_wide(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void two_rows(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void __launch_bounds__(64) bounded_wide(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

__global__ void never_launched(const float *in, float *out) {
  float v = group_max(in[threadIdx.x]);
  out[threadIdx.x] = __shfl(v, 0, 32);
}

void launch_all(const float *in, float *out, int rows, int block) {
  wide_launch<<<rows, 32>>>(in, out);
  wide_launch<<<rows, 64>>>(in, out); // one launch of two warps is enough
  given_size<<<rows, block>>>(in, out);
  int threads = 32;
  if (rows > 100) threads = 64;
  maybe_wide<<<rows, threads>>>(in, out);
  two_rows<<<rows, dim3(32, 2)>>>(in, out);
  bounded_wide<<<rows, block>>>(in, out);
}
