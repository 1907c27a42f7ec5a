// Loads a kernel image with the driver API, runs it on a vector and checks
// the result.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    CUresult status_ = (call);                                            \
    if (status_ != CUDA_SUCCESS) {                                        \
      const char *msg_ = NULL;                                            \
      cuGetErrorString(status_, &msg_);                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, msg_);           \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

extern const unsigned char scale_image[];

int main(void) {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction scale;
  CUdeviceptr d_x;
  int major = 0, sms = 0;
  char name[256];

  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  printf("%s: %d SMs\n", name, sms);
  CHECK(cuCtxCreate(&ctx, 0, dev));

  CHECK(cuModuleLoadData(&mod, scale_image));
  CHECK(cuModuleGetFunction(&scale, mod, "scale"));

  float *h_x = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) h_x[i] = (float)i;
  CHECK(cuMemAlloc(&d_x, bytes));
  CHECK(cuMemcpyHtoD(d_x, h_x, bytes));

  float factor = 2.0f;
  int count = n;
  void *params[] = {&d_x, &factor, &count};
  unsigned block = 256, grid = (n + block - 1) / block;
  CUstream stream;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuLaunchKernel(scale, grid, 1, 1, block, 1, 1, 0, stream, params, NULL));
  CHECK(cuStreamSynchronize(stream));
  CHECK(cuMemcpyDtoH(h_x, d_x, bytes));

  for (int i = 0; i < n; i++) {
    if (h_x[i] != 2.0f * i) {
      fprintf(stderr, "mismatch at %d\n", i);
      return 1;
    }
  }
  printf("ok\n");

  CHECK(cuStreamDestroy(stream));
  CHECK(cuMemFree(d_x));
  CHECK(cuModuleUnload(mod));
  CHECK(cuCtxDestroy(ctx));
  free(h_x);
  return 0;
}
