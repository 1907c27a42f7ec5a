// Every function of cu2hip_compat.h, called from a kernel: the header must
// compile for gfx942 (tests/compat/run_device_test.sh).
#include "../../src/compat/cu2hip_compat.h"

__global__ void every_function(int *o, unsigned *u, float *f, double *d, unsigned long long *m) {
  int t = threadIdx.x;
  o[t] = cu2hip_dp4a(t, t * 3, 7) + cu2hip_dp2a_lo(t, 5, 1) + cu2hip_dp2a_hi(t, 5, 1);
  u[t] = cu2hip_dp4a((unsigned)t, 3u, 1u) + cu2hip_dp2a_lo((unsigned)t, 3u, 1u) + cu2hip_dp2a_hi((unsigned)t, 3u, 1u);
  o[t] += cu2hip_dp4a(make_char4(1, 2, 3, 4), make_char4(1, 1, 1, 1), 0) +
          cu2hip_dp2a_lo(make_short2(1, 2), make_char4(1, 2, 3, 4), 0) +
          cu2hip_dp2a_hi(make_short2(1, 2), make_char4(1, 2, 3, 4), 0);
  u[t] += cu2hip_dp4a(make_uchar4(1, 2, 3, 4), make_uchar4(1, 1, 1, 1), 0u) +
          cu2hip_dp2a_lo(make_ushort2(1, 2), make_uchar4(1, 2, 3, 4), 0u) +
          cu2hip_dp2a_hi(make_ushort2(1, 2), make_uchar4(1, 2, 3, 4), 0u);
  unsigned a = u[t], b = (unsigned)o[t];
  u[t] ^= cu2hip_vadd4(a, b) ^ cu2hip_vsub4(a, b) ^ cu2hip_vmaxs4(a, b) ^ cu2hip_vmins4(a, b) ^ cu2hip_vmaxu4(a, b) ^
          cu2hip_vminu4(a, b) ^ cu2hip_vabsdiffs4(a, b) ^ cu2hip_vabsdiffu4(a, b) ^ cu2hip_vaddss4(a, b) ^
          cu2hip_vaddus4(a, b) ^ cu2hip_vsubss4(a, b) ^ cu2hip_vsubus4(a, b);
  u[t] ^= cu2hip_vadd2(a, b) ^ cu2hip_vsub2(a, b) ^ cu2hip_vmaxs2(a, b) ^ cu2hip_vmins2(a, b) ^ cu2hip_vmaxu2(a, b) ^
          cu2hip_vminu2(a, b) ^ cu2hip_vabsdiffs2(a, b) ^ cu2hip_vabsdiffu2(a, b) ^ cu2hip_vaddss2(a, b) ^
          cu2hip_vaddus2(a, b) ^ cu2hip_vsubss2(a, b) ^ cu2hip_vsubus2(a, b);
  u[t] ^= cu2hip_vcmpeq4(a, b) ^ cu2hip_vcmpne2(a, b) ^ cu2hip_vcmpges4(a, b) ^ cu2hip_vcmpgts2(a, b) ^
          cu2hip_vcmples4(a, b) ^ cu2hip_vcmplts2(a, b) ^ cu2hip_vcmpgeu4(a, b) ^ cu2hip_vcmpgtu2(a, b) ^
          cu2hip_vcmpleu4(a, b) ^ cu2hip_vcmpltu2(a, b) ^ cu2hip_vavgu4(a, b) ^ cu2hip_vhaddu2(a, b) ^
          cu2hip_vneg4(a) ^ cu2hip_vnegss2(a) ^ cu2hip_vabsss4(a) ^ cu2hip_vsads4(a, b) ^ cu2hip_vsadu2(a, b);
  float x = f[t], y = f[t + 1];
  f[t] = cu2hip_fadd_rd(x, y) + cu2hip_fadd_ru(x, y) + cu2hip_fadd_rz(x, y) + cu2hip_fsub_rd(x, y) +
         cu2hip_fsub_ru(x, y) + cu2hip_fsub_rz(x, y) + cu2hip_fmul_rd(x, y) + cu2hip_fmul_ru(x, y) +
         cu2hip_fmul_rz(x, y) + cu2hip_fdiv_rd(x, y) + cu2hip_fdiv_ru(x, y) + cu2hip_fdiv_rz(x, y) +
         cu2hip_fsqrt_rd(x) + cu2hip_fsqrt_ru(x) + cu2hip_fsqrt_rz(x);
  double p = d[t], q = d[t + 1];
  d[t] = cu2hip_dadd_rd(p, q) + cu2hip_dadd_ru(p, q) + cu2hip_dadd_rz(p, q) + cu2hip_dsub_rd(p, q) +
         cu2hip_dsub_ru(p, q) + cu2hip_dsub_rz(p, q) + cu2hip_dmul_rd(p, q) + cu2hip_dmul_ru(p, q) +
         cu2hip_dmul_rz(p, q) + cu2hip_ddiv_rd(p, q) + cu2hip_ddiv_ru(p, q) + cu2hip_ddiv_rz(p, q) +
         cu2hip_dsqrt_rd(p) + cu2hip_dsqrt_ru(p) + cu2hip_dsqrt_rz(p);
  int pred = 0;
  m[t] = cu2hip_match_any_sync(~0ull, t % 3) ^ cu2hip_match_any_sync(~0ull, (long long)t) ^
         cu2hip_match_any_sync(~0ull, x) ^ cu2hip_match_any_sync(~0ull, p) ^
         cu2hip_match_all_sync(~0ull, 1u, &pred) ^ cu2hip_match_all_sync(0xffffffffull, q, &pred);
  o[t] += pred;
}

