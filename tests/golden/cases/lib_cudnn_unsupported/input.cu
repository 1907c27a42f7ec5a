// cuDNN calls MIOpen cannot take as written: each is reported with the
// MIOpen way to do it, and a call whose layout or mode argument the rewrite
// is not right for is reported and only renamed.
#include <cudnn.h>
#include <cudnn_frontend.h>

void unsupported(cudnnHandle_t handle, cudnnTensorDescriptor_t xDesc, cudnnTensorDescriptor_t yDesc,
                 cudnnFilterDescriptor_t wDesc, cudnnConvolutionDescriptor_t conv, const float *x, float *y,
                 cudnnTensorFormat_t fmt, cudnnPoolingDescriptor_t pool, const float *dy, float *dx) {
  float one = 1.0f, zero = 0.0f;
  size_t version = cudnnGetVersion();
  (void)version;
  cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NHWC, CUDNN_DATA_FLOAT, 1, 8, 8, 3);
  cudnnSetTensor4dDescriptor(yDesc, fmt, CUDNN_DATA_FLOAT, 1, 8, 8, 3);
  cudnnSetConvolution2dDescriptor(conv, 0, 0, 1, 1, 1, 1, CUDNN_CONVOLUTION, CUDNN_DATA_FLOAT);
  cudnnConvolutionFwdAlgoPerf_t perf;
  int count = 0;
  cudnnGetConvolutionForwardAlgorithm_v7(handle, xDesc, wDesc, conv, yDesc, 1, &count, &perf);
  cudnnAddTensor(handle, &one, xDesc, x, &one, yDesc, y);
  cudnnPoolingBackward(handle, pool, &one, yDesc, y, yDesc, dy, xDesc, x, &zero, xDesc, dx);
  cudnnBackendDescriptor_t graph;
  cudnnBackendCreateDescriptor(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, &graph);
}
