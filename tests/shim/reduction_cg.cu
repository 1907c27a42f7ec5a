// Block and grid reductions: warp shuffles, votes, cooperative groups.
#include <cstdio>
#include <vector>
#include <numeric>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define FULL_MASK 0xffffffffu

template <typename T>
__device__ __forceinline__ T warpReduceSum(T val) {
#pragma unroll
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

template <typename T, unsigned int BLOCK>
__global__ void __launch_bounds__(BLOCK) reduceShfl(const T *in, T *out, size_t n) {
  __shared__ T warpSums[BLOCK / 32];
  T sum = T(0);
  for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n; i += (size_t)BLOCK * gridDim.x)
    sum += in[i];
  sum = warpReduceSum(sum);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < BLOCK / 32 ? warpSums[lane] : T(0);
    sum = warpReduceSum(sum);
    if (lane == 0) atomicAdd(out, sum);
  }
}

__global__ void __launch_bounds__(256, 4) reduceCG(const int *in, int *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  extern __shared__ int partial[];
  int v = 0;
  for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
       i += gridDim.x * block.size())
    v += in[i];
  v = cg::reduce(tile, v, cg::plus<int>());
  if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
  block.sync();
  if (block.thread_index().x == 0) {
    int s = 0;
    for (unsigned w = 0; w < block.size() / tile.size(); ++w) s += partial[w];
    atomicAdd(out, s);
  }
  auto t16 = cg::tiled_partition<16>(block);
  int mx = cg::reduce(t16, v, cg::greater<int>());
  int up = t16.shfl_up(mx, 1) + t16.shfl_xor(mx, 2) + t16.shfl(mx, 0);
  if (t16.any(up > 0) && t16.all(up >= 0)) (void)t16.ballot(mx > 0);
  cg::thread_group g4 = cg::tiled_partition(block, 4);
  g4.sync();
  cg::coalesced_group active = cg::coalesced_threads();
  if (active.thread_rank() == 0) atomicAdd(out, (int)active.size());
}

__global__ void votes(const int *flags, unsigned *ballots, int *counts) {
  unsigned mask = __activemask();
  int pred = flags[threadIdx.x] != 0;
  unsigned b = __ballot_sync(mask, pred);
  if (__any_sync(mask, pred) && !__all_sync(mask, pred)) ballots[threadIdx.x / 32] = b;
  int c = __syncthreads_count(pred) + __syncthreads_or(pred) + __syncthreads_and(pred);
  unsigned peers = __match_any_sync(mask, flags[threadIdx.x]);
  int all_same;
  __match_all_sync(mask, flags[threadIdx.x], &all_same);
  counts[threadIdx.x] = c + __popc(b) + __popc(peers) + all_same +
                        (int)__reduce_add_sync(mask, (unsigned)pred);
  float f = __shfl_xor_sync(mask, 1.5f, 1, 16);
  double d = __shfl_sync(mask, 2.0, 0);
  long long ll = __shfl_up_sync(mask, 3LL, 1);
  unsigned long long ull = __shfl_down_sync(mask, 4ULL, 1);
  int old = __shfl(pred, 0) + __shfl_down(pred, 1) + __shfl_up(pred, 1) + __shfl_xor(pred, 1);
  counts[threadIdx.x] += (int)(f + d + ll + ull) + old;
  __syncwarp();
  __syncwarp(mask);
}

__global__ void gridSync(int *data, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
    data[i] *= 2;
  grid.sync();
  if (grid.thread_rank() == 0) data[0] = (int)grid.num_blocks();
}

int main() {
  const int n = 1 << 20;
  std::vector<float> h(n, 1.0f);
  float *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, sizeof(float));
  cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof(float));
  reduceShfl<float, 256><<<120, 256>>>(d_in, d_out, n);
  int *i_in, *i_out;
  cudaMalloc(&i_in, n * sizeof(int));
  cudaMalloc(&i_out, sizeof(int));
  reduceCG<<<120, 256, 8 * sizeof(int)>>>(i_in, i_out, n);

  int dev = 0, supportsCoop = 0, numBlocksPerSm = 0, numSms = 0;
  cudaDeviceGetAttribute(&supportsCoop, cudaDevAttrCooperativeLaunch, dev);
  cudaDeviceGetAttribute(&numSms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, gridSync, 256, 0);
  int nn = n;
  void *args[] = {&i_in, &nn};
  if (supportsCoop)
    cudaLaunchCooperativeKernel((void *)gridSync, dim3(numSms * numBlocksPerSm), dim3(256), args);
  cudaLaunchCooperativeKernel(gridSync, numSms * numBlocksPerSm, 256, args, 0, 0);
  float result = 0;
  cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f (expected %d)\n", result, n);
  cudaFree(d_in); cudaFree(d_out); cudaFree(i_in); cudaFree(i_out);
  return 0;
}
