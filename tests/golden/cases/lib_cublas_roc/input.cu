// cuBLAS with --library-target cublas=roc: handle, stream and pointer mode,
// level-1/3 calls in real and complex precision, a mixed-precision GEMM
// whose rocBLAS call takes a D matrix, a strided batch and status checks.
#include <cstdio>
#include <cuComplex.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

static int check(cublasStatus_t s, const char *what) {
  if (s == CUBLAS_STATUS_SUCCESS) return 0;
  std::printf("%s failed: %s\n", what, s == CUBLAS_STATUS_NOT_INITIALIZED ? "no handle" : "error");
  return 1;
}

int blas_demo(cudaStream_t stream, int n, const float *dA, const float *dB, float *dC, const cuDoubleComplex *zx,
              cuDoubleComplex *zy, const __half *hA, const __half *hB, float *mixedC, const double *batchA,
              const double *batchB, double *batchC, int batches) {
  cublasHandle_t blas;
  if (check(cublasCreate(&blas), "create")) return 1;
  cublasSetStream(blas, stream);
  cublasSetPointerMode(blas, CUBLAS_POINTER_MODE_HOST);
  const float one = 1.0f, zero = 0.0f;
  if (check(cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, dA, n, dB, n, &zero, dC, n), "sgemm")) return 1;
  float norm = 0.0f;
  cublasSnrm2(blas, n * n, dC, 1, &norm);
  cuDoubleComplex scale = make_cuDoubleComplex(0.5, -0.5);
  cublasZaxpy(blas, n, &scale, zx, 1, zy, 1);
  cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, hA, CUDA_R_16F, n, hB, CUDA_R_16F, n, &zero, mixedC,
               CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const double done = 1.0, dzero = 0.0;
  long long stride = (long long)n * n;
  cublasDgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &done, batchA, n, stride, batchB, n, stride,
                            &dzero, batchC, n, stride, batches);
  cublasDestroy(blas);
  return norm > 0.0f ? 0 : 1;
}
