// A libcu++ scope that belongs to no atomic stays as written: the file uses
// no cuda::atomic, so the compatibility header has nothing to stand in for.
#include <hip/hip_runtime.h>
#include <cuda/pipeline>

__global__ void stage(const float *src, float *dst) {
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  dst[threadIdx.x] = src[threadIdx.x];
  pipe.producer_commit();
}
