#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

int main() {
  const int nx = 256, batch = 4;
  hipfftHandle plan;
  hipfftComplex *data;
  hipMalloc(&data, sizeof(hipfftComplex) * nx * batch);
  if (hipfftPlan1d(&plan, nx, HIPFFT_C2C, batch) != HIPFFT_SUCCESS) return 1;
  hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
  hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  hipDeviceSynchronize();
  hipfftDestroy(plan);
  hipFree(data);
  return 0;
}
