// The project's helper comes before the runtime header, as nvcc allows:
// nvcc's implicit include declared the runtime first. The HIP runtime
// header goes first in the translated file, so the helper sees it too.
#include <helper_checks.h>
#include <cuda_runtime.h>

__global__ void fill(int *p) { p[threadIdx.x] = 1; }

int main() {
  int *p = nullptr;
  CHECK(cudaMalloc(&p, 64 * sizeof(int)));
  fill<<<1, 64>>>(p);
  CHECK(cudaFree(p));
  return 0;
}
