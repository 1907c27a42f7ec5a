// cuBLAS's 64-bit-integer (ILP64) calls: hipBLAS has them from ROCm 6.1 on,
// so for this ROCm 6.0 target each is renamed with a version warning.
#include <cstdint>
#include <hipblas/hipblas.h>

float norm_of_scaled(hipblasHandle_t h, int64_t n, float *x) {
  const float half = 0.5f;
  hipblasSscal_64(h, n, &half, x, 1);
  float result = 0.0f;
  hipblasSnrm2_64(h, n, x, 1, &result);
  return result;
}
