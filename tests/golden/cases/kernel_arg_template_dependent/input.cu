// The kernel argument of cudaFuncGetAttributes in its forms: a template
// specialisation with a dependent argument, a function pointer variable,
// a pointer that already is `const void *`, and a name the parse cannot
// resolve (its header is missing).
#include <cuda_runtime.h>
#include "missing_kernels.h"

#define TRY(call) do { if ((call) != cudaSuccess) return -1; } while (0)

template <typename T>
__global__ void fill(T *out, T value) { out[threadIdx.x] = value; }

template <typename T>
int fill_limit() {
  cudaFuncAttributes attr;
  TRY(cudaFuncGetAttributes(&attr, fill<T>));
  return attr.maxThreadsPerBlock;
}

int limits(const void *entry) {
  void (*fp)(float *, float) = fill<float>;
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, fp);
  cudaFuncGetAttributes(&attr, entry);
  cudaFuncGetAttributes(&attr, external_kernel);
  return fill_limit<float>() + fill_limit<int>() + attr.numRegs;
}
