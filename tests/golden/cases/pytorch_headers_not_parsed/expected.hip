// PyTorch's own headers stay as written and are never parsed, installed or
// not: a CUDA name passed through ATen's dispatch macro is still renamed.
#include <hip/hip_runtime.h>
#include <torch/extension.h>
#include <ATen/ATen.h>
#include <ATen/hip/HIPContext.h>
#include <c10/util/Half.h>

template <typename T> void fill(hipStream_t stream, T *p, int64_t n);

void fill_all(at::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "fill_all", ([&] {
    fill(at::cuda::getCurrentHIPStreamMasqueradingAsCUDA(), x.data_ptr<scalar_t>(), x.numel());
  }));
}
