// cusparseGetErrorName / cusparseGetErrorString for a target before ROCm 6.0,
// whose hipSPARSE lacks them: functions of cu2hip_compat.h stand in.
#include "cu2hip_compat.h"
#include <hipsparse/hipsparse.h>
#include <cstdio>
#define CHECK_SPARSE(call) do { hipsparseStatus_t s_ = (call); \
  if (s_ != HIPSPARSE_STATUS_SUCCESS) std::printf("%s: %s\n", cu2hip_cusparseGetErrorName(s_), cu2hip_cusparseGetErrorString(s_)); } while (0)
int main() {
  hipsparseHandle_t h;
  CHECK_SPARSE(hipsparseCreate(&h));
  std::printf("%s\n", cu2hip_cusparseGetErrorString(HIPSPARSE_STATUS_INVALID_VALUE));
  CHECK_SPARSE(hipsparseDestroy(h));
  return 0;
}