// The cooperative-groups collectives on every tile size of a gfx942
// wavefront and on a coalesced group, with each operator, a 64-bit value
// and a value of a struct type (moved as 32-bit words).
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

struct pair_sum {
  float x;
  int n;
};
struct pair_add {
  __device__ pair_sum operator()(const pair_sum &a, const pair_sum &b) const { return {a.x + b.x, a.n + b.n}; }
};

template <class G> __device__ int tile_collectives(const G &g, int v, double w) {
  int r = cu2hip_cg_reduce(g, v, cu2hip_cg_plus<int>()) + cu2hip_cg_reduce(g, v, cu2hip_cg_less<int>()) +
          cu2hip_cg_reduce(g, v, cu2hip_cg_greater<int>()) + cu2hip_cg_reduce(g, v, cu2hip_cg_bit_and<int>()) +
          cu2hip_cg_reduce(g, v, cu2hip_cg_bit_or<int>()) + cu2hip_cg_reduce(g, v, cu2hip_cg_bit_xor<int>());
  r += cu2hip_cg_inclusive_scan(g, v) + cu2hip_cg_exclusive_scan(g, v) +
       cu2hip_cg_inclusive_scan(g, v, cu2hip_cg_greater<>()) + cu2hip_cg_exclusive_scan(g, v, cu2hip_cg_bit_xor<int>());
  r += (int)cu2hip_cg_reduce(g, w, cu2hip_cg_plus<double>()) + (int)cu2hip_cg_exclusive_scan(g, w);
  pair_sum p = cu2hip_cg_reduce(g, pair_sum{(float)w, v}, pair_add());
  r += p.n + (int)cu2hip_cg_inclusive_scan(g, p, pair_add()).x;
  r += (int)cu2hip_cg_reduce(g, (unsigned long long)v, [](unsigned long long a, unsigned long long b) { return a * b; });
  // Group shuffles of what HIP's own do not take: a vector type, a struct.
  uint4 q = make_uint4(v, v + 1, v + 2, v + 3);
  q = cu2hip_cg_shfl_xor(g, cu2hip_cg_shfl(g, q, 0), 1u);
  p = cu2hip_cg_shfl_down(g, cu2hip_cg_shfl_up(g, p, 1u), 1u);
  r += (int)q.w + p.n;
  return r;
}

__global__ void every_collective(int *o, const double *d) {
  cg::thread_block block = cg::this_thread_block();
  int t = threadIdx.x;
  double w = d[t];
  o[t] = tile_collectives(cg::tiled_partition<1>(block), t, w) + tile_collectives(cg::tiled_partition<2>(block), t, w) +
         tile_collectives(cg::tiled_partition<4>(block), t, w) + tile_collectives(cg::tiled_partition<8>(block), t, w) +
         tile_collectives(cg::tiled_partition<16>(block), t, w) +
         tile_collectives(cg::tiled_partition<32>(block), t, w) +
         tile_collectives(cg::tiled_partition<64>(block), t, w);
  if (t % 3) {
    cg::coalesced_group active = cg::coalesced_threads();
    o[t] += cu2hip_cg_reduce(active, t, cu2hip_cg_plus<int>()) + cu2hip_cg_inclusive_scan(active, t) +
            cu2hip_cg_exclusive_scan(active, t, cu2hip_cg_less<int>());
  }
}

