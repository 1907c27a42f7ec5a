// Tensor-core GEMM with nvcuda::wmma: one report per function, plus the
// include and the using-directive.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <mma.h>

using namespace nvcuda;

constexpr int WM = 16, WN = 16, WK = 16;

__global__ void wmma_gemm(const half *a, const half *b, float *c, int m, int n, int k) {
  int warp_m = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warp_n = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> a_frag;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major> b_frag;
  wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int i = 0; i < k; i += WK) {
    wmma::load_matrix_sync(a_frag, a + warp_m * WM * k + i, k);
    wmma::load_matrix_sync(b_frag, b + warp_n * WN * k + i, k);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
  }
  wmma::store_matrix_sync(c + warp_m * WM * n + warp_n * WN, acc, n, wmma::mem_row_major);
}

__device__ void tile_zero(float *c, int ldc) {
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> z;
  nvcuda::wmma::fill_fragment(z, 0.0f);
  nvcuda::wmma::store_matrix_sync(c, z, ldc, nvcuda::wmma::mem_col_major);
}
