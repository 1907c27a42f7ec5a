#include <cstdio>
#include <hip/hip_runtime.h>

#if CUDART_VERSION >= 11020
#define HAVE_ASYNC_ALLOC 1
#else
#define HAVE_ASYNC_ALLOC 0
#endif

#if (CUDART_VERSION < 9000)
#error "needs CUDA 9"
#endif

#if __CUDACC_VER_MAJOR__ >= 12 && defined(USE_NEW_PATH)
static int new_path = 1;
#endif

#ifdef CUDA_VERSION
static int driver_header_seen = 1;
#endif

int main() {
  int rt = 0;
  hipRuntimeGetVersion(&rt);
  printf("built with %d, running %d\n", CUDART_VERSION, rt);
  return 0;
}
