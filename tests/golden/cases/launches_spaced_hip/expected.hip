// Launch brackets written with spaces, which nvcc accepts.
#include <hip/hip_runtime.h>
#include <ostream>
#include <vector>

template <typename T> struct Box { T v; };
template <typename T> std::ostream &operator<<(std::ostream &o, const Box<T> &b);
// A specialisation of operator<< is not a launch.
template <> std::ostream &operator<< <int>(std::ostream &o, const Box<int> &b);

__global__ void fill(int *out, int v) { out[threadIdx.x] = v; }
template <int N> __global__ void fill_n(int *out) { out[threadIdx.x] = N; }

void run(int *d, hipStream_t st) {
  hipLaunchKernelGGL(fill, dim3(2), dim3(32), 0, 0, d, 7);
  hipLaunchKernelGGL(fill, dim3(dim3(2)), dim3(dim3(32)), 0, st, d, 8);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill_n<4>), dim3(1), dim3(32), 0, 0, d);
  hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, d, 9); // already closed up
  std::vector<std::vector<int> > nested; // template brackets stay
  int shifted = 1 << 3; // a shift stays
  (void)shifted;
  // In a comment: k << < 1, 1 >> > () stays.
  const char *text = "k << < 1, 1 >> > ()";
  (void)text;
}
