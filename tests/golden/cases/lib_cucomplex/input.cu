#include <cuComplex.h>
#include <cuda_runtime.h>

__global__ void axpy(cuFloatComplex a, const cuFloatComplex *x, cuFloatComplex *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = cuCaddf(cuCmulf(a, x[i]), y[i]);
}

__host__ __device__ double magnitude(cuDoubleComplex z) {
  return cuCabs(cuConj(z));
}

int main() {
  cuFloatComplex a = make_cuFloatComplex(1.0f, -1.0f);
  cuDoubleComplex z = make_cuDoubleComplex(cuCrealf(a), cuCimagf(a));
  return magnitude(z) > 0.0 ? 0 : 1;
}
