#include <cuda_runtime.h>
#include <cufft.h>

int main() {
  const int nx = 256, batch = 4;
  cufftHandle plan;
  cufftComplex *data;
  cudaMalloc(&data, sizeof(cufftComplex) * nx * batch);
  if (cufftPlan1d(&plan, nx, CUFFT_C2C, batch) != CUFFT_SUCCESS) return 1;
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  cudaDeviceSynchronize();
  cufftDestroy(plan);
  cudaFree(data);
  return 0;
}
