// Before ROCm 5.4, HIP's binary operators on vector types are templates,
// which lose to a program's own non-template operator: the program's
// operator* is kept, and serves the call.
#include <hip/hip_runtime.h>

inline __host__ __device__ double2 operator*(double2 a, double2 b) {
  return make_double2(a.x * b.x, a.y * b.y);
}

__global__ void square(double2 *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}
