// cuDNN calls MIOpen cannot take as written: each is reported with the
// MIOpen way to do it, and a call whose layout or mode argument the rewrite
// is not right for is reported and only renamed.
#include <miopen/miopen.h>
#include <cudnn_frontend.h>

void unsupported(miopenHandle_t handle, miopenTensorDescriptor_t xDesc, miopenTensorDescriptor_t yDesc,
                 miopenTensorDescriptor_t wDesc, miopenConvolutionDescriptor_t conv, const float *x, float *y,
                 miopenTensorLayout_t fmt, miopenPoolingDescriptor_t pool, const float *dy, float *dx) {
  float one = 1.0f, zero = 0.0f;
  size_t version = cudnnGetVersion();
  (void)version;
  miopenSet4dTensorDescriptor(xDesc, miopenTensorNHWC, miopenFloat, 1, 8, 8, 3);
  miopenSet4dTensorDescriptor(yDesc, fmt, miopenFloat, 1, 8, 8, 3);
  miopenInitConvolutionDescriptor(conv, 0, 0, 1, 1, 1, 1, CUDNN_CONVOLUTION, miopenFloat);
  miopenConvAlgoPerf_t perf;
  int count = 0;
  cudnnGetConvolutionForwardAlgorithm_v7(handle, xDesc, wDesc, conv, yDesc, 1, &count, &perf);
  cudnnAddTensor(handle, &one, xDesc, x, &one, yDesc, y);
  cudnnPoolingBackward(handle, pool, &one, yDesc, y, yDesc, dy, xDesc, x, &zero, xDesc, dx);
  cudnnBackendDescriptor_t graph;
  cudnnBackendCreateDescriptor(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, &graph);
}
