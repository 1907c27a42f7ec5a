// streams_events.cu - overlapping copies and kernels on several streams.
//
// The input is split into chunks; each chunk is copied in, scaled by a
// kernel and copied back on its own stream, from pinned host memory.
// cudaEvent_t records time the whole pipeline.

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            std::fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__,        \
                         __LINE__, cudaGetErrorString(err_));                \
            std::exit(EXIT_FAILURE);                                         \
        }                                                                    \
    } while (0)

constexpr int kStreams = 4;

template <int ITERS>
__global__ void saxpy_iter(float *data, float a, float b, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = data[i];
#pragma unroll
        for (int k = 0; k < ITERS; ++k)
            v = a * v + b;
        data[i] = v;
    }
}

static float cpu_saxpy_iter(float v, float a, float b, int iters)
{
    for (int k = 0; k < iters; ++k)
        v = a * v + b;
    return v;
}

int main()
{
    const int n = 1 << 22;
    const int chunk = n / kStreams;
    const size_t chunk_bytes = static_cast<size_t>(chunk) * sizeof(float);
    const float a = 0.5f, b = 1.0f;

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s: concurrentKernels=%d\n", prop.name, prop.concurrentKernels);

    float *h_in = nullptr, *h_out = nullptr;
    CHECK(cudaMallocHost(&h_in, static_cast<size_t>(n) * sizeof(float)));
    CHECK(cudaHostAlloc(reinterpret_cast<void **>(&h_out),
                        static_cast<size_t>(n) * sizeof(float),
                        cudaHostAllocDefault));
    for (int i = 0; i < n; ++i)
        h_in[i] = static_cast<float>(i % 1024) / 64.0f;

    float *d_buf = nullptr;
    CHECK(cudaMalloc(&d_buf, static_cast<size_t>(n) * sizeof(float)));

    cudaStream_t streams[kStreams];
    for (int s = 0; s < kStreams; ++s)
        CHECK(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    CHECK(cudaEventRecord(start, 0));
    const int block = 256;
    const int grid = (chunk + block - 1) / block;
    for (int s = 0; s < kStreams; ++s) {
        const size_t off = static_cast<size_t>(s) * chunk;
        CHECK(cudaMemcpyAsync(d_buf + off, h_in + off, chunk_bytes,
                              cudaMemcpyHostToDevice, streams[s]));
        saxpy_iter<8><<<grid, block, 0, streams[s]>>>(d_buf + off, a, b, chunk);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpyAsync(h_out + off, d_buf + off, chunk_bytes,
                              cudaMemcpyDeviceToHost, streams[s]));
    }
    for (int s = 0; s < kStreams; ++s)
        CHECK(cudaStreamSynchronize(streams[s]));
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));

    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    std::printf("pipeline of %d streams: %.3f ms\n", kStreams, ms);

    int errors = 0;
    for (int i = 0; i < kStreams * chunk; ++i) {
        const float want = cpu_saxpy_iter(h_in[i], a, b, 8);
        if (std::fabs(h_out[i] - want) > 1e-5f * (1.0f + std::fabs(want))) {
            if (errors < 10)
                std::fprintf(stderr, "out[%d] = %f, want %f\n", i, h_out[i], want);
            ++errors;
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    for (int s = 0; s < kStreams; ++s)
        CHECK(cudaStreamDestroy(streams[s]));
    CHECK(cudaFree(d_buf));
    CHECK(cudaFreeHost(h_in));
    CHECK(cudaFreeHost(h_out));

    if (errors != 0) {
        std::printf("FAIL (%d mismatches)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
