/* A kernel file that defines a macro before it includes anything. */
#define real_t double
#include "missing_config.h"

__global__ void scale(real_t *v, real_t a) { v[threadIdx.x] *= a; }
