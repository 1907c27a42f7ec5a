#pragma once
#include <cooperative_groups.h>
#include <driver_types.h>

namespace cg = cooperative_groups;

__device__ inline void block_sync() { cg::this_thread_block().sync(); }
