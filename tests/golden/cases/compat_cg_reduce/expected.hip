// cooperative_groups::reduce, inclusive_scan and exclusive_scan with CUDA's
// operators: HIP's cooperative groups have none; cu2hip_compat.h has them.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include "cu2hip_compat.h"
namespace cg = cooperative_groups;


#define WARP_SUM(tile, x) cu2hip_cg_reduce(tile, x, cu2hip_cg_plus<float>())

template <class Group, class T> __device__ T group_max(const Group &g, T v) {
  return cu2hip_cg_reduce(g, v, cu2hip_cg_greater<T>());
}

__global__ void collectives(const int *in, int *out, float *sums) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  int v = in[block.thread_rank()];
  int r = cu2hip_cg_reduce(tile, v, cu2hip_cg_plus<int>()) + cu2hip_cg_reduce(tile, v, cu2hip_cg_less<int>()) + group_max(tile, v);
  r ^= cu2hip_cg_reduce(tile, v, cu2hip_cg_bit_and<int>()) ^ cu2hip_cg_reduce(tile, v, cu2hip_cg_bit_or<int>()) ^
       cu2hip_cg_reduce(tile, v, cu2hip_cg_bit_xor<int>());
  r += cu2hip_cg_inclusive_scan(tile, v) + cu2hip_cg_exclusive_scan(tile, v, cu2hip_cg_plus<int>());
  r += cu2hip_cg_exclusive_scan(tile, v, [](int a, int b) { return a > b ? a : b; });
  out[block.thread_rank()] = r;
  sums[block.thread_rank()] = WARP_SUM(tile, (float)v);
}

// A tile of 16 lanes, a coalesced group and a scan in 64-bit integers.
__global__ void partial(long long *x) {
  cg::thread_block_tile<16> quarter = cg::tiled_partition<16>(cg::this_thread_block());
  long long v = x[threadIdx.x];
  x[threadIdx.x] = cu2hip_cg_inclusive_scan(quarter, v, cu2hip_cg_plus<long long>());
  if (v > 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    x[threadIdx.x] += cu2hip_cg_reduce(active, v, cu2hip_cg_greater<long long>());
  }
}