// The __nv_atomic_* stand-ins on every type class they take.
struct alignas(8) pair_word {
  int a;
  float b;
};
__global__ void every_atomic(int *p, unsigned long long *u, float *f, double *d, pair_word *w, long long *l) {
  int o = cu2hip_nv_atomic_fetch_add(p, 1, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE) +
          cu2hip_nv_atomic_fetch_sub(p, 1, cu2hip_NV_ATOMIC_ACQ_REL) +
          cu2hip_nv_atomic_fetch_and(p, 3, cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_THREAD_SCOPE_BLOCK) +
          cu2hip_nv_atomic_fetch_or(p, 3, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_THREAD_SCOPE_THREAD) +
          cu2hip_nv_atomic_fetch_xor(p, 3, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_CLUSTER) +
          cu2hip_nv_atomic_fetch_min(p, 3, 0, 3) + cu2hip_nv_atomic_fetch_max(p, 3, 5, 4);
  cu2hip_nv_atomic_add(f, 1.0f, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_BLOCK);
  cu2hip_nv_atomic_sub(d, 1.0, cu2hip_NV_ATOMIC_RELAXED);
  cu2hip_nv_atomic_and(u, 1ull, cu2hip_NV_ATOMIC_RELAXED);
  cu2hip_nv_atomic_or(u, 1, cu2hip_NV_ATOMIC_RELAXED);
  cu2hip_nv_atomic_xor(u, 1, cu2hip_NV_ATOMIC_RELAXED);
  cu2hip_nv_atomic_min(l, -1, cu2hip_NV_ATOMIC_RELAXED);
  cu2hip_nv_atomic_max(l, 1, cu2hip_NV_ATOMIC_RELAXED);
  o += cu2hip_nv_atomic_load_n(p, cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_DEVICE);
  cu2hip_nv_atomic_store_n(p, o, cu2hip_NV_ATOMIC_RELEASE);
  o += cu2hip_nv_atomic_exchange_n(p, 7, cu2hip_NV_ATOMIC_ACQ_REL, cu2hip_NV_THREAD_SCOPE_SYSTEM);
  int e = 7;
  o += cu2hip_nv_atomic_compare_exchange_n(p, &e, 8, true, cu2hip_NV_ATOMIC_RELEASE, cu2hip_NV_ATOMIC_ACQUIRE);
  pair_word x = {1, 2.0f}, y;
  cu2hip_nv_atomic_load(w, &y, cu2hip_NV_ATOMIC_SEQ_CST);
  cu2hip_nv_atomic_store(w, &x, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_BLOCK);
  cu2hip_nv_atomic_exchange(w, &x, &y, cu2hip_NV_ATOMIC_ACQ_REL);
  o += cu2hip_nv_atomic_compare_exchange(w, &x, &y, false, cu2hip_NV_ATOMIC_SEQ_CST, cu2hip_NV_ATOMIC_RELAXED);
  float g = 0;
  cu2hip_nv_atomic_load(f, &g, cu2hip_NV_ATOMIC_RELAXED);
  for (int order = 0; order <= 5; order++) cu2hip_nv_atomic_thread_fence(order, cu2hip_NV_THREAD_SCOPE_DEVICE);
  cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_SEQ_CST);
  cu2hip_nv_atomic_thread_fence(cu2hip_NV_ATOMIC_ACQUIRE, cu2hip_NV_THREAD_SCOPE_BLOCK);
  p[1] = o + (int)g + y.a;
}

// The hipSPARSE status strings, for targets before ROCm 6.0 (host code).
#if __has_include(<hipsparse/hipsparse.h>)
#include <hipsparse/hipsparse.h>
const char *sparse_status_text(hipsparseStatus_t s) {
  return s == HIPSPARSE_STATUS_SUCCESS ? cu2hip_cusparseGetErrorName(s) : cu2hip_cusparseGetErrorString(s);
}
#endif

