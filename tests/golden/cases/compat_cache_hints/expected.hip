// Loads and stores with a cache operator: a streaming copy, and a flag that
// one block polls while another sets it (the loads must reach memory every
// time). HIP has no cache operators; cu2hip_compat.h keeps each access a
// real one (volatile).
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"
__global__ void stream_copy(const float4 *in, float4 *out, const float *scale, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = cu2hip_ldcs(in + i);
  float s = __ldg(scale) * cu2hip_ldca(scale + 1) + cu2hip_ldlu(scale + 2);
  v.x *= s;
  cu2hip_stcs(out + i, v);
  cu2hip_stwb(sum + i, v.x + v.y);
  cu2hip_stwt(sum + n + i, 0.0);
}

__global__ void handshake(int *flag, const int *data, int *result) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    cu2hip_stcg(result, cu2hip_ldcg(data) + 1);
    __threadfence();
    cu2hip_stcg(flag, 1);
  } else if (threadIdx.x == 0) {
    while (cu2hip_ldcv(flag) == 0) {
    }
  }
}
