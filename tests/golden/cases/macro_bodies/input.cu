#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                  \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
              cudaGetErrorString(err_));                                  \
      cudaDeviceReset();                                                  \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

#define ALLOC(ptr, n) CUDA_CHECK(cudaMalloc(&(ptr), (n) * sizeof(*(ptr))))
#define COPY_IN(dst, src, n) \
  cudaMemcpy((dst), (src), (n) * sizeof(*(src)), cudaMemcpyHostToDevice)
#define SYNC() cudaDeviceSynchronize()
#define STREAM_T cudaStream_t
#define KIND cudaMemcpyDeviceToHost
#define CALL(fn, ...) fn(__VA_ARGS__)

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  const int n = 1024;
  float host[n];
  for (int i = 0; i < n; i++) host[i] = (float)i;
  float *dev = nullptr;
  STREAM_T stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  ALLOC(dev, n);
  CUDA_CHECK(COPY_IN(dev, host, n));
  scale<<<(n + 255) / 256, 256, 0, stream>>>(dev, 2.0f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(CALL(cudaMemsetAsync, dev, 0, sizeof(float), stream));
  SYNC();
  CUDA_CHECK(cudaMemcpy(host, dev, n * sizeof(float), KIND));
  CUDA_CHECK(cudaFree(dev));
  CUDA_CHECK(cudaStreamDestroy(stream));
  printf("%f\n", host[n - 1]);
  return 0;
}
