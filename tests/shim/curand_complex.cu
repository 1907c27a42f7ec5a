// Monte Carlo pi with cuRAND device states, a complex-valued kernel and
// dynamic parallelism.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <curand.h>
#include <cuComplex.h>
#include <math_constants.h>
#include <cstdio>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void monte_carlo(curandState *states, unsigned long long *hits, int per_thread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned long long in = 0;
  for (int i = 0; i < per_thread; ++i) {
    float x = curand_uniform(&local), y = curand_uniform(&local);
    in += x * x + y * y <= 1.0f;
  }
  float g = curand_normal(&local);
  unsigned raw = curand(&local);
  states[id] = local;
  atomicAdd(hits, in + (g > 100.0f) + (raw == 0));
}

__global__ void philox(float4 *out) {
  curandStatePhilox4_32_10_t st;
  curand_init(1234ULL, threadIdx.x, 0ULL, &st);
  out[threadIdx.x] = curand_uniform4(&st);
}

__global__ void rotate(cuFloatComplex *z, int n, float angle) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuFloatComplex r = make_cuFloatComplex(cosf(angle), sinf(angle));
  z[i] = cuCmulf(z[i], r);
  float mag = cuCabsf(z[i]) + cuCrealf(z[i]) * CUDART_PI_F + cuCimagf(cuConjf(z[i]));
  cuDoubleComplex d = make_cuDoubleComplex(mag, 0.0);
  z[i] = cuComplexDoubleToFloat(cuCadd(d, d));
}

__global__ void child(int *v) { v[threadIdx.x] *= 2; }
__global__ void parent(int *v, int n) {
  if (threadIdx.x == 0) {
    child<<<1, n>>>(v);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) printf("child launch failed: %s\n", cudaGetErrorString(e));
  }
}

int main() {
  const int blocks = 64, threads = 256, per = 4096;
  curandState *states;
  unsigned long long *hits, h = 0;
  cudaMalloc(&states, blocks * threads * sizeof(curandState));
  cudaMalloc(&hits, sizeof *hits);
  cudaMemset(hits, 0, sizeof *hits);
  setup<<<blocks, threads>>>(states, 42ULL);
  monte_carlo<<<blocks, threads>>>(states, hits, per);
  cudaMemcpy(&h, hits, sizeof h, cudaMemcpyDeviceToHost);
  printf("pi ~ %f\n", 4.0 * h / ((double)blocks * threads * per));

  curandGenerator_t gen;
  float *buf;
  cudaMalloc(&buf, 1024 * sizeof(float));
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  if (curandGenerateNormal(gen, buf, 1024, 0.0f, 1.0f) != CURAND_STATUS_SUCCESS) return 1;
  curandDestroyGenerator(gen);

  cuFloatComplex *z;
  cudaMalloc(&z, 1024 * sizeof(cuFloatComplex));
  rotate<<<4, 256>>>(z, 1024, CUDART_PI_F / 4);
  int *v;
  cudaMalloc(&v, 32 * sizeof(int));
  parent<<<1, 32>>>(v, 32);
  cudaDeviceSynchronize();
  cudaFree(states); cudaFree(hits); cudaFree(buf); cudaFree(z); cudaFree(v);
}
