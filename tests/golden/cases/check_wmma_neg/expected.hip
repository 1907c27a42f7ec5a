// A project namespace called `wmma` (a CPU reference of tiled matrix
// helpers) that has nothing to do with nvcuda::wmma.
#include <hip/hip_runtime.h>

namespace wmma {
template <int M, int N> struct fragment {
  float x[M * N];
};
template <int M, int N> __host__ __device__ void fill_fragment(fragment<M, N> &f, float v) {
  for (int i = 0; i < M * N; i++) f.x[i] = v;
}
template <int M, int N>
__host__ __device__ void mma_sync(fragment<M, N> &d, const fragment<M, N> &a, const fragment<M, N> &b) {
  for (int i = 0; i < M * N; i++) d.x[i] += a.x[i] * b.x[i];
}
}  // namespace wmma

__global__ void elementwise(float *out) {
  wmma::fragment<4, 4> a, b, d;
  wmma::fill_fragment(a, 1.0f);
  wmma::fill_fragment(b, 2.0f);
  wmma::fill_fragment(d, 0.0f);
  wmma::mma_sync(d, a, b);
  out[threadIdx.x] = d.x[threadIdx.x % 16];
}

struct Engine {
  int mma_sync(int x) { return x; }
};

int host_side(Engine &e) { return e.mma_sync(3); }
