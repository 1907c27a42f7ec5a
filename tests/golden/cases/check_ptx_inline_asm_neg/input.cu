// Assembly that is not PTX in device code, and words that only look like it.
#include <cuda_runtime.h>
#include <cstdint>

// Host x86 assembly is fine on an AMD system.
static inline uint64_t rdtsc() {
  uint32_t lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((uint64_t)hi << 32) | lo;
}

// A compiler barrier with no instructions.
static inline void compiler_barrier() { asm volatile("" ::: "memory"); }

__global__ void kernel(float *out) {
  // mov.u32 %0, %%laneid; in a comment is not code
  const char *doc = "asm(\"mov.u32 %0, %%laneid;\")";
  out[threadIdx.x] = doc[0];
}

int main() {
  compiler_barrier();
  return rdtsc() == 0;
}
