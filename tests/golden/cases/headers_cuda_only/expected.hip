// CUDA-only headers are reported as unsupported, not as missing files.
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"
#include <cudaEGL.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups/memcpy_async.h>
#include "nvscibuf.h"
#include <cudla.h>
#include <nvJitLink.h>

int answer() { return 42; }
