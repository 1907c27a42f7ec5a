// Overloads on CUDA types that HIP merges: the second definition is an
// error; overloads in different #if branches and plain declarations are not.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

static const char *errName(hipError_t e) { return hipGetErrorName(e); }

static const char *errName(hipError_t e) {
  const char *s = 0;
  (*(&s) = hipGetErrorName(e), hipSuccess);
  return s;
}

#ifdef USE_DRIVER
void sync(hipStream_t s) { hipStreamSynchronize(s); }
#else
void sync(hipStream_t s) { hipStreamSynchronize(s); }
#endif

void wait(hipEvent_t e);
void wait(hipEvent_t e);
