#include <hip/hip_runtime.h>
#include "hip/hip_runtime.h"
#  include <hip/hip_runtime_api.h>
#	include	"hip/hip_runtime.h"
  #include <hip/hip_fp16.h>
# include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>  // again, harmless
#include <hip/hip_runtime_api.h>
#include <vector>

// #include <cuda_runtime.h> in a comment stays
const char *kHeader = "#include <cuda.h>";

namespace cg = cooperative_groups;

__global__ void k(__half *out) {
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  out[threadIdx.x] = __float2half(1.0f);
}
