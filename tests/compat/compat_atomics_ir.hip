// One kernel per __nv_atomic_* mapping; run_device_test.sh compiles this to
// LLVM IR for gfx942 and checks that each kernel's atomic has the memory
// order and synchronisation scope CUDA's call asks for.
#include "../../src/compat/cu2hip_compat.h"

struct alignas(8) two_words {
  int a, b;
};

extern "C" {
__global__ void relaxed_device_add(int *p) {
  cu2hip_nv_atomic_fetch_add(p, 1, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE);
}
__global__ void release_thread_or(int *p) {
  cu2hip_nv_atomic_fetch_or(p, 1, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_THREAD_SCOPE_THREAD);
}
__global__ void acquire_block_xor(unsigned *p) {
  cu2hip_nv_atomic_fetch_xor(p, 1u, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_BLOCK);
}
__global__ void acquire_cluster_and(unsigned long long *p) {
  cu2hip_nv_atomic_fetch_and(p, 1ull, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_CLUSTER);
}
__global__ void acq_rel_default_sub(int *p) { cu2hip_nv_atomic_fetch_sub(p, 1, cu2hip_NV_ATOMIC_ACQ_REL); }
__global__ void literal_relaxed_device_min(int *p) { cu2hip_nv_atomic_fetch_min(p, 3, 0, 3); }
__global__ void seq_cst_system_max(long long *p) {
  cu2hip_nv_atomic_max(p, 3, cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_THREAD_SCOPE_SYSTEM);
}
__global__ void relaxed_block_float_add(float *p) {
  cu2hip_nv_atomic_add(p, 1.0f, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_BLOCK);
}
__global__ void acquire_device_load(int *p, int *out) {
  *out = cu2hip_nv_atomic_load_n(p, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_DEVICE);
}
__global__ void release_block_store(int *p) {
  cu2hip_nv_atomic_store_n(p, 5, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_THREAD_SCOPE_BLOCK);
}
__global__ void acq_rel_device_exchange(int *p, int *out) {
  *out = cu2hip_nv_atomic_exchange_n(p, 5, cu2hip_NV_ATOMIC_ACQ_REL, cu2hip_NV_THREAD_SCOPE_DEVICE);
}
__global__ void release_acquire_cas(int *p, int *out) {
  int e = 0;
  *out = cu2hip_nv_atomic_compare_exchange_n(p, &e, 1, true, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_ATOMIC_ACQUIRE,
                                             cu2hip_NV_THREAD_SCOPE_DEVICE);
}
__global__ void seq_cst_struct_cas(two_words *p, int *out) {
  two_words e = {0, 0}, d = {1, 2};
  *out = cu2hip_nv_atomic_compare_exchange(p, &e, &d, false, cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_ATOMIC_RELAXED,
                                           cu2hip_NV_THREAD_SCOPE_BLOCK);
}
__global__ void acquire_struct_load(two_words *p, two_words *out) {
  cu2hip_nv_atomic_load(p, out, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_DEVICE);
}
__global__ void acquire_block_fence() { cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_BLOCK); }
__global__ void seq_cst_system_fence() { cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_SEQ_CST); }
__global__ void relaxed_fence(int *p) {
  cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE);
  *p = 0;
}
// cu2hip_atomic_ref / cu2hip_atomic / cu2hip_atomic_thread_fence
// (cuda::atomic_ref, cuda::atomic, cuda::atomic_thread_fence).
__global__ void ref_relaxed_thread_add(int *p) {
  cu2hip_atomic_ref<int, cu2hip_thread_scope_thread>(*p).fetch_add(1, __ATOMIC_RELAXED);
}
__global__ void ref_release_block_store(unsigned long long *p) {
  cu2hip_atomic_ref<unsigned long long, cu2hip_thread_scope_block>(*p).store(6, __ATOMIC_RELEASE);
}
__global__ void ref_acquire_device_float_max(float *p, float *out) {
  *out = cu2hip_atomic_ref<float, cu2hip_thread_scope_device>(*p).fetch_max(1.0f, __ATOMIC_ACQUIRE);
}
__global__ void ref_seq_cst_system_double_add(double *p) { cu2hip_atomic_ref<double>(*p).fetch_add(2.0); }
__global__ void ref_acq_rel_device_cas(int *p, int *out) {
  int e = 0;
  *out = cu2hip_atomic_ref<int, cu2hip_thread_scope_device>(*p).compare_exchange_strong(e, 1, __ATOMIC_ACQ_REL);
}
__device__ cu2hip_atomic<int, cu2hip_thread_scope_device> ir_owned;
__global__ void owned_relaxed_device_sub() { ir_owned.fetch_sub(3, __ATOMIC_RELAXED); }
__global__ void ref_release_device_fence() { cu2hip_atomic_thread_fence(__ATOMIC_RELEASE, cu2hip_thread_scope_device); }
}
