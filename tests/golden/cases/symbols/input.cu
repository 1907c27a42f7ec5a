#include <cuda_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;
__device__ float table[4][64];

__global__ void apply(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= coeffs[i % 16];
  if (i == 0) atomicAdd(&counter, 1);
}

int setup(const float *host_coeffs, cudaStream_t stream) {
  cudaMemcpyToSymbol(coeffs, host_coeffs, sizeof(coeffs));
  cudaMemcpyToSymbol(coeffs, host_coeffs, 8 * sizeof(float), 8 * sizeof(float),
                     cudaMemcpyHostToDevice);
  cudaMemcpyToSymbolAsync(coeffs, host_coeffs, sizeof(coeffs), 0,
                          cudaMemcpyHostToDevice, stream);
  int zero = 0;
  cudaMemcpyToSymbol(counter, &zero, sizeof(int));

  int hits = 0;
  cudaMemcpyFromSymbol(&hits, counter, sizeof(hits));
  cudaMemcpyFromSymbolAsync(&hits, counter, sizeof(hits), 0, cudaMemcpyDeviceToHost, stream);

  void *table_ptr = nullptr;
  size_t table_size = 0;
  cudaGetSymbolAddress(&table_ptr, table);
  cudaGetSymbolSize(&table_size, table);
  return hits + (int)table_size + (table_ptr != nullptr);
}
