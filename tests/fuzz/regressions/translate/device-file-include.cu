// An include of a device file must read as empty, not hang or exhaust memory.
#include "/dev/zero"
#include "/dev/stdin"
__global__ void k(float *p) { p[threadIdx.x] = 0; }
int main() { cudaDeviceSynchronize(); }
