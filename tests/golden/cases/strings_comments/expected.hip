// Wrapper around cudaMalloc / cudaFree; see cudaMemcpyAsync for streams.
#include <cstdio>
#include <hip/hip_runtime.h>

/* Block comment naming cudaStream_t, cudaDeviceSynchronize() and
 * cudaMemcpyHostToDevice: none of these change. */

#pragma message("this file needs cudaMallocManaged support")
#ifndef __HIPCC__
#error "compile with nvcc: cudaLaunchKernel is required"
#endif

static const char *kHelp = "call cudaSetDevice(n) before cudaMalloc";
static const char *kRaw = R"cuda(
  cudaError_t err = cudaGetLastError();  // "cudaFree"
)cuda";
static const wchar_t *kWide = L"cudaEventRecord";
static const char kQuote = '"';
static const char *kConcat = "cudaMemcpy" "ToSymbol";

int report(hipError_t err) {
  if (err != hipSuccess) {
    // cudaGetErrorString returns a static string.
    fprintf(stderr, "cudaGetErrorString: %s (cudaError_t %d)%c\n",
            hipGetErrorString(err), (int)err, kQuote);
    return 1;
  }
  puts(kHelp); /* after cudaSetDevice */
  puts(kRaw);
  puts(kConcat);
  return kWide[0] == L'c';
}
