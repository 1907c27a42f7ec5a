// System-scope atomics: a GPU producer signals a CPU consumer through
// host-mapped memory.
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"

__global__ void produce(int *ready, unsigned int *tickets, unsigned long long *log, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int t = atomicAdd_system(tickets, 1u);
  atomicExch_system(&log[t % 256], (unsigned long long)i);
  __threadfence_system();
  if (t == (unsigned int)n - 1) atomicCAS_system(ready, 0, 1);
}

// libcu++ atomics with explicit and implied scopes.
__global__ void mailbox(int *flag, int *block_count, int *grid_count) {
  cu2hip_atomic_ref<int, cu2hip_thread_scope_system> host_flag(*flag);
  cu2hip_atomic_ref<int, cu2hip_thread_scope_block> in_block(*block_count);
  cu2hip_atomic_ref<int, cu2hip_thread_scope_device> in_grid(*grid_count);
  in_block.fetch_add(1);
  in_grid.fetch_add(1);
  host_flag.store(1);
}

__device__ cu2hip_atomic<int> g_done;

__device__ void publish(int *slot, int v) {
  cu2hip_nv_atomic_store_n(slot, v, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_THREAD_SCOPE_SYSTEM);
}
