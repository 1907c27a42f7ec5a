// Tile shuffles of whole vectors and structs, as CUDA allows for any
// trivially copyable type. HIP's group shuffles take integer and
// floating-point values only; a component (an unsigned int) needs nothing.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct sample {
  float weight;
  int bucket;
};

__global__ void rotate_quads(uint4 *quads, sample *samples) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  uint4 q = quads[block.thread_rank()];
  q = tile.shfl_xor(q, 1);
  q.y = tile.shfl_down(q.y, 2);
  sample s = samples[block.thread_rank()];
  s = tile.shfl_up(s, 1);
  const cg::thread_block_tile<16> *view = &tile;
  s = view->shfl(s, 0);
  quads[block.thread_rank()] = q;
  samples[block.thread_rank()] = s;
}
