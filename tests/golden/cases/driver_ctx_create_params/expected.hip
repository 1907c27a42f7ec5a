// CUDA 13's cuCtxCreate takes a CUctxCreateParams* after the context.
#include <hip/hip_runtime.h>

hipError_t make_plain(hipCtx_t *ctx, hipDevice_t dev) {
  return hipCtxCreate(ctx, 0, dev);
}

// Two contexts, two empty blocks.
hipError_t make_two(hipCtx_t *a, hipCtx_t *b, hipDevice_t dev) {
  hipError_t r = hipCtxCreate(a, 0, dev);
  return r != hipSuccess ? r : hipCtxCreate(b, 0, dev);
}

hipError_t make_null(hipCtx_t *ctx, hipDevice_t dev) {
  return hipCtxCreate(ctx, hipDeviceScheduleAuto, dev);
}

hipError_t make_older(hipCtx_t *ctx, hipDevice_t dev) {
  return hipCtxCreate(ctx, 0, dev);
}

// A block that carries something cannot go: reported.
hipError_t make_partitioned(hipCtx_t *ctx, hipDevice_t dev, CUexecAffinityParam *aff) {
  CUctxCreateParams params = {};
  params.execAffinityParams = aff;
  params.numExecAffinityParams = 1;
  return hipCtxCreate(ctx, &params, 0, dev);
}
