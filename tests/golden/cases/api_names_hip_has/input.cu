// Names HIP has under another spelling, and directed-rounding arithmetic,
// which HIP does not provide by default.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void bounds(float *lo, float *hi, const float *a, const float *b) {
  int i = threadIdx.x;
  lo[i] = __fadd_rd(a[i], b[i]);
  hi[i] = __fadd_ru(a[i], b[i]);
  lo[i] = __fadd_rn(lo[i], 0.0f);
}

void volume(void *p, size_t pitch) {
  cudaExtent ext = make_cudaExtent(64 * sizeof(float), 64, 8);
  cudaPitchedPtr pp = make_cudaPitchedPtr(p, pitch, 64, 64);
  cudaPos origin = make_cudaPos(0, 0, 0);
  (void)ext;
  (void)pp;
  (void)origin;
}

void profile(CUevent_st *e, CUstream_st *s) {
  cuProfilerStart();
  CUuuid id;
  (void)id;
  (void)e;
  (void)s;
  cuProfilerStop();
}
