// Activation, pooling, softmax and batch normalization (inference) layers,
// plus dropout and an LRN, on one NCHW tensor.
#include <cudnn.h>

void layers(cudnnHandle_t handle, cudnnTensorDescriptor_t xDesc, const float *x, float *y, float *z,
            cudnnTensorDescriptor_t bnDesc, const float *scale, const float *bias, const float *mean,
            const float *var, void *states, size_t stateBytes, void *reserve, size_t reserveBytes) {
  float one = 1.0f, zero = 0.0f;

  cudnnActivationDescriptor_t act;
  cudnnCreateActivationDescriptor(&act);
  cudnnSetActivationDescriptor(act, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0);
  cudnnActivationForward(handle, act, &one, xDesc, x, &zero, xDesc, y);
  cudnnSetActivationDescriptor(act, CUDNN_ACTIVATION_TANH, CUDNN_NOT_PROPAGATE_NAN, 0.0);
  cudnnDestroyActivationDescriptor(act);

  cudnnPoolingDescriptor_t pool;
  cudnnCreatePoolingDescriptor(&pool);
  cudnnSetPooling2dDescriptor(pool, CUDNN_POOLING_MAX, CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  int n, c, h, w;
  cudnnGetPooling2dForwardOutputDim(pool, xDesc, &n, &c, &h, &w);
  cudnnTensorDescriptor_t pDesc;
  cudnnCreateTensorDescriptor(&pDesc);
  cudnnSetTensor4dDescriptor(pDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, w);
  cudnnPoolingForward(handle, pool, &one, xDesc, x, &zero, pDesc, z);
  cudnnDestroyPoolingDescriptor(pool);

  cudnnSoftmaxForward(handle, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &one, xDesc, x, &zero,
                      xDesc, y);

  cudnnBatchNormalizationForwardInference(handle, CUDNN_BATCHNORM_SPATIAL, &one, &zero, xDesc, x, xDesc, y,
                                          bnDesc, (void *)scale, (void *)bias, (void *)mean, (void *)var,
                                          1e-5);

  cudnnDropoutDescriptor_t drop;
  cudnnCreateDropoutDescriptor(&drop);
  cudnnSetDropoutDescriptor(drop, handle, 0.5f, states, stateBytes, 1234ULL);
  cudnnDropoutForward(handle, drop, xDesc, x, xDesc, y, reserve, reserveBytes);
  cudnnDestroyDropoutDescriptor(drop);

  cudnnLRNDescriptor_t lrn;
  cudnnCreateLRNDescriptor(&lrn);
  cudnnSetLRNDescriptor(lrn, 5, 1e-4, 0.75, 2.0);
  cudnnLRNCrossChannelForward(handle, lrn, CUDNN_LRN_CROSS_CHANNEL_DIM1, &one, xDesc, x, &zero, xDesc, y);
  cudnnDestroyLRNDescriptor(lrn);
}
