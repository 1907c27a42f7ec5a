// CUDA-only headers are reported as unsupported, not as missing files.
#include <builtin_types.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cudaEGL.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups/memcpy_async.h>
#include "nvscibuf.h"
#include <cudla.h>
#include <nvJitLink.h>

int answer() { return 42; }
