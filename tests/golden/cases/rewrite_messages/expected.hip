// Diagnostics about calls that a template rewrites show what the call
// becomes with its own arguments, or with arg1, arg2... when there is no
// call to take them from; never the template with its $1, $2.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

typedef hipError_t (*describe_fn)(hipError_t, const char **);

// Not called: only the use's name is known.
describe_fn pick_describer(void) { return cuGetErrorString; }

hipError_t (*copy_fn)(hipDeviceptr_t, hipDeviceptr_t, size_t) = cuMemcpy;

// Called, on a target older than the HIP names the rewrite needs.
__device__ __hip_bfloat162 splat(float x) { return __bfloat162bfloat162(__float2bfloat16(x * 2.0f)); }

__device__ __hip_bfloat162 pair(float lo, float hi) { return __halves2bfloat162(__float2bfloat16(lo), __float2bfloat16(hi)); }

// A call written over several lines is described with argument names.
__device__ __hip_bfloat162 spread(float lo, float hi) {
  return __halves2bfloat162(__float2bfloat16(lo), __float2bfloat16(hi));
}

// Called: rewritten without a message.
const char *describe(hipError_t r) {
  const char *text = 0;
  (*(&text) = hipGetErrorString(r), hipSuccess);
  return text;
}

// A name HIP spells as CUDA does, only from a later ROCm on.
__device__ unsigned total(unsigned v, unsigned lanes) { return __reduce_add_sync(lanes, v); }
