#include <cuda_runtime.h>

namespace kernels {
template <typename T, int N>
__global__ void axpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N && i < n; k++, i += gridDim.x * blockDim.x) y[i] += a * x[i];
}

__global__ void reduce(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = threadIdx.x < n ? in[threadIdx.x] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) *out = tile[0];
}
}  // namespace kernels

__global__ void init() {}

template <int A, int B>
struct Shape {
  static constexpr int threads = A * B;
};

#define LAUNCH_1D(kernel, n, ...) \
  kernel<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)

template <typename T>
void run(T a, const T *x, T *y, float *sum, int n, cudaStream_t stream) {
  dim3 grid((n + 255) / 256), block(256);
  init<<<1, 1>>>();
  init<<<1, 1, 0, cudaStreamPerThread>>>();
  kernels::axpy<T, 4><<<grid, block>>>(a, x, y, n);
  kernels::axpy<T, 4><<<grid, block, 0, stream>>>(a, x, y, n);
  kernels::axpy<T, 4><<<grid, Shape<8, 32>::threads, 0, stream>>>(a, x, y, n);
  kernels::reduce<<<1, 256, 256 * sizeof(float), stream>>>(reinterpret_cast<const float *>(y), sum, n);
  kernels::reduce<<<dim3(1, 1, 1), dim3(256), 1024>>>(
      reinterpret_cast<const float *>(x),
      sum,
      n);
  LAUNCH_1D(kernels::reduce, n, (const float *)x, sum, n);
  cudaStreamSynchronize(stream);
}

template void run<float>(float, const float *, float *, float *, int, cudaStream_t);
