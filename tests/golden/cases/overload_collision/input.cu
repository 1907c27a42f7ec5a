// Overloads on CUDA types that HIP merges: the second definition is an
// error; overloads in different #if branches and plain declarations are not.
#include <cuda.h>
#include <cuda_runtime.h>

static const char *errName(cudaError_t e) { return cudaGetErrorName(e); }

static const char *errName(CUresult e) {
  const char *s = 0;
  cuGetErrorName(e, &s);
  return s;
}

#ifdef USE_DRIVER
void sync(CUstream s) { cuStreamSynchronize(s); }
#else
void sync(cudaStream_t s) { cudaStreamSynchronize(s); }
#endif

void wait(cudaEvent_t e);
void wait(CUevent e);
