// libcu++'s standard-library headers are not part of HIP.
#include <hip/hip_runtime.h>
#include <cuda/std/functional>
#include <cuda/std/limits>

__global__ void clamp_to_max(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == cuda::std::numeric_limits<int>::max()) v[i] = cuda::std::plus<int>()(v[i], -1);
}
