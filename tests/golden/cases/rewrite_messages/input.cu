// Diagnostics about calls that a template rewrites show what the call
// becomes with its own arguments, or with arg1, arg2... when there is no
// call to take them from; never the template with its $1, $2.
#include <cuda.h>
#include <cuda_bf16.h>

typedef CUresult (*describe_fn)(CUresult, const char **);

// Not called: only the use's name is known.
describe_fn pick_describer(void) { return cuGetErrorString; }

CUresult (*copy_fn)(CUdeviceptr, CUdeviceptr, size_t) = cuMemcpy;

// Called, on a target older than the HIP names the rewrite needs.
__device__ __nv_bfloat162 splat(float x) { return __float2bfloat162_rn(x * 2.0f); }

__device__ __nv_bfloat162 pair(float lo, float hi) { return __floats2bfloat162_rn(lo, hi); }

// A call written over several lines is described with argument names.
__device__ __nv_bfloat162 spread(float lo, float hi) {
  return __floats2bfloat162_rn(lo,
                               hi);
}

// Called: rewritten without a message.
const char *describe(CUresult r) {
  const char *text = 0;
  cuGetErrorString(r, &text);
  return text;
}

// A name HIP spells as CUDA does, only from a later ROCm on.
__device__ unsigned total(unsigned v, unsigned lanes) { return __reduce_add_sync(lanes, v); }
