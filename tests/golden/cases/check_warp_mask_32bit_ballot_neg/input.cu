#include <cuda_runtime.h>
#include <stdint.h>

__device__ int lanes_below(unsigned long long mask, int lane) {
  return __popcll(mask & ((1ull << lane) - 1));
}

__global__ void vote(const int *flags, const unsigned *words, int *out) {
  int f = flags[threadIdx.x];
  unsigned long long ballot = __ballot_sync(0xffffffff, f != 0);
  uint64_t active = __activemask();
  auto any = __ballot(f > 1);
  const auto all = __ballot_sync(0xffffffffu, f > 2);
  unsigned long long later;
  later = __ballot_sync(0xffffffff, f == 3);
  int bits = __popc(words[threadIdx.x]);
  int lead = __clz(f);
  int first = __ffsll(active) - 1;
  if (__ballot_sync(0xffffffff, f < 0)) out[0] = 1;
  out[threadIdx.x] = __popcll(ballot) + lanes_below(any, (int)threadIdx.x) + bits + lead + first +
                     __popcll(all) + (int)(later >> 32);
}

// Host code is not device code.
unsigned host_mask(unsigned x) {
  unsigned m = x & 0xffffu;
  return m;
}
