// streams_events.cu - overlapping copies and kernels on several streams.
//
// The input is split into chunks; each chunk is copied in, scaled by a
// kernel and copied back on its own stream, from pinned host memory.
// cudaEvent_t records time the whole pipeline.

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                          \
    do {                                                                     \
        hipError_t err_ = (call);                                           \
        if (err_ != hipSuccess) {                                           \
            std::fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__,        \
                         __LINE__, hipGetErrorString(err_));                \
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

    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    std::printf("%s: concurrentKernels=%d\n", prop.name, prop.concurrentKernels);

    float *h_in = nullptr, *h_out = nullptr;
    CHECK(hipHostMalloc(&h_in, static_cast<size_t>(n) * sizeof(float)));
    CHECK(hipHostMalloc(reinterpret_cast<void **>(&h_out),
                        static_cast<size_t>(n) * sizeof(float),
                        hipHostMallocDefault));
    for (int i = 0; i < n; ++i)
        h_in[i] = static_cast<float>(i % 1024) / 64.0f;

    float *d_buf = nullptr;
    CHECK(hipMalloc(&d_buf, static_cast<size_t>(n) * sizeof(float)));

    hipStream_t streams[kStreams];
    for (int s = 0; s < kStreams; ++s)
        CHECK(hipStreamCreateWithFlags(&streams[s], hipStreamNonBlocking));

    hipEvent_t start, stop;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreate(&stop));

    CHECK(hipEventRecord(start, 0));
    const int block = 256;
    const int grid = (chunk + block - 1) / block;
    for (int s = 0; s < kStreams; ++s) {
        const size_t off = static_cast<size_t>(s) * chunk;
        CHECK(hipMemcpyAsync(d_buf + off, h_in + off, chunk_bytes,
                              hipMemcpyHostToDevice, streams[s]));
        saxpy_iter<8><<<grid, block, 0, streams[s]>>>(d_buf + off, a, b, chunk);
        CHECK(hipGetLastError());
        CHECK(hipMemcpyAsync(h_out + off, d_buf + off, chunk_bytes,
                              hipMemcpyDeviceToHost, streams[s]));
    }
    for (int s = 0; s < kStreams; ++s)
        CHECK(hipStreamSynchronize(streams[s]));
    CHECK(hipEventRecord(stop, 0));
    CHECK(hipEventSynchronize(stop));

    float ms = 0.0f;
    CHECK(hipEventElapsedTime(&ms, start, stop));
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

    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    for (int s = 0; s < kStreams; ++s)
        CHECK(hipStreamDestroy(streams[s]));
    CHECK(hipFree(d_buf));
    CHECK(hipHostFree(h_in));
    CHECK(hipHostFree(h_out));

    if (errors != 0) {
        std::printf("FAIL (%d mismatches)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
