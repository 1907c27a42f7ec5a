#include <cuda_runtime.h>

__device__ int lock;
__device__ float total;
__device__ volatile int go;

// One elected lane per warp takes the lock.
__global__ void add_elected(const float *in) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x % warpSize == 0) {
    while (atomicCAS(&lock, 0, 1) != 0)
      ;
    total += v;
    atomicExch(&lock, 0);
  }
}

__global__ void add_block_leader(float v) {
  int lane = threadIdx.x % warpSize;
  if (lane != 0) return;
  while (atomicExch(&lock, 1) != 0) {
  }
  total += v;
  atomicExch(&lock, 0);
}

__device__ void with_rank(unsigned rank, float v) {
  if (rank == 0 && v > 0.0f) {
    while (atomicCAS(&lock, 0, 1)) {
    }
    total += v;
    atomicExch(&lock, 0);
  }
}

// A lock helper that only elected lanes call.
__device__ void lock_mutex(int *m) {
  while (atomicCAS(m, 0, 1) != 0) {
  }
}

__device__ void unlock_mutex(int *m) { atomicExch(m, 0); }

__global__ void add_helper(int *m, float v) {
  if (threadIdx.x == 0) {
    lock_mutex(m);
    total += v;
    unlock_mutex(m);
  }
}

// Try once per iteration: the lane that got the lock finishes and leaves.
__global__ void add_try(float v) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&lock, 0, 1) == 0) {
      total += v;
      __threadfence();
      atomicExch(&lock, 0);
      done = true;
    }
  }
}

// Lock-free update: a compare-and-swap loop, not a lock.
__device__ float atomic_max(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

// Every lane waits for another block: no lane of this wavefront sets it.
__global__ void wait_for_host(int *out) {
  while (go == 0)
    ;
  out[threadIdx.x] = 1;
}

// Loops with atomics that are not waits.
__global__ void histogram(const int *in, int *bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[in[i]], 1);
  int i = threadIdx.x;
  while (i < n) {
    atomicAdd(&bins[0], in[i]);
    i += blockDim.x;
  }
}

// Host code may spin on host atomics.
void host_spin(volatile int *flag) {
  while (*flag == 0) {
  }
}
