// A CUDA program that checks its own answer: each warp (warpSize lanes: 32
// on NVIDIA GPUs, 64 on gfx942) sums its lanes with __shfl_down_sync and
// counts even values with __ballot_sync; the host compares with a
// sequential sum. Exit 0 when right, 1 when not.
// Arguments: [N] [expect-exit]: N elements (default 1000); with a second
// argument the program exits with that status after checking (to test
// that cu2hip run passes the status through).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "wave_sum.cuh"

__global__ void sums(const int *in, int n, int *wave_sums, int *evens) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int s = wave_sum(v);
  unsigned long long even = __ballot_sync(0xffffffff, i < n && v % 2 == 0);
  int lane = threadIdx.x % warpSize;
  if (lane == 0) {
    wave_sums[i / warpSize] = s;
    evens[i / warpSize] = __popcll(even);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int want_exit = argc > 2 ? atoi(argv[2]) : 0;
  int threads = 128, blocks = (n + threads - 1) / threads;
  int warp = 32;
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  int waves = blocks * threads / warp;
  int *h = (int *)malloc(n * sizeof(int));
  long long total = 0, even = 0;
  for (int i = 0; i < n; i++) {
    h[i] = (i * 7) % 13;
    total += h[i];
    even += h[i] % 2 == 0;
  }
  int *d_in, *d_sums, *d_evens;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_sums, waves * sizeof(int));
  cudaMalloc(&d_evens, waves * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  sums<<<blocks, threads>>>(d_in, n, d_sums, d_evens);
  cudaDeviceSynchronize();
  int *hs = (int *)malloc(waves * sizeof(int)), *he = (int *)malloc(waves * sizeof(int));
  cudaMemcpy(hs, d_sums, waves * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(he, d_evens, waves * sizeof(int), cudaMemcpyDeviceToHost);
  long long got = 0, got_even = 0;
  for (int w = 0; w < waves; w++) {
    got += hs[w];
    got_even += he[w];
  }
  int ok = got == total && got_even == even;
  printf("%s: sum %lld (want %lld), evens %lld (want %lld)\n", ok ? "PASS" : "FAIL", got, total, got_even, even);
  cudaFree(d_in);
  cudaFree(d_sums);
  cudaFree(d_evens);
  free(h);
  free(hs);
  free(he);
  return ok ? want_exit : 1;
}
