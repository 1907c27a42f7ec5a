// Histogram, atomics of every flavour, bit tricks, fast math and inline PTX.
#include <cuda_runtime.h>
#include <sm_60_atomic_functions.h>
#include <device_functions.h>
#include <math_constants.h>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <algorithm>

__device__ unsigned int g_counter;
__device__ unsigned long long g_total = 0;
__device__ float g_sum;
__device__ double g_dsum;
__managed__ int g_flag;

__device__ __forceinline__ unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__device__ __forceinline__ unsigned long long global_timer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ float ptx_add(float a, float b) {
  float r;
  asm("add.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  double d;
  asm("cvt.f64.f32 %0, %1;" : "=d"(d) : "f"(r));
  unsigned short h;
  asm("mov.b16 %0, 0;" : "=h"(h));
  return r + (float)d + h;
}

__global__ void histogram(const uint8_t *data, size_t n, unsigned int *bins) {
  __shared__ unsigned int local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    if (local[i]) atomicAdd_system(&bins[i], local[i]);
}

__global__ void atomics(int *ip, unsigned *up, unsigned long long *ullp, long long *llp,
                        float *fp, double *dp, unsigned short *sp) {
  int i = atomicAdd(ip, 1) + atomicSub(ip, 1) + atomicExch(ip, 3) + atomicMin(ip, 0) +
          atomicMax(ip, 9) + atomicCAS(ip, 9, 10) + atomicAnd(ip, 7) + atomicOr(ip, 8) +
          atomicXor(ip, 1) + atomicAdd_block(ip, 2) + atomicCAS_system(ip, 1, 2);
  unsigned u = atomicInc(up, 100u) + atomicDec(up, 100u) + atomicAdd(up, 1u) +
               atomicExch(up, 0u) + atomicMin_block(up, 3u) + atomicOr_system(up, 4u);
  unsigned long long ull = atomicAdd(ullp, 1ULL) + atomicCAS(ullp, 0ULL, 1ULL) +
                           atomicExch(ullp, 5ULL) + atomicMax(ullp, 6ULL) + atomicAnd(ullp, 3ULL);
  long long ll = atomicMin(llp, -1LL) + atomicMax(llp, 1LL);
  float f = atomicAdd(fp, 1.0f) + atomicExch(fp, 0.5f) + atomicAdd_block(fp, 2.0f);
  double d = atomicAdd(dp, 1.0) + atomicAdd_system(dp, 2.0);
  unsigned short s = atomicCAS(sp, (unsigned short)0, (unsigned short)1);
  atomicAdd(&g_counter, 1u);
  atomicAdd(&g_total, ull);
  atomicAdd(&g_sum, f);
  atomicAdd(&g_dsum, d);
  *ip = i + (int)u + (int)ll + s;
  g_flag = 1;
}

__global__ void bits_and_math(const float *in, float *out, const unsigned *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = __ldg(&w[i]);
  int bits = __popc(x) + __popcll((unsigned long long)x << 3) + __clz((int)x) + __clzll(-1LL) +
             __ffs((int)x) + __ffsll(1LL);
  unsigned r = __brev(x) ^ __byte_perm(x, 0u, 0x0123) ^ __funnelshift_l(x, x, 3) ^
               __funnelshift_r(x, x, 5) ^ __umulhi(x, x) ^ (unsigned)__mul24(3, 4) ^ __vadd4(x, x) ^
               __vcmpgtu2(x, 1u) ^ (unsigned)__dp4a((int)x, 1, 0) ^ (unsigned)__hadd(1, 2);
  float v = __ldg(in + i);
  float fast = __expf(v) + __logf(fabsf(v) + 1.0f) + __sinf(v) * __cosf(v) + __powf(2.0f, v) +
               __fdividef(v, 3.0f) + __saturatef(v) + __fmaf_rn(v, v, 1.0f) + __fadd_rn(v, 1.0f) +
               __fmul_rz(v, 2.0f) + __frcp_rn(v + 1.0f) + __fsqrt_rn(fabsf(v)) + rsqrtf(v * v + 1.f);
  float s, c;
  __sincosf(v, &s, &c);
  sincosf(v, &s, &c);
  float conv = __int_as_float(__float_as_int(v)) + __uint2float_rn(x) + __int2float_rn(bits) +
               (float)__float2int_rn(v) + (float)__float2uint_rz(fabsf(v)) + __double2float_rn(1.0) +
               (float)__double2int_rz(2.5) + (float)__longlong_as_double(__double_as_longlong(1.0));
  float std_math = sinf(v) + cosf(v) + expf(v) + logf(1.f + v * v) + sqrtf(v * v) + fmaxf(v, 0.f) +
                   fminf(v, 1.f) + powf(v, 2.f) + tanhf(v) + erff(v) + floorf(v) + ceilf(v) +
                   truncf(v) + roundf(v) + copysignf(1.f, v) + hypotf(v, 1.f) + exp2f(v) +
                   log2f(1.f + v * v) + cbrtf(v) + atan2f(v, 1.f) + ldexpf(v, 2) + modff(v, &s) +
                   normcdff(v) + erfinvf(0.5f) + sinpif(v) + norm3df(v, v, v) + rhypotf(v, 1.f);
  double dd = std::sqrt((double)v) + std::abs(-2.0) + std::fabs(v) + std::pow(v, 2) + std::exp(1.0) +
              fabs(-1.0) + sqrt(4.0) + log(2.0) + rsqrt(4.0) + rcbrt(8.0) + norm3d(1.0, 2.0, 3.0);
  int mm = min(i, n) + max(i, 3) + (int)min(1u, x) + (int)umin(x, 3u) + abs(-i) +
           (int)llmax(1LL, 2LL) + std::min(i, 4) + std::max(n, 1);
  float fm = min(v, 1.0f) + max(v, 0.0f);
  if (isnan(v) || isinf(v) || std::isnan(v) || !std::isfinite(v) || signbit(v)) v = 0.0f;
  long long t0 = clock64();
  clock_t t1 = clock();
  __nanosleep(100);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  if (v > CUDART_PI_F && v < CUDART_INF_F) v = CUDART_NAN_F;
  out[i] = fast + s + c + conv + std_math + (float)dd + (float)(mm + bits + r) + fm + v +
           (float)(clock64() - t0) + (float)t1 + ptx_add(v, 1.0f) + (float)lane_id() +
           (float)global_timer();
  __stcg(out + i, out[i] * 2.0f);
  float cg = __ldcg(out + i) + __ldca(out + i) + __ldcs(out + i);
  if (cg < 0) {
    printf("thread %d: negative %f\n", i, cg);
    __trap();
  }
  char *scratch = (char *)malloc(16);
  memset(scratch, 0, 16);
  memcpy(scratch, &v, sizeof v);
  free(scratch);
  assert(i < n);
}

int main() {
  unsigned int *bins;
  uint8_t *data;
  size_t n = 1 << 24;
  cudaMalloc(&bins, 256 * sizeof(unsigned));
  cudaMalloc(&data, n);
  histogram<<<256, 256>>>(data, n, bins);
  unsigned host_counter = 0;
  cudaMemcpyFromSymbol(&host_counter, g_counter, sizeof(host_counter));
  unsigned long long zero = 0;
  cudaMemcpyToSymbol(g_total, &zero, sizeof(zero));
  g_flag = 0;
  cudaDeviceSynchronize();
  printf("flag %d counter %u log %f\n", g_flag, host_counter, std::log(2.0));
  cudaFree(bins);
  cudaFree(data);
}
