// Calls whose HIP form has another shape: kernels passed by name, argument
// counts that select another HIP function, arguments HIP has no place for.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

__global__ void axpy(float a, const float *x, float *y) { y[threadIdx.x] += a * x[threadIdx.x]; }
template <int TILE> __global__ void tiled(float *p) { p[threadIdx.x] *= TILE; }

void configure(const void *already_erased, float *d) {
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(axpy));
  hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(tiled<16>));
  hipFuncGetAttributes(&attr, already_erased); // a pointer stays as it is
  hipFuncSetAttribute(reinterpret_cast<const void *>(tiled<32>), hipFuncAttributeMaxDynamicSharedMemorySize, 65536);
  hipFuncSetCacheConfig(reinterpret_cast<const void *>(&axpy), hipFuncCachePreferShared);
  int blocks = 0;
  hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reinterpret_cast<const void *>(axpy), 256, 0);
  void *args[] = {&d};
  hipLaunchKernel((const void *)tiled<8>, dim3(1), dim3(64), args, 0, 0);
  hipLaunchKernel(reinterpret_cast<const void *>(tiled<8>), dim3(1), dim3(64), args, 0, 0);
}

void graphs(hipGraph_t g, hipGraphNode_t a, hipGraphNode_t b, hipGraphEdgeData *edge) {
  hipGraphExec_t exec;
  hipGraphInstantiateWithFlags(&exec, g, 0);
  hipGraphInstantiateWithFlags(&exec, g, 0);
  hipGraphInstantiate(&exec, g, nullptr, nullptr, 0);
  hipGraphAddDependencies(g, &a, &b, 1);
  hipGraphAddDependencies(g, &a, &b, edge, 1);
  hipGraphAddDependencies(g, &a, &b, 1);
}

size_t smem_for(int block) { return block * sizeof(float); }

void driver(hipFunction_t f, hipGraph_t g, hipDeviceptr_t p) {
  int grid, block;
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0);
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, smem_for, 0, 0);
  hipGraphExec_t exec;
  hipGraphInstantiateWithFlags(&exec, g, 0);
  hipMemPrefetchAsync(p, 1024, 0, 0);
}
