/* handle-as-integer: CUDA handles that are integers in CUDA and pointers
 * in HIP, used as integers. CUdeviceptr, cudaTextureObject_t,
 * cudaSurfaceObject_t, CUtexObject and CUsurfObject are unsigned long long
 * in CUDA; hipDeviceptr_t is void * and hipTextureObject_t /
 * hipSurfaceObject_t point to opaque structs. Arithmetic, bit operations
 * and assignments from other integers (`d + offset`, `obj >> 32`,
 * `*(CUdeviceptr *)buf = n`) do not compile on a void * or mean pointer
 * arithmetic. The parse records the operations (front.c); this reports
 * them. */
#include <string.h>

#include "checks.h"

static const char *hip_name(const char *cuda) {
  if (strncmp(cuda, "CUdeviceptr", 11) == 0) return "hipDeviceptr_t (void *)";
  if (strcmp(cuda, "cudaTextureObject_t") == 0 || strcmp(cuda, "CUtexObject") == 0)
    return "hipTextureObject_t (a pointer)";
  return "hipSurfaceObject_t (a pointer)";
}

int c2h_check_handles(c2h_scan *s) {
  for (size_t i = 0; i < s->facts->n_handle_uses; i++) {
    const c2h_handle_use *u = &s->facts->handle_uses[i];
    size_t first, last;
    c2h_tok_range(s, u->begin, u->end, &first, &last);
    if (first >= s->facts->n_toks) continue;
    if (last > first) last--;
    int assign = strcmp(u->op, "=") == 0;
    int rc = c2h_scan_diag(s, first, last, C2H_SEV_ERROR, C2H_CHECK_HANDLE_AS_INTEGER, NULL,
                           "%s is an integer in CUDA but HIP's %s is not: %s%s%s does not compile "
                           "there (or becomes pointer arithmetic); do the integer work on a "
                           "uintptr_t or unsigned long long and convert with reinterpret_cast "
                           "where the API takes or returns the handle",
                           u->type, hip_name(u->type), assign ? "assigning another integer to it" : "'",
                           assign ? "" : u->op, assign ? "" : "' on it");
    if (rc) return rc;
  }
  return 0;
}
