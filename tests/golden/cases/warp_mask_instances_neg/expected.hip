// A block reduction templated on its block size: the lane mask of its
// last steps is computed from the template parameter, and the host picks
// the instance by the block size it launches. In every instance the mask
// holds every thread of the block: the full mask for 32 threads or more,
// lanes 0..N-1 for an N-thread block. A ballot taken under that mask only
// serves as the mask of the final steps. Dropping the masks before ROCm 7.0
// loses no lane.
#include <hip/hip_runtime.h>

template <class T> __device__ T lane_sum(unsigned long long lanes, T v) {
  for (int step = 16; step > 0; step >>= 1) v += __shfl_down(v, step, 32);
  return v;
}

template <typename T, unsigned int kThreads, bool kTwice>
__global__ void block_sum(const T *in, T *out, unsigned int n) {
  __shared__ T partial[32];
  unsigned int t = threadIdx.x;
  unsigned int cut = kThreads & 31;
  cut = (cut > 0) ? (32 - cut) : cut;
  const unsigned long long lanes = 0xffffffffu >> cut;
  T v = t < n ? in[blockIdx.x * kThreads + t] : T(0);
  if (kTwice) v += v;
  v = lane_sum<T>(lanes, v);
  if (t % 32 == 0) partial[t / 32] = v;
  __syncthreads();
  const unsigned int warps = kThreads / 32 > 0 ? kThreads / 32 : 1;
  const unsigned long long voters = __ballot(t < warps);
  if (t < warps) {
    v = partial[t];
    v = lane_sum<T>(voters, v);
  }
  if (t == 0) out[blockIdx.x] = v;
}

template <class T> void run(int threads, int blocks, const T *in, T *out, unsigned int n) {
  dim3 block(threads, 1, 1);
  dim3 grid(blocks, 1, 1);
  switch (threads) {
  case 256:
    block_sum<T, 256, true><<<grid, block>>>(in, out, n);
    break;
  case 32:
    block_sum<T, 32, false><<<grid, block>>>(in, out, n);
    break;
  case 16:
    block_sum<T, 16, false><<<grid, block>>>(in, out, n);
    break;
  case 4:
    block_sum<T, 4, true><<<grid, block>>>(in, out, n);
    break;
  }
}

template void run<float>(int, int, const float *, float *, unsigned int);
