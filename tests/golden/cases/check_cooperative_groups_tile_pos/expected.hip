#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

#define BIG_TILE 128
constexpr int kOddTile = 24;

__device__ float tile_sum(cg::thread_block_tile<128> tile, float v) {
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  return v;
}

__global__ void reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<128> big = cg::tiled_partition<128>(block);
  auto odd = cg::tiled_partition<kOddTile>(block);
  auto dyn = cg::tiled_partition(block, 48);
  auto named = cg::tiled_partition<BIG_TILE>(block);
  auto zero = cg::tiled_partition(block, 256);
  float v = in[block.thread_rank()];
  v = tile_sum(big, v);
  if (big.thread_rank() == 0) out[blockIdx.x] = v + odd.size() + dyn.size() + named.size() + zero.size();
}
