// Loads a kernel image with the driver API, runs it on a vector and checks
// the result.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    hipError_t status_ = (call);                                            \
    if (status_ != hipSuccess) {                                        \
      const char *msg_ = NULL;                                            \
      hipDrvGetErrorString(status_, &msg_);                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, msg_);           \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

extern const unsigned char scale_image[];

int main(void) {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  hipDevice_t dev;
  hipCtx_t ctx;
  hipModule_t mod;
  hipFunction_t scale;
  hipDeviceptr_t d_x;
  int major = 0, sms = 0;
  char name[256];

  CHECK(hipInit(0));
  CHECK(hipDeviceGet(&dev, 0));
  CHECK(hipDeviceGetName(name, sizeof name, dev));
  CHECK(hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev));
  CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, dev));
  printf("%s: %d SMs\n", name, sms);
  CHECK(hipCtxCreate(&ctx, 0, dev));

  CHECK(hipModuleLoadData(&mod, scale_image));
  CHECK(hipModuleGetFunction(&scale, mod, "scale"));

  float *h_x = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) h_x[i] = (float)i;
  CHECK(hipMalloc(&d_x, bytes));
  CHECK(hipMemcpyHtoD(d_x, h_x, bytes));

  float factor = 2.0f;
  int count = n;
  void *params[] = {&d_x, &factor, &count};
  unsigned block = 256, grid = (n + block - 1) / block;
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  CHECK(hipModuleLaunchKernel(scale, grid, 1, 1, block, 1, 1, 0, stream, params, NULL));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemcpyDtoH(h_x, d_x, bytes));

  for (int i = 0; i < n; i++) {
    if (h_x[i] != 2.0f * i) {
      fprintf(stderr, "mismatch at %d\n", i);
      return 1;
    }
  }
  printf("ok\n");

  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(d_x));
  CHECK(hipModuleUnload(mod));
  CHECK(hipCtxDestroy(ctx));
  free(h_x);
  return 0;
}
