// Enumerators keep their value and their enum type.
#include <cuda.h>
#include <library_types.h>

const char *describe(CUresult r) {
  switch (r) {
    case CUDA_SUCCESS: return "ok";
    case CUDA_ERROR_INVALID_VALUE: return "bad value";
    case CUDA_ERROR_NOT_INITIALIZED: return "call cuInit first";
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: return "too many registers or threads";
    default: return "other";
  }
}

cudaDataType_t element_type(bool wide) { return wide ? CUDA_R_32I : CUDA_R_8I; }
