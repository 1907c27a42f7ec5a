#include <cuda_runtime.h>
#include "cuda.h"
#  include <cuda_runtime_api.h>
#	include	"device_launch_parameters.h"
  #include <cuda_fp16.h>
# include <cooperative_groups.h>
#include <cuda_runtime.h>  // again, harmless
#include <cuda_profiler_api.h>
#include <vector>

// #include <cuda_runtime.h> in a comment stays
const char *kHeader = "#include <cuda.h>";

namespace cg = cooperative_groups;

__global__ void k(__half *out) {
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  out[threadIdx.x] = __float2half(1.0f);
}
