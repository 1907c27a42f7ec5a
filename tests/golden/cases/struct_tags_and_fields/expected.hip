// CUDA names that HIP spells differently inside a struct: the tag of the
// graphics-resource handle (HIP declares it as _hipGraphicsResource, and
// hipGraphicsResource is a typedef, which `struct X` cannot name), and the
// handle-type field of cuMemCreate's properties (singular in HIP).
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

struct _hipGraphicsResource;

class Mesh {
 public:
  struct _hipGraphicsResource *vbo_res = nullptr;
  hipGraphicsResource_t ibo_res = nullptr;
  void map(hipStream_t s) {
    hipGraphicsMapResources(1, &vbo_res, s);
  }
};

size_t granularity(int device) {
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  size_t g = 0;
  hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum);
  return g;
}
