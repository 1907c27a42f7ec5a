#include <hip/hip_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;
__device__ float table[4][64];

__global__ void apply(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= coeffs[i % 16];
  if (i == 0) atomicAdd(&counter, 1);
}

int setup(const float *host_coeffs, hipStream_t stream) {
  hipMemcpyToSymbol(HIP_SYMBOL(coeffs), host_coeffs, sizeof(coeffs));
  hipMemcpyToSymbol(HIP_SYMBOL(coeffs), host_coeffs, 8 * sizeof(float), 8 * sizeof(float),
                     hipMemcpyHostToDevice);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(coeffs), host_coeffs, sizeof(coeffs), 0,
                          hipMemcpyHostToDevice, stream);
  int zero = 0;
  hipMemcpyToSymbol(HIP_SYMBOL(counter), &zero, sizeof(int));

  int hits = 0;
  hipMemcpyFromSymbol(&hits, HIP_SYMBOL(counter), sizeof(hits));
  hipMemcpyFromSymbolAsync(&hits, HIP_SYMBOL(counter), sizeof(hits), 0, hipMemcpyDeviceToHost, stream);

  void *table_ptr = nullptr;
  size_t table_size = 0;
  hipGetSymbolAddress(&table_ptr, HIP_SYMBOL(table));
  hipGetSymbolSize(&table_size, HIP_SYMBOL(table));
  return hits + (int)table_size + (table_ptr != nullptr);
}
