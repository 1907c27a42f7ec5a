// Cooperative launches through the runtime: the kernel is passed by name
// (HIP takes it as const void *), on one device or on several through an
// array of launch parameters. Graphs instantiated through the driver API
// with flags, and a complex data type of the library types.
#include <cuda.h>
#include <cuda_runtime.h>
#include <library_types.h>

__global__ void step(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 0.5f;
}

int launch(float *d, int n, cudaStream_t s) {
  void *args[] = {&d, &n};
  if (cudaLaunchCooperativeKernel(step, dim3(4), dim3(64), args, 0, s) != cudaSuccess) return 1;
  cudaLaunchParams params[1];
  params[0].func = reinterpret_cast<void *>(step);
  params[0].gridDim = dim3(4);
  params[0].blockDim = dim3(64);
  params[0].args = args;
  params[0].sharedMem = 0;
  params[0].stream = s;
  return cudaLaunchCooperativeKernelMultiDevice(params, 1, 0) == cudaSuccess ? 0 : 1;
}

CUresult instantiate(CUgraphExec *exec, CUgraph g) { return cuGraphInstantiateWithFlags(exec, g, 0); }

cudaDataType complex_type() { return CUDA_C_32F; }
