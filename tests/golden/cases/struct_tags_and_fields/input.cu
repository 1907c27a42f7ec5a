// CUDA names that HIP spells differently inside a struct: the tag of the
// graphics-resource handle (HIP declares it as _hipGraphicsResource, and
// hipGraphicsResource is a typedef, which `struct X` cannot name), and the
// handle-type field of cuMemCreate's properties (singular in HIP).
#include <cuda.h>
#include <cuda_runtime.h>

struct cudaGraphicsResource;

class Mesh {
 public:
  struct cudaGraphicsResource *vbo_res = nullptr;
  cudaGraphicsResource_t ibo_res = nullptr;
  void map(cudaStream_t s) {
    cudaGraphicsMapResources(1, &vbo_res, s);
  }
};

size_t granularity(int device) {
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  size_t g = 0;
  cuMemGetAllocationGranularity(&g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  return g;
}
