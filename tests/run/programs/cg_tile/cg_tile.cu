// Cooperative groups and an event query on the CPU runtime: each 32-thread
// tile of a 2-D block sums its values with shuffles, the tiles' sums meet
// in shared memory, and the host polls an event until the kernel is done.
// Prints PASS and exits 0 when the sum is right.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void tile_sum(const int *in, int *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  __shared__ int partial[8];
  int v = in[blockIdx.x * cta.size() + cta.thread_rank()];
  for (int d = tile.size() / 2; d > 0; d /= 2) v += tile.shfl_down(v, d);
  if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
  cg::sync(cta);
  if (cta.thread_rank() == 0) {
    int s = 0;
    for (unsigned i = 0; i < tile.meta_group_size(); i++) s += partial[i];
    atomicAdd(out, s);
  }
}

int main() {
  const int blocks = 3, threads = 128, n = blocks * threads;
  int h[n], want = 0;
  for (int i = 0; i < n; i++) want += h[i] = i % 7;
  int *in, *out, got = 0;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof(int));
  cudaEvent_t done;
  cudaEventCreate(&done);
  tile_sum<<<blocks, dim3(16, 8)>>>(in, out);
  cudaEventRecord(done, 0);
  while (cudaEventQuery(done) == cudaErrorNotReady) {
  }
  if (cudaEventQuery(done) != cudaSuccess) return 2;
  cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("%s: sum %d (want %d)\n", got == want ? "PASS" : "FAIL", got, want);
  return got == want ? 0 : 1;
}
