// Inline PTX idioms that do not run on AMD GPUs.
#include <hip/hip_runtime.h>

__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ float load_nc(const float *p) {
  float v;
  asm("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

__global__ void kernel(float *out, const float *in) {
  unsigned lane = lane_id();
  float v = load_nc(in + threadIdx.x);
  asm volatile("bar.sync 0;");
  asm volatile("membar.gl;" ::: "memory");
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  out[threadIdx.x] = v + lane + (float)(t & 1);
}

// Tensor-core PTX has no HIP equivalent at all.
__device__ void mma(unsigned *d, const unsigned *a, const unsigned *b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1}, {%2,%3}, {%4}, {%0,%1};"
               : "+r"(d[0]), "+r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]));
}

// PTX in a macro body: the parser cannot place it, the text gives it away.
#define WARP_SYNC() asm volatile("bar.warp.sync 0xffffffff;")
