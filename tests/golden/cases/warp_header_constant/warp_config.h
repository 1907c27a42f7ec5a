// The project's warp size, in a header of its own.
#pragma once
#define PROJ_WARP_SIZE 32
