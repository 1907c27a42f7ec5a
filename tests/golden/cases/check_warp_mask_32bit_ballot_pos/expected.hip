#include <hip/hip_runtime.h>
#include <stdint.h>

struct Votes {
  unsigned mask;
  int count;
};

__global__ void vote(const int *flags, int *out, Votes *votes) {
  int f = flags[threadIdx.x];
  unsigned ballot = __ballot(f != 0);
  unsigned int active = __ballot(1);
  const uint32_t any = __ballot(f > 1);
  int signed_mask = __ballot(f < 0);
  unsigned later;
  later = __ballot(f == 2);
  votes[blockIdx.x].mask = __ballot(f == 3);
  out[threadIdx.x] = __popc(ballot) + __popc(__ballot(f > 4));
  int first = __ffs(active) - 1;
  int last = 31 - __clz(any);
  unsigned long long wide = __ballot(f > 5);
  int below = __popc((unsigned)__ballot(f > 6));
  out[blockDim.x + threadIdx.x] = first + last + signed_mask + (int)later + below + __popc(wide);
}
