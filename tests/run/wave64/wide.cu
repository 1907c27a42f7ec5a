// Code written for the hardware warp (warpSize) that keeps lane masks in
// 32 bits, checked against a host reference computed for the device's own
// warp size (32 on NVIDIA GPUs, 64 on gfx942 and the CPU runtime). On a
// 64-lane wavefront the 32-bit masks lose lanes 32-63 unless the
// translation widens them (warp-mask-32bit): translated with
// --wave64=report, both parts compute wrong answers on the CPU runtime;
// translated by default (unsigned long long, __popcll, __ffsll, 1ull <<),
// both are right. Exit status: 0 when every part matches, 1 otherwise.
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
#define THREADS 128

__host__ __device__ int value_of(int i) { return (i * 13 + 5) % 29; }

// Per-warp compaction: each warp writes its kept values contiguously.
__global__ void compact(int *out, int *counts) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = tid / warpSize;
  int v = value_of(tid);
  bool keep = v % 3 == 0;
  unsigned mask = __ballot_sync(0xffffffff, keep);
  int pos = __popc(mask & ((1u << lane) - 1));
  if (keep) out[warp * warpSize + pos] = v;
  if (lane == 0) counts[warp] = __popc(mask);
}

// The last lane of each warp whose value is large, found from a ballot.
__global__ void last_large(int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned m = __ballot_sync(0xffffffff, value_of(tid) > 20 && threadIdx.x % warpSize >= 40);
  if (threadIdx.x % warpSize == 0) out[tid / warpSize] = __ffs(m);
}

static int report(const char *part, int bad) {
  printf("%s %s (%d wrong)\n", bad ? "FAIL" : "ok  ", part, bad);
  return bad != 0;
}

int main() {
  int ws = 0;
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, 0);
  if (ws != 32 && ws != 64) {
    printf("FAILED: warp size %d\n", ws);
    return 1;
  }
  const int W = N / ws;
  int *d_out, *d_counts, *d_last;
  cudaMalloc(&d_out, N * sizeof(int));
  cudaMalloc(&d_counts, W * sizeof(int));
  cudaMalloc(&d_last, W * sizeof(int));
  compact<<<N / THREADS, THREADS>>>(d_out, d_counts);
  last_large<<<N / THREADS, THREADS>>>(d_last);
  static int out[N], counts[N], last[N];
  cudaMemcpy(out, d_out, N * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(counts, d_counts, W * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(last, d_last, W * sizeof(int), cudaMemcpyDeviceToHost);
  int bad_compact = 0, bad_last = 0;
  for (int w = 0; w < W; w++) {
    int k = 0, f = 0;
    for (int l = 0; l < ws; l++) {
      int v = value_of(w * ws + l);
      if (v % 3 == 0) bad_compact += out[w * ws + k++] != v;
      if (!f && v > 20 && l >= 40) f = l + 1;
    }
    bad_compact += counts[w] != k;
    bad_last += last[w] != f;
  }
  int failed = report("ballot compaction by warpSize", bad_compact);
  failed |= report("__ffs of a ballot past lane 31", bad_last);
  printf("warp size %d: %s\n", ws, failed ? "FAILED" : "PASSED");
  return failed;
}
