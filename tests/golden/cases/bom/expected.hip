// UTF-8 with BOM: été — résumé
#include <hip/hip_runtime.h>

int main() {
  const char *s = "cudaMalloc → café";
  int *d;
  hipMalloc(&d, sizeof(int));
  hipMemset(d, 0, sizeof(int));
  hipFree(d);
  return s[0] == 0;
}
