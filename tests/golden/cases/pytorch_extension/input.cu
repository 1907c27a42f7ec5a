// A PyTorch extension's kernel file: the ATen/c10 CUDA API, qualified,
// through using-directives, in macro bodies, and names a ROCm build lacks.
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <c10/cuda/CUDAException.h>
#include <ATen/cuda/Exceptions.h>
#include <THC/THCAtomics.cuh>
#include <cuda_runtime.h>

#define LAUNCH_ON_CURRENT(k, n, ...) \
  k<<<((n) + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(__VA_ARGS__)

__global__ void add_one(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1.0f;
  CUDA_KERNEL_ASSERT(i >= 0);
}

void run(float *p, int n, int device) {
  c10::cuda::CUDAGuard guard(device);
  const at::cuda::OptionalCUDAGuard maybe_guard;
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  c10::cuda::CUDAStream side = c10::cuda::getStreamFromPool(true);
  at::cuda::CUDAStream dflt = at::cuda::getDefaultCUDAStream(device);
  {
    c10::cuda::CUDAStreamGuard sg(side);
    add_one<<<(n + 255) / 256, 256, 0, side.stream()>>>(p, n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  }
  LAUNCH_ON_CURRENT(add_one, n, p, n);
  AT_CUDA_CHECK(cudaGetLastError());
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  const cudaDeviceProp *prop = at::cuda::getCurrentDeviceProperties();
  int ws = at::cuda::warp_size();
  c10::cuda::device_synchronize();
  (void)prop;
  (void)ws;
  (void)dflt;
  auto solver = at::cuda::getCurrentCUDASolverDnHandle();
  (void)solver;
}

using namespace c10::cuda;
void run_unqualified(int device) {
  CUDAGuard guard(device);
  CUDAStream s = getCurrentCUDAStream(device);
  (void)s;
}
