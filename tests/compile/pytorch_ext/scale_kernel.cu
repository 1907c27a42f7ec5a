// A minimal PyTorch extension (kernel + binding) for the ROCm PyTorch
// compile check: tests/compile/pytorch_ext_compile.sh translates it and
// compiles the output for gfx942 against ROCm PyTorch headers.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

template <typename scalar_t>
__global__ void scale_kernel(const scalar_t *__restrict__ in, scalar_t *__restrict__ out, float factor,
                             int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = static_cast<scalar_t>(static_cast<float>(in[i]) * factor);
}

__global__ void halve_kernel(at::Half *p, int64_t n) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < n) p[i] = p[i] * at::Half(0.5f);
}

torch::Tensor scale(torch::Tensor x, double factor) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto out = torch::empty_like(x);
  const int64_t n = x.numel();
  const int threads = 256;
  const int blocks = static_cast<int>((n + threads - 1) / threads);
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", [&] {
    scale_kernel<scalar_t><<<blocks, threads, 0, stream>>>(x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(),
                                                           static_cast<float>(factor), n);
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

void halve_(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kHalf, "x must be half");
  c10::cuda::CUDAGuard device_guard(x.device());
  const int64_t n = x.numel();
  halve_kernel<<<static_cast<int>((n + 255) / 256), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      reinterpret_cast<at::Half *>(x.data_ptr<at::Half>()), n);
  AT_CUDA_CHECK(cudaGetLastError());
  AT_CUDA_CHECK(cudaStreamSynchronize(at::cuda::getCurrentCUDAStream()));
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale, "x * factor (CUDA)");
  m.def("halve_", &halve_, "x *= 0.5 in place (CUDA, half)");
}
