// y = a * x on the GPU.
#pragma once
#include <cuda_runtime.h>

void launch_scale(float a, float *x, int n, cudaStream_t stream);
