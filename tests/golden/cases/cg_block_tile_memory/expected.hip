// Scratch memory for tiles larger than a warp: CUDA needs it before compute
// capability 8.0, HIP has no such type and needs none.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned int BlockSize>
__global__ void tile_sum(const int *in, int *out) {
  __shared__ cg::block_tile_memory<BlockSize> scratch;
  cg::thread_block cta = cg::this_thread_block(scratch);
  auto tile = cg::tiled_partition<64>(cta);
  int v = in[cta.thread_rank()];
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = v;
}
template __global__ void tile_sum<256>(const int *, int *);
