// cuFFT with --library-target cufft=roc: rocFFT's plan API differs at every
// call, so each call is reported with the rocFFT way to do it; the value
// types and the status checks translate.
#include <cuda_runtime.h>
#include <cufft.h>

int forward(cufftComplex *data, int nx, int ny, cudaStream_t stream) {
  cufftHandle plan;
  cufftResult r = cufftPlan2d(&plan, nx, ny, CUFFT_C2C);
  if (r != CUFFT_SUCCESS) return 1;
  cufftSetStream(plan, stream);
  r = cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftDestroy(plan);
  return r == CUFFT_SUCCESS ? 0 : 1;
}
