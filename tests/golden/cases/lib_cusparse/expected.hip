#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

int spmv(int rows, int cols, int nnz, int *rowPtr, int *colInd, float *vals, float *x, float *y) {
  hipsparseHandle_t handle;
  hipsparseSpMatDescr_t matA;
  hipsparseDnVecDescr_t vecX;
  hipsparseDnVecDescr_t vecY;
  float alpha = 1.0f, beta = 0.0f;
  size_t bufferSize = 0;
  void *buffer = nullptr;
  hipsparseCreate(&handle);
  hipsparseCreateCsr(&matA, rows, cols, nnz, rowPtr, colInd, vals, HIPSPARSE_INDEX_32I,
                    HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseCreateDnVec(&vecX, cols, x, HIP_R_32F);
  hipsparseCreateDnVec(&vecY, rows, y, HIP_R_32F);
  hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                          HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  hipMalloc(&buffer, bufferSize);
  hipsparseStatus_t st = hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta,
                                     vecY, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, buffer);
  hipsparseDestroySpMat(matA);
  hipsparseDestroyDnVec(vecX);
  hipsparseDestroyDnVec(vecY);
  hipsparseDestroy(handle);
  hipFree(buffer);
  return st == HIPSPARSE_STATUS_SUCCESS ? 0 : 1;
}
