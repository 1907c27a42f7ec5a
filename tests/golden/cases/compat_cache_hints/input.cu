// Loads and stores with a cache operator: a streaming copy, and a flag that
// one block polls while another sets it (the loads must reach memory every
// time). HIP has no cache operators; cu2hip_compat.h keeps each access a
// real one (volatile).
__global__ void stream_copy(const float4 *in, float4 *out, const float *scale, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = __ldcs(in + i);
  float s = __ldg(scale) * __ldca(scale + 1) + __ldlu(scale + 2);
  v.x *= s;
  __stcs(out + i, v);
  __stwb(sum + i, v.x + v.y);
  __stwt(sum + n + i, 0.0);
}

__global__ void handshake(int *flag, const int *data, int *result) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    __stcg(result, __ldcg(data) + 1);
    __threadfence();
    __stcg(flag, 1);
  } else if (threadIdx.x == 0) {
    while (__ldcv(flag) == 0) {
    }
  }
}
