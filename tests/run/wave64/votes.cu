// Warp votes in code written for 32-lane warps, each checked against a
// reference computed on the host for 32-lane CUDA warps. On a 64-lane
// wavefront the votes see both halves unless the translation narrows them
// to the caller's half (warp-half-wave): translated with --wave64=report,
// every part below but the shuffle-masked tail computes a wrong answer on the
// 64-lane CPU runtime; translated by default, every part is right.
// Exit status: 0 when every part matches, 1 otherwise.
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
#define THREADS 128
#define FULL 0xffffffffu

// A value per thread whose votes differ between the halves of a wavefront.
__host__ __device__ int value_of(int i) {
  int warp = i / 32;
  return (warp % 3 == 0) ? (i * 7) % 13 : (warp % 3 == 1) ? 50 + i % 9 : 200 + (i * 5) % 11;
}

// Per-warp stream compaction: the ballot of the kept lanes, counted below
// each lane with a 32-bit lane mask.
__global__ void compact(int *out, int *counts) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = tid / 32;
  int v = value_of(tid);
  bool keep = v % 2 == 0;
  unsigned mask = __ballot_sync(FULL, keep);
  int pos = __popc(mask & ((1u << lane) - 1));
  if (keep) out[warp * 32 + pos] = v;
  if (lane == 0) counts[warp] = __popc(mask);
}

// Votes of one warp: any, all, the first lane of a ballot.
__global__ void votes(int *any_out, int *all_out, int *first_out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = tid % 32;
  int v = value_of(tid);
  int a = __any_sync(FULL, v > 100);
  int b = __all_sync(FULL, v >= 50);
  unsigned m = __ballot_sync(FULL, v % 4 == 1);
  if (lane == 0) {
    any_out[tid / 32] = a;
    all_out[tid / 32] = b;
    first_out[tid / 32] = __ffs(m);
  }
}

// Lanes of the warp holding the same key, whether all hold one, and the
// warp's sum.
__global__ void groups(unsigned *peers_out, int *all_out, int *sum_out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int key = value_of(tid) / 10;
  int pred = 0;
  unsigned peers = __match_any_sync(FULL, key);
  __match_all_sync(FULL, value_of(tid) / 50, &pred);
  int sum = __reduce_add_sync(FULL, value_of(tid));
  peers_out[tid] = peers;
  if (lane == 0) {
    all_out[tid >> 5] = pred;
    sum_out[tid >> 5] = sum;
  }
}

// A ballot whose only use is a shuffle's mask: nothing to narrow, right
// either way.
__global__ void tail(float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (float)value_of(tid);
  unsigned live = __ballot_sync(FULL, 1);
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(live, v, off);
  if ((threadIdx.x & 31) == 0) out[tid / 32] = v;
}

static int report(const char *part, int bad) {
  printf("%s %s (%d wrong)\n", bad ? "FAIL" : "ok  ", part, bad);
  return bad != 0;
}

int main() {
  const int W = N / 32;
  int *d_out, *d_counts, *d_any, *d_all, *d_first, *d_mall, *d_sum;
  unsigned *d_peers;
  float *d_tail;
  cudaMalloc(&d_out, N * sizeof(int));
  cudaMalloc(&d_counts, W * sizeof(int));
  cudaMalloc(&d_any, W * sizeof(int));
  cudaMalloc(&d_all, W * sizeof(int));
  cudaMalloc(&d_first, W * sizeof(int));
  cudaMalloc(&d_mall, W * sizeof(int));
  cudaMalloc(&d_sum, W * sizeof(int));
  cudaMalloc(&d_peers, N * sizeof(unsigned));
  cudaMalloc(&d_tail, W * sizeof(float));
  compact<<<N / THREADS, THREADS>>>(d_out, d_counts);
  votes<<<N / THREADS, THREADS>>>(d_any, d_all, d_first);
  groups<<<N / THREADS, THREADS>>>(d_peers, d_mall, d_sum);
  tail<<<N / THREADS, THREADS>>>(d_tail);
  int out[N], counts[W], any[W], all[W], first[W], mall[W], sum[W];
  unsigned peers[N];
  float tails[W];
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(counts, d_counts, sizeof counts, cudaMemcpyDeviceToHost);
  cudaMemcpy(any, d_any, sizeof any, cudaMemcpyDeviceToHost);
  cudaMemcpy(all, d_all, sizeof all, cudaMemcpyDeviceToHost);
  cudaMemcpy(first, d_first, sizeof first, cudaMemcpyDeviceToHost);
  cudaMemcpy(mall, d_mall, sizeof mall, cudaMemcpyDeviceToHost);
  cudaMemcpy(sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost);
  cudaMemcpy(peers, d_peers, sizeof peers, cudaMemcpyDeviceToHost);
  cudaMemcpy(tails, d_tail, sizeof tails, cudaMemcpyDeviceToHost);

  int bad_compact = 0, bad_any = 0, bad_all = 0, bad_first = 0, bad_peers = 0, bad_mall = 0, bad_sum = 0,
      bad_tail = 0;
  for (int w = 0; w < W; w++) {
    int k = 0, a = 0, b = 1, f = 0, s = 0, same = 1;
    float t = 0;
    for (int l = 0; l < 32; l++) {
      int i = w * 32 + l, v = value_of(i);
      if (v % 2 == 0) {
        bad_compact += out[w * 32 + k] != v;
        k++;
      }
      a |= v > 100;
      b &= v >= 50;
      if (!f && v % 4 == 1) f = l + 1;
      s += v;
      t += (float)v;
      same &= value_of(w * 32) / 50 == v / 50;
      unsigned p = 0;
      for (int j = 0; j < 32; j++) p |= (unsigned)(value_of(w * 32 + j) / 10 == v / 10) << j;
      bad_peers += peers[i] != p;
    }
    bad_compact += counts[w] != k;
    bad_any += any[w] != a;
    bad_all += all[w] != b;
    bad_first += first[w] != f;
    bad_mall += mall[w] != same;
    bad_sum += sum[w] != s;
    bad_tail += tails[w] != t;
  }
  int failed = 0;
  failed |= report("ballot compaction", bad_compact);
  failed |= report("__any_sync", bad_any);
  failed |= report("__all_sync", bad_all);
  failed |= report("__ffs of a ballot", bad_first);
  failed |= report("__match_any_sync", bad_peers);
  failed |= report("__match_all_sync", bad_mall);
  failed |= report("__reduce_add_sync", bad_sum);
  failed |= report("shuffle-masked tail", bad_tail);
  printf("%s\n", failed ? "FAILED" : "PASSED");
  return failed;
}
