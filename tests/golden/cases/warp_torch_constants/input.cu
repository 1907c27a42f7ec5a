// A PyTorch extension kernel: its own warp-size constant of 32 gets a note
// naming PyTorch's C10_WARP_SIZE, and 32-lane numbering next to
// C10_WARP_SIZE (the wavefront, 64 lanes, on ROCm) is a mix. The file is
// an extension by its at:: names; it includes no PyTorch header, so that
// the case does not depend on one being installed.
#include <cuda_runtime.h>

constexpr int kThreadsPerWarp = 32;

__global__ void lane_sums(const float *x, float *out, int n) {
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x / C10_WARP_SIZE;
  float v = x[threadIdx.x];
  for (int o = kThreadsPerWarp / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  if (lane == 0) out[blockIdx.x * 8 + warp] = v;
}

at::Tensor lane_sums_launch(at::Tensor x) {
  auto out = at::zeros({x.numel() / 32}, x.options());
  lane_sums<<<x.numel() / 256, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
  return out;
}
