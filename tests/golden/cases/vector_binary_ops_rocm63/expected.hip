// Binary * and / that a program defines for CUDA's vector types. From
// ROCm 5.7 on, HIP's vector types have friend operators * and / of their
// own, so a second one makes `a * b` ambiguous; before, HIP's were
// templates, which lose to the program's.
#include <hip/hip_runtime.h>

// The same as HIP's: removed for newer targets.
/* operator*(float2, float2) left out: HIP's float2 has this operator, with the same effect */

/* operator/(float3, float3) left out: HIP's float3 has this operator, with the same effect */

// Not the same (a dot product in the first component): reported.
__device__ float4 operator*(float4 a, float4 b) {
  return make_float4(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w, 0.0f, 0.0f, 0.0f);
}

// + and - stay templates in HIP: kept.
inline __host__ __device__ float2 operator+(float2 a, float2 b) {
  return make_float2(a.x + b.x, a.y + b.y);
}

// A scalar side: kept.
inline __host__ __device__ float2 operator*(float2 a, float s) {
  return make_float2(a.x * s, a.y * s);
}

__global__ void blend(float2 *out, const float2 *u, const float2 *v, float3 *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = u[i] * v[i] + v[i] * 0.5f;
  q[i] = q[i] / make_float3(2.0f, 4.0f, 8.0f);
}
