// Up to ROCm 6.x hipCUB's warp size is a constant too: nothing to report.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#define LANES HIPCUB_WARP_THREADS

template <int N>
struct Whole {
  static constexpr bool IS_WARP = (N == LANES);
};

__global__ void fill(float *x) {
  __shared__ float row[LANES];
  row[threadIdx.x % LANES] = x[threadIdx.x];
  x[threadIdx.x] = row[0] + Whole<32>::IS_WARP;
}
