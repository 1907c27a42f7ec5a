#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define CUDA_CHECK(call)                                                  \
  do {                                                                    \
    hipError_t err_ = (call);                                            \
    if (err_ != hipSuccess) {                                            \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
              hipGetErrorString(err_));                                  \
      hipDeviceReset();                                                  \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

#define ALLOC(ptr, n) CUDA_CHECK(hipMalloc(&(ptr), (n) * sizeof(*(ptr))))
#define COPY_IN(dst, src, n) \
  hipMemcpy((dst), (src), (n) * sizeof(*(src)), hipMemcpyHostToDevice)
#define SYNC() hipDeviceSynchronize()
#define STREAM_T hipStream_t
#define KIND hipMemcpyDeviceToHost
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
  CUDA_CHECK(hipStreamCreate(&stream));
  ALLOC(dev, n);
  CUDA_CHECK(COPY_IN(dev, host, n));
  scale<<<(n + 255) / 256, 256, 0, stream>>>(dev, 2.0f, n);
  CUDA_CHECK(hipGetLastError());
  CUDA_CHECK(CALL(hipMemsetAsync, dev, 0, sizeof(float), stream));
  SYNC();
  CUDA_CHECK(hipMemcpy(host, dev, n * sizeof(float), KIND));
  CUDA_CHECK(hipFree(dev));
  CUDA_CHECK(hipStreamDestroy(stream));
  printf("%f\n", host[n - 1]);
  return 0;
}
