// A project header that names lane masks for the kernels that include it.
#pragma once
#include <stdint.h>
#define WARP_ALL 0xffffffff
#define WARP_LOW16 0x0000ffff
#define WARP_ALL_CAST ((unsigned int)-1)
constexpr unsigned kWarpAll = ~0u;
enum { kEveryLaneEnum = 0xffffffff };
