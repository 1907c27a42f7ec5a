/* A project's own stand-in for the CUDA driver header: the program finds the
 * driver's entry points at run time, so it declares the types, enumerators
 * and function pointers itself instead of including <cuda.h>. */
#ifndef DRV_STUB_H
#define DRV_STUB_H

typedef int CUdevice;
typedef enum cudaError_enum { CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2 } CUresult;

typedef enum CUctx_flags_enum {
  CU_CTX_SCHED_AUTO = 0, /* let the driver choose */
  CU_CTX_SCHED_SPIN = 1,
#if DRV_STUB_OLD
  CU_CTX_MAP_HOST = 4
#else
  CU_CTX_MAP_HOST = 8
#endif
} CUctx_flags;

typedef CUresult (*drv_init_fn)(unsigned int flags);
typedef CUresult (*drv_device_get_fn)(CUdevice *dev, int ordinal);
extern drv_init_fn cuInit;
extern drv_device_get_fn cuDeviceGet;

#endif
