// Warp functions on the HIP CPU runtime, checked against gfx942's semantics
// (ROCm's amd_warp_functions.h / amd_warp_sync_functions.h) computed on the
// host. Built by run_semantics_test.sh with src/run/cu2hip_hipcpu.h
// force-included (-include) and src/compat/cu2hip_compat.h included as
// translations include it.
//
// Built against bare HIP-CPU (-DC2H_BARE, no completion header: the parts
// HIP-CPU lacks are left out) it FAILS: the shuffles with a width, the
// ballot of a partial wavefront and the device properties' warpSize are
// wrong there (run_semantics_test.sh checks that it does fail).
#ifdef C2H_BARE
#include <hip/hip_runtime.h>
#else
#include "cu2hip_compat.h"
#endif
#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;

static void expect(const char *what, int lane, long long got, long long want) {
  if (got == want) return;
  if (failures++ < 40) std::printf("FAIL %s lane %d: got %lld, want %lld\n", what, lane, got, want);
}

// gfx942's source lane for each shuffle (amd_warp_functions.h).
static int ref_idx(int self, int src, int w) { return ((src & (w - 1)) + (self & ~(w - 1))) & 63; }
static int ref_up(int self, unsigned d, int w) {
  int i = self - (int)d;
  return i < (self & ~(w - 1)) ? self : i;
}
static int ref_down(int self, unsigned d, int w) { return (int)((self & (w - 1)) + d) >= w ? self : self + (int)d; }
static int ref_xor(int self, int m, int w) {
  int i = self ^ m;
  return i >= ((self + w) & ~(w - 1)) ? self : i;
}

constexpr int kWidths[] = {64, 32, 16, 8, 4, 2, 1};
constexpr int kNW = sizeof kWidths / sizeof *kWidths;
constexpr int kArgs[] = {0, 1, 2, 3, 5, 8, 16, 31, 32, 33, 63};
constexpr int kNA = sizeof kArgs / sizeof *kArgs;
constexpr int kShuffleOut = 4 * kNW * kNA * 64;

// Value of lane i: 1000 + i, so a result names the lane it came from.
__global__ void shuffles(int *out) {
  int lane = threadIdx.x % 64;
  int v = 1000 + lane;
  int k = 0;
  for (int w = 0; w < kNW; w++)
    for (int a = 0; a < kNA; a++) {
      out[(k++) * 64 + lane] = __shfl(v, kArgs[a], kWidths[w]);
      out[(k++) * 64 + lane] = __shfl_up(v, (unsigned)kArgs[a], kWidths[w]);
      out[(k++) * 64 + lane] = __shfl_down(v, (unsigned)kArgs[a], kWidths[w]);
      out[(k++) * 64 + lane] = __shfl_xor(v, kArgs[a], kWidths[w]);
    }
}

// 64-bit and floating values travel whole.
__global__ void wide_shuffles(long long *l, double *d) {
  int lane = threadIdx.x;
  long long v = (1ll << 40) + lane;
  l[lane] = __shfl_down(v, 3, 16);
  d[lane] = __shfl_xor(0.5 + lane, 5);
}

// Votes; blockDim.x may be a partial wavefront.
__global__ void votes(unsigned long long *out) {
  int t = threadIdx.x;
  int lane = t % 64;
  out[t * 8 + 0] = __ballot(lane % 3 == 0);
  out[t * 8 + 1] = __any(lane == 5);
  out[t * 8 + 2] = __all(1);
  out[t * 8 + 3] = __all(lane != 7);
  out[t * 8 + 4] = (unsigned long long)warpSize;
#ifndef C2H_BARE
  const unsigned long long full = __activemask();
  out[t * 8 + 5] = full;
  out[t * 8 + 6] = __ballot_sync(full, lane & 1) | (unsigned long long)__any_sync(full, lane == 2) << 63;
  out[t * 8 + 7] = (unsigned long long)__all_sync(full, lane < 100) | (unsigned long long)__lane_id() << 8;
#endif
}

#ifndef C2H_BARE
__global__ void sync_shuffles(int *out) {
  int lane = threadIdx.x;
  const unsigned long long full = ~0ull;
  out[lane * 5 + 0] = __shfl_sync(full, 1000 + lane, 31, 32);
  out[lane * 5 + 1] = __shfl_up_sync(full, 1000 + lane, 1, 32);
  out[lane * 5 + 2] = __shfl_down_sync(full, 1000 + lane, 2, 16);
  out[lane * 5 + 3] = __shfl_xor_sync(full, 1000 + lane, 32, 32);
  __syncwarp();
  out[lane * 5 + 4] = max(lane, 40) - min(lane, 20) + (int)max(1.5f, 0.5f);
}

