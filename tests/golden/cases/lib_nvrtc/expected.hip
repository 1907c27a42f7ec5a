#include <cstdio>
#include <vector>
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

static const char *kSource = "extern \"C\" __global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }";

int compile(std::vector<char> &code) {
  hiprtcProgram prog;
  hiprtcCreateProgram(&prog, kSource, "k.cu", 0, const_cast<const char **>(static_cast<const char *const *>(nullptr)), const_cast<const char **>(static_cast<const char *const *>(nullptr)));
  hiprtcResult res = hiprtcCompileProgram(prog, 0, const_cast<const char **>(static_cast<const char *const *>(nullptr)));
  if (res != HIPRTC_SUCCESS) {
    size_t logSize;
    hiprtcGetProgramLogSize(prog, &logSize);
    std::vector<char> log(logSize);
    hiprtcGetProgramLog(prog, log.data());
    std::printf("%s: %s\n", hiprtcGetErrorString(res), log.data());
    return 1;
  }
  size_t size;
  hiprtcGetCodeSize(prog, &size);
  code.resize(size);
  hiprtcGetCode(prog, code.data());
  hiprtcDestroyProgram(&prog);
  return 0;
}

// A cubin is the device binary the module loader takes: hipRTC's code object.
hipError_t load_binary(hiprtcProgram prog, hipModule_t *mod) {
  size_t bytes = 0;
  if (hiprtcGetCodeSize(prog, &bytes) != HIPRTC_SUCCESS) return hipErrorInvalidValue;
  std::vector<char> bin(bytes);
  if (hiprtcGetCode(prog, bin.data()) != HIPRTC_SUCCESS) return hipErrorInvalidValue;
  return hipModuleLoadData(mod, bin.data());
}
