// cuDNN is used only where USE_CUDNN is defined, which this build does not
// do: the calls in main's body are in a branch the preprocessor skips, like
// the declarations at file scope. Their names are translated all the same,
// but no header is added for them: the compiler never sees that code.
#include <cuda_runtime.h>

#ifdef USE_CUDNN
static cudnnHandle_t handle;
#endif

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(float));
#ifdef USE_CUDNN
  cudnnCreate(&handle);
  cudnnDestroy(handle);
#endif
  cudaFree(d);
  return 0;
}
