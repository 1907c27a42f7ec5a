// libcu++ atomics through the compatibility header: scopes, orders,
// compare-exchange, min/max and an owning atomic.
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"

__device__ cu2hip_atomic<unsigned long long, cu2hip_thread_scope_device> g_items;

__global__ void tally(int *hist, float *best, double *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cu2hip_atomic_ref<int, cu2hip_thread_scope_block> bin(hist[i % 16]);
  bin.fetch_add(1, __ATOMIC_RELAXED);
  cu2hip_atomic_ref<float, cu2hip_thread_scope_device> top(*best);
  top.fetch_max((float)i, __ATOMIC_RELAXED);
  cu2hip_atomic_ref<double> total(*sum);
  total.fetch_add(0.5);
  int expected = 0;
  int mo = __ATOMIC_ACQ_REL;
  bin.compare_exchange_strong(expected, 1, mo);
  g_items.fetch_add(1ull, __ATOMIC_RELEASE);
  cu2hip_atomic_thread_fence(__ATOMIC_SEQ_CST, cu2hip_thread_scope_device);
}
