#include <cuda_runtime.h>
#include <cusparse.h>

int spmv(int rows, int cols, int nnz, int *rowPtr, int *colInd, float *vals, float *x, float *y) {
  cusparseHandle_t handle;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX;
  cusparseDnVecDescr_t vecY;
  float alpha = 1.0f, beta = 0.0f;
  size_t bufferSize = 0;
  void *buffer = nullptr;
  cusparseCreate(&handle);
  cusparseCreateCsr(&matA, rows, cols, nnz, rowPtr, colInd, vals, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vecX, cols, x, CUDA_R_32F);
  cusparseCreateDnVec(&vecY, rows, y, CUDA_R_32F);
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                          CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  cudaMalloc(&buffer, bufferSize);
  cusparseStatus_t st = cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta,
                                     vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseDestroySpMat(matA);
  cusparseDestroyDnVec(vecX);
  cusparseDestroyDnVec(vecY);
  cusparseDestroy(handle);
  cudaFree(buffer);
  return st == CUSPARSE_STATUS_SUCCESS ? 0 : 1;
}
