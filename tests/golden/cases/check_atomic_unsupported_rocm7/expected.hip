// The same atomics for a ROCm 7.0 target: 16-bit ones become a version warning.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>

// Gradient accumulation in half precision.
__global__ void accumulate_grads(__half *grad, __half2 *grad2, const float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&grad[i % 64], __float2half(g[i]));
  atomicAdd(grad2 + (i % 32), __floats2half2_rn(g[i], g[i]));
}

__global__ void accumulate_bf16(__hip_bfloat16 *acc, const float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(acc, __float2bfloat16(g[i]));
}

// 16-bit compare-and-swap on a table of short tags.
__device__ bool claim_slot(unsigned short *tags, int slot, unsigned short tag) {
  return atomicCAS(&tags[slot], (unsigned short)0, tag) == 0;
}

// Vector atomics (CUDA 12.x, sm_90).
__global__ void scatter_vec(float2 *out2, float4 *out4, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&out2[idx[i]], make_float2(1.0f, 2.0f));
  atomicAdd(out4 + idx[i], make_float4(1.0f, 2.0f, 3.0f, 4.0f));
}

// 128-bit compare-and-swap on a {pointer, counter} pair.
struct __align__(16) tagged_ptr {
  unsigned long long ptr, count;
};

__device__ void push(tagged_ptr *head, unsigned __int128 *raw, unsigned long long node) {
  tagged_ptr expected = *head;
  tagged_ptr desired = {node, expected.count + 1};
  atomicCAS(head, expected, desired);
  atomicCAS((unsigned __int128 *)raw, (unsigned __int128)0, (unsigned __int128)node);
}

// CUDA 12.8 scoped atomic builtins.
__global__ void count_hits(int *hits, const int *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && keys[i] > 0)
    cu2hip_nv_atomic_fetch_add(&hits[keys[i] % 16], 1, cu2hip_NV_ATOMIC_RELAXED, cu2hip_NV_THREAD_SCOPE_DEVICE);
}
