// Wrapper around cudaMalloc / cudaFree; see cudaMemcpyAsync for streams.
#include <cstdio>
#include <cuda_runtime.h>

/* Block comment naming cudaStream_t, cudaDeviceSynchronize() and
 * cudaMemcpyHostToDevice: none of these change. */

#pragma message("this file needs cudaMallocManaged support")
#ifndef __CUDACC__
#error "compile with nvcc: cudaLaunchKernel is required"
#endif

static const char *kHelp = "call cudaSetDevice(n) before cudaMalloc";
static const char *kRaw = R"cuda(
  cudaError_t err = cudaGetLastError();  // "cudaFree"
)cuda";
static const wchar_t *kWide = L"cudaEventRecord";
static const char kQuote = '"';
static const char *kConcat = "cudaMemcpy" "ToSymbol";

int report(cudaError_t err) {
  if (err != cudaSuccess) {
    // cudaGetErrorString returns a static string.
    fprintf(stderr, "cudaGetErrorString: %s (cudaError_t %d)%c\n",
            cudaGetErrorString(err), (int)err, kQuote);
    return 1;
  }
  puts(kHelp); /* after cudaSetDevice */
  puts(kRaw);
  puts(kConcat);
  return kWide[0] == L'c';
}
