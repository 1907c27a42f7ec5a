// Tensor-core GEMM with the WMMA API: one warp per 16x16 output tile.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>

using namespace nvcuda;

constexpr int WMMA_M = 16, WMMA_N = 16, WMMA_K = 16;

__global__ void wmma_gemm(const half *a, const half *b, float *c, int M, int N, int K,
                          float alpha, float beta) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;

  wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> a_frag;
  wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> b_frag;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc_frag;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> c_frag;
  wmma::fill_fragment(acc_frag, 0.0f);

  for (int i = 0; i < K; i += WMMA_K) {
    int aRow = warpM * WMMA_M, aCol = i, bRow = i, bCol = warpN * WMMA_N;
    if (aRow < M && aCol < K && bRow < K && bCol < N) {
      wmma::load_matrix_sync(a_frag, a + aRow + aCol * M, M);
      wmma::load_matrix_sync(b_frag, b + bRow + bCol * K, K);
      wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
    }
  }
  int cRow = warpM * WMMA_M, cCol = warpN * WMMA_N;
  if (cRow < M && cCol < N) {
    wmma::load_matrix_sync(c_frag, c + cRow + cCol * M, M, wmma::mem_col_major);
    for (int i = 0; i < c_frag.num_elements; i++)
      c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
    wmma::store_matrix_sync(c + cRow + cCol * M, c_frag, M, wmma::mem_col_major);
  }
}

__global__ void tf32_tile(const float *a, const float *b, float *c) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, nvcuda::wmma::precision::tf32,
                         nvcuda::wmma::row_major> fa;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 8, nvcuda::wmma::precision::tf32,
                         nvcuda::wmma::row_major> fb;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 8, float> fc;
  nvcuda::wmma::fill_fragment(fc, 0.0f);
  nvcuda::wmma::load_matrix_sync(fa, a, 8);
  nvcuda::wmma::load_matrix_sync(fb, b, 16);
  for (int t = 0; t < fa.num_elements; t++) fa.x[t] = nvcuda::wmma::__float_to_tf32(fa.x[t]);
  nvcuda::wmma::mma_sync(fc, fa, fb, fc);
  nvcuda::wmma::store_matrix_sync(c, fc, 16, nvcuda::wmma::mem_row_major);
}

int main() {
  const int M = 256, N = 256, K = 256;
  half *a, *b;
  float *c;
  cudaMalloc(&a, M * K * sizeof(half));
  cudaMalloc(&b, K * N * sizeof(half));
  cudaMalloc(&c, M * N * sizeof(float));
  dim3 block(128, 4);
  dim3 grid((M + (WMMA_M * block.x / 32) - 1) / (WMMA_M * block.x / 32),
            (N + WMMA_N * block.y - 1) / (WMMA_N * block.y));
  wmma_gemm<<<grid, block>>>(a, b, c, M, N, K, 1.0f, 0.0f);
  cudaError_t err = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(err));
  cudaFree(a); cudaFree(b); cudaFree(c);
}
