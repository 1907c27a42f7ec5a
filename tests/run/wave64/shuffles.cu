// Shuffles in code written for 32-lane warps, each checked against a
// reference computed on the host for 32-lane CUDA warps. CUDA's width is 32;
// HIP's, left out, is the whole 64-lane wavefront, so a source lane or
// delta can reach the other half. Translated with --wave64=report, every
// part but the scan (whose lane guard drops what crossed) and the xor within
// the half computes a wrong answer on the 64-lane CPU runtime; translated
// by default (width 32 added), every part is right.
// Exit status: 0 when every part matches, 1 otherwise.
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
#define THREADS 256
#define FULL 0xffffffffu

__host__ __device__ int value_of(int i) { return (i * 37 + 11) % 101; }

// An inclusive scan of each warp, and its total broadcast from lane 31.
__global__ void scan(int *sums, int *totals) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = value_of(tid);
  for (int d = 1; d < 32; d *= 2) {
    int u = __shfl_up_sync(FULL, v, d);
    if (lane >= d) v += u;
  }
  sums[tid] = v;
  totals[tid] = __shfl_sync(FULL, v, 31);
}

// Neighbours: up and down by one and four, a rotation, an xor.
__global__ void moves(int *up, int *down, int *rot, int *flip) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = value_of(tid);
  up[tid] = __shfl_up_sync(FULL, v, 1);
  down[tid] = __shfl_down_sync(FULL, v, 4);
  rot[tid] = __shfl_sync(FULL, v, (lane + 1) & 31);
  flip[tid] = __shfl_xor_sync(FULL, v, 16);
}

static int report(const char *part, int bad) {
  printf("%s %s (%d wrong)\n", bad ? "FAIL" : "ok  ", part, bad);
  return bad != 0;
}

int main() {
  int *d[6];
  for (int k = 0; k < 6; k++) cudaMalloc(&d[k], N * sizeof(int));
  scan<<<N / THREADS, THREADS>>>(d[0], d[1]);
  moves<<<N / THREADS, THREADS>>>(d[2], d[3], d[4], d[5]);
  static int h[6][N];
  for (int k = 0; k < 6; k++) cudaMemcpy(h[k], d[k], N * sizeof(int), cudaMemcpyDeviceToHost);
  int bad[6] = {0};
  for (int w = 0; w < N / 32; w++) {
    int run = 0, total = 0;
    for (int l = 0; l < 32; l++) total += value_of(w * 32 + l);
    for (int l = 0; l < 32; l++) {
      int i = w * 32 + l;
      run += value_of(i);
      bad[0] += h[0][i] != run;
      bad[1] += h[1][i] != total;
      bad[2] += h[2][i] != (l >= 1 ? value_of(i - 1) : value_of(i));
      bad[3] += h[3][i] != (l + 4 < 32 ? value_of(i + 4) : value_of(i));
      bad[4] += h[4][i] != value_of(w * 32 + ((l + 1) & 31));
      bad[5] += h[5][i] != value_of(w * 32 + (l ^ 16));
    }
  }
  int failed = 0;
  failed |= report("__shfl_up_sync scan", bad[0]);
  failed |= report("__shfl_sync of lane 31", bad[1]);
  failed |= report("__shfl_up_sync by 1", bad[2]);
  failed |= report("__shfl_down_sync by 4", bad[3]);
  failed |= report("__shfl_sync rotation", bad[4]);
  failed |= report("xor within the half", bad[5]);
  printf("%s\n", failed ? "FAILED" : "PASSED");
  return failed;
}
