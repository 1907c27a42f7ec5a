#include "checks.h"

int c2h_checks_run(c2h_scan *s) {
  static int (*const families[])(c2h_scan *) = {
      c2h_check_ptx,
      c2h_check_warp_size,
      c2h_check_launcher_blocks,
      c2h_check_warp_masks,
      c2h_check_mask_types,
      c2h_check_cooperative_groups,
      c2h_check_thread_scheduling,
      c2h_check_atomics,
      c2h_check_device_clock,
      c2h_check_wmma,
      c2h_check_launch_bounds,
      c2h_check_lds,
      c2h_check_dynamic_parallelism,
      c2h_check_texture_surface,
      c2h_check_cuda_arch,
      c2h_check_cuda_version,
      c2h_check_overloads,
      c2h_check_handles,
      c2h_check_blas_compute,
      c2h_check_warp_size_constexpr,
  };
  /* Out of time: the translator drops the file's result, so the families
   * left would be wasted work. */
  for (size_t i = 0; i < sizeof families / sizeof *families && !c2h_scan_expired(s); i++) {
    int rc = families[i](s);
    if (rc) return rc;
  }
  return 0;
}
