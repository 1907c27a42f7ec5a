// cooperative_groups::reduce, inclusive_scan and exclusive_scan with CUDA's
// operators: HIP's cooperative groups have none; cu2hip_compat.h has them.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
using cooperative_groups::greater;

#define WARP_SUM(tile, x) cg::reduce(tile, x, cg::plus<float>())

template <class Group, class T> __device__ T group_max(const Group &g, T v) {
  return cooperative_groups::reduce(g, v, greater<T>());
}

__global__ void collectives(const int *in, int *out, float *sums) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  int v = in[block.thread_rank()];
  int r = cg::reduce(tile, v, cg::plus<int>()) + cg::reduce(tile, v, cg::less<int>()) + group_max(tile, v);
  r ^= cg::reduce(tile, v, cg::bit_and<int>()) ^ cg::reduce(tile, v, cg::bit_or<int>()) ^
       cg::reduce(tile, v, cg::bit_xor<int>());
  r += cg::inclusive_scan(tile, v) + cg::exclusive_scan(tile, v, cg::plus<int>());
  r += cg::exclusive_scan(tile, v, [](int a, int b) { return a > b ? a : b; });
  out[block.thread_rank()] = r;
  sums[block.thread_rank()] = WARP_SUM(tile, (float)v);
}

// A tile of 16 lanes, a coalesced group and a scan in 64-bit integers.
__global__ void partial(long long *x) {
  cg::thread_block_tile<16> quarter = cg::tiled_partition<16>(cg::this_thread_block());
  long long v = x[threadIdx.x];
  x[threadIdx.x] = cg::inclusive_scan(quarter, v, cg::plus<long long>());
  if (v > 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    x[threadIdx.x] += cg::reduce(active, v, cg::greater<long long>());
  }
}
