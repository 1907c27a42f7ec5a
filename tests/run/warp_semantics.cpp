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
//
// The cooperative groups (src/run/cu2hip_hipcpu_cg.h, found as
// <hip/hip_cooperative_groups.h>) are checked against ROCm's
// amd_hip_cooperative_groups.h formulas the same way, in a 3-D block of 96
// threads (a full and a partial wavefront), two blocks.
#ifdef C2H_BARE
#include <hip/hip_runtime.h>
#else
#include "cu2hip_compat.h"
#include <hip/hip_cooperative_groups.h>
#endif
#include <algorithm>
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

namespace cg = cooperative_groups;
constexpr int kCgOut = 40;
constexpr int kCgThreads = 96;
// A non-commutative, non-associative combination: its result shows the
// order in which a reduction combines.
struct cg_ordered {
  unsigned operator()(unsigned a, unsigned b) const { return a * 31u + b; }
};

// Block (16, 3, 2) = 96 threads: wavefront 0 full, wavefront 1 with 32
// lanes; grid of 2 blocks. v = 100 + block rank.
__global__ void cg_groups(int *out) {
  cg::thread_block cta = cg::this_thread_block();
  int r = (int)cta.thread_rank();
  int *o = out + (blockIdx.x * kCgThreads + r) * kCgOut;
  int v = 100 + r;
  o[0] = r;
  o[1] = (int)cta.size();
  o[2] = (int)(cg::thread_block::group_index().x * 100 + cta.thread_index().x * 10 + cta.thread_index().z);
  o[3] = (int)(cta.group_dim().x * 100 + cta.group_dim().y * 10 + cta.group_dim().z);
  cg::grid_group grid = cg::this_grid();
  o[4] = (int)grid.thread_rank();
  o[5] = (int)grid.size();
  cg::sync(cta);

  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
  o[6] = (int)t32.thread_rank();
  o[7] = (int)t32.size() * 1000 + (int)t32.meta_group_rank() * 10 + (int)t32.meta_group_size();
  o[8] = t32.shfl(v, 5);
  o[9] = t32.shfl_up(v, 1);
  o[10] = t32.shfl_down(v, 2);
  o[11] = t32.shfl_xor(v, 3);
  cg::sync(t32);
  auto t16 = cg::tiled_partition<16>(cta);
  o[12] = (int)t16.ballot(r % 3 == 0);
  o[13] = t16.any(r == 20) * 10 + t16.all(r < 90);
  o[14] = (int)t16.meta_group_rank() * 100 + (int)t16.meta_group_size();
  o[15] = (int)cu2hip_cg_reduce(t16, v, cu2hip_cg_plus<int>());
  o[16] = (int)cu2hip_cg_reduce(t32, (unsigned)v, cg_ordered());

  cg::thread_group d16 = cg::tiled_partition(cta, 16);
  o[17] = (int)d16.thread_rank() * 100 + (int)d16.size();
  cg::thread_group d64 = cg::tiled_partition(cta, 64);
  o[18] = (int)d64.thread_rank() * 100 + (int)d64.size();
  d16.sync();

  cg::coalesced_group all = cg::coalesced_threads();
  o[19] = (int)all.size() * 100 + (int)all.thread_rank();
  o[20] = all.shfl(v, 3);
  o[21] = all.shfl_up(v, 1);
  o[22] = all.shfl_down(v, 1);
  unsigned long long odd_ballot = all.ballot(r & 1);
  o[23] = (int)(unsigned)(odd_ballot ^ odd_ballot >> 32);
  o[24] = all.any(r == 70) * 10 + all.all(r < 64);

  // Two sides of a tile, each reducing its own members (the calls are in
  // different branches, as in CUDA code).
  cg::coalesced_group side = cg::binary_partition(t32, r % 3 == 0);
  o[25] = (int)side.size() * 100 + (int)side.thread_rank();
  o[26] = side.shfl(v, 1);
  o[27] = side.shfl_up(v, 2);
  o[28] = side.shfl_down(v, 1);
  if (r % 3 == 0)
    o[29] = (int)cu2hip_cg_reduce(side, (unsigned)v, cg_ordered());
  else
    o[29] = (int)cu2hip_cg_reduce(side, (unsigned)v, cg_ordered());
  o[30] = cu2hip_cg_reduce(side, v, cu2hip_cg_greater<int>());
  o[31] = (int)side.ballot(1);
  cg::sync(side);
  cg::coalesced_group sub = cg::tiled_partition(all, 8);
  o[32] = (int)sub.size() * 100 + (int)sub.thread_rank();
  o[33] = (int)__lane_id();
  o[34] = (int)__umul24(0x1000003u + (unsigned)r, 0xff000005u);
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


  // Cooperative groups.
  std::vector<int> cgo(2 * kCgThreads * kCgOut, -1);
  int *d_cg = nullptr;
  hipMalloc(&d_cg, cgo.size() * sizeof(int));
  hipLaunchKernelGGL(cg_groups, dim3(2), dim3(16, 3, 2), 0, 0, d_cg);
  hipDeviceSynchronize();
  hipMemcpy(cgo.data(), d_cg, cgo.size() * sizeof(int), hipMemcpyDeviceToHost);
  hipFree(d_cg);
  for (int b = 0; b < 2; b++)
    for (int r = 0; r < kCgThreads; r++) {
      const int *o = &cgo[(b * kCgThreads + r) * kCgOut];
      int lane = r % 64, wave = r / 64, present = wave == 0 ? 64 : kCgThreads - 64;
      auto V = [&](int rank) { return 100 + rank; };
      expect("thread_block::thread_rank", r, o[0], r);
      expect("__lane_id of a 3-D block's thread (x fastest)", r, o[33], lane);
      expect("__umul24", r, o[34], (int)(unsigned)((unsigned long long)(3u + (unsigned)r) * 5u));
      expect("thread_block::size", r, o[1], kCgThreads);
      expect("group_index/thread_index", r, o[2], b * 100 + (r % 16) * 10 + r / 48);
      expect("group_dim", r, o[3], 1632);
      expect("grid_group::thread_rank", r, o[4], b * kCgThreads + r);
      expect("grid_group::size", r, o[5], 2 * kCgThreads);
      // thread_block_tile<32>: __shfl*(v, x, 32) of the tile's lanes.
      int base32 = r & ~31;
      expect("tile32.thread_rank", r, o[6], r & 31);
      expect("tile32 size/meta_group_rank/meta_group_size", r, o[7], 32000 + (r / 32) * 10 + 3);
      expect("tile32.shfl(v, 5)", r, o[8], V(base32 + 5));
      expect("tile32.shfl_up(v, 1)", r, o[9], V((r & 31) >= 1 ? r - 1 : r));
      expect("tile32.shfl_down(v, 2)", r, o[10], V((r & 31) + 2 < 32 ? r + 2 : r));
      expect("tile32.shfl_xor(v, 3)", r, o[11], V(r ^ 3));
      int base16 = r & ~15;
      long long b16 = 0;
      for (int i = 0; i < 16; i++) b16 |= (long long)((base16 + i) % 3 == 0) << i;
      expect("tile16.ballot (bits by tile rank)", r, o[12], b16);
      expect("tile16.any/all", r, o[13], (base16 == 16 ? 10 : 0) + (base16 != 80));
      expect("tile16 meta_group_rank/size", r, o[14], (r / 16) * 100 + 6);
      int sum16 = 0;
      for (int i = 0; i < 16; i++) sum16 += V(base16 + i);
      expect("cu2hip_cg_reduce(tile16, plus)", r, o[15], sum16);
      // The xor butterfly: lane k combines with lane k ^ m, m = 16 .. 1.
      unsigned bf[32];
      for (int i = 0; i < 32; i++) bf[i] = (unsigned)V(base32 + i);
      for (int m = 16; m > 0; m >>= 1) {
        unsigned nx[32];
        for (int i = 0; i < 32; i++) nx[i] = bf[i] * 31u + bf[i ^ m];
        std::memcpy(bf, nx, sizeof bf);
      }
      expect("cu2hip_cg_reduce(tile32, ordered op)", r, o[16], (int)bf[r & 31]);
      expect("tiled_partition(cta, 16)", r, o[17], (r & 15) * 100 + 16);
      expect("tiled_partition(cta, 64): the tail tile is short", r, o[18], (r & 63) * 100 + (r < 64 ? 64 : 32));
      // coalesced_threads(): every present lane of the wavefront.
      int w0 = wave * 64;
      expect("coalesced_threads size/thread_rank", r, o[19], present * 100 + lane);
      expect("coalesced.shfl(v, 3)", r, o[20], V(w0 + 3));
      expect("coalesced.shfl_up(v, 1)", r, o[21], V(lane >= 1 ? r - 1 : r));
      expect("coalesced.shfl_down(v, 1)", r, o[22], V(lane + 1 < present ? r + 1 : r));
      long long odd = 0;
      for (int i = 0; i < present; i++) odd |= (long long)((w0 + i) & 1) << i;
      expect("coalesced.ballot (bits by rank)", r, o[23], (int)(unsigned)((unsigned long long)odd ^ (unsigned long long)odd >> 32));
      expect("coalesced.any/all", r, o[24], (wave == 1 ? 10 : 0) + (wave == 0));
      // binary_partition(tile32, r % 3 == 0): the members of the caller's side.
      int mem[32], n = 0, rank = 0;
      for (int i = 0; i < 32; i++)
        if (((base32 + i) % 3 == 0) == (r % 3 == 0)) {
          if (base32 + i == r) rank = n;
          mem[n++] = base32 + i;
        }
      expect("binary_partition size/thread_rank", r, o[25], n * 100 + rank);
      expect("side.shfl(v, 1)", r, o[26], V(mem[1 % n]));
      expect("side.shfl_up(v, 2)", r, o[27], V(rank >= 2 ? mem[rank - 2] : r));
      expect("side.shfl_down(v, 1)", r, o[28], V(rank + 1 < n ? mem[rank + 1] : r));
      // Hillis-Steele over ranks, then the last rank's value.
      unsigned hs[32];
      for (int i = 0; i < n; i++) hs[i] = (unsigned)V(mem[i]);
      for (int d = 1; d < n; d <<= 1) {
        unsigned nx[32];
        for (int i = 0; i < n; i++) nx[i] = i >= d ? hs[i] * 31u + hs[i - d] : hs[i];
        std::memcpy(hs, nx, sizeof hs);
      }
      expect("cu2hip_cg_reduce(binary_partition side, ordered op)", r, o[29], (int)hs[n - 1]);
      expect("cu2hip_cg_reduce(side, greater)", r, o[30], V(mem[n - 1]));
      expect("side.ballot(1)", r, o[31], (int)((1ull << n) - 1));
      int sub_base = lane / 8 * 8, sub_n = std::min(8, present - sub_base);
      expect("tiled_partition(coalesced, 8)", r, o[32], sub_n * 100 + (lane - sub_base));
    }

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
