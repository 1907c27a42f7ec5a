// Names HIP has under another spelling, and directed-rounding arithmetic,
// which HIP does not provide by default.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

__global__ void bounds(float *lo, float *hi, const float *a, const float *b) {
  int i = threadIdx.x;
  lo[i] = __fadd_rd(a[i], b[i]);
  hi[i] = __fadd_ru(a[i], b[i]);
  lo[i] = __fadd_rn(lo[i], 0.0f);
}

void volume(void *p, size_t pitch) {
  hipExtent ext = make_hipExtent(64 * sizeof(float), 64, 8);
  hipPitchedPtr pp = make_hipPitchedPtr(p, pitch, 64, 64);
  hipPos origin = make_hipPos(0, 0, 0);
  (void)ext;
  (void)pp;
  (void)origin;
}

void profile(ihipEvent_t *e, ihipStream_t *s) {
  hipProfilerStart();
  hipUUID id;
  (void)id;
  (void)e;
  (void)s;
  hipProfilerStop();
}
