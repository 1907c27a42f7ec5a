// Monte Carlo estimate of pi with cuRAND: host generator for one pass,
// device states (curand_init / curand_uniform) for the other.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#define CHECK_CUDA(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); std::exit(1); } } while (0)
#define CHECK_CURAND(x) do { curandStatus_t s = (x); if (s != CURAND_STATUS_SUCCESS) { \
  std::fprintf(stderr, "%s:%d: curand error %d\n", __FILE__, __LINE__, (int)s); std::exit(1); } } while (0)

__global__ void count_inside(const float *xy, int n, unsigned int *hits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = xy[2 * i], y = xy[2 * i + 1];
    if (x * x + y * y <= 1.0f) atomicAdd(hits, 1u);
  }
}

__global__ void sample_with_states(unsigned long long seed, int per_thread, unsigned int *hits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, id, 0, &state);
  unsigned int local = 0;
  for (int k = 0; k < per_thread; ++k) {
    float x = curand_uniform(&state), y = curand_uniform(&state);
    local += x * x + y * y <= 1.0f;
  }
  atomicAdd(hits, local);
}

int main() {
  const int n = 1 << 20;
  float *d_xy = nullptr;
  unsigned int *d_hits = nullptr, hits = 0;
  CHECK_CUDA(cudaMalloc(&d_xy, 2 * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&d_hits, sizeof(unsigned int)));
  CHECK_CUDA(cudaMemset(d_hits, 0, sizeof(unsigned int)));

  curandGenerator_t gen;
  CHECK_CURAND(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CHECK_CURAND(curandGenerateUniform(gen, d_xy, 2 * n));
  count_inside<<<(n + 255) / 256, 256>>>(d_xy, n, d_hits);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(&hits, d_hits, sizeof hits, cudaMemcpyDeviceToHost));
  double pi_host = 4.0 * hits / n;

  CHECK_CUDA(cudaMemset(d_hits, 0, sizeof(unsigned int)));
  sample_with_states<<<64, 256>>>(42ULL, 64, d_hits);
  CHECK_CUDA(cudaMemcpy(&hits, d_hits, sizeof hits, cudaMemcpyDeviceToHost));
  double pi_device = 4.0 * hits / (64.0 * 256 * 64);

  CHECK_CURAND(curandDestroyGenerator(gen));
  CHECK_CUDA(cudaFree(d_xy));
  CHECK_CUDA(cudaFree(d_hits));
  bool ok = pi_host > 3.1 && pi_host < 3.2 && pi_device > 3.1 && pi_device < 3.2;
  std::printf("%s: pi ~ %.4f (host generator), %.4f (device states)\n", ok ? "PASS" : "FAIL", pi_host, pi_device);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
