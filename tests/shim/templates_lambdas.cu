// Generic kernels: templates, functors, device lambdas, constant memory,
// managed memory, occupancy queries and function attributes.
#include <cuda_runtime.h>
#include <algorithm>
#include <iostream>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

__constant__ float c_coeffs[16];
__constant__ int c_taps;
__device__ int d_scratch[256];

template <typename T>
struct Square {
  __host__ __device__ T operator()(const T &x) const { return x * x; }
};

template <typename T, typename F>
__global__ void transform(const T *in, T *out, size_t n, F f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

template <typename T, int RADIUS = 3>
__global__ void stencil(const T *__restrict__ in, T *__restrict__ out, int n) {
  extern __shared__ unsigned char smem_raw[];
  T *tile = reinterpret_cast<T *>(smem_raw);
  int g = blockIdx.x * blockDim.x + threadIdx.x, l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : T();
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : T();
    tile[l + blockDim.x] = g + (int)blockDim.x < n ? in[g + blockDim.x] : T();
  }
  __syncthreads();
  T acc = T();
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += c_coeffs[k + RADIUS] * tile[l + k];
  if (g < n) out[g] = acc;
}

template <class Fn>
__global__ void for_each_index(int n, Fn fn) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) fn(i);
}

struct Particle { float3 pos, vel; float mass; };

__host__ __device__ inline float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__host__ __device__ inline float3 operator*(float s, float3 a) {
  return make_float3(s * a.x, s * a.y, s * a.z);
}

__global__ void integrate(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].pos = p[i].pos + dt * p[i].vel;
}

template <typename T>
void run_transform(const std::vector<T> &h) {
  T *d_in, *d_out;
  size_t n = h.size();
  cudaMalloc(&d_in, n * sizeof(T));
  cudaMalloc(&d_out, n * sizeof(T));
  cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  int minGrid = 0, block = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, transform<T, Square<T>>, 0, 0);
  int grid = (int)((n + block - 1) / block);
  transform<T><<<grid, block>>>(d_in, d_out, n, Square<T>());
  T scale = T(3);
  transform<<<grid, block>>>(d_in, d_out, n, [=] __device__(T x) { return scale * x; });
  cudaFree(d_in);
  cudaFree(d_out);
}

int main() {
  std::vector<float> coeffs(7);
  std::iota(coeffs.begin(), coeffs.end(), 1.0f);
  cudaMemcpyToSymbol(c_coeffs, coeffs.data(), coeffs.size() * sizeof(float));
  int taps = 7;
  cudaMemcpyToSymbol(c_taps, &taps, sizeof(int), 0, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbolAsync(c_coeffs, coeffs.data(), sizeof(float), 0, cudaMemcpyHostToDevice, 0);
  int *scratch_ptr = nullptr;
  size_t scratch_size = 0;
  cudaGetSymbolAddress((void **)&scratch_ptr, d_scratch);
  cudaGetSymbolSize(&scratch_size, d_scratch);

  run_transform(std::vector<float>(1000, 2.0f));
  run_transform(std::vector<double>(1000, 2.0));

  const int n = 1 << 16;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged((void **)&out, n * sizeof(float), cudaMemAttachGlobal);
  std::fill(in, in + n, 1.0f);
  const int block = 256;
  size_t smem = (block + 2 * 3) * sizeof(float);
  cudaFuncSetAttribute(stencil<float, 3>, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  cudaFuncSetCacheConfig(stencil<float, 3>, cudaFuncCachePreferShared);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, stencil<float, 3>);
  std::cout << "regs " << attr.numRegs << " smem " << attr.sharedSizeBytes << " max threads "
            << attr.maxThreadsPerBlock << std::endl;
  int active = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, stencil<float, 3>, block, smem);
  stencil<float, 3><<<(n + block - 1) / block, block, smem>>>(in, out, n);
  stencil<<<(n + block - 1) / block, block, smem>>>(in, out, n);

  float *raw = out;
  for_each_index<<<64, 256>>>(n, [=] __device__(int i) { raw[i] = fmaxf(raw[i], 0.0f); });
  for_each_index<<<64, 256>>>(n, [raw] __host__ __device__(int i) { raw[i] += 1.0f; });

  Particle *ps;
  cudaMallocManaged(&ps, 100 * sizeof(Particle));
  integrate<<<1, 128>>>(ps, 100, 0.01f);
  cudaDeviceSynchronize();
  auto deleter = [](float *p) { cudaFree(p); };
  std::unique_ptr<float, decltype(deleter)> guard(in, deleter);
  static_assert(std::is_trivially_copyable<Particle>::value, "POD");
  static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4 layout");
  static_assert(alignof(double2) == 16 && sizeof(dim3) == 12, "layouts");
  std::cout << out[0] << " " << ps[0].pos.x << std::endl;
  cudaFree(out);
  cudaFree(ps);
}
