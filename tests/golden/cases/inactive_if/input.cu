#include <cuda_runtime.h>

#if 0
/* Old allocation path, kept for reference. */
static void old_alloc(float **p, size_t n) {
  cudaMallocHost((void **)p, n * sizeof(float));
  cudaMemset(*p, 0, n * sizeof(float));
}
#endif

__device__ float load(const float *p, int i) {
#ifdef __CUDA_ARCH__
  return __ldg(p + i);
#else
  return p[i];
#endif
}

__global__ void add(float *out, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  __syncwarp();
#endif
  if (i < n) out[i] = load(a, i) + load(b, i);
}

static cudaError_t launch(float *out, const float *a, const float *b, int n,
                          cudaStream_t stream) {
#if CUDART_VERSION >= 11000
  cudaStreamCaptureStatus status;
  cudaStreamIsCapturing(stream, &status);
  if (status == cudaStreamCaptureStatusActive) return cudaErrorNotSupported;
#else
  cudaStreamQuery(stream);
#endif
  add<<<(n + 127) / 128, 128, 0, stream>>>(out, a, b, n);
  return cudaGetLastError();
}

#ifndef USE_EVENTS
#define TIMER_T int
#else
#define TIMER_T cudaEvent_t
static void start(TIMER_T *e) { cudaEventCreate(e); cudaEventRecord(*e, 0); }
#endif

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 64 * sizeof(float));
  cudaMalloc(&b, 64 * sizeof(float));
  cudaMalloc(&c, 64 * sizeof(float));
  launch(c, a, b, 64, 0);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
