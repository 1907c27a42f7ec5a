// PTX in device functions the build leaves out: still reported.
#ifdef USE_PTX_PREFETCH
__device__ void prefetch_l2(const void *p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}
#else
__device__ void prefetch_l2(const void *) {}
#endif

#if 0
// Host assembly in an inactive host function is not PTX.
static inline void pause_cpu() { asm volatile("pause"); }
#endif

__global__ void k(const float *p) { prefetch_l2(p + threadIdx.x); }
