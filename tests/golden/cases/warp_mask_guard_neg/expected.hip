// Lane masks that are not the full mask but name exactly the lanes that run
// the call: a guard `lane < k` lets lanes 0..k-1 through, and the mask is
// those lanes. Before ROCm 7.0 the translation drops masks, and HIP's warp
// functions act on the lanes that run them: the same lanes, so nothing is
// reported.
#include <hip/hip_runtime.h>

#define LANES 32

__global__ void scan_first(int *data, int k) {
  int lane = threadIdx.x % LANES;
  int v = data[threadIdx.x];
  if (lane < k) {
    unsigned long long part = (1ull << k) - 1;
    for (int d = 1; d < k; d *= 2) {
      int t = __shfl_up(v, d, 32);
      if (lane >= d) v += t;
    }
  }
  // The same lanes spelled as a shift of the full mask.
  if (lane < k) v += __shfl_xor(v, 1);
  // Constants of low lanes under a constant bound.
  if (threadIdx.x % 32 < 16) v += __shfl_xor(v, 2);
  if ((threadIdx.x & 31) < 32 - 4) v += __shfl_down(v, 1, 32);
  data[threadIdx.x] = v;
}

// A lane numbered from the global index, the guard's other conjuncts
// narrowing further: still only lanes of the mask run the shuffle.
__global__ void scan_sums(int *sums, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = gid % warpSize;
  int group = threadIdx.x / warpSize;
  if (group == 0 && lane < (blockDim.x / warpSize)) {
    int s = sums[lane];
    unsigned long long m = (1ull << (blockDim.x / warpSize)) - 1;
    for (int d = 1; d <= (blockDim.x / warpSize); d *= 2) {
      int t = __shfl_up(s, d, blockDim.x / warpSize);
      if (lane >= d) s += t;
    }
    out[lane] = s;
  }
}
