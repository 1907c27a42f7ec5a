// Atomics that look like the unsupported ones but are fine on gfx942.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

// The file brings its own half-precision atomicAdd (a CAS loop on the
// enclosing 32-bit word), so calls on __half resolve to it.
__device__ __half atomicAdd(__half *address, __half val) {
  unsigned int *base = (unsigned int *)((size_t)address & ~(size_t)3);
  unsigned int shift = ((size_t)address & 2) ? 16 : 0;
  unsigned int old = *base, assumed;
  do {
    assumed = old;
    __half cur = __ushort_as_half((unsigned short)(assumed >> shift));
    unsigned int sum = __half_as_ushort(__hadd(cur, val));
    old = atomicCAS(base, assumed, (assumed & ~(0xffffu << shift)) | (sum << shift));
  } while (assumed != old);
  return __ushort_as_half((unsigned short)(old >> shift));
}

__global__ void accumulate(__half *grad, const float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&grad[i % 64], __float2half(g[i]));
}

// 32- and 64-bit integer atomics, a 64-bit CAS on a packed pair.
__global__ void counters(int *hist, unsigned int *u, unsigned long long *packed, const int *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&hist[keys[i] & 255], 1);
  atomicInc(u, 1024u);
  unsigned long long old = *packed;
  unsigned long long want = (old & 0xffffffff00000000ull) | (unsigned int)i;
  atomicCAS(packed, old, want);
  atomicExch(&u[1], (unsigned int)keys[i]);
}

// A class with its own atomic-looking members.
struct Table {
  __device__ int atomicCAS(int slot, int expected, int desired) { return slot + expected + desired; }
};

__global__ void probe(Table t, int *out) {
  out[threadIdx.x] = t.atomicCAS(threadIdx.x, 0, 1);
}

// Mentions in comments and strings: __nv_atomic_fetch_add, atomicAdd(float2*).
__device__ const char *kNote = "__nv_atomic_fetch_add(p, 1) is CUDA only";
