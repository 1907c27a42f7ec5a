// Include guards and API macros of the CUDA headers, tested to learn what
// the file has: each becomes the macro of the HIP header it is translated
// to, so the branch stays on exactly when that header has been included.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
static int device_count() {
  int n = 0;
  return hipGetDeviceCount(&n) == hipSuccess ? n : 0;
}
#endif

#if defined(_HIPSPARSE_H_) && defined(_HIPSPARSE_H_)
static bool sparse_ready(hipsparseHandle_t h) { return h != nullptr; }
#endif

int usable(hipsparseHandle_t h) {
#if defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) && defined(_HIPSPARSE_H_)
  return device_count() > 0 && sparse_ready(h);
#else
  return 0;
#endif
}
