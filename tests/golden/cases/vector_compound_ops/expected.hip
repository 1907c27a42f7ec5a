// Compound assignments a program defines for CUDA's vector types. HIP's
// vector types have member operators +=, -=, *= and /=, so a second,
// free one makes `a += b` ambiguous.
#include <hip/hip_runtime.h>

// The same as HIP's member: removed.
/* operator+=(float3 &, float3) left out: HIP's float3 has this operator, with the same effect */

// The same, written out and returning the left side: removed.
/* operator*=(int2 &, int2) left out: HIP's int2 has this operator, with the same effect */

// Not the same (the last component is left alone): reported.
__device__ void operator-=(float4 &a, float4 b) {
  a.x -= b.x;
  a.y -= b.y;
  a.z -= b.z;
}

// Declared here, defined elsewhere: reported.
__device__ void operator/=(float2 &a, float2 b);

// A scalar right side meets only HIP's template member: kept.
inline __host__ __device__ void operator+=(float3 &a, float s) {
  a.x += s;
  a.y += s;
  a.z += s;
}

__global__ void accumulate(float3 *sum, const float3 *v, int n) {
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += v[i];
  acc += 1.0f;
  sum[threadIdx.x] = acc;
}

__global__ void scale(int2 *p, int2 f) { p[threadIdx.x] *= f; }
