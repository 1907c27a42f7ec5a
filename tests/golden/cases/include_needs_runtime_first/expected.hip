#pragma once
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/driver_types.h>

namespace cg = cooperative_groups;

__device__ inline void block_sync() { cg::this_thread_block().sync(); }
