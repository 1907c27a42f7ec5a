// Splitting a warp tile by a predicate with cg::binary_partition: HIP has it
// from ROCm 7.0 on (6.3 behind HIP_ENABLE_WARP_SYNC_BUILTINS), so for this
// ROCm 5.2 target the call is kept with a version warning.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void count_odd_even(const int *in, int *counts) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  const bool odd = in[blockIdx.x * blockDim.x + threadIdx.x] & 1;
  cg::coalesced_group same = cg::binary_partition(tile, odd);
  if (same.thread_rank() == 0) atomicAdd(&counts[odd], (int)same.size());
}
