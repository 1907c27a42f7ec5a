// cuBLAS v2 API program for the HIP 6.3 compile test: translated by cu2hip
// and compiled for gfx942 against the hipBLAS headers of the test fixtures.
#include <cuComplex.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(x)                                                        \
  do {                                                                       \
    cudaError_t err_ = (x);                                                  \
    if (err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(err_));        \
      std::exit(EXIT_FAILURE);                                               \
    }                                                                        \
  } while (0)

#define CHECK_BLAS(x)                                                        \
  do {                                                                       \
    cublasStatus_t st_ = (x);                                                \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                      \
      std::fprintf(stderr, "%s: status %d\n", #x, (int)st_);                 \
      std::exit(EXIT_FAILURE);                                               \
    }                                                                        \
  } while (0)

__global__ void fill(float *p, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

// Complex types (cuComplex.h), batched and triangular routines, math mode.
static void more(cublasHandle_t h, int n, cuComplex *ca, cuComplex *cb, cuComplex *cc,
                 cuDoubleComplex *z, float **pa, float **pb, float **pc, float *a, float *b) {
  const cuComplex one = make_cuComplex(1.0f, 0.0f), zero = make_cuComplex(0.0f, 0.0f);
  const cuDoubleComplex zone = make_cuDoubleComplex(1.0, 0.0);
  const float alpha = 1.0f, beta = 0.0f;
  float asum = 0.0f;
  CHECK_BLAS(cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, n, n, n, &one, ca, n, cb, n, &zero, cc, n));
  CHECK_BLAS(cublasZaxpy(h, n, &zone, z, 1, z + n, 1));
  CHECK_BLAS(cublasScasum(h, n, ca, 1, &asum));
  CHECK_BLAS(cublasCdotc(h, n, ca, 1, cb, 1, cc));
  CHECK_BLAS(cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, pa, n, pb, n, &beta, pc, n, 2));
  CHECK_BLAS(cublasSgeam(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, &alpha, a, n, &beta, a, n, b, n));
  CHECK_BLAS(cublasStrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n,
                         &alpha, a, n, b, n));
  CHECK_BLAS(cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH));
  cublasPointerMode_t mode;
  CHECK_BLAS(cublasGetPointerMode(h, &mode));
  std::printf("asum %g mode %d\n", asum, (int)mode);
}

int main() {
  const int n = 64;
  const float alpha = 1.0f, beta = 0.0f;
  const double dalpha = 2.0, dbeta = 1.0;
  float *a, *b, *c, *x, *y;
  double *da, *dx, *dy;
  CHECK_CUDA(cudaMalloc(&a, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&b, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&c, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&y, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&da, n * n * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&dx, n * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&dy, n * sizeof(double)));
  fill<<<(n * n + 255) / 256, 256>>>(a, n * n, 1.0f);
  fill<<<(n * n + 255) / 256, 256>>>(b, n * n, 2.0f);
  fill<<<1, n>>>(x, n, 1.0f);
  CHECK_CUDA(cudaGetLastError());

  cublasHandle_t handle;
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  CHECK_BLAS(cublasCreate(&handle));
  CHECK_BLAS(cublasSetStream(handle, stream));
  CHECK_BLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));

  CHECK_BLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n));
  CHECK_BLAS(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n / 2, n / 2, n / 2, &alpha,
                                       a, n, (long long)n * n / 4, b, n, (long long)n * n / 4, &beta,
                                       c, n, (long long)n * n / 4, 2));
  CHECK_BLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, CUDA_R_32F, n, b,
                          CUDA_R_32F, n, &beta, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
                          CUBLAS_GEMM_DEFAULT));
  CHECK_BLAS(cublasSgemv(handle, CUBLAS_OP_N, n, n, &alpha, a, n, x, 1, &beta, y, 1));
  CHECK_BLAS(cublasSaxpy(handle, n, &alpha, x, 1, y, 1));
  CHECK_BLAS(cublasDgemv(handle, CUBLAS_OP_T, n, n, &dalpha, da, n, dx, 1, &dbeta, dy, 1));

  cuComplex *ca;
  cuDoubleComplex *z;
  float **ptrs;
  CHECK_CUDA(cudaMalloc(&ca, 3 * n * n * sizeof(cuComplex)));
  CHECK_CUDA(cudaMalloc(&z, 2 * n * sizeof(cuDoubleComplex)));
  CHECK_CUDA(cudaMalloc(&ptrs, 6 * sizeof(float *)));
  more(handle, n, ca, ca + n * n, ca + 2 * n * n, z, ptrs, ptrs + 2, ptrs + 4, a, b);

  float dot = 0.0f, norm = 0.0f;
  int imax = 0;
  CHECK_BLAS(cublasSdot(handle, n, x, 1, y, 1, &dot));
  CHECK_BLAS(cublasSnrm2(handle, n, y, 1, &norm));
  CHECK_BLAS(cublasIsamax(handle, n, y, 1, &imax));

  std::vector<float> host(n);
  CHECK_BLAS(cublasGetVector(n, sizeof(float), y, 1, host.data(), 1));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::printf("dot %g norm %g imax %d y0 %g\n", dot, norm, imax, host[0]);

  CHECK_BLAS(cublasDestroy(handle));
  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  CHECK_CUDA(cudaFree(c));
  CHECK_CUDA(cudaFree(x));
  CHECK_CUDA(cudaFree(y));
  CHECK_CUDA(cudaFree(da));
  CHECK_CUDA(cudaFree(dx));
  CHECK_CUDA(cudaFree(dy));
  CHECK_CUDA(cudaFree(ca));
  CHECK_CUDA(cudaFree(z));
  CHECK_CUDA(cudaFree(ptrs));
  return 0;
}
