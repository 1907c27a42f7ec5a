// CUDA 12.8's __nv_atomic_* builtins with their orders and scopes (literal
// numbers too): they become the cu2hip_nv_atomic_* functions of
// cu2hip_compat.h, which call HIP's scoped atomic builtins (compat_nv_atomic);
// with --no-compat-header each call is reported once (compat_nv_atomic_off).
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"
struct alignas(8) pair { int a, b; };
__device__ unsigned counter;
__global__ void k(int *p, float *f, pair *w) {
  int old = cu2hip_nv_atomic_fetch_add(p, 1, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE);
  cu2hip_nv_atomic_add(f, 1.0f, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_BLOCK);
  int seen = cu2hip_nv_atomic_load_n(p, cu2hip_NV_ATOMIC_ACQUIRE);
  cu2hip_nv_atomic_store_n(&counter, 1u, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_THREAD_SCOPE_SYSTEM);
  int expected = seen;
  bool ok = cu2hip_nv_atomic_compare_exchange_n(p, &expected, old + 1, false, cu2hip_NV_ATOMIC_ACQ_REL, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE);
  pair x = {1, 2}, y;
  cu2hip_nv_atomic_exchange(w, &x, &y, cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_THREAD_SCOPE_DEVICE);
  cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_THREAD_SCOPE_BLOCK);
  p[1] = ok + y.a + cu2hip_nv_atomic_fetch_max(p, 3, 0, 3);
}
