// Element-wise vector add with the usual error-checking boilerplate.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err_ = (call);                                                \
    if (err_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,                 \
              cudaGetErrorString(err_), cudaGetErrorName(err_));              \
      exit(EXIT_FAILURE);                                                     \
    }                                                                         \
  } while (0)

__global__ void vecAdd(const float *__restrict__ a, const float *__restrict__ b,
                       float *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (; i < n; i += blockDim.x * gridDim.x) {
    c[i] = a[i] + b[i];
  }
  if (i == 0 && threadIdx.x == 0) printf("grid %u x %u\n", gridDim.x, blockDim.x);
}

__device__ __forceinline__ float axpy(float a, float x, float y) { return fmaf(a, x, y); }
__device__ __noinline__ float slow_sq(float x) { return x * x; }

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  assert(n >= 0);
  if (i < n) y[i] = axpy(a, x[i], y[i]) + slow_sq(0.0f) + sqrtf(fabsf(y[i])) * 0.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  size_t bytes = n * sizeof(float);
  int dev = 0, count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  CUDA_CHECK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  printf("%s sm_%d%d, %d SMs, warp %d, %zu MiB, smem/block %zu, l2 %d, bus %d\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount, prop.warpSize,
         prop.totalGlobalMem >> 20, prop.sharedMemPerBlock, prop.l2CacheSize,
         prop.memoryBusWidth);
  printf("max threads %d dims %d %d %d grid %d clock %d kHz mem %d kHz\n",
         prop.maxThreadsPerBlock, prop.maxThreadsDim[0], prop.maxThreadsDim[1],
         prop.maxThreadsDim[2], prop.maxGridSize[0], prop.clockRate, prop.memoryClockRate);
  int smCount = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, dev));

  float *h_a = (float *)malloc(bytes), *h_b = (float *)malloc(bytes), *h_c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) { h_a[i] = sinf(i) * sinf(i); h_b[i] = cosf(i) * cosf(i); }

  float *d_a, *d_b, *d_c;
  CUDA_CHECK(cudaMalloc((void **)&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_c), bytes));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_c, 0, bytes));

  int threads = 256;
  dim3 block(threads);
  dim3 grid((n + threads - 1) / threads);
  vecAdd<<<grid, block>>>(d_a, d_b, d_c, n);
  CUDA_CHECK(cudaGetLastError());
  vecAdd<<<32 * smCount, 256, 0>>>(d_a, d_b, d_c, n);
  saxpy<<<dim3(grid.x, 1, 1), threads, 0, 0>>>(n, 2.0f, d_a, d_c);
  CUDA_CHECK(cudaPeekAtLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost));

  double err = 0;
  for (int i = 0; i < n; ++i) err = fmax(err, std::fabs(h_c[i] - 1.0));
  printf("max error %g\n", err);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_c);
  free(h_a); free(h_b); free(h_c);
  CUDA_CHECK(cudaDeviceReset());
  return 0;
}
