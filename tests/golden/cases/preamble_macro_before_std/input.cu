// The project header defines a macro before it includes a standard header,
// which the macro changes: that header is parsed where it stands, not ahead
// in a precompiled preamble, so std::sum_range is declared as in the build.
#include "compat.h"
#include <vector>

__global__ void fill(int *v) { v[threadIdx.x] = threadIdx.x; }

int main() {
  int *d = nullptr;
  std::vector<int> h(32);
  cudaMalloc(&d, h.size() * sizeof(int));
  fill<<<1, 32>>>(d);
  cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost);
  int total = std::accumulate(h.begin(), h.end(), 0);
  cudaFree(d);
  return total == 496 ? 0 : 1;
}
