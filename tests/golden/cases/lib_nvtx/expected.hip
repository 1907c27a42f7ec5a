#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

__global__ void work(float *x) { x[threadIdx.x] += 1.0f; }

int main() {
  float *x;
  hipMalloc(&x, 256 * sizeof(float));
  roctxRangePushA("iteration");
  roctxMarkA("launch");
  work<<<1, 256>>>(x);
  roctx_range_id_t id = roctxRangeStartA("sync");
  hipDeviceSynchronize();
  roctxRangeStop(id);
  roctxRangePop();
  nvtxNameOsThreadA(0, "main");
  hipFree(x);
  return 0;
}
