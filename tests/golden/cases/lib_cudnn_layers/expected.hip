// Activation, pooling, softmax and batch normalization (inference) layers,
// plus dropout and an LRN, on one NCHW tensor.
#include <miopen/miopen.h>

void layers(miopenHandle_t handle, miopenTensorDescriptor_t xDesc, const float *x, float *y, float *z,
            miopenTensorDescriptor_t bnDesc, const float *scale, const float *bias, const float *mean,
            const float *var, void *states, size_t stateBytes, void *reserve, size_t reserveBytes) {
  float one = 1.0f, zero = 0.0f;

  miopenActivationDescriptor_t act;
  miopenCreateActivationDescriptor(&act);
  miopenSetActivationDescriptor(act, miopenActivationRELU, (miopenActivationRELU) == miopenActivationTANH ? 1.0 : (0.0), 1.0, 1.0);
  miopenActivationForward(handle, act, &one, xDesc, x, &zero, xDesc, y);
  miopenSetActivationDescriptor(act, miopenActivationTANH, (miopenActivationTANH) == miopenActivationTANH ? 1.0 : (0.0), 1.0, 1.0);
  miopenDestroyActivationDescriptor(act);

  miopenPoolingDescriptor_t pool;
  miopenCreatePoolingDescriptor(&pool);
  miopenSet2dPoolingDescriptor(pool, miopenPoolingMax, 2, 2, 0, 0, 2, 2);
  int n, c, h, w;
  miopenGetPoolingForwardOutputDim(pool, xDesc, &n, &c, &h, &w);
  miopenTensorDescriptor_t pDesc;
  miopenCreateTensorDescriptor(&pDesc);
  miopenSet4dTensorDescriptor(pDesc, miopenFloat, n, c, h, w);
  miopenPoolingForward(handle, pool, &one, xDesc, x, &zero, pDesc, z, false, nullptr, 0);
  miopenDestroyPoolingDescriptor(pool);

  miopenSoftmaxForward_V2(handle, &one, xDesc, x, &zero, xDesc, y, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);

  miopenBatchNormalizationForwardInference(handle, miopenBNSpatial, &one, &zero, xDesc, x, xDesc, y,
                                          bnDesc, (void *)scale, (void *)bias, (void *)mean, (void *)var,
                                          1e-5);

  miopenDropoutDescriptor_t drop;
  miopenCreateDropoutDescriptor(&drop);
  miopenSetDropoutDescriptor(drop, handle, 0.5f, states, stateBytes, 1234ULL, false, false, MIOPEN_RNG_PSEUDO_XORWOW);
  miopenDropoutForward(handle, drop, xDesc, xDesc, x, xDesc, y, reserve, reserveBytes);
  miopenDestroyDropoutDescriptor(drop);

  miopenLRNDescriptor_t lrn;
  miopenCreateLRNDescriptor(&lrn);
  miopenSetLRNDescriptor(lrn, miopenLRNCrossChannel, 5, 1e-4, 0.75, 2.0);
  miopenLRNForward(handle, lrn, &one, xDesc, x, &zero, xDesc, y, false, nullptr);
  miopenDestroyLRNDescriptor(lrn);
}
