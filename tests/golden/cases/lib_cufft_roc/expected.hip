// cuFFT with --library-target cufft=roc: rocFFT's plan API differs at every
// call, so each call is reported with the rocFFT way to do it; the value
// types and the status checks translate.
#include <hip/hip_runtime.h>
#include <rocfft/rocfft.h>

int forward(float2 *data, int nx, int ny, hipStream_t stream) {
  cufftHandle plan;
  rocfft_status r = cufftPlan2d(&plan, nx, ny, CUFFT_C2C);
  if (r != rocfft_status_success) return 1;
  cufftSetStream(plan, stream);
  r = cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftDestroy(plan);
  return r == rocfft_status_success ? 0 : 1;
}
