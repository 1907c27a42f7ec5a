// clock() / clock64() read as time in device code.
#include <hip/hip_runtime.h>

// Per-kernel timing: a cycle difference written out for the host.
__global__ void timed_reduce(const float *in, float *out, long long *cycles, int n) {
  long long start = clock64();
  float acc = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += in[i];
  out[threadIdx.x] = acc;
  long long stop = clock64();
  if (threadIdx.x == 0) cycles[blockIdx.x] = stop - start;
}

// A spin-wait with a cycle budget.
__device__ bool wait_for(volatile int *flag, long long budget) {
  long long t0 = clock64();
  while (*flag == 0) {
    if (clock64() - t0 > budget) return false;
  }
  return true;
}

// The classic sample: raw clock() values stored for the host to subtract.
__global__ void timedReduction(const float *input, float *output, clock_t *timer) {
  const int tid = threadIdx.x;
  const int bid = blockIdx.x;
  if (tid == 0) timer[bid] = clock();
  output[bid * blockDim.x + tid] = input[tid];
  __syncthreads();
  if (tid == 0) timer[bid + gridDim.x] = clock();
}

// A deadline compared directly.
__global__ void bounded_work(int *done, long long deadline) {
  int steps = 0;
  while (clock64() < deadline) steps++;
  done[blockIdx.x] = steps;
}
