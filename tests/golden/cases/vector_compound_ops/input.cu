// Compound assignments a program defines for CUDA's vector types. HIP's
// vector types have member operators +=, -=, *= and /=, so a second,
// free one makes `a += b` ambiguous.
#include <cuda_runtime.h>

// The same as HIP's member: removed.
inline __host__ __device__ void operator+=(float3 &a, float3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}

// The same, written out and returning the left side: removed.
__host__ __device__ inline int2 &operator*=(int2 &a, const int2 &b) {
  a.y = a.y * b.y;
  a.x = a.x * b.x;
  return a;
}

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
