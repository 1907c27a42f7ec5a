#include <cuda_runtime.h>

#define TILE_DIM 32
#define NUM_WARPS 32
const int kWarpsPerBlock = 32;

// Matrix transpose through a padded tile: 32 is a tile width, not a warp.
__global__ void transpose(float *out, const float *in, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  int col = threadIdx.x % 32;
  int row = threadIdx.x / 32;
  out[row * width + col] = tile[col][row];
}

// Portable reductions: offsets and lanes from warpSize.
__device__ float warp_reduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  float v = warp_reduce(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0.0f;
  if (wid == 0) out[blockIdx.x] = warp_reduce(v);
}

// Sizes and data, not thread indices.
__global__ void pack(const unsigned *bits, unsigned *words, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int nwords = n / 32;
  int tail = n % 32;
  unsigned v = bits[i];
  unsigned low = v & 31;
  unsigned hi = v >> 5;
  float avg = (float)i / 32;
  for (int k = 0; k < 32; k++) words[k] += (v >> k) & 1;
  if (i < nwords) words[i] = low + hi + tail + (unsigned)avg;
}

// Host code: bit twiddling on sizes.
int blocks_for(int n) {
  int lanes = n & 31;
  return (n >> 5) + (lanes != 0);
}

__device__ float sum32(const float *p) {
  float s = 0.0f;
  for (int i = 0; i < 32; i++) s += p[i];
  return s;
}
