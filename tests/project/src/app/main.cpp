// Scales a vector on the GPU and sums it.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <common/check.cuh>
#include "cli/options.h"
#include "../kernels/reduce.cuh"
#include <vecsum.cuh>

int main(int argc, char **argv) {
  Options o = parse_options(argc, argv);
  std::vector<float> host(o.n, 1.0f);
  float *x = nullptr, *sum = nullptr;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaMalloc(&x, o.n * sizeof(float)));
  CHECK(cudaMalloc(&sum, sizeof(float)));
  CHECK(cudaMemcpyAsync(x, host.data(), o.n * sizeof(float), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemsetAsync(sum, 0, sizeof(float), stream));
  launch_scale(o.scale, x, o.n, stream);
  launch_reduce(x, sum, o.n, stream);
  float result = 0.0f;
  CHECK(cudaMemcpyAsync(&result, sum, sizeof(float), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  std::printf("sum = %f (expected %f)\n", result, o.scale * o.n);
  CHECK(cudaFree(x));
  CHECK(cudaFree(sum));
  CHECK(cudaStreamDestroy(stream));
  return 0;
}
