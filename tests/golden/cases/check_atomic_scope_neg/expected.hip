// Atomics whose scope means the same on gfx942: device and block scope,
// and host-side code with similar names.
#include <hip/hip_runtime.h>
#include <atomic>

__global__ void tally(int *total, int *per_block, const int *v, int n) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&local, v[i]);
    atomicAdd(&per_block[blockIdx.x], 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, local);
}

// A host-side helper that happens to share the CUDA name.
static int atomicAdd_system(std::atomic<int> *p, int v) { return p->fetch_add(v); }

int main() {
  std::atomic<int> host_counter{0};
  atomicAdd_system(&host_counter, 1);
  // cuda::atomic_ref<int, cuda::thread_scope_system> is mentioned here only.
  const char *doc = "atomicCAS_system(flag, 0, 1)";
  (void)doc;
  return 0;
}
