#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE 16
constexpr int kTile = 64;

template <unsigned Size>
__device__ float tile_sum(cg::thread_block_tile<Size> tile, float v) {
  for (unsigned o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  return v;
}

template <int N>
__device__ float sum_n(cg::thread_block block, float v) {
  auto t = cg::tiled_partition<N>(block);
  return tile_sum(t, v);
}

__global__ void reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto t2 = cg::tiled_partition<2>(block);
  auto t4 = cg::tiled_partition<4>(block);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  auto t16 = cg::tiled_partition<TILE>(block);
  auto t32 = cg::tiled_partition<32>(block);
  auto t64 = cg::tiled_partition<kTile>(block);
  cg::thread_group g = cg::tiled_partition(block, 64);
  float v = in[block.thread_rank()];
  v = tile_sum(t64, v) + sum_n<32>(block, v);
  if (t64.thread_rank() == 0)
    out[blockIdx.x] = v + t2.size() + t4.size() + t8.size() + t16.size() + t32.size() + g.size();
}
