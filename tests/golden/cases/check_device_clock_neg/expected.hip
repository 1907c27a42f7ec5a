// clock reads that are not time on the GPU: host timing, seeds, hashes,
// and the constant-rate counter.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>
#include <ctime>
#include <cstdio>

__global__ void init_rng(hiprandState *states, unsigned long long offset) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(clock64() + offset, id, 0, &states[id]);
}

__global__ void init_rng2(hiprandState *states) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long seed = clock64();
  hiprand_init(seed ^ (unsigned long long)id, 0, 0, &states[id]);
}

__device__ unsigned int jitter(unsigned int x) {
  return x * 2654435761u ^ (unsigned int)clock();
}

#if defined(__HIP_PLATFORM_AMD__)
__device__ long long elapsed_ticks(long long since) {
  return wall_clock64() - since;
}
#endif

struct Stopwatch {
  long long t;
  __host__ __device__ long long clock() const { return t; }
};

__global__ void use_stopwatch(Stopwatch sw, long long *out) {
  out[0] = sw.clock() - 1;
}

int main() {
  clock_t begin = clock();
  init_rng<<<1, 64>>>(nullptr, 0);
  hipDeviceSynchronize();
  clock_t end = clock();
  printf("%f s\n", (double)(end - begin) / CLOCKS_PER_SEC);
  return 0;
}
