// Shared memory that fits the 64 KiB a gfx942 workgroup can use.
#include <hip/hip_runtime.h>

#define TILE 32

// Exactly 64 KiB of static shared memory.
__global__ void full(float *out) {
  __shared__ float a[128][128];
  a[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
}

__global__ void small_tiles(float *out, const float *in) {
  __shared__ float as[TILE][TILE + 1];
  __shared__ float bs[TILE][TILE + 1];
  as[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  bs[threadIdx.y][threadIdx.x] = in[threadIdx.y];
  __syncthreads();
  out[threadIdx.x] = as[threadIdx.x][threadIdx.y] + bs[threadIdx.y][threadIdx.x];
}

// Dynamic shared memory with no large request.
__global__ void dyn(float *out) {
  extern __shared__ float buf[];
  out[threadIdx.x] = buf[threadIdx.x];
}

// The size depends on a template argument: not known here.
template <int N> __global__ void tiled(float *out) {
  __shared__ float t[N * N];
  out[threadIdx.x] = t[threadIdx.x];
}

// Big arrays that are not shared memory.
__device__ float g_table[1 << 20];
__constant__ float c_coeffs[16 * 1024];

void run(float *d, size_t bytes, int n) {
  dyn<<<1, 256, 65536>>>(d);
  dyn<<<1, 256, 64 * 1024>>>(d);
  dyn<<<1, 256, TILE * TILE * sizeof(float)>>>(d);
  dyn<<<1, 256, bytes>>>(d);
  dyn<<<1, 256, n * sizeof(float)>>>(d);
  dyn<<<1, 256>>>(d);
  tiled<256><<<1, 256>>>(d);
  hipFuncSetAttribute(reinterpret_cast<const void *>(dyn), hipFuncAttributeMaxDynamicSharedMemorySize, 65536);
  hipFuncSetAttribute(reinterpret_cast<const void *>(dyn), hipFuncAttributePreferredSharedMemoryCarveout, 100);
  float host_buffer[32768];
  host_buffer[0] = 0.0f;
  (void)host_buffer;
}
