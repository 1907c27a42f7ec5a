// CUDA 13's cuCtxCreate takes a CUctxCreateParams* after the context.
#include <cuda.h>

CUresult make_plain(CUcontext *ctx, CUdevice dev) {
  CUctxCreateParams params = {};
  return cuCtxCreate(ctx, &params, 0, dev);
}

// Two contexts, two empty blocks.
CUresult make_two(CUcontext *a, CUcontext *b, CUdevice dev) {
  CUctxCreateParams pa = {0};
  CUctxCreateParams pb{};
  CUresult r = cuCtxCreate(a, &pa, 0, dev);
  return r != CUDA_SUCCESS ? r : cuCtxCreate(b, &pb, 0, dev);
}

CUresult make_null(CUcontext *ctx, CUdevice dev) {
  return cuCtxCreate(ctx, nullptr, CU_CTX_SCHED_AUTO, dev);
}

CUresult make_older(CUcontext *ctx, CUdevice dev) {
  return cuCtxCreate_v2(ctx, 0, dev);
}

// A block that carries something cannot go: reported.
CUresult make_partitioned(CUcontext *ctx, CUdevice dev, CUexecAffinityParam *aff) {
  CUctxCreateParams params = {};
  params.execAffinityParams = aff;
  params.numExecAffinityParams = 1;
  return cuCtxCreate(ctx, &params, 0, dev);
}
