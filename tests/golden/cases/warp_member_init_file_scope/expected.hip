// A warp-scan helper whose constructor numbers lanes in 32s (a member
// initialiser), while its class compares the logical warp with CUB's
// hardware warp size, which hipCUB makes 64 on gfx942: on a wavefront the
// lane numbers and the class's idea of a whole warp disagree.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#define HW_THREADS HIPCUB_WARP_THREADS

template <int LOGICAL>
struct RowScan {
  static constexpr bool IS_ARCH = (LOGICAL == HW_THREADS);
  unsigned lane_id, warp_id;
  __device__ RowScan() : lane_id(threadIdx.x & 0x1f), warp_id(IS_ARCH ? 0 : lane_id / LOGICAL) {}
  __device__ float sum(float v) {
    for (int o = LOGICAL / 2; o > 0; o /= 2) v += __shfl_down(v, o, LOGICAL);
    return v;
  }
};
