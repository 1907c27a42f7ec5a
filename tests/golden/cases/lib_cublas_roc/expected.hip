// cuBLAS with --library-target cublas=roc: handle, stream and pointer mode,
// level-1/3 calls in real and complex precision, a mixed-precision GEMM
// whose rocBLAS call takes a D matrix, a strided batch and status checks.
#include <cstdio>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

static int check(rocblas_status s, const char *what) {
  if (s == rocblas_status_success) return 0;
  std::printf("%s failed: %s\n", what, s == rocblas_status_invalid_handle ? "no handle" : "error");
  return 1;
}

int blas_demo(hipStream_t stream, int n, const float *dA, const float *dB, float *dC, const hipDoubleComplex *zx,
              hipDoubleComplex *zy, const __half *hA, const __half *hB, float *mixedC, const double *batchA,
              const double *batchB, double *batchC, int batches) {
  rocblas_handle blas;
  if (check(rocblas_create_handle(&blas), "create")) return 1;
  rocblas_set_stream(blas, stream);
  rocblas_set_pointer_mode(blas, rocblas_pointer_mode_host);
  const float one = 1.0f, zero = 0.0f;
  if (check(rocblas_sgemm(blas, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &one, dA, n, dB, n, &zero, dC, n), "sgemm")) return 1;
  float norm = 0.0f;
  rocblas_snrm2(blas, n * n, dC, 1, &norm);
  hipDoubleComplex scale = make_hipDoubleComplex(0.5, -0.5);
  rocblas_zaxpy(blas, n, reinterpret_cast<const rocblas_double_complex *>(&scale), reinterpret_cast<const rocblas_double_complex *>(zx), 1, reinterpret_cast<rocblas_double_complex *>(zy), 1);
  rocblas_gemm_ex(blas, rocblas_operation_none, rocblas_operation_none, n, n, n, &one, hA, rocblas_datatype_f16_r, n, hB, rocblas_datatype_f16_r, n, &zero, mixedC, rocblas_datatype_f32_r, n, mixedC, rocblas_datatype_f32_r, n, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, 0);
  const double done = 1.0, dzero = 0.0;
  long long stride = (long long)n * n;
  rocblas_dgemm_strided_batched(blas, rocblas_operation_none, rocblas_operation_none, n, n, n, &done, batchA, n, stride, batchB, n, stride,
                            &dzero, batchC, n, stride, batches);
  rocblas_destroy_handle(blas);
  return norm > 0.0f ? 0 : 1;
}
