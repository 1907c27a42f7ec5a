// Enumerators keep their value and their enum type.
#include <hip/hip_runtime.h>
#include <hip/library_types.h>

const char *describe(hipError_t r) {
  switch (r) {
    case hipSuccess: return "ok";
    case hipErrorInvalidValue: return "bad value";
    case hipErrorNotInitialized: return "call cuInit first";
    case hipErrorLaunchOutOfResources: return "too many registers or threads";
    default: return "other";
  }
}

hipDataType element_type(bool wide) { return wide ? HIP_R_32I : HIP_R_8I; }
