#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>

int factor(int m, int n, double *A, double *S, double *U, double *VT, int *ipiv, int *info) {
  hipsolverHandle_t handle;
  int lwork = 0;
  double *work;
  hipsolverDnCreate(&handle);
  hipsolverDnDgetrf_bufferSize(handle, m, n, A, m, &lwork);
  hipMalloc(&work, lwork * sizeof(double));
  hipsolverStatus_t st = hipsolverDnDgetrf(handle, m, n, A, m, work, ipiv, info);
  hipFree(work);
  hipsolverDnDgesvd_bufferSize(handle, m, n, &lwork);
  hipMalloc(&work, lwork * sizeof(double));
  hipsolverDnDgesvd(handle, 'A', 'A', m, n, A, m, S, U, m, VT, n, work, lwork, nullptr, info);
  cusolverDnDlaswp(handle, n, A, m, 1, n, ipiv, 1);
  hipFree(work);
  hipsolverDnDestroy(handle);
  return st == HIPSOLVER_STATUS_SUCCESS ? 0 : 1;
}
