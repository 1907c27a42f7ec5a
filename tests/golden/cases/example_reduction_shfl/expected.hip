// reduction_shfl.cu - sum reduction with warp shuffles.
//
// Each block reduces its slice in two stages: a warp-level tree with
// __shfl_down_sync, then the per-warp partials (kept in dynamic shared
// memory) are reduced by the first warp.  The block result is added to the
// global total with atomicAdd.  The kernel is a template, launched as
// block_reduce<T, BLOCK><<<grid, block, smem>>>(...).

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

template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down(v, offset);
    return v;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
block_reduce(const T *__restrict__ in, T *__restrict__ out, int n)
{
    extern __shared__ unsigned char smem_raw[];
    T *warp_sums = reinterpret_cast<T *>(smem_raw);

    const int lane = threadIdx.x % warpSize;
    const int warp = threadIdx.x / warpSize;
    const int nwarps = (BLOCK + warpSize - 1) / warpSize;

    T sum = T(0);
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n;
         i += BLOCK * gridDim.x)
        sum += in[i];

    sum = warp_reduce_sum(sum);
    if (lane == 0)
        warp_sums[warp] = sum;
    __syncthreads();

    if (warp == 0) {
        sum = (lane < nwarps) ? warp_sums[lane] : T(0);
        sum = warp_reduce_sum(sum);
        if (lane == 0)
            atomicAdd(out, sum);
    }
}

template <typename T, int BLOCK>
static T reduce_on_device(const std::vector<T> &host, int warp_size,
                          int sm_count)
{
    const int n = static_cast<int>(host.size());
    const size_t bytes = host.size() * sizeof(T);

    T *d_in = nullptr, *d_out = nullptr;
    CHECK(hipMalloc(&d_in, bytes));
    CHECK(hipMalloc(&d_out, sizeof(T)));
    CHECK(hipMemcpy(d_in, host.data(), bytes, hipMemcpyHostToDevice));
    CHECK(hipMemset(d_out, 0, sizeof(T)));

    int grid = (n + BLOCK - 1) / BLOCK;
    if (grid > sm_count * 8)
        grid = sm_count * 8;
    const int nwarps = (BLOCK + warp_size - 1) / warp_size;
    const size_t smem = static_cast<size_t>(nwarps) * sizeof(T);

    block_reduce<T, BLOCK><<<grid, BLOCK, smem>>>(d_in, d_out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    T result = T(0);
    CHECK(hipMemcpy(&result, d_out, sizeof(T), hipMemcpyDeviceToHost));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
    return result;
}

int main()
{
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    const int sm_count = prop.multiProcessorCount > 0 ? prop.multiProcessorCount : 1;

    const int n = 1 << 22;
    std::vector<float> xf(n);
    std::vector<int> xi(n);
    double ref_f = 0.0;
    long long ref_i = 0;
    for (int i = 0; i < n; ++i) {
        // Small integers: every partial sum is exact in float.
        xf[i] = static_cast<float>(i % 5);
        xi[i] = (i * 7) % 13 - 6;
        ref_f += xf[i];
        ref_i += xi[i];
    }

    const float got_f = reduce_on_device<float, 256>(xf, prop.warpSize, sm_count);
    const int got_i = reduce_on_device<int, 128>(xi, prop.warpSize, sm_count);

    bool ok = true;
    if (std::fabs(static_cast<double>(got_f) - ref_f) > 1e-6 * ref_f) {
        std::fprintf(stderr, "float sum: got %.1f, want %.1f\n",
                     static_cast<double>(got_f), ref_f);
        ok = false;
    }
    if (static_cast<long long>(got_i) != ref_i) {
        std::fprintf(stderr, "int sum: got %d, want %lld\n", got_i, ref_i);
        ok = false;
    }

    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