// The cache-operator loads and stores on a scalar, a vector type and a
// 12-byte struct.
__global__ void every_cache_op(const float *f, float *g, const float4 *v, float4 *w, const float3 *t, float3 *u) {
  int i = threadIdx.x;
  float x = cu2hip_ldcs(f + i) + cu2hip_ldcg(f + i) + cu2hip_ldca(f + i) + cu2hip_ldlu(f + i) + cu2hip_ldcv(f + i);
  cu2hip_stcs(g + i, x);
  cu2hip_stcg(g + i, 2 * x);
  cu2hip_stwb(w + i, cu2hip_ldcs(v + i));
  cu2hip_stwt(u + i, cu2hip_ldcg(t + i));
}

// The long long bitwise atomics.
__global__ void every_long_long_atomic(long long *p) {
  long long v = cu2hip_atomicAnd(p, -2ll) + cu2hip_atomicOr(p + 1, 1ll) + cu2hip_atomicXor(p + 2, -1ll);
  v += cu2hip_atomicAnd_system(p + 3, v) + cu2hip_atomicOr_system(p + 4, v) + cu2hip_atomicXor_system(p + 5, v);
  p[6] = v;
}

// CUDA 13's memory-location forms of the unified-memory hints (host code).
hipError_t hint_and_prefetch(const float *p, size_t n, hipMemLocation where, hipStream_t stream) {
  hipError_t e = cu2hip_memAdvise(p, n, hipMemAdviseSetReadMostly, where);
  return e != hipSuccess ? e : cu2hip_memPrefetchAsync(p, n, where, 0, stream);
}

// cu2hip_atomic_ref and cu2hip_atomic (cuda::atomic_ref, cuda::atomic) on
// int, unsigned long long, float and double, at every scope.
template <class T, cu2hip_thread_scope S> __device__ T use_atomic_ref(T *p, T v) {
  cu2hip_atomic_ref<T, S> a(*p);
  T e = a.load(__ATOMIC_ACQUIRE);
  a.store(v, __ATOMIC_RELEASE);
  T r = a.exchange(v) + a.fetch_add(v, __ATOMIC_RELAXED) + a.fetch_sub(v) + a.fetch_min(v) + a.fetch_max(v);
  r += a.compare_exchange_strong(e, v, __ATOMIC_ACQ_REL) ? T(1) : T(0);
  r += a.compare_exchange_weak(e, v, __ATOMIC_RELEASE, __ATOMIC_RELAXED) ? T(1) : T(0);
  a += v;
  a -= v;
  a = v;
  return r + a;
}
template <class T, cu2hip_thread_scope S> __device__ T use_atomic_bits(T *p, T v) {
  cu2hip_atomic_ref<T, S> a(*p);
  a++;
  --a;
  a &= v;
  a |= v;
  a ^= v;
  return a.fetch_and(v) + a.fetch_or(v) + a.fetch_xor(v);
}
__device__ cu2hip_atomic<int, cu2hip_thread_scope_device> atomic_count;
__device__ cu2hip_atomic<unsigned long long> atomic_total(5);
__global__ void every_atomic_ref(int *i, unsigned long long *u, float *f, double *d) {
  i[1] = use_atomic_ref<int, cu2hip_thread_scope_block>(i, 1) + use_atomic_bits<int, cu2hip_thread_scope_thread>(i, 3);
  u[1] = use_atomic_ref<unsigned long long, cu2hip_thread_scope_device>(u, 1) +
         use_atomic_bits<unsigned long long, cu2hip_thread_scope_system>(u, 3);
  f[1] = use_atomic_ref<float, cu2hip_thread_scope_device>(f, 1.0f);
  d[1] = use_atomic_ref<double, cu2hip_thread_scope_system>(d, 1.0);
  atomic_count.fetch_add(1, __ATOMIC_RELAXED);
  atomic_total += 2;
  i[2] = atomic_count.load() + (int)atomic_total;
}
__global__ void every_atomic_fence(int *i) {
  cu2hip_atomic_thread_fence(__ATOMIC_RELEASE, cu2hip_thread_scope_block);
  i[0] = 1;
  cu2hip_atomic_thread_fence(__ATOMIC_SEQ_CST);
  cu2hip_atomic_thread_fence(__ATOMIC_ACQUIRE, cu2hip_thread_scope_device);
}
