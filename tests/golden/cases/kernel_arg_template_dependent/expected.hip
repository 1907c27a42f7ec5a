// The kernel argument of cudaFuncGetAttributes in its forms: a template
// specialisation with a dependent argument, a function pointer variable,
// a pointer that already is `const void *`, and a name the parse cannot
// resolve (its header is missing).
#include <hip/hip_runtime.h>
#include "missing_kernels.h"

#define TRY(call) do { if ((call) != hipSuccess) return -1; } while (0)

template <typename T>
__global__ void fill(T *out, T value) { out[threadIdx.x] = value; }

template <typename T>
int fill_limit() {
  hipFuncAttributes attr;
  TRY(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(fill<T>)));
  return attr.maxThreadsPerBlock;
}

int limits(const void *entry) {
  void (*fp)(float *, float) = fill<float>;
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(fp));
  hipFuncGetAttributes(&attr, entry);
  hipFuncGetAttributes(&attr, external_kernel);
  return fill_limit<float>() + fill_limit<int>() + attr.numRegs;
}
