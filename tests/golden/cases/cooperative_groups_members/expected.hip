// Member functions of the cooperative groups: some HIP spells otherwise
// (num_threads is size), some arrive in a later ROCm than the target
// (ballot, meta_group_rank), some HIP's classes lack (grid_group's
// block_rank). A user class with members of the same names is left alone.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

struct Votes {
  __device__ unsigned ballot(int) const { return 0u; }
  __device__ unsigned num_threads() const { return 1u; }
};

__global__ void census(unsigned *out, const int *flags) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  cg::coalesced_group active = cg::coalesced_threads();
  unsigned n = block.size();
  unsigned mask = active.ballot(flags[threadIdx.x] != 0);
  unsigned warp = tile.meta_group_rank();
  Votes v;
  out[threadIdx.x] = n + mask + warp + v.ballot(1) + v.num_threads();
}

__global__ void blocks(unsigned long long *out) {
  cg::grid_group grid = cg::this_grid();
  out[blockIdx.x] = grid.block_rank() + grid.thread_rank();
}
