// vector_add.cu - element-wise vector addition with full error checking.
//
// Shows the basic CUDA runtime workflow: device query, cudaMalloc,
// cudaMemcpy, a <<<grid, block>>> launch, cudaGetLastError,
// cudaDeviceSynchronize and cudaFree.

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

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    // Grid-stride loop: correct for any grid size.
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        c[i] = a[i] + b[i];
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);

    int device = 0;
    CHECK(hipGetDevice(&device));
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, device));
    std::printf("Device %d: %s, %d SMs, warp size %d\n", device, prop.name,
                prop.multiProcessorCount, prop.warpSize);

    std::vector<float> h_a(n), h_b(n), h_c(n), ref(n);
    for (int i = 0; i < n; ++i) {
        h_a[i] = static_cast<float>(i % 1000) * 0.5f;
        h_b[i] = static_cast<float>((n - i) % 777) * 0.25f;
        ref[i] = h_a[i] + h_b[i];
    }

    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    CHECK(hipMalloc(&d_a, bytes));
    CHECK(hipMalloc(reinterpret_cast<void **>(&d_b), bytes));
    CHECK(hipMalloc(&d_c, bytes));

    CHECK(hipMemcpy(d_a, h_a.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_b, h_b.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipMemset(d_c, 0, bytes));

    const int block = 256;
    int grid = (n + block - 1) / block;
    const int max_grid = prop.multiProcessorCount * 32;
    if (max_grid > 0 && grid > max_grid)
        grid = max_grid;

    vector_add<<<grid, block>>>(d_a, d_b, d_c, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    CHECK(hipMemcpy(h_c.data(), d_c, bytes, hipMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        if (std::fabs(h_c[i] - ref[i]) > 1e-5f) {
            if (errors < 10)
                std::fprintf(stderr, "mismatch at %d: got %f, want %f\n", i,
                             h_c[i], ref[i]);
            ++errors;
        }
    }

    CHECK(hipFree(d_a));
    CHECK(hipFree(d_b));
    CHECK(hipFree(d_c));

    if (errors != 0) {
        std::printf("FAIL (%d mismatches)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
