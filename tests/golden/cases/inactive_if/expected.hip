#include <hip/hip_runtime.h>

#if 0
/* Old allocation path, kept for reference. */
static void old_alloc(float **p, size_t n) {
  hipHostMalloc((void **)p, n * sizeof(float));
  hipMemset(*p, 0, n * sizeof(float));
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
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
#endif
  if (i < n) out[i] = load(a, i) + load(b, i);
}

static hipError_t launch(float *out, const float *a, const float *b, int n,
                          hipStream_t stream) {
#if CUDART_VERSION >= 11000
  hipStreamCaptureStatus status;
  hipStreamIsCapturing(stream, &status);
  if (status == hipStreamCaptureStatusActive) return hipErrorNotSupported;
#else
  hipStreamQuery(stream);
#endif
  add<<<(n + 127) / 128, 128, 0, stream>>>(out, a, b, n);
  return hipGetLastError();
}

#ifndef USE_EVENTS
#define TIMER_T int
#else
#define TIMER_T hipEvent_t
static void start(TIMER_T *e) { hipEventCreate(e); hipEventRecord(*e, 0); }
#endif

int main() {
  float *a, *b, *c;
  hipMalloc(&a, 64 * sizeof(float));
  hipMalloc(&b, 64 * sizeof(float));
  hipMalloc(&c, 64 * sizeof(float));
  launch(c, a, b, 64, 0);
  hipFree(a);
  hipFree(b);
  hipFree(c);
  return 0;
}
