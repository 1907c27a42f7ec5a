#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

__global__ void spin(int *flag) {
  while (atomicAdd(flag, 0) == 0) {
    __nanosleep(100);
  }
}

__global__ void store_streaming(float *out, float v) {
  cu2hip_stcs(out + threadIdx.x, v);
}

int main() {
  int *flag;
  hipMalloc(&flag, sizeof(int));
  cudaCtxResetPersistingL2Cache();
  spin<<<1, 32>>>(flag);
  hipFree(flag);
  return 0;
}

// The deprecated buffer-object form of GL interop (cuda_gl_interop.h).
int map_legacy(unsigned vbo, void **ptr) {
  hipSetDevice(0);
  cudaGLRegisterBufferObject(vbo);
  cudaGLMapBufferObject(ptr, vbo);
  cudaGLUnmapBufferObject(vbo);
  return cudaGLUnregisterBufferObject(vbo) == hipSuccess;
}
