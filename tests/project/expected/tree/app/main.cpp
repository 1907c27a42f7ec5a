// Scales a vector on the GPU and sums it.
#include <cstdio>
#include <vector>
#include <hip/hip_runtime.h>
#include <common/check.hpp>
#include "cli/options.h"
#include "../kernels/reduce.hpp"
#include <vecsum.hpp>

int main(int argc, char **argv) {
  Options o = parse_options(argc, argv);
  std::vector<float> host(o.n, 1.0f);
  float *x = nullptr, *sum = nullptr;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMalloc(&x, o.n * sizeof(float)));
  CHECK(hipMalloc(&sum, sizeof(float)));
  CHECK(hipMemcpyAsync(x, host.data(), o.n * sizeof(float), hipMemcpyHostToDevice, stream));
  CHECK(hipMemsetAsync(sum, 0, sizeof(float), stream));
  launch_scale(o.scale, x, o.n, stream);
  launch_reduce(x, sum, o.n, stream);
  float result = 0.0f;
  CHECK(hipMemcpyAsync(&result, sum, sizeof(float), hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  std::printf("sum = %f (expected %f)\n", result, o.scale * o.n);
  CHECK(hipFree(x));
  CHECK(hipFree(sum));
  CHECK(hipStreamDestroy(stream));
  return 0;
}
