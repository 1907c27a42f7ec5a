// The project's warp size, for both platforms.
#pragma once
#ifdef USE_ROCM
#define PROJ_WARP_SIZE 64
#else
#define PROJ_WARP_SIZE 32
#endif
