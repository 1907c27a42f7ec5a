// CUDA 12.8's __nv_atomic_* builtins with their orders and scopes (literal
// numbers too): they become the cu2hip_nv_atomic_* functions of
// cu2hip_compat.h, which call HIP's scoped atomic builtins (compat_nv_atomic);
// with --no-compat-header each call is reported once (compat_nv_atomic_off).
struct alignas(8) pair { int a, b; };
__device__ unsigned counter;
__global__ void k(int *p, float *f, pair *w) {
  int old = __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_add(f, 1.0f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  int seen = __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);
  __nv_atomic_store_n(&counter, 1u, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  int expected = seen;
  bool ok = __nv_atomic_compare_exchange_n(p, &expected, old + 1, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  pair x = {1, 2}, y;
  __nv_atomic_exchange(w, &x, &y, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
  p[1] = ok + y.a + __nv_atomic_fetch_max(p, 3, 0, 3);
}
