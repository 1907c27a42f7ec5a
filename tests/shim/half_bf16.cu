// Mixed-precision kernels using __half, __half2 and __nv_bfloat16.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void haxpy(int n, __half a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hfma(a, x[i], y[i]);
}

__global__ void haxpy2(int n2, half2 a, const half2 *x, half2 *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x)
    y[i] = __hfma2(a, x[i], y[i]);
}

__global__ void dot_half2(const __half2 *a, const __half2 *b, float *out, int n2) {
  __half2 acc = __float2half2_rn(0.0f);
  for (int i = threadIdx.x; i < n2; i += blockDim.x) acc = __hadd2(acc, __hmul2(a[i], b[i]));
  for (int off = 16; off > 0; off >>= 1) acc = __hadd2(acc, __shfl_down_sync(0xffffffff, acc, off));
  float2 f = __half22float2(acc);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, f.x + f.y);
  __half2 *slot = reinterpret_cast<__half2 *>(out + 1);
  atomicAdd(slot, acc);
}

__device__ __half relu(__half v) { return __hgt(v, __float2half(0.0f)) ? v : __half(0.0f); }

__global__ void half_ops(__half *h, __nv_bfloat16 *b, float *f, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  __half x = h[i], y = __float2half_rn(1.5f);
  __half z = x * y + x - y / x;
  z += __int2half_rn(2);
  z = -z;
  bool lt = x < y, eq = x == y;
  __half m = __hmax(x, y) + __hmin(x, y) + __habs(z) + __hneg(x) + hsqrt(__habs(x)) + hexp(x) +
             hlog(__habs(x) + y) + hrcp(y) + hrsqrt(y) + hsin(x) + hcos(x) + hfloor(x) + hceil(x);
  __half2 p = __halves2half2(x, y), q = make_half2(y, x);
  p = __hmax2(p, q) + __lowhigh2highlow(p) * q;
  __half lo = __low2half(p), hi = __high2half(p);
  float lf = __low2float(p) + __high2float(p) + __half2float(relu(lo + hi));
  unsigned short bits = __half_as_ushort(m);
  __half back = __ushort_as_half(bits);
  int iv = __half2int_rz(back) + __half2int_rn(x);
  float fx = x;            // implicit conversion
  __half fromf = 0.25f;    // implicit construction
  __half one = CUDART_ONE_FP16;
  if (__hisnan(x) || __hisinf(x)) x = one;

  __nv_bfloat16 bx = b[i], by = __float2bfloat16(2.0f);
  __nv_bfloat16 bz = bx * by + __hadd(bx, by) + __hfma(bx, by, bx);
  __nv_bfloat162 bp = __floats2bfloat162_rn(1.0f, 2.0f);
  bp = __hmul2(bp, __bfloat162bfloat162(bz));
  float bf = __bfloat162float(bz) + __low2float(bp) + __bfloat162float(__high2bfloat16(bp));
  nv_bfloat16 alias = __float2bfloat16_rn(bf);
  b[i] = hsqrt(alias) + __ushort_as_bfloat16(0x3f80);
  atomicAdd(&b[i], bz);
  f[i] = fx + lf + (float)iv + (float)(lt + eq) + __half2float(fromf) + bf + __half2float(z);
  h[i] = __shfl_xor_sync(0xffffffffu, m, 1);
}

int main() {
  const int n = 1024;
  std::vector<__half> hx(n), hy(n);
  for (int i = 0; i < n; ++i) { hx[i] = __float2half(i * 0.5f); hy[i] = __float2half(1.0f); }
  __half *dx, *dy;
  cudaMalloc(&dx, n * sizeof(__half));
  cudaMalloc(&dy, n * sizeof(__half));
  cudaMemcpy(dx, hx.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
  haxpy<<<(n + 127) / 128, 128>>>(n, __float2half(2.0f), dx, dy);
  haxpy2<<<8, 128>>>(n / 2, __floats2half2_rn(2.0f, 2.0f), (const half2 *)dx, (half2 *)dy);
  cudaMemcpy(hy.data(), dy, n * sizeof(__half), cudaMemcpyDeviceToHost);
  printf("y[1] = %f\n", __half2float(hy[1]));
  printf("y[2] = %f\n", static_cast<float>(hy[2]));
  cudaFree(dx);
  cudaFree(dy);
}
