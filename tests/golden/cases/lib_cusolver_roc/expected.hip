// cuSOLVER with --library-target cusolver=roc (and cublas=roc: rocSOLVER
// runs on a rocBLAS handle): LU and Cholesky factorizations whose workspace
// rocSOLVER provides itself, and a triangular solve it takes otherwise.
#include <rocblas/rocblas.h>
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>
#include <rocsolver/rocsolver.h>

int factor(int n, double *dA, int lda, int *dPivots, int *dInfo, hipDoubleComplex *dH, double *dB) {
  rocblas_handle solver;
  if (rocblas_create_handle(&solver) != rocblas_status_success) return 1;
  int lwork = 0;
  (*(&lwork) = 0, rocblas_status_success);
  double *work = nullptr;
  hipMalloc(&work, sizeof(double) * lwork);
  rocsolver_dgetrf(solver, n, n, dA, lda, dPivots, dInfo);
  int hlwork = 0;
  (*(&hlwork) = 0, rocblas_status_success);
  hipDoubleComplex *hwork = nullptr;
  hipMalloc(&hwork, sizeof(hipDoubleComplex) * hlwork);
  rocsolver_zpotrf(solver, rocblas_fill_lower, n, reinterpret_cast<rocblas_double_complex *>(dH), lda, dInfo);
  cusolverDnDgetrs(solver, rocblas_operation_none, n, 1, dA, lda, dPivots, dB, n, dInfo);
  hipFree(work);
  hipFree(hwork);
  rocblas_destroy_handle(solver);
  return 0;
}
