#include <cub/cub.cuh>
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void block_sum(const int *in, int *out) {
  typedef cub::BlockReduce<int, BLOCK> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage temp;
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  int total = BlockReduceT(temp).Sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

int device_sum(const int *d_in, int *d_out, int n) {
  void *temp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n);
  cudaMalloc(&temp, bytes);
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n);
  cudaFree(temp);
  block_sum<128><<<n / 128, 128>>>(d_in, d_out);
  return 0;
}
