// __match_any_sync / __match_all_sync: HIP has them from ROCm 7.0 on; for
// an older target cu2hip_compat.h provides them, with 64-bit lane masks.
#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

__global__ void groups(const int *key, unsigned long long *peers, int *uniform) {
  int i = threadIdx.x;
  unsigned long long same = cu2hip_match_any_sync(0xffffffffffffffffULL, key[i]);
  int pred = 0;
  cu2hip_match_all_sync(0xffffffffffffffffULL, key[0], &pred);
  peers[i] = same;
  uniform[i] = pred;
}
