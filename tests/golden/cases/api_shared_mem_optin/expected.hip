// The opt-in shared memory maximum: AMD GPUs have none (a block may use
// all of the LDS), so it becomes the plain per-block maximum.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

int max_dynamic_smem(int dev) {
  int optin = 0;
  hipDeviceGetAttribute(&optin, hipDeviceAttributeMaxSharedMemoryPerBlock, dev);
  return optin;
}

int max_dynamic_smem_driver(hipDevice_t dev) {
  int optin = 0;
  hipDeviceGetAttribute(&optin, hipDeviceAttributeMaxSharedMemoryPerBlock, dev);
  return optin;
}
