#include <cuda_runtime.h>
#include <cusolverDn.h>

int factor(int m, int n, double *A, double *S, double *U, double *VT, int *ipiv, int *info) {
  cusolverDnHandle_t handle;
  int lwork = 0;
  double *work;
  cusolverDnCreate(&handle);
  cusolverDnDgetrf_bufferSize(handle, m, n, A, m, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  cusolverStatus_t st = cusolverDnDgetrf(handle, m, n, A, m, work, ipiv, info);
  cudaFree(work);
  cusolverDnDgesvd_bufferSize(handle, m, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  cusolverDnDgesvd(handle, 'A', 'A', m, n, A, m, S, U, m, VT, n, work, lwork, nullptr, info);
  cusolverDnDlaswp(handle, n, A, m, 1, n, ipiv, 1);
  cudaFree(work);
  cusolverDnDestroy(handle);
  return st == CUSOLVER_STATUS_SUCCESS ? 0 : 1;
}
