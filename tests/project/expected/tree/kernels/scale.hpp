// y = a * x on the GPU.
#pragma once
#include <hip/hip_runtime.h>

void launch_scale(float a, float *x, int n, hipStream_t stream);
