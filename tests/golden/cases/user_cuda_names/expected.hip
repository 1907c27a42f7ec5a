#include <cstddef>
#include <hip/hip_runtime.h>

namespace mylib {
// A pool allocator that mimics the CUDA API names.
int cudaMalloc(void **p, size_t n);
int cudaFree(void *p);
inline int scratch(void **q) { return cudaMalloc(q, 64); }
}  // namespace mylib

struct Pool {
  hipStream_t stream;
  int cudaMemcpy;
  void cudaFree(void *p);
  static Pool *cudaGetDevice();
};

class Tracker {
 public:
  int cudaEventRecord = 0;
  void cudaDeviceSynchronize() { cudaEventRecord++; }
};

enum class Status { cudaSuccess, cudaErrorUnknown };

template <typename T>
struct Wrap {
  static int cudaFree(T *p);
};

#define cudaDeviceReset my_reset
void my_reset() {}

static int cudaGetLastError_calls = 0;

// Stand-in used when profiling support is compiled out.
static void cudaProfilerStart() {}

void Pool::cudaFree(void *p) { ::hipFree(p); }

int run(Pool &pool, Pool *pp, Tracker &t) {
  void *p = nullptr;
  mylib::cudaMalloc(&p, 256);
  mylib::cudaFree(p);
  pool.cudaFree(p);
  pp->cudaFree(p);
  pool.cudaMemcpy = 3;
  pp->cudaMemcpy += pool.cudaMemcpy;
  Pool *cur = Pool::cudaGetDevice();
  t.cudaDeviceSynchronize();
  t.cudaEventRecord = 0;
  cudaDeviceReset();
  cudaProfilerStart();
  mylib::scratch(&p);
  cudaGetLastError_calls++;
  hipStreamSynchronize(pool.stream);
  hipMalloc(&p, 256);
  hipFree(p);
  Status st = Status::cudaSuccess;
  Wrap<float>::cudaFree(nullptr);
  return cur != nullptr && st != Status::cudaErrorUnknown;
}

int with_using() {
  using mylib::cudaMalloc;
  void *q = nullptr;
  return cudaMalloc(&q, 16);
}
