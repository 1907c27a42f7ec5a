// Fields of cudaDeviceProp that hipDeviceProp_t lacks, or has only from
// ROCm 6.0 on; a struct of the user's with the same field names is left alone.
#include <cuda_runtime.h>
#include <cstdio>

struct Caps {
  int asyncEngineCount;
  int deviceOverlap;
};

int report(int dev) {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, dev);
  Caps mine = {2, 1};
  printf("copy engines %d overlap %d\n", p.asyncEngineCount, p.deviceOverlap);
  printf("mine %d %d\n", mine.asyncEngineCount, mine.deviceOverlap);
  const cudaDeviceProp *q = &p;
  printf("uva %d mps %d sparse %d\n", q->unifiedAddressing, q->mpsEnabled, q->sparseCudaArraySupported);
  return p.multiProcessorCount + p.warpSize;
}
