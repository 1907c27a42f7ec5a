// Include guards and API macros of the CUDA headers, tested to learn what
// the file has: each becomes the macro of the HIP header it is translated
// to, so the branch stays on exactly when that header has been included.
#include <cuda_runtime.h>
#include <cusparse.h>

#ifdef __CUDA_RUNTIME_H__
static int device_count() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}
#endif

#if defined(CUSPARSEAPI) && defined(CUSPARSE_H_)
static bool sparse_ready(cusparseHandle_t h) { return h != nullptr; }
#endif

int usable(cusparseHandle_t h) {
#if defined(__CUDA_RUNTIME_H__) && defined(CUSPARSEAPI)
  return device_count() > 0 && sparse_ready(h);
#else
  return 0;
#endif
}
