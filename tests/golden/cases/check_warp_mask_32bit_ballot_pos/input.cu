#include <cuda_runtime.h>
#include <stdint.h>

struct Votes {
  unsigned mask;
  int count;
};

__global__ void vote(const int *flags, int *out, Votes *votes) {
  int f = flags[threadIdx.x];
  unsigned ballot = __ballot_sync(0xffffffff, f != 0);
  unsigned int active = __activemask();
  const uint32_t any = __ballot(f > 1);
  int signed_mask = __ballot_sync(0xffffffff, f < 0);
  unsigned later;
  later = __ballot_sync(0xffffffff, f == 2);
  votes[blockIdx.x].mask = __ballot_sync(0xffffffff, f == 3);
  out[threadIdx.x] = __popc(ballot) + __popc(__ballot_sync(0xffffffff, f > 4));
  int first = __ffs(active) - 1;
  int last = 31 - __clz(any);
  unsigned long long wide = __ballot_sync(0xffffffff, f > 5);
  int below = __popc((unsigned)__ballot_sync(0xffffffff, f > 6));
  out[blockDim.x + threadIdx.x] = first + last + signed_mask + (int)later + below + __popc(wide);
}
