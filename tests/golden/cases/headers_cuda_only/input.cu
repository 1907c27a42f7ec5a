// CUDA-only headers are reported as unsupported, not as missing files.
#include <builtin_types.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cudaEGL.h>

int answer() { return 42; }
