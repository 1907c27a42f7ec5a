// Grid-wide synchronisation: needs a cooperative launch, which the CPU
// runtime cannot run.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twice(int *x) {
  cg::grid_group grid = cg::this_grid();
  x[grid.thread_rank()] += 1;
  grid.sync();
  x[grid.thread_rank()] *= 2;
}

int main() {
  int *x;
  cudaMalloc(&x, 64 * sizeof(int));
  twice<<<1, 64>>>(x);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
