#include <hip/hip_runtime.h>
#include <vector>

template <typename T, int BLOCK>
__global__ void fill(T *out, T value, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) out[i] = value;
}

template <typename T>
struct DeviceBuffer {
  T *ptr = nullptr;
  size_t count = 0;
  explicit DeviceBuffer(size_t n) : count(n) { hipMalloc(&ptr, n * sizeof(T)); }
  ~DeviceBuffer() { hipFree(ptr); }
  hipError_t upload(const std::vector<T> &h, hipStream_t s) {
    return hipMemcpyAsync(ptr, h.data(), count * sizeof(T), hipMemcpyHostToDevice, s);
  }
};

constexpr int kBlock = 128;
constexpr hipMemcpyKind kToHost = hipMemcpyDeviceToHost;

template <typename F>
hipError_t with_stream(F &&body) {
  hipStream_t s;
  auto err = hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
  if (err != hipSuccess) return err;
  err = body(s);
  hipStreamDestroy(s);
  return err;
}

int main() {
  DeviceBuffer<float> buf(1000);
  std::vector<float> host(1000, 1.0f);
  auto check = [](hipError_t e) -> bool { return e == hipSuccess; };
  auto err = with_stream([&](hipStream_t s) {
    auto e = buf.upload(host, s);
    fill<float, kBlock><<<(1000 + kBlock - 1) / kBlock, kBlock, 0, s>>>(buf.ptr, 2.0f, 1000);
    hipMemcpyAsync(host.data(), buf.ptr, 1000 * sizeof(float), kToHost, s);
    return e == hipSuccess ? hipStreamSynchronize(s) : e;
  });
  auto sync = [] { return hipDeviceSynchronize(); };
  return check(err) && check(sync()) ? 0 : 1;
}
