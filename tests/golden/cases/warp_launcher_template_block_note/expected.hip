// The block size as a launcher's template argument, with nothing in the
// file that needs whole wavefronts: a note for the 16- and 32-thread
// instances.
#include <hip/hip_runtime.h>
template <int kBlock>
__global__ void scale(float *x, float a) {
  x[blockIdx.x * kBlock + threadIdx.x] *= a;
}

template <int kBlock>
void scale_launch(float *x, float a, int n) {
  scale<kBlock><<<n / kBlock, kBlock>>>(x, a);
}

void scale_cuda(float *x, float a, int n) {
  if (n % 256 == 0) scale_launch<256>(x, a, n);
  else if (n % 32 == 0) scale_launch<32>(x, a, n);
  else scale_launch<16>(x, a, n);
}
