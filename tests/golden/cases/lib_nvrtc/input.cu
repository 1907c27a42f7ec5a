#include <cstdio>
#include <vector>
#include <cuda.h>
#include <nvrtc.h>

static const char *kSource = "extern \"C\" __global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }";

int compile(std::vector<char> &code) {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, kSource, "k.cu", 0, nullptr, nullptr);
  nvrtcResult res = nvrtcCompileProgram(prog, 0, nullptr);
  if (res != NVRTC_SUCCESS) {
    size_t logSize;
    nvrtcGetProgramLogSize(prog, &logSize);
    std::vector<char> log(logSize);
    nvrtcGetProgramLog(prog, log.data());
    std::printf("%s: %s\n", nvrtcGetErrorString(res), log.data());
    return 1;
  }
  size_t size;
  nvrtcGetPTXSize(prog, &size);
  code.resize(size);
  nvrtcGetPTX(prog, code.data());
  nvrtcDestroyProgram(&prog);
  return 0;
}

// A cubin is the device binary the module loader takes: hipRTC's code object.
CUresult load_binary(nvrtcProgram prog, CUmodule *mod) {
  size_t bytes = 0;
  if (nvrtcGetCUBINSize(prog, &bytes) != NVRTC_SUCCESS) return CUDA_ERROR_INVALID_VALUE;
  std::vector<char> bin(bytes);
  if (nvrtcGetCUBIN(prog, bin.data()) != NVRTC_SUCCESS) return CUDA_ERROR_INVALID_VALUE;
  return cuModuleLoadData(mod, bin.data());
}
