// libcu++ atomics through the compatibility header: scopes, orders,
// compare-exchange, min/max and an owning atomic.
#include <cuda/atomic>
#include <cuda/std/atomic>

__device__ cuda::atomic<unsigned long long, cuda::thread_scope_device> g_items;

__global__ void tally(int *hist, float *best, double *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuda::atomic_ref<int, cuda::thread_scope_block> bin(hist[i % 16]);
  bin.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<float, cuda::thread_scope_device> top(*best);
  top.fetch_max((float)i, cuda::std::memory_order_relaxed);
  cuda::std::atomic_ref<double> total(*sum);
  total.fetch_add(0.5);
  int expected = 0;
  cuda::memory_order mo = cuda::memory_order_acq_rel;
  bin.compare_exchange_strong(expected, 1, mo);
  g_items.fetch_add(1ull, cuda::memory_order_release);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
}
