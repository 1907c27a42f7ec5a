// A small convolution layer: descriptors, workspace query, algorithm search
// on real buffers, forward pass.
#include <cudnn.h>
#include <cuda_runtime.h>

static void check(cudnnStatus_t s) {
  if (s != CUDNN_STATUS_SUCCESS) throw s;
}

void conv_forward(const float *x, const float *w, float *y) {
  cudnnHandle_t handle;
  check(cudnnCreate(&handle));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  check(cudnnSetStream(handle, stream));

  cudnnTensorDescriptor_t xDesc;
  cudnnTensorDescriptor_t yDesc;
  cudnnFilterDescriptor_t wDesc;
  cudnnConvolutionDescriptor_t convDesc;
  cudnnCreateTensorDescriptor(&xDesc);
  cudnnCreateTensorDescriptor(&yDesc);
  cudnnCreateFilterDescriptor(&wDesc);
  cudnnCreateConvolutionDescriptor(&convDesc);
  cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 3, 32, 32);
  cudnnSetFilter4dDescriptor(wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, 8, 3, 3, 3);
  cudnnSetConvolution2dDescriptor(convDesc, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
  int n, c, h, wd;
  cudnnGetConvolution2dForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &wd);
  cudnnSetTensor4dDescriptor(yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, wd);

  size_t wsSize = 0;
  cudnnConvolutionFwdAlgo_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  cudnnGetConvolutionForwardWorkspaceSize(handle, xDesc, wDesc, convDesc, yDesc, algo, &wsSize);
  void *ws = nullptr;
  cudaMalloc(&ws, wsSize);

  cudnnConvolutionFwdAlgoPerf_t perf[4];
  int found = 0;
  cudnnFindConvolutionForwardAlgorithmEx(handle, xDesc, x, wDesc, w, convDesc, yDesc, y, 4, &found, perf,
                                         ws, wsSize);
  const float one = 1.0f, zero = 0.0f;
  check(cudnnConvolutionForward(handle, &one, xDesc, x, wDesc, w, convDesc, perf[0].algo, ws, wsSize, &zero,
                                yDesc, y));

  cudaFree(ws);
  cudnnDestroyConvolutionDescriptor(convDesc);
  cudnnDestroyFilterDescriptor(wDesc);
  cudnnDestroyTensorDescriptor(yDesc);
  cudnnDestroyTensorDescriptor(xDesc);
  cudnnDestroy(handle);
}
