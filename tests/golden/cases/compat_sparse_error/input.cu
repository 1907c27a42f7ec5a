// cusparseGetErrorName / cusparseGetErrorString for a target before ROCm 6.0,
// whose hipSPARSE lacks them: functions of cu2hip_compat.h stand in.
#include <cusparse.h>
#include <cstdio>
#define CHECK_SPARSE(call) do { cusparseStatus_t s_ = (call); \
  if (s_ != CUSPARSE_STATUS_SUCCESS) std::printf("%s: %s\n", cusparseGetErrorName(s_), cusparseGetErrorString(s_)); } while (0)
int main() {
  cusparseHandle_t h;
  CHECK_SPARSE(cusparseCreate(&h));
  std::printf("%s\n", cusparseGetErrorString(CUSPARSE_STATUS_INVALID_VALUE));
  CHECK_SPARSE(cusparseDestroy(h));
  return 0;
}
