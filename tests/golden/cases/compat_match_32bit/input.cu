// A __match_any_sync result kept in 32 bits, as CUDA code does: on gfx942
// the mask has 64 bits, so the truncation and the 32-bit count are reported.
#include <cuda_runtime.h>

__global__ void peers(const int *key, int *count) {
  int i = threadIdx.x;
  unsigned m = __match_any_sync(0xffffffff, key[i]);
  count[i] = __popc(m);
}
