// Calls whose HIP form has another shape: kernels passed by name, argument
// counts that select another HIP function, arguments HIP has no place for.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y) { y[threadIdx.x] += a * x[threadIdx.x]; }
template <int TILE> __global__ void tiled(float *p) { p[threadIdx.x] *= TILE; }

void configure(const void *already_erased, float *d) {
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, axpy);
  cudaFuncGetAttributes(&attr, tiled<16>);
  cudaFuncGetAttributes(&attr, already_erased); // a pointer stays as it is
  cudaFuncSetAttribute(tiled<32>, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetCacheConfig(&axpy, cudaFuncCachePreferShared);
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, axpy, 256, 0);
  void *args[] = {&d};
  cudaLaunchKernel((const void *)tiled<8>, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchKernel(tiled<8>, dim3(1), dim3(64), args, 0, 0);
}

void graphs(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b, cudaGraphEdgeData *edge) {
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g, 0);
  cudaGraphInstantiate(&exec, g);
  cudaGraphInstantiate(&exec, g, nullptr, nullptr, 0);
  cudaGraphAddDependencies(g, &a, &b, nullptr, 1);
  cudaGraphAddDependencies(g, &a, &b, edge, 1);
  cudaGraphAddDependencies(g, &a, &b, 1);
}

size_t smem_for(int block) { return block * sizeof(float); }

void driver(CUfunction f, CUgraph g, CUdeviceptr p) {
  int grid, block;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, 0, 0);
  cuOccupancyMaxPotentialBlockSize(&grid, &block, f, smem_for, 0, 0);
  CUgraphExec exec;
  cuGraphInstantiate(&exec, g, 0);
  cuMemPrefetchAsync(p, 1024, 0, 0);
}
