// Masks of low lanes that no guard matches: some lane that runs the call may
// be outside the mask, and dropping the mask (before ROCm 7.0) would let it
// take part. Each stays reported.
#include <cuda_runtime.h>

__global__ void unguarded(int *data, int k) {
  int lane = threadIdx.x & 31;
  int v = data[threadIdx.x];
  unsigned long long part = (1ull << k) - 1;
  // No guard at all.
  v += __shfl_xor_sync(part, v, 1);
  // A guard that lets one lane too many through.
  if (lane < k + 1) v += __shfl_xor_sync(part, v, 2);
  // A guard on something that is not a lane number.
  if (threadIdx.y < k) v += __shfl_xor_sync(part, v, 4);
  // The mask names lanes 0..15, but only lanes 0..7 run the call, which CUDA
  // leaves undefined: not the guard's lanes, so reported.
  if (lane < 8) v += __shfl_xor_sync(0xffffull, v, 1);
  // A guard of 16 lanes around a mask of 8.
  if (lane < 16) v += __shfl_xor_sync(0xffull, v, 1);
  // The bound changes inside the guard: the mask is computed from its new value.
  if (lane < k) {
    k = k / 2;
    v += __shfl_xor_sync((1ull << k) - 1, v, 1);
  }
  // In the else branch the guard says nothing about the mask's lanes.
  if (lane < k) {
    v += 1;
  } else {
    v += __shfl_xor_sync((1ull << k) - 1, v, 1);
  }
  // A guard in a branch the preprocessor leaves out guards nothing.
#if 0
  if (lane < 4) {
#endif
    v += __shfl_xor_sync(0xfull, v, 1);
#if 0
  }
#endif
  data[threadIdx.x] = v;
}
