// Library types used as the types of members: renamed like any other use.
// Members that are spelled like API names stay.
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

template <typename T> struct gemm_case {
  hipblasOperation_t trans_a;
  hipblasOperation_t trans_b;
  T alpha;
  int cublasCreate; // a counter of the user's, not the API
};

class blas_session {
 public:
  hipblasStatus_t open() { return hipblasCreate(&handle_); }
  hipblasStatus_t close() { return hipblasDestroy(handle_); }
  hipblasHandle_t handle() const { return handle_; }

 private:
  hipblasHandle_t handle_ = nullptr;
};

int count_transposed(const gemm_case<float> &c) {
  return (c.trans_a == HIPBLAS_OP_T) + c.cublasCreate;
}
