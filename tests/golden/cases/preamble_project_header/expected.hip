// The first header is the project's own. The standard headers it starts
// with (and those of the header it includes) are parsed ahead,
// in the shared precompiled preamble; the output is the same as without.
#include <hip/hip_runtime.h>
#include "host_utils.h"
#include <hip/hip_runtime.h>
#include <algorithm>

__global__ void scale(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= s;
}

int main() {
  std::vector<float> h(256, 1.0f);
  std::string label = "scale";
  float *d = nullptr;
  CHECK(hipMalloc(&d, h.size() * sizeof(float)));
  CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(float), hipMemcpyHostToDevice));
  scale<<<1, 256>>>(d, 2.0f, (int)h.size());
  CHECK(hipMemcpy(h.data(), d, h.size() * sizeof(float), hipMemcpyDeviceToHost));
  std::sort(h.begin(), h.end());
  print_result(label, h.front(), (std::uint32_t)h.size());
  hipFree(d);
  return 0;
}
