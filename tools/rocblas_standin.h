#pragma once
// Declarations only, standing in for rocBLAS's <rocblas.h> in cu2hip's ROCm
// PyTorch compile check (tools/make_rocm_torch_headers.sh copies it into the
// fixture when the machine has no rocBLAS: Debian 12 does not package it).
// A ROCm build of PyTorch maps cuBLAS to rocBLAS, so its ATen/hip headers
// name these; the values are rocBLAS's.
typedef struct _rocblas_handle *rocblas_handle;
typedef enum rocblas_status_ {
  rocblas_status_success = 0,
  rocblas_status_invalid_handle = 1,
  rocblas_status_not_implemented = 2,
  rocblas_status_invalid_pointer = 3,
  rocblas_status_invalid_size = 4,
  rocblas_status_memory_error = 5,
  rocblas_status_internal_error = 6
} rocblas_status;
