// Driver API: compile a kernel at run time with NVRTC, load it as a module
// and launch it with cuLaunchKernel.
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CU_CHECK(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char *msg = nullptr; \
  cuGetErrorString(r, &msg); fprintf(stderr, "%s failed: %s\n", #x, msg); exit(1); } } while (0)
#define NVRTC_CHECK(x) do { nvrtcResult r = (x); if (r != NVRTC_SUCCESS) { \
  fprintf(stderr, "%s\n", nvrtcGetErrorString(r)); exit(1); } } while (0)

static const char *kSource = R"(
extern "C" __global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
})";

int main() {
  nvrtcProgram prog;
  NVRTC_CHECK(nvrtcCreateProgram(&prog, kSource, "add.cu", 0, nullptr, nullptr));
  const char *opts[] = {"--gpu-architecture=compute_70", "-default-device"};
  nvrtcResult cres = nvrtcCompileProgram(prog, 2, opts);
  size_t logSize = 0;
  nvrtcGetProgramLogSize(prog, &logSize);
  std::string log(logSize, '\0');
  nvrtcGetProgramLog(prog, &log[0]);
  if (cres != NVRTC_SUCCESS) { fprintf(stderr, "%s\n", log.c_str()); return 1; }
  size_t ptxSize = 0;
  NVRTC_CHECK(nvrtcGetPTXSize(prog, &ptxSize));
  std::vector<char> ptx(ptxSize);
  NVRTC_CHECK(nvrtcGetPTX(prog, ptx.data()));
  NVRTC_CHECK(nvrtcDestroyProgram(&prog));

  CU_CHECK(cuInit(0));
  int count = 0, version = 0;
  CU_CHECK(cuDeviceGetCount(&count));
  CU_CHECK(cuDriverGetVersion(&version));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  CU_CHECK(cuDeviceGetName(name, sizeof name, dev));
  int major = 0, minor = 0, sms = 0;
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CU_CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  size_t total = 0;
  CU_CHECK(cuDeviceTotalMem(&total, dev));
  printf("%s sm_%d%d %d SMs %zu bytes, driver %d, %d devices\n", name, major, minor, sms, total,
         version, count);

  CUcontext ctx;
  CU_CHECK(cuCtxCreate(&ctx, 0, dev));
  CUmodule mod;
  CUfunction fn;
  CUjit_option jitOpts[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  char jitLog[4096];
  void *jitVals[] = {jitLog, (void *)(size_t)sizeof jitLog};
  CU_CHECK(cuModuleLoadDataEx(&mod, ptx.data(), 2, jitOpts, jitVals));
  CU_CHECK(cuModuleGetFunction(&fn, mod, "add"));

  const int n = 1 << 16;
  size_t bytes = n * sizeof(float);
  std::vector<float> ha(n, 1.0f), hb(n, 2.0f), hc(n);
  CUdeviceptr da, db, dc;
  CU_CHECK(cuMemAlloc(&da, bytes));
  CU_CHECK(cuMemAlloc(&db, bytes));
  CU_CHECK(cuMemAlloc(&dc, bytes));
  CU_CHECK(cuMemcpyHtoD(da, ha.data(), bytes));
  CU_CHECK(cuMemcpyHtoD(db, hb.data(), bytes));
  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CUevent e0, e1;
  CU_CHECK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
  int nn = n;
  void *args[] = {&da, &db, &dc, &nn};
  CU_CHECK(cuEventRecord(e0, stream));
  CU_CHECK(cuLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, args, nullptr));
  CU_CHECK(cuEventRecord(e1, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  float ms = 0;
  CU_CHECK(cuEventElapsedTime(&ms, e0, e1));
  CU_CHECK(cuMemcpyDtoH(hc.data(), dc, bytes));
  printf("c[0] = %f in %f ms\n", hc[0], ms);

  CU_CHECK(cuEventDestroy(e0));
  CU_CHECK(cuEventDestroy(e1));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(da));
  CU_CHECK(cuMemFree(db));
  CU_CHECK(cuMemFree(dc));
  CU_CHECK(cuModuleUnload(mod));
  CU_CHECK(cuCtxDestroy(ctx));
  return 0;
}
