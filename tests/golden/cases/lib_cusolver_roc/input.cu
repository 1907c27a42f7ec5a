// cuSOLVER with --library-target cusolver=roc (and cublas=roc: rocSOLVER
// runs on a rocBLAS handle): LU and Cholesky factorizations whose workspace
// rocSOLVER provides itself, and a triangular solve it takes otherwise.
#include <cuda_runtime.h>
#include <cusolverDn.h>

int factor(int n, double *dA, int lda, int *dPivots, int *dInfo, cuDoubleComplex *dH, double *dB) {
  cusolverDnHandle_t solver;
  if (cusolverDnCreate(&solver) != CUSOLVER_STATUS_SUCCESS) return 1;
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(solver, n, n, dA, lda, &lwork);
  double *work = nullptr;
  cudaMalloc(&work, sizeof(double) * lwork);
  cusolverDnDgetrf(solver, n, n, dA, lda, work, dPivots, dInfo);
  int hlwork = 0;
  cusolverDnZpotrf_bufferSize(solver, CUBLAS_FILL_MODE_LOWER, n, dH, lda, &hlwork);
  cuDoubleComplex *hwork = nullptr;
  cudaMalloc(&hwork, sizeof(cuDoubleComplex) * hlwork);
  cusolverDnZpotrf(solver, CUBLAS_FILL_MODE_LOWER, n, dH, lda, hwork, hlwork, dInfo);
  cusolverDnDgetrs(solver, CUBLAS_OP_N, n, 1, dA, lda, dPivots, dB, n, dInfo);
  cudaFree(work);
  cudaFree(hwork);
  cusolverDnDestroy(solver);
  return 0;
}
