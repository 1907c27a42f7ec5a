// UTF-8 with BOM: été — résumé
#include <cuda_runtime.h>

int main() {
  const char *s = "cudaMalloc → café";
  int *d;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  cudaFree(d);
  return s[0] == 0;
}
