// Library types used as the types of members: renamed like any other use.
// Members that are spelled like API names stay.
#include <cublas_v2.h>
#include <cuda_runtime.h>

template <typename T> struct gemm_case {
  cublasOperation_t trans_a;
  cublasOperation_t trans_b;
  T alpha;
  int cublasCreate; // a counter of the user's, not the API
};

class blas_session {
 public:
  cublasStatus_t open() { return cublasCreate(&handle_); }
  cublasStatus_t close() { return cublasDestroy(handle_); }
  cublasHandle_t handle() const { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
};

int count_transposed(const gemm_case<float> &c) {
  return (c.trans_a == CUBLAS_OP_T) + c.cublasCreate;
}
