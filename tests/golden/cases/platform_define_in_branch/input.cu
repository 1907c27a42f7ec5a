// A #define in a branch of one platform belongs to that branch: the CUDA
// one is left for nvcc, the HIP one is the project's own port.
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#ifndef USE_ROCM
  #define WARP_THREADS CUB_WARP_THREADS(0)
  #define STREAM_T cudaStream_t
#else
  #define WARP_THREADS 64
  #define STREAM_T hipStream_t
#endif

template <int L>
struct Steps {
  static constexpr bool IS_ARCH_WARP = (L == WARP_THREADS);
};

void sync(STREAM_T s) { cudaStreamSynchronize(s); }
