#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>

__global__ void axpy(hipFloatComplex a, const hipFloatComplex *x, hipFloatComplex *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = hipCaddf(hipCmulf(a, x[i]), y[i]);
}

__host__ __device__ double magnitude(hipDoubleComplex z) {
  return hipCabs(hipConj(z));
}

int main() {
  hipFloatComplex a = make_hipFloatComplex(1.0f, -1.0f);
  hipDoubleComplex z = make_hipDoubleComplex(hipCrealf(a), hipCimagf(a));
  return magnitude(z) > 0.0 ? 0 : 1;
}
