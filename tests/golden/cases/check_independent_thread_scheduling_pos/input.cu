#include <cuda_runtime.h>

__device__ int lock;
__device__ float total;

// Every lane takes the lock: lanes of one wavefront wait on each other.
__global__ void add_locked(const float *in) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  while (atomicCAS(&lock, 0, 1) != 0)
    ;
  total += v;
  __threadfence();
  atomicExch(&lock, 0);
}

__device__ void acquire(int *mutex) {
  while (atomicExch(mutex, 1) == 1) {
  }
}

__device__ void acquire_do(int *mutex) {
  do {
    __threadfence();
  } while (atomicCAS(mutex, 0, 1) != 0);
}

// The upper half of each warp waits for a flag the lower half sets.
__global__ void handoff(volatile int *ready, int *data) {
  int lane = threadIdx.x % warpSize;
  if (lane >= warpSize / 2) {
    while (*ready == 0)
      ;
    data[threadIdx.x] = data[threadIdx.x - warpSize / 2];
  } else {
    data[threadIdx.x] = lane;
    __threadfence_block();
    *ready = 1;
  }
}

// Odd threads wait until the even threads of the block have arrived.
__global__ void counted(int *arrived, int *out) {
  if (threadIdx.x % 2 == 0) {
    atomicAdd(arrived, 1);
  } else {
    while (atomicAdd(arrived, 0) < (int)blockDim.x / 2) {
    }
    out[threadIdx.x] = 1;
  }
}