// 64 threads increment with wrap bound 9 and decrement with bound 5.
__global__ void wraps(unsigned *counters) {
  atomicInc(&counters[0], 9u);
  atomicDec(&counters[1], 5u);
}

__global__ void matches(unsigned long long *out, int *pred) {
  int lane = threadIdx.x;
  out[lane * 3 + 0] = __match_any_sync(~0ull, lane / 10);
  out[lane * 3 + 1] = __match_all_sync(~0ull, 7, &pred[lane * 2 + 0]);
  out[lane * 3 + 2] = __match_all_sync(~0ull, lane < 63 ? 7 : 8, &pred[lane * 2 + 1]);
}
#endif

template <class T> static std::vector<T> run_votes(int threads) {
  unsigned long long *d = nullptr;
  hipMalloc(&d, 64 * 8 * sizeof *d);
  hipMemset(d, 0, 64 * 8 * sizeof *d);
  hipLaunchKernelGGL(votes, dim3(1), dim3(threads), 0, 0, d);
  hipDeviceSynchronize();
  std::vector<T> h(64 * 8);
  hipMemcpy(h.data(), d, h.size() * sizeof *d, hipMemcpyDeviceToHost);
  hipFree(d);
  return h;
}

int main() {
  // Shuffles at every lane, widths 64..1, sources/deltas/masks in and out
  // of range.
  int *d_out = nullptr;
  hipMalloc(&d_out, kShuffleOut * sizeof(int));
  hipLaunchKernelGGL(shuffles, dim3(1), dim3(64), 0, 0, d_out);
  std::vector<int> out(kShuffleOut);
  hipMemcpy(out.data(), d_out, out.size() * sizeof(int), hipMemcpyDeviceToHost);
  int k = 0;
  char what[64];
  for (int w = 0; w < kNW; w++)
    for (int a = 0; a < kNA; a++) {
      int W = kWidths[w], A = kArgs[a];
      for (int l = 0; l < 64; l++) {
        std::snprintf(what, sizeof what, "__shfl(v, %d, %d)", A, W);
        expect(what, l, out[(k + 0) * 64 + l], 1000 + ref_idx(l, A, W));
        std::snprintf(what, sizeof what, "__shfl_up(v, %d, %d)", A, W);
        expect(what, l, out[(k + 1) * 64 + l], 1000 + ref_up(l, (unsigned)A, W));
        std::snprintf(what, sizeof what, "__shfl_down(v, %d, %d)", A, W);
        expect(what, l, out[(k + 2) * 64 + l], 1000 + ref_down(l, (unsigned)A, W));
        std::snprintf(what, sizeof what, "__shfl_xor(v, %d, %d)", A, W);
        expect(what, l, out[(k + 3) * 64 + l], 1000 + ref_xor(l, A, W));
      }
      k += 4;
    }
  hipFree(d_out);

  long long *d_l = nullptr;
  double *d_d = nullptr;
  hipMalloc(&d_l, 64 * sizeof *d_l);
  hipMalloc(&d_d, 64 * sizeof *d_d);
  hipLaunchKernelGGL(wide_shuffles, dim3(1), dim3(64), 0, 0, d_l, d_d);
  long long hl[64];
  double hd[64];
  hipMemcpy(hl, d_l, sizeof hl, hipMemcpyDeviceToHost);
  hipMemcpy(hd, d_d, sizeof hd, hipMemcpyDeviceToHost);
  for (int l = 0; l < 64; l++) {
    expect("__shfl_down(long long, 3, 16)", l, hl[l], (1ll << 40) + ref_down(l, 3, 16));
    expect("__shfl_xor(double, 5)", l, (long long)(hd[l] * 2), (long long)((0.5 + ref_xor(l, 5, 64)) * 2));
  }
  hipFree(d_l);
  hipFree(d_d);

  // Votes over a full wavefront, then over a partial one (32 and 40
  // threads) after it: no lane of the earlier launch may show through.
  for (int threads : {64, 32, 40, 64}) {
    std::vector<unsigned long long> v = run_votes<unsigned long long>(threads);
    unsigned long long present = threads == 64 ? ~0ull : (1ull << threads) - 1;
    unsigned long long thirds = 0, odd = 0;
    for (int l = 0; l < threads; l++) {
      thirds |= (unsigned long long)(l % 3 == 0) << l;
      odd |= (unsigned long long)(l & 1) << l;
    }
    for (int l = 0; l < threads; l++) {
      std::snprintf(what, sizeof what, "__ballot, %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 0], (long long)thirds);
      std::snprintf(what, sizeof what, "__any, %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 1], 1);
      std::snprintf(what, sizeof what, "__all(1), %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 2], 1);
      std::snprintf(what, sizeof what, "__all(lane != 7), %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 3], 0);
      expect("warpSize in a kernel", l, (long long)v[l * 8 + 4], 64);
#ifndef C2H_BARE
      std::snprintf(what, sizeof what, "__activemask, %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 5], (long long)present);
      std::snprintf(what, sizeof what, "__ballot_sync|__any_sync, %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 6], (long long)(odd | (threads > 2 ? 1ull << 63 : 0)));
      std::snprintf(what, sizeof what, "__all_sync|__lane_id, %d threads", threads);
      expect(what, l, (long long)v[l * 8 + 7], 1 | (long long)l << 8);
#endif
    }
  }

#ifndef C2H_BARE
  int *d_s = nullptr;
  hipMalloc(&d_s, 64 * 5 * sizeof(int));
  hipLaunchKernelGGL(sync_shuffles, dim3(1), dim3(64), 0, 0, d_s);
  int hs[64 * 5];
  hipMemcpy(hs, d_s, sizeof hs, hipMemcpyDeviceToHost);
  for (int l = 0; l < 64; l++) {
    expect("__shfl_sync(m, v, 31, 32)", l, hs[l * 5 + 0], 1000 + ref_idx(l, 31, 32));
    expect("__shfl_up_sync(m, v, 1, 32)", l, hs[l * 5 + 1], 1000 + ref_up(l, 1, 32));
    expect("__shfl_down_sync(m, v, 2, 16)", l, hs[l * 5 + 2], 1000 + ref_down(l, 2, 16));
    expect("__shfl_xor_sync(m, v, 32, 32)", l, hs[l * 5 + 3], 1000 + ref_xor(l, 32, 32));
    expect("max/min", l, hs[l * 5 + 4], (l > 40 ? l : 40) - (l < 20 ? l : 20) + 1);
  }
  hipFree(d_s);

  unsigned long long *d_m = nullptr;
  int *d_p = nullptr;
  hipMalloc(&d_m, 64 * 3 * sizeof *d_m);
  hipMalloc(&d_p, 64 * 2 * sizeof *d_p);
  hipLaunchKernelGGL(matches, dim3(1), dim3(64), 0, 0, d_m, d_p);
  unsigned long long hm[64 * 3];
  int hp[64 * 2];
  hipMemcpy(hm, d_m, sizeof hm, hipMemcpyDeviceToHost);
  hipMemcpy(hp, d_p, sizeof hp, hipMemcpyDeviceToHost);
  for (int l = 0; l < 64; l++) {
    unsigned long long same = 0;
    for (int i = 0; i < 64; i++) same |= (unsigned long long)(i / 10 == l / 10) << i;
    expect("__match_any_sync", l, (long long)hm[l * 3 + 0], (long long)same);
    expect("__match_all_sync (all equal)", l, (long long)hm[l * 3 + 1], -1);
    expect("__match_all_sync pred (all equal)", l, hp[l * 2 + 0], 1);
    expect("__match_all_sync (one differs)", l, (long long)hm[l * 3 + 2], 0);
    expect("__match_all_sync pred (one differs)", l, hp[l * 2 + 1], 0);
  }
  hipFree(d_m);
  hipFree(d_p);

  unsigned *d_c = nullptr;
  hipMalloc(&d_c, 2 * sizeof *d_c);
  unsigned hc[2] = {0, 0};
  hipMemcpy(d_c, hc, sizeof hc, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(wraps, dim3(1), dim3(64), 0, 0, d_c);
  hipMemcpy(hc, d_c, sizeof hc, hipMemcpyDeviceToHost);
  unsigned inc = 0, dec = 0;
  for (int i = 0; i < 64; i++) {
    inc = inc >= 9 ? 0 : inc + 1;
    dec = (dec == 0 || dec > 5) ? 5 : dec - 1;
  }
  expect("atomicInc wraps at its bound", 0, hc[0], inc);
  expect("atomicDec wraps at its bound", 0, hc[1], dec);
  hipFree(d_c);

  int attr = 0;
  expect("hipDeviceGetAttribute status", 0, hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0), hipSuccess);
  expect("hipDeviceGetAttribute(hipDeviceAttributeWarpSize)", 0, attr, 64);
  expect("hipDeviceSetCacheConfig", 0, hipDeviceSetCacheConfig(hipFuncCachePreferShared), hipSuccess);
  expect("hipFuncSetCacheConfig", 0, hipFuncSetCacheConfig(matches, hipFuncCachePreferL1), hipSuccess);
#endif

  hipDeviceProp_t prop;
  std::memset(&prop, 0, sizeof prop);
  hipGetDeviceProperties(&prop, 0);
  expect("hipDeviceProp_t::warpSize", 0, prop.warpSize, 64);

  if (failures) {
    std::printf("%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("warp semantics: all checks passed\n");
  return 0;
}
