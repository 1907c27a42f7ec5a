// A header that uses a compat function includes cu2hip_compat.h itself.
#include "cu2hip_compat.h"
#pragma once

__device__ inline int packed_dot(int a, int b) { return cu2hip_dp4a(a, b, 0); }
