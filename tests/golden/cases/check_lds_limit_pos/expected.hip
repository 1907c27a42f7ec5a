// Shared-memory budgets sized for NVIDIA GPUs with up to 228 KiB per SM;
// a gfx942 workgroup gets 64 KiB of LDS.
#include <hip/hip_runtime.h>

#define TILE 128
constexpr int kPad = 2;

// 64 KiB + 512 bytes of static shared memory.
__global__ void transpose_big(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  __shared__ float row_sums[TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * n + x];
  row_sums[y] = 0.0f;
  __syncthreads();
  out[x * n + y] = tile[x][y] + row_sums[x];
}

// File-scope shared staging buffer plus a local one: 16 KiB + 60 KiB.
__shared__ float g_stage[4096];

__global__ void staged(float *out) {
  __shared__ float local[15 * 1024];
  local[threadIdx.x] = g_stage[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = local[threadIdx.x];
}

__global__ void dyn_only(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

// 32 KiB static, plus whatever the launch asks for.
__global__ void mixed(float *out) {
  __shared__ float fixed[8 * 1024];
  extern __shared__ float extra[];
  fixed[threadIdx.x] = extra[threadIdx.x];
  out[threadIdx.x] = fixed[threadIdx.x];
}

void run(float *d, hipStream_t stream) {
  dyn_only<<<1, 256, 100000>>>(d);
  dyn_only<<<1, 256, 96 * 1024, stream>>>(d);
  dyn_only<<<1, 256, (TILE + kPad) * TILE * sizeof(float)>>>(d);
  mixed<<<1, 256, 40000>>>(d);
  hipFuncSetAttribute(reinterpret_cast<const void *>(dyn_only), hipFuncAttributeMaxDynamicSharedMemorySize, 98304);
  void *args[] = {&d};
  hipLaunchKernel((void *)dyn_only, dim3(1), dim3(256), args, 80 * 1024, stream);
}
