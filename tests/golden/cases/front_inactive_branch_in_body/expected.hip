// cuDNN is used only where USE_CUDNN is defined, which this build does not
// do: the calls in main's body are in a branch the preprocessor skips, like
// the declarations at file scope. Their names are translated all the same,
// but no header is added for them: the compiler never sees that code.
#include <hip/hip_runtime.h>

#ifdef USE_CUDNN
static miopenHandle_t handle;
#endif

int main() {
  float *d = nullptr;
  hipMalloc(&d, 64 * sizeof(float));
#ifdef USE_CUDNN
  miopenCreate(&handle);
  miopenDestroy(handle);
#endif
  hipFree(d);
  return 0;
}
