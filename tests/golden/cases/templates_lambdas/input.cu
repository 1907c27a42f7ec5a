#include <cuda_runtime.h>
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
  explicit DeviceBuffer(size_t n) : count(n) { cudaMalloc(&ptr, n * sizeof(T)); }
  ~DeviceBuffer() { cudaFree(ptr); }
  cudaError_t upload(const std::vector<T> &h, cudaStream_t s) {
    return cudaMemcpyAsync(ptr, h.data(), count * sizeof(T), cudaMemcpyHostToDevice, s);
  }
};

constexpr int kBlock = 128;
constexpr cudaMemcpyKind kToHost = cudaMemcpyDeviceToHost;

template <typename F>
cudaError_t with_stream(F &&body) {
  cudaStream_t s;
  auto err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  if (err != cudaSuccess) return err;
  err = body(s);
  cudaStreamDestroy(s);
  return err;
}

int main() {
  DeviceBuffer<float> buf(1000);
  std::vector<float> host(1000, 1.0f);
  auto check = [](cudaError_t e) -> bool { return e == cudaSuccess; };
  auto err = with_stream([&](cudaStream_t s) {
    auto e = buf.upload(host, s);
    fill<float, kBlock><<<(1000 + kBlock - 1) / kBlock, kBlock, 0, s>>>(buf.ptr, 2.0f, 1000);
    cudaMemcpyAsync(host.data(), buf.ptr, 1000 * sizeof(float), kToHost, s);
    return e == cudaSuccess ? cudaStreamSynchronize(s) : e;
  });
  auto sync = [] { return cudaDeviceSynchronize(); };
  return check(err) && check(sync()) ? 0 : 1;
}
