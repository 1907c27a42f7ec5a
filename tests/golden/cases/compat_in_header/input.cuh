// A header that uses a compat function includes cu2hip_compat.h itself.
#pragma once

__device__ inline int packed_dot(int a, int b) { return __dp4a(a, b, 0); }
