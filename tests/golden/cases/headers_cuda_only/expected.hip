// CUDA-only headers are reported as unsupported, not as missing files.
#include <hip/hip_runtime.h>
#include "cu2hip_compat.h"
#include <cudaEGL.h>

int answer() { return 42; }
