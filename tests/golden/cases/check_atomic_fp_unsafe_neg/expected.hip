// Atomics that need no note: integer adds, exchanges of floats, and
// floating-point adds on the host.
#include <hip/hip_runtime.h>

__global__ void count(const float *x, int *above, unsigned long long *total, float *last, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (x[i] > 0.5f) atomicAdd(above, 1);
  atomicAdd(total, (unsigned long long)x[i]);
  atomicExch(last, x[i]);
  atomicMax(above + 1, (int)x[i]);
}

// A CPU fallback with the same name, used by host code only.
static float atomicAdd(float *p, float v, int /*unused*/) {
  float old = *p;
  *p = old + v;
  return old;
}

int main() {
  float sum = 0.0f;
  atomicAdd(&sum, 1.0f, 0);
  return sum > 0.0f ? 0 : 1;
}
