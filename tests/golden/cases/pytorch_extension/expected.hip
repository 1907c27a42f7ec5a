// A PyTorch extension's kernel file: the ATen/c10 CUDA API, qualified,
// through using-directives, in macro bodies, and names a ROCm build lacks.
#include <ATen/hip/HIPContext.h>
#include <ATen/hip/impl/HIPGuardImplMasqueradingAsCUDA.h>
#include <ATen/hip/impl/HIPStreamMasqueradingAsCUDA.h>
#include <c10/hip/HIPException.h>
#include <ATen/hip/Exceptions.h>
#include <THC/THCAtomics.cuh>
#include <hip/hip_runtime.h>

#define LAUNCH_ON_CURRENT(k, n, ...) \
  k<<<((n) + 255) / 256, 256, 0, at::cuda::getCurrentHIPStreamMasqueradingAsCUDA()>>>(__VA_ARGS__)

__global__ void add_one(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1.0f;
  CUDA_KERNEL_ASSERT(i >= 0);
}

void run(float *p, int n, int device) {
  c10::hip::HIPGuardMasqueradingAsCUDA guard(device);
  const at::cuda::OptionalHIPGuardMasqueradingAsCUDA maybe_guard;
  hipStream_t stream = at::cuda::getCurrentHIPStreamMasqueradingAsCUDA();
  c10::hip::HIPStreamMasqueradingAsCUDA side = c10::hip::getStreamFromPoolMasqueradingAsCUDA(true);
  at::cuda::HIPStreamMasqueradingAsCUDA dflt = at::cuda::getDefaultHIPStreamMasqueradingAsCUDA(device);
  {
    c10::hip::HIPStreamGuardMasqueradingAsCUDA sg(side);
    add_one<<<(n + 255) / 256, 256, 0, side.stream()>>>(p, n);
    C10_HIP_KERNEL_LAUNCH_CHECK();
  }
  LAUNCH_ON_CURRENT(add_one, n, p, n);
  AT_CUDA_CHECK(hipGetLastError());
  C10_HIP_CHECK(hipStreamSynchronize(stream));
  const hipDeviceProp_t *prop = at::cuda::getCurrentDeviceProperties();
  int ws = at::cuda::warp_size();
  c10::hip::device_synchronize();
  (void)prop;
  (void)ws;
  (void)dflt;
  auto solver = at::cuda::getCurrentCUDASolverDnHandle();
  (void)solver;
}

using namespace c10::hip;
void run_unqualified(int device) {
  HIPGuardMasqueradingAsCUDA guard(device);
  HIPStreamMasqueradingAsCUDA s = getCurrentHIPStreamMasqueradingAsCUDA(device);
  (void)s;
}
