// CUB's warp size is a constant; hipCUB's is read at run time from ROCm 7.0.
#include <cub/cub.cuh>

#define WARP_THREADS CUB_WARP_THREADS(0)
#define IS_WHOLE_WARP(n) ((n) == WARP_THREADS)

template <int LOGICAL_WARP_THREADS>
struct WarpScanSteps {
  // Needs constants: reported.
  static constexpr bool IS_ARCH_WARP = (LOGICAL_WARP_THREADS == WARP_THREADS);
  static constexpr int HALF = CUB_PTX_WARP_THREADS / 2;
  enum { LANES = WARP_THREADS };
};

static_assert(IS_WHOLE_WARP(32), "a whole warp");

__global__ void scan(float *x) {
  __shared__ float partial[WARP_THREADS];
  typedef cub::WarpReduce<float, CUB_WARP_THREADS(0)> Reduce;
  // Values read at run time are fine: no report.
  int lane = threadIdx.x % WARP_THREADS;
  for (int i = lane; i < WARP_THREADS; i += 1) partial[i] = 0.0f;
  float *row = &partial[lane % WARP_THREADS];
  x[lane] = *row + (lane < WARP_THREADS ? 1.0f : 0.0f) + x[lane * WARP_THREADS];
  switch (lane) {
    case WARP_THREADS - 1:
      x[0] = partial[lane];
      break;
    case 1:
      x[1] = WARP_THREADS;
      break;
  }
  (void)sizeof(Reduce);
}
