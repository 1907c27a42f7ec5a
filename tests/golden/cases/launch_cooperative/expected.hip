// Cooperative launches through the runtime: the kernel is passed by name
// (HIP takes it as const void *), on one device or on several through an
// array of launch parameters. Graphs instantiated through the driver API
// with flags, and a complex data type of the library types.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>
#include <hip/library_types.h>

__global__ void step(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 0.5f;
}

int launch(float *d, int n, hipStream_t s) {
  void *args[] = {&d, &n};
  if (hipLaunchCooperativeKernel(reinterpret_cast<const void *>(step), dim3(4), dim3(64), args, 0, s) != hipSuccess) return 1;
  hipLaunchParams params[1];
  params[0].func = reinterpret_cast<void *>(step);
  params[0].gridDim = dim3(4);
  params[0].blockDim = dim3(64);
  params[0].args = args;
  params[0].sharedMem = 0;
  params[0].stream = s;
  return hipLaunchCooperativeKernelMultiDevice(params, 1, 0) == hipSuccess ? 0 : 1;
}

hipError_t instantiate(hipGraphExec_t *exec, hipGraph_t g) { return hipGraphInstantiateWithFlags(exec, g, 0); }

hipDataType complex_type() { return HIP_C_32F; }
