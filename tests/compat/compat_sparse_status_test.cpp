// Checks cu2hip_cusparseGetErrorName and cu2hip_cusparseGetErrorString of
// cu2hip_compat.h against the hipsparseStatus_t enumerators of the
// installed hipsparse.h: run_host_test.sh extracts them into
// sparse_status.inc as {value, "NAME"} pairs.
#include <cstdio>
#include <cstring>

#include "cu2hip_compat.h"

struct status_name {
  int value;
  const char *name;
};
static const status_name from_header[] = {
#include "sparse_status.inc"
};

int main() {
  int failures = 0;
  for (const status_name &s : from_header) {
    const char *name = cu2hip_cusparseGetErrorName(s.value);
    const char *text = cu2hip_cusparseGetErrorString(s.value);
    if (std::strcmp(name, s.name) != 0) {
      std::printf("status %d: name %s, the header says %s\n", s.value, name, s.name);
      failures++;
    }
    if (std::strncmp(text, "unknown", 7) == 0) {
      std::printf("status %d (%s): no description\n", s.value, s.name);
      failures++;
    }
  }
  if (std::strcmp(cu2hip_cusparseGetErrorName(1000), "HIPSPARSE_STATUS_UNKNOWN") != 0) failures++;
  if (failures) return 1;
  std::printf("cu2hip_compat.h: the hipSPARSE status names match hipsparse.h (%d values)\n",
              (int)(sizeof from_header / sizeof *from_header));
  return 0;
}
