// constant_memory.cu - 1D stencil with coefficients in __constant__ memory.
//
// The stencil weights live in a __constant__ array filled with
// cudaMemcpyToSymbol and verified with cudaMemcpyFromSymbol.  A __device__
// global counter (how many outputs touched the boundary) is reset through
// the pointer from cudaGetSymbolAddress and read back with
// cudaMemcpyFromSymbol.

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                          \
    do {                                                                     \
        hipError_t err_ = (call);                                           \
        if (err_ != hipSuccess) {                                           \
            std::fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__,        \
                         __LINE__, hipGetErrorString(err_));                \
            std::exit(EXIT_FAILURE);                                         \
        }                                                                    \
    } while (0)

#define RADIUS 3
#define WIDTH (2 * RADIUS + 1)

__constant__ float c_weights[WIDTH];
__device__ unsigned int d_boundary_hits;

__global__ void stencil_1d(const float *in, float *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    float acc = 0.0f;
    bool clamped = false;
    for (int k = -RADIUS; k <= RADIUS; ++k) {
        int j = i + k;
        if (j < 0 || j >= n) {
            j = j < 0 ? 0 : n - 1; // clamp to the edge
            clamped = true;
        }
        acc += c_weights[k + RADIUS] * in[j];
    }
    out[i] = acc;
    if (clamped)
        atomicAdd(&d_boundary_hits, 1u);
}

int main()
{
    const int n = 100000;
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);

    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    std::printf("%s: %zu bytes of constant memory\n", prop.name,
                prop.totalConstMem);

    // Binomial weights, normalised: 1 6 15 20 15 6 1 / 64.
    const float h_weights[WIDTH] = {1.f / 64, 6.f / 64, 15.f / 64, 20.f / 64,
                                    15.f / 64, 6.f / 64, 1.f / 64};
    CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_weights), h_weights, sizeof(h_weights)));

    float readback[WIDTH] = {};
    CHECK(hipMemcpyFromSymbol(readback, HIP_SYMBOL(c_weights), sizeof(readback), 0,
                               hipMemcpyDeviceToHost));
    for (int k = 0; k < WIDTH; ++k) {
        if (readback[k] != h_weights[k]) {
            std::printf("FAIL (constant readback at %d)\n", k);
            return EXIT_FAILURE;
        }
    }

    unsigned int *d_hits = nullptr;
    CHECK(hipGetSymbolAddress(reinterpret_cast<void **>(&d_hits),
                               HIP_SYMBOL(d_boundary_hits)));
    CHECK(hipMemset(d_hits, 0, sizeof(unsigned int)));

    std::vector<float> h_in(n), h_out(n), ref(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = std::sin(static_cast<float>(i) * 0.01f);

    for (int i = 0; i < n; ++i) {
        float acc = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; ++k) {
            int j = i + k;
            j = j < 0 ? 0 : (j >= n ? n - 1 : j);
            acc += h_weights[k + RADIUS] * h_in[j];
        }
        ref[i] = acc;
    }

    float *d_in = nullptr, *d_out = nullptr;
    CHECK(hipMalloc(&d_in, bytes));
    CHECK(hipMalloc(&d_out, bytes));
    CHECK(hipMemcpy(d_in, h_in.data(), bytes, hipMemcpyHostToDevice));

    const int block = 128;
    stencil_1d<<<(n + block - 1) / block, block>>>(d_in, d_out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    CHECK(hipMemcpy(h_out.data(), d_out, bytes, hipMemcpyDeviceToHost));
    unsigned int hits = 0;
    CHECK(hipMemcpyFromSymbol(&hits, HIP_SYMBOL(d_boundary_hits), sizeof(hits)));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        if (std::fabs(h_out[i] - ref[i]) > 1e-5f) {
            if (errors < 10)
                std::fprintf(stderr, "out[%d] = %f, want %f\n", i, h_out[i], ref[i]);
            ++errors;
        }
    }
    const unsigned int want_hits = 2 * RADIUS; // RADIUS outputs at each end
    if (hits != want_hits) {
        std::fprintf(stderr, "boundary hits: got %u, want %u\n", hits, want_hits);
        ++errors;
    }

    if (errors != 0) {
        std::printf("FAIL (%d errors)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
