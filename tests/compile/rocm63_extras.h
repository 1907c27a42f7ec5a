/* Included (-include) by rocm_versions_compile.sh in front of every file it
 * compiles against the HIP 6.3 headers of the test fixtures (docs/fixtures.md). It supplies
 * only what that set-up lacks, nothing a translation could rely on wrongly:
 *
 * - __ockl_steadyctr_u64: the device-library function that HIP 6.3's
 *   wall_clock64() calls. Debian's device libraries (ROCm 5.2) predate it,
 *   so the device link fails without it; s_memrealtime is the same counter.
 * - __syncwarp (with C2H_ROCM7, for --rocm-version 7.0): ROCm 7.0 adds it
 *   (HIP change log) next to the _sync functions the 6.3 headers have behind
 *   HIP_ENABLE_WARP_SYNC_BUILTINS; as there, a mask must be 64 bits wide.
 * - hipsparseGetErrorName / hipsparseGetErrorString: hipSPARSE has them from
 *   ROCm 6.0 on, but the only hipSPARSE headers here are Debian's (5.2).
 *   Declared only: the compile is --cuda-device-only, so host code is
 *   checked but not generated.
 */
#ifndef C2H_TEST_ROCM63_EXTRAS_H
#define C2H_TEST_ROCM63_EXTRAS_H

extern "C" __device__ unsigned long long __ockl_steadyctr_u64() { return __builtin_amdgcn_s_memrealtime(); }

#ifdef C2H_ROCM7
__device__ inline void __syncwarp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
template <typename Mask> __device__ inline void __syncwarp(Mask) {
  static_assert(sizeof(Mask) == 8, "ROCm 7.0's __syncwarp takes a 64-bit lane mask");
  __syncwarp();
}
#endif

template <typename Status> const char *hipsparseGetErrorName(Status);
template <typename Status> const char *hipsparseGetErrorString(Status);

#endif
