// cu2hip-ignore: all
#if 0
cudaMalloc(
#endif
#include <nonexistent_header.h>
__global__ void k(int *p { asm("mov.u32 %0, %%laneid;" : "=r"(p[0]));
int main() { k<<<1, 1>>>((int*)0; cudaDeviceSynchronize()
/* unterminated comment
