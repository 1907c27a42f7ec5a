// The opt-in shared memory maximum: AMD GPUs have none (a block may use
// all of the LDS), so it becomes the plain per-block maximum.
#include <cuda_runtime.h>
#include <cuda.h>

int max_dynamic_smem(int dev) {
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
  return optin;
}

int max_dynamic_smem_driver(CUdevice dev) {
  int optin = 0;
  cuDeviceGetAttribute(&optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
  return optin;
}
