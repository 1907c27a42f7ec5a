// A small convolution layer: descriptors, workspace query, algorithm search
// on real buffers, forward pass.
#include <miopen/miopen.h>
#include <hip/hip_runtime.h>

static void check(miopenStatus_t s) {
  if (s != miopenStatusSuccess) throw s;
}

void conv_forward(const float *x, const float *w, float *y) {
  miopenHandle_t handle;
  check(miopenCreate(&handle));
  hipStream_t stream;
  hipStreamCreate(&stream);
  check(miopenSetStream(handle, stream));

  miopenTensorDescriptor_t xDesc;
  miopenTensorDescriptor_t yDesc;
  miopenTensorDescriptor_t wDesc;
  miopenConvolutionDescriptor_t convDesc;
  miopenCreateTensorDescriptor(&xDesc);
  miopenCreateTensorDescriptor(&yDesc);
  miopenCreateTensorDescriptor(&wDesc);
  miopenCreateConvolutionDescriptor(&convDesc);
  miopenSet4dTensorDescriptor(xDesc, miopenFloat, 1, 3, 32, 32);
  miopenSet4dTensorDescriptor(wDesc, miopenFloat, 8, 3, 3, 3);
  miopenInitConvolutionDescriptor(convDesc, miopenConvolution, 1, 1, 1, 1, 1, 1);
  int n, c, h, wd;
  miopenGetConvolutionForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &wd);
  miopenSet4dTensorDescriptor(yDesc, miopenFloat, n, c, h, wd);

  size_t wsSize = 0;
  miopenConvFwdAlgorithm_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  miopenConvolutionForwardGetWorkSpaceSize(handle, wDesc, xDesc, convDesc, yDesc, &wsSize);
  void *ws = nullptr;
  hipMalloc(&ws, wsSize);

  miopenConvAlgoPerf_t perf[4];
  int found = 0;
  miopenFindConvolutionForwardAlgorithm(handle, xDesc, x, wDesc, w, convDesc, yDesc, y, 4, &found, perf, ws, wsSize, false);
  const float one = 1.0f, zero = 0.0f;
  check(miopenConvolutionForward(handle, &one, xDesc, x, wDesc, w, convDesc, perf[0].algo, &zero, yDesc, y, ws, wsSize));

  hipFree(ws);
  miopenDestroyConvolutionDescriptor(convDesc);
  miopenDestroyTensorDescriptor(wDesc);
  miopenDestroyTensorDescriptor(yDesc);
  miopenDestroyTensorDescriptor(xDesc);
  miopenDestroy(handle);
}
