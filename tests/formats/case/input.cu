// Diagnostics of each severity, a suppressed one, a position after a
// non-ASCII character (columns: bytes in rdjson, UTF-16 units in SARIF).
#include <cuda_runtime.h>
#include "local_settings.h"

__device__ float sum_down(float v, unsigned mask) {
  return v + __shfl_down_sync(mask, v, 1);
}

__device__ float sum_up(float v, unsigned mask) {
  // cu2hip-ignore: warp-mask-32bit
  return v + __shfl_up_sync(mask, v, 1);
}

void reset_l2() {
  /* größe */ cudaCtxResetPersistingL2Cache();
}

void link(cudaStream_t s, cudaStreamCaptureStatus *st) {
  cudaStreamGetCaptureInfo(s, st);
}
