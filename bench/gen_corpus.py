#!/usr/bin/env python3
"""Generate a deterministic corpus of realistic CUDA sources for benchmarking.

usage: gen_corpus.py OUTDIR [--files N] [--seed S]

Each file is a self-contained CUDA program of 100-600 lines built from a
varied mix of kernels (shared-memory tiling, warp shuffles, atomics,
templates, constant memory, cooperative groups, vector types) together with
their host launchers (cudaMalloc / cudaMemcpy* / streams / events /
error-check macros) and a main().  Same seed, same bytes.
"""

import argparse
import os
import random

PREFIXES = ["solver", "physics", "image", "nbody", "sparse", "fft", "conv",
            "lattice", "stats", "ml", "signal", "mesh", "sph", "md", "cfd",
            "ray", "graph", "blas", "quant", "seismic"]
NOUNS = ["field", "grid", "batch", "tile", "chunk", "panel", "frame", "slab",
         "wave", "cell", "bucket", "block", "lane", "strip"]
TYPES = ["float", "double", "int"]
FTYPES = ["float", "double"]


def sub(text, **kw):
    for k, v in kw.items():
        text = text.replace("@" + k + "@", str(v))
    return text


# ---------------------------------------------------------------------------
# Error-check styles

CHECK_MACROS = [
    ("CHECK", """#define CHECK(call)                                                          \\
    do {                                                                     \\
        cudaError_t err_ = (call);                                           \\
        if (err_ != cudaSuccess) {                                           \\
            std::fprintf(stderr, "%s:%d: CUDA error: %s\\n", __FILE__,        \\
                         __LINE__, cudaGetErrorString(err_));                \\
            std::exit(EXIT_FAILURE);                                         \\
        }                                                                    \\
    } while (0)
"""),
    ("CUDA_CHECK", """#define CUDA_CHECK(expr)                                                     \\
    do {                                                                     \\
        const cudaError_t status_ = (expr);                                  \\
        if (status_ != cudaSuccess) {                                        \\
            std::fprintf(stderr, "CUDA failure '%s' (%s) at %s:%d\\n",        \\
                         cudaGetErrorString(status_),                        \\
                         cudaGetErrorName(status_), __FILE__, __LINE__);     \\
            cudaDeviceReset();                                               \\
            std::abort();                                                    \\
        }                                                                    \\
    } while (false)
"""),
    ("checkCudaErrors", """static void check_cuda(cudaError_t result, const char *func,
                       const char *file, int line)
{
    if (result != cudaSuccess) {
        std::fprintf(stderr, "CUDA error at %s:%d code=%d (%s) \\"%s\\"\\n",
                     file, line, static_cast<int>(result),
                     cudaGetErrorString(result), func);
        cudaDeviceReset();
        std::exit(EXIT_FAILURE);
    }
}

#define checkCudaErrors(val) check_cuda((val), #val, __FILE__, __LINE__)
"""),
]

# ---------------------------------------------------------------------------
# Kernel modules: (kernel text, launcher text).  Placeholders: @S@ unique
# suffix, @T@ element type, @B@ block size, @C@ check macro, @N@ a name.

MODULES = {}

MODULES["axpy"] = ("""
// Grid-stride @N@ update: y = a * x + y, with an optional clamp.
template <typename T>
__global__ void axpy_@S@(int n, T a, const T *__restrict__ x,
                         T *__restrict__ y, T lo, T hi)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        T v = a * x[i] + y[i];
        v = v < lo ? lo : v;
        v = v > hi ? hi : v;
        y[i] = v;
    }
}
""", """
static void run_axpy_@S@(cudaStream_t stream, int n)
{
    std::vector<@T@> h_x(n), h_y(n);
    for (int i = 0; i < n; ++i) {
        h_x[i] = static_cast<@T@>(i % 17);
        h_y[i] = static_cast<@T@>(1);
    }
    @T@ *d_x = nullptr, *d_y = nullptr;
    const size_t bytes = static_cast<size_t>(n) * sizeof(@T@);
    @C@(cudaMalloc(&d_x, bytes));
    @C@(cudaMalloc(&d_y, bytes));
    @C@(cudaMemcpyAsync(d_x, h_x.data(), bytes, cudaMemcpyHostToDevice, stream));
    @C@(cudaMemcpyAsync(d_y, h_y.data(), bytes, cudaMemcpyHostToDevice, stream));
    const int block = @B@;
    const int grid = std::min((n + block - 1) / block, 1024);
    axpy_@S@<@T@><<<grid, block, 0, stream>>>(n, @T@(2), d_x, d_y, @T@(-100), @T@(100));
    @C@(cudaGetLastError());
    @C@(cudaMemcpyAsync(h_y.data(), d_y, bytes, cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    std::printf("axpy_@S@: y[7] = %f\\n", static_cast<double>(h_y[7]));
    @C@(cudaFree(d_x));
    @C@(cudaFree(d_y));
}
""")

MODULES["reduce"] = ("""
// Two-stage @N@ reduction: warp shuffles, then shared memory, then atomics.
template <typename T>
__device__ __forceinline__ T warp_sum_@S@(T v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
reduce_@S@(const T *__restrict__ in, T *__restrict__ out, int n)
{
    extern __shared__ unsigned char smem_@S@[];
    T *partial = reinterpret_cast<T *>(smem_@S@);
    const int lane = threadIdx.x % warpSize;
    const int warp = threadIdx.x / warpSize;
    const int nwarps = (BLOCK + warpSize - 1) / warpSize;

    T sum = T(0);
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
        sum += in[i];
    sum = warp_sum_@S@(sum);
    if (lane == 0)
        partial[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = lane < nwarps ? partial[lane] : T(0);
        sum = warp_sum_@S@(sum);
        if (lane == 0)
            atomicAdd(out, sum);
    }
}
""", """
static @T@ run_reduce_@S@(cudaStream_t stream, int n)
{
    constexpr int BLOCK = @B@;
    std::vector<@T@> h_in(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = static_cast<@T@>((i * 7) % 5);
    @T@ *d_in = nullptr, *d_out = nullptr;
    @C@(cudaMalloc(reinterpret_cast<void **>(&d_in), n * sizeof(@T@)));
    @C@(cudaMalloc(reinterpret_cast<void **>(&d_out), sizeof(@T@)));
    @C@(cudaMemcpy(d_in, h_in.data(), n * sizeof(@T@), cudaMemcpyHostToDevice));
    @C@(cudaMemsetAsync(d_out, 0, sizeof(@T@), stream));
    const int grid = std::min((n + BLOCK - 1) / BLOCK, 256);
    const size_t smem = ((BLOCK + 31) / 32) * sizeof(@T@);
    reduce_@S@<@T@, BLOCK><<<grid, BLOCK, smem, stream>>>(d_in, d_out, n);
    @C@(cudaGetLastError());
    @T@ result = 0;
    @C@(cudaMemcpyAsync(&result, d_out, sizeof(@T@), cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    @C@(cudaFree(d_in));
    @C@(cudaFree(d_out));
    return result;
}
""")

MODULES["matmul"] = ("""
// Shared-memory tiled matrix multiply for the @N@ panels.
#define TILE_@S@ @TILE@

__global__ void matmul_@S@(const @F@ *A, const @F@ *B, @F@ *C, int M, int N, int K)
{
    __shared__ @F@ As[TILE_@S@][TILE_@S@];
    __shared__ @F@ Bs[TILE_@S@][TILE_@S@];
    const int row = blockIdx.y * TILE_@S@ + threadIdx.y;
    const int col = blockIdx.x * TILE_@S@ + threadIdx.x;
    @F@ acc = 0;
    for (int t = 0; t < (K + TILE_@S@ - 1) / TILE_@S@; ++t) {
        const int ac = t * TILE_@S@ + threadIdx.x;
        const int br = t * TILE_@S@ + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ac < K) ? A[row * K + ac] : @F@(0);
        Bs[threadIdx.y][threadIdx.x] = (br < K && col < N) ? B[br * N + col] : @F@(0);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE_@S@; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}
""", """
static void run_matmul_@S@(int M, int N, int K)
{
    const size_t a_bytes = sizeof(@F@) * M * K;
    const size_t b_bytes = sizeof(@F@) * K * N;
    const size_t c_bytes = sizeof(@F@) * M * N;
    @F@ *h_a = static_cast<@F@ *>(std::malloc(a_bytes));
    @F@ *h_b = static_cast<@F@ *>(std::malloc(b_bytes));
    @F@ *h_c = static_cast<@F@ *>(std::malloc(c_bytes));
    for (int i = 0; i < M * K; ++i) h_a[i] = @F@(i % 3);
    for (int i = 0; i < K * N; ++i) h_b[i] = @F@(i % 5);
    @F@ *d_a, *d_b, *d_c;
    @C@(cudaMalloc(&d_a, a_bytes));
    @C@(cudaMalloc(&d_b, b_bytes));
    @C@(cudaMalloc(&d_c, c_bytes));
    @C@(cudaMemcpy(d_a, h_a, a_bytes, cudaMemcpyHostToDevice));
    @C@(cudaMemcpy(d_b, h_b, b_bytes, cudaMemcpyHostToDevice));
    dim3 block(TILE_@S@, TILE_@S@);
    dim3 grid((N + TILE_@S@ - 1) / TILE_@S@, (M + TILE_@S@ - 1) / TILE_@S@);
    cudaEvent_t start, stop;
    @C@(cudaEventCreate(&start));
    @C@(cudaEventCreate(&stop));
    @C@(cudaEventRecord(start));
    matmul_@S@<<<grid, block>>>(d_a, d_b, d_c, M, N, K);
    @C@(cudaGetLastError());
    @C@(cudaEventRecord(stop));
    @C@(cudaEventSynchronize(stop));
    float ms = 0.0f;
    @C@(cudaEventElapsedTime(&ms, start, stop));
    @C@(cudaMemcpy(h_c, d_c, c_bytes, cudaMemcpyDeviceToHost));
    std::printf("matmul_@S@ %dx%dx%d: %.3f ms, c[0]=%f\\n", M, N, K, ms,
                static_cast<double>(h_c[0]));
    @C@(cudaEventDestroy(start));
    @C@(cudaEventDestroy(stop));
    @C@(cudaFree(d_a));
    @C@(cudaFree(d_b));
    @C@(cudaFree(d_c));
    std::free(h_a);
    std::free(h_b);
    std::free(h_c);
}
""")

MODULES["histogram"] = ("""
// Privatised @N@ histogram: per-block bins in shared memory, merged with
// global atomics.  Also tracks the maximum through atomicMax / atomicCAS.
#define BINS_@S@ @BINS@

__device__ float atomic_max_float_@S@(float *addr, float value)
{
    int *addr_as_int = reinterpret_cast<int *>(addr);
    int old = *addr_as_int, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= value)
            break;
        old = atomicCAS(addr_as_int, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void histogram_@S@(const float *data, int n, float lo, float hi,
                              unsigned int *bins, float *max_out, int *count_out)
{
    __shared__ unsigned int local[BINS_@S@];
    for (int b = threadIdx.x; b < BINS_@S@; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    const float scale = BINS_@S@ / (hi - lo);
    float my_max = lo;
    int my_count = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        const float v = data[i];
        int b = static_cast<int>((v - lo) * scale);
        b = min(max(b, 0), BINS_@S@ - 1);
        atomicAdd(&local[b], 1u);
        my_max = fmaxf(my_max, v);
        my_count += v > 0.0f;
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS_@S@; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
    atomic_max_float_@S@(max_out, my_max);
    atomicAdd(count_out, my_count);
}
""", """
static void run_histogram_@S@(cudaStream_t stream, int n)
{
    float *h_data = nullptr;
    @C@(cudaMallocHost(&h_data, n * sizeof(float)));
    for (int i = 0; i < n; ++i)
        h_data[i] = std::sin(0.001f * i) * 10.0f;
    float *d_data, *d_max;
    unsigned int *d_bins;
    int *d_count;
    @C@(cudaMalloc(&d_data, n * sizeof(float)));
    @C@(cudaMalloc(&d_bins, BINS_@S@ * sizeof(unsigned int)));
    @C@(cudaMalloc(&d_max, sizeof(float)));
    @C@(cudaMalloc(&d_count, sizeof(int)));
    @C@(cudaMemsetAsync(d_bins, 0, BINS_@S@ * sizeof(unsigned int), stream));
    @C@(cudaMemsetAsync(d_count, 0, sizeof(int), stream));
    const float init = -1e30f;
    @C@(cudaMemcpyAsync(d_max, &init, sizeof(float), cudaMemcpyHostToDevice, stream));
    @C@(cudaMemcpyAsync(d_data, h_data, n * sizeof(float), cudaMemcpyHostToDevice, stream));
    histogram_@S@<<<(n + @B@ - 1) / @B@, @B@, 0, stream>>>(d_data, n, -10.0f, 10.0f,
                                                  d_bins, d_max, d_count);
    @C@(cudaPeekAtLastError());
    unsigned int h_bins[BINS_@S@];
    float h_max = 0.0f;
    int h_count = 0;
    @C@(cudaMemcpyAsync(h_bins, d_bins, sizeof h_bins, cudaMemcpyDeviceToHost, stream));
    @C@(cudaMemcpyAsync(&h_max, d_max, sizeof h_max, cudaMemcpyDeviceToHost, stream));
    @C@(cudaMemcpyAsync(&h_count, d_count, sizeof h_count, cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    std::printf("histogram_@S@: bin0=%u max=%f positive=%d\\n", h_bins[0], h_max, h_count);
    @C@(cudaFree(d_data));
    @C@(cudaFree(d_bins));
    @C@(cudaFree(d_max));
    @C@(cudaFree(d_count));
    @C@(cudaFreeHost(h_data));
}
""")

MODULES["stencil"] = ("""
// @N@ 1-D stencil: halo in shared memory, coefficients in constant memory.
#define RADIUS_@S@ @R@
__constant__ float coeff_@S@[2 * RADIUS_@S@ + 1];

__global__ void stencil_@S@(const float *in, float *out, int n)
{
    extern __shared__ float tile_@S@[];
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    const int l = threadIdx.x + RADIUS_@S@;
    tile_@S@[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS_@S@) {
        const int left = g - RADIUS_@S@;
        const int right = g + blockDim.x;
        tile_@S@[l - RADIUS_@S@] = left >= 0 ? in[left] : 0.0f;
        tile_@S@[l + blockDim.x] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();
    if (g >= n)
        return;
    float acc = 0.0f;
#pragma unroll
    for (int k = -RADIUS_@S@; k <= RADIUS_@S@; ++k)
        acc = fmaf(coeff_@S@[k + RADIUS_@S@], tile_@S@[l + k], acc);
    out[g] = acc;
}
""", """
static void run_stencil_@S@(cudaStream_t stream, int n)
{
    float h_coeff[2 * RADIUS_@S@ + 1];
    for (int k = 0; k < 2 * RADIUS_@S@ + 1; ++k)
        h_coeff[k] = 1.0f / (2 * RADIUS_@S@ + 1);
    @C@(cudaMemcpyToSymbol(coeff_@S@, h_coeff, sizeof h_coeff));
    float *d_in, *d_out;
    @C@(cudaMalloc(&d_in, n * sizeof(float)));
    @C@(cudaMalloc(&d_out, n * sizeof(float)));
    @C@(cudaMemsetAsync(d_in, 0, n * sizeof(float), stream));
    const int block = @B@;
    const size_t smem = (block + 2 * RADIUS_@S@) * sizeof(float);
    stencil_@S@<<<(n + block - 1) / block, block, smem, stream>>>(d_in, d_out, n);
    @C@(cudaGetLastError());
    std::vector<float> h_out(n);
    @C@(cudaMemcpyAsync(h_out.data(), d_out, n * sizeof(float),
                        cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    float check = 0.0f;
    @C@(cudaMemcpyFromSymbol(&check, coeff_@S@, sizeof(float)));
    std::printf("stencil_@S@: out[1]=%f coeff=%f\\n", h_out[1], check);
    @C@(cudaFree(d_in));
    @C@(cudaFree(d_out));
}
""")

MODULES["transpose"] = ("""
// Bank-conflict-free @N@ transpose (padded shared tile).
constexpr int TDIM_@S@ = 32;
constexpr int TROWS_@S@ = 8;

template <typename T>
__global__ void transpose_@S@(T *odata, const T *idata, int width, int height)
{
    __shared__ T tile[TDIM_@S@][TDIM_@S@ + 1];
    int x = blockIdx.x * TDIM_@S@ + threadIdx.x;
    int y = blockIdx.y * TDIM_@S@ + threadIdx.y;
    for (int j = 0; j < TDIM_@S@; j += TROWS_@S@)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TDIM_@S@ + threadIdx.x;
    y = blockIdx.x * TDIM_@S@ + threadIdx.y;
    for (int j = 0; j < TDIM_@S@; j += TROWS_@S@)
        if (x < height && y + j < width)
            odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
""", """
static void run_transpose_@S@(int width, int height)
{
    const size_t pitch_bytes = width * sizeof(@T@);
    @T@ *d_in = nullptr, *d_out = nullptr;
    size_t pitch = 0;
    @C@(cudaMallocPitch(reinterpret_cast<void **>(&d_in), &pitch, pitch_bytes, height));
    @C@(cudaMalloc(&d_out, static_cast<size_t>(width) * height * sizeof(@T@)));
    std::vector<@T@> h(static_cast<size_t>(width) * height, @T@(3));
    @C@(cudaMemcpy2D(d_in, pitch, h.data(), pitch_bytes, pitch_bytes, height,
                     cudaMemcpyHostToDevice));
    dim3 block(TDIM_@S@, TROWS_@S@);
    dim3 grid((width + TDIM_@S@ - 1) / TDIM_@S@, (height + TDIM_@S@ - 1) / TDIM_@S@);
    transpose_@S@<@T@><<<grid, block>>>(d_out, d_in, width, height);
    @C@(cudaGetLastError());
    @C@(cudaDeviceSynchronize());
    @C@(cudaMemcpy(h.data(), d_out, h.size() * sizeof(@T@), cudaMemcpyDeviceToHost));
    std::printf("transpose_@S@: %d x %d done\\n", width, height);
    @C@(cudaFree(d_in));
    @C@(cudaFree(d_out));
}
""")

MODULES["scan"] = ("""
// Warp-synchronous inclusive scan of @N@ flags with ballot/popc compaction.
__device__ __forceinline__ int warp_scan_@S@(int v)
{
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const int t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d)
            v += t;
    }
    return v;
}

__global__ void compact_@S@(const int *in, int *out, int *counter, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x & 31;
    const bool keep = i < n && (in[i] & 1);
    const unsigned mask = __ballot_sync(0xffffffffu, keep);
    const int rank = __popc(mask & ((1u << lane) - 1));
    const int total = __popc(mask);
    int base = 0;
    if (lane == 0 && total)
        base = atomicAdd(counter, total);
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep)
        out[base + rank] = in[i];
    const int prefix = warp_scan_@S@(keep ? 1 : 0);
    if (lane == 31 && i < n)
        atomicMax(counter + 1, prefix);
}
""", """
static int run_compact_@S@(int n)
{
    int *d_in, *d_out, *d_counter;
    @C@(cudaMallocManaged(&d_in, n * sizeof(int)));
    @C@(cudaMallocManaged(&d_out, n * sizeof(int)));
    @C@(cudaMallocManaged(&d_counter, 2 * sizeof(int)));
    for (int i = 0; i < n; ++i)
        d_in[i] = i * 3 + 1;
    d_counter[0] = d_counter[1] = 0;
    int device = 0;
    @C@(cudaGetDevice(&device));
    @C@(cudaMemPrefetchAsync(d_in, n * sizeof(int), device, 0));
    compact_@S@<<<(n + @B@ - 1) / @B@, @B@>>>(d_in, d_out, d_counter, n);
    @C@(cudaGetLastError());
    @C@(cudaDeviceSynchronize());
    const int kept = d_counter[0];
    @C@(cudaFree(d_in));
    @C@(cudaFree(d_out));
    @C@(cudaFree(d_counter));
    return kept;
}
""")

MODULES["softmax"] = ("""
// Row-wise softmax over @N@ logits, one warp per row (butterfly shuffles).
__device__ __forceinline__ float warp_max_@S@(float v)
{
    for (int m = 16; m > 0; m >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, m));
    return v;
}

__device__ __forceinline__ float warp_add_@S@(float v)
{
    for (int m = 16; m > 0; m >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, m);
    return v;
}

__global__ void softmax_@S@(const float *__restrict__ x, float *__restrict__ y,
                            int rows, int cols)
{
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *xr = x + static_cast<size_t>(row) * cols;
    float *yr = y + static_cast<size_t>(row) * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32)
        m = fmaxf(m, __ldg(&xr[c]));
    m = warp_max_@S@(m);
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
        s += __expf(xr[c] - m);
    s = warp_add_@S@(s);
    const float inv = __frcp_rn(s);
    for (int c = lane; c < cols; c += 32)
        yr[c] = __expf(xr[c] - m) * inv;
}
""", """
static void run_softmax_@S@(cudaStream_t stream, int rows, int cols)
{
    const size_t bytes = static_cast<size_t>(rows) * cols * sizeof(float);
    float *d_x, *d_y;
    @C@(cudaMalloc(&d_x, bytes));
    @C@(cudaMalloc(&d_y, bytes));
    @C@(cudaMemsetAsync(d_x, 0, bytes, stream));
    const int warps_per_block = @B@ / 32;
    const int grid = (rows + warps_per_block - 1) / warps_per_block;
    softmax_@S@<<<grid, @B@, 0, stream>>>(d_x, d_y, rows, cols);
    @C@(cudaGetLastError());
    float first = 0.0f;
    @C@(cudaMemcpyAsync(&first, d_y, sizeof(float), cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    std::printf("softmax_@S@: y[0]=%f (expect %f)\\n", first, 1.0f / cols);
    @C@(cudaFree(d_x));
    @C@(cudaFree(d_y));
}
""")

MODULES["particles"] = ("""
// @N@ particle integrator on float4 / float3 vector types.
struct Params_@S@ {
    float dt;
    float softening;
    float damping;
    int count;
};

__host__ __device__ inline float3 add3_@S@(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

__global__ void integrate_@S@(float4 *pos, float4 *vel, Params_@S@ p)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.count)
        return;
    float4 pi = pos[i];
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < p.count; ++j) {
        const float4 pj = pos[j];
        const float3 r = make_float3(pj.x - pi.x, pj.y - pi.y, pj.z - pi.z);
        const float d2 = r.x * r.x + r.y * r.y + r.z * r.z + p.softening;
        const float inv = rsqrtf(d2);
        const float s = pj.w * inv * inv * inv;
        acc = add3_@S@(acc, make_float3(r.x * s, r.y * s, r.z * s));
    }
    float4 v = vel[i];
    v.x = (v.x + acc.x * p.dt) * p.damping;
    v.y = (v.y + acc.y * p.dt) * p.damping;
    v.z = (v.z + acc.z * p.dt) * p.damping;
    pi.x += v.x * p.dt;
    pi.y += v.y * p.dt;
    pi.z += v.z * p.dt;
    pos[i] = pi;
    vel[i] = v;
}
""", """
static void run_particles_@S@(int count, int steps)
{
    Params_@S@ p{0.01f, 1e-3f, 0.999f, count};
    float4 *d_pos, *d_vel;
    @C@(cudaMalloc(&d_pos, count * sizeof(float4)));
    @C@(cudaMalloc(&d_vel, count * sizeof(float4)));
    std::vector<float4> h_pos(count);
    for (int i = 0; i < count; ++i)
        h_pos[i] = make_float4(float(i % 10), float(i % 7), float(i % 3), 1.0f);
    @C@(cudaMemcpy(d_pos, h_pos.data(), count * sizeof(float4), cudaMemcpyHostToDevice));
    @C@(cudaMemset(d_vel, 0, count * sizeof(float4)));
    cudaEvent_t t0, t1;
    @C@(cudaEventCreateWithFlags(&t0, cudaEventDefault));
    @C@(cudaEventCreateWithFlags(&t1, cudaEventDefault));
    @C@(cudaEventRecord(t0, 0));
    for (int s = 0; s < steps; ++s) {
        integrate_@S@<<<(count + @B@ - 1) / @B@, @B@>>>(d_pos, d_vel, p);
        @C@(cudaGetLastError());
    }
    @C@(cudaEventRecord(t1, 0));
    @C@(cudaEventSynchronize(t1));
    float ms = 0.0f;
    @C@(cudaEventElapsedTime(&ms, t0, t1));
    std::printf("integrate_@S@: %d steps in %.2f ms\\n", steps, ms);
    @C@(cudaEventDestroy(t0));
    @C@(cudaEventDestroy(t1));
    @C@(cudaFree(d_pos));
    @C@(cudaFree(d_vel));
}
""")

MODULES["coop"] = ("""
// @N@ dot product with cooperative groups (tiled partitions).
namespace cg = cooperative_groups;

template <int TILE>
__device__ float tile_sum_@S@(cg::thread_block_tile<TILE> g, float v)
{
    for (int i = g.size() / 2; i > 0; i /= 2)
        v += g.shfl_down(v, i);
    return v;
}

__global__ void dot_@S@(const float *a, const float *b, float *result, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    float v = 0.0f;
    for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
         i += block.size() * gridDim.x)
        v += a[i] * b[i];
    v = tile_sum_@S@<32>(warp, v);
    if (warp.thread_rank() == 0)
        atomicAdd(result, v);
    block.sync();
}
""", """
static float run_dot_@S@(cudaStream_t stream, int n)
{
    float *d_a, *d_b, *d_r;
    @C@(cudaMalloc(&d_a, n * sizeof(float)));
    @C@(cudaMalloc(&d_b, n * sizeof(float)));
    @C@(cudaMalloc(&d_r, sizeof(float)));
    std::vector<float> ones(n, 1.0f);
    @C@(cudaMemcpyAsync(d_a, ones.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream));
    @C@(cudaMemcpyAsync(d_b, ones.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream));
    @C@(cudaMemsetAsync(d_r, 0, sizeof(float), stream));
    int sms = 0;
    @C@(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    dot_@S@<<<sms * 4, @B@, 0, stream>>>(d_a, d_b, d_r, n);
    @C@(cudaGetLastError());
    float r = 0.0f;
    @C@(cudaMemcpyAsync(&r, d_r, sizeof r, cudaMemcpyDeviceToHost, stream));
    @C@(cudaStreamSynchronize(stream));
    @C@(cudaFree(d_a));
    @C@(cudaFree(d_b));
    @C@(cudaFree(d_r));
    return r;
}
""")

MODULES["buffer"] = ("""
// RAII device buffer used by the @N@ pipeline.
template <typename T>
class DeviceBuffer_@S@ {
public:
    explicit DeviceBuffer_@S@(size_t n) : n_(n)
    {
        if (cudaMalloc(reinterpret_cast<void **>(&ptr_), n * sizeof(T)) != cudaSuccess)
            ptr_ = nullptr;
    }
    ~DeviceBuffer_@S@() { cudaFree(ptr_); }
    DeviceBuffer_@S@(const DeviceBuffer_@S@ &) = delete;
    DeviceBuffer_@S@ &operator=(const DeviceBuffer_@S@ &) = delete;

    T *get() const { return ptr_; }
    size_t size() const { return n_; }
    size_t bytes() const { return n_ * sizeof(T); }

    cudaError_t upload(const T *host, cudaStream_t s = 0)
    {
        return cudaMemcpyAsync(ptr_, host, bytes(), cudaMemcpyHostToDevice, s);
    }
    cudaError_t download(T *host, cudaStream_t s = 0) const
    {
        return cudaMemcpyAsync(host, ptr_, bytes(), cudaMemcpyDeviceToHost, s);
    }

private:
    T *ptr_ = nullptr;
    size_t n_ = 0;
};

template <typename T, typename Op>
__global__ void transform_@S@(T *data, size_t n, Op op)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = op(data[i]);
}

struct Square_@S@ {
    template <typename T>
    __device__ T operator()(T v) const { return v * v; }
};
""", """
static void run_transform_@S@(cudaStream_t stream, size_t n)
{
    DeviceBuffer_@S@<@T@> buf(n);
    std::vector<@T@> h(n, @T@(3));
    @C@(buf.upload(h.data(), stream));
    const unsigned grid = static_cast<unsigned>((n + @B@ - 1) / @B@);
    transform_@S@<<<grid, @B@, 0, stream>>>(buf.get(), buf.size(), Square_@S@{});
    @C@(cudaGetLastError());
    @C@(buf.download(h.data(), stream));
    @C@(cudaStreamSynchronize(stream));
    std::printf("transform_@S@: %f\\n", static_cast<double>(h[0]));
}
""")

MODULES["half"] = ("""
// Mixed-precision @N@ scaling on __half2 pairs.
__global__ void scale_half_@S@(__half2 *data, int n2, float s)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) {
        const __half2 f = __float2half2_rn(s);
        data[i] = __hmul2(data[i], f);
    }
}

__global__ void widen_@S@(const __half *in, float *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = __half2float(in[i]) + 0.5f;
}
""", """
static void run_half_@S@(cudaStream_t stream, int n)
{
    __half *d_h;
    float *d_f;
    @C@(cudaMalloc(&d_h, n * sizeof(__half)));
    @C@(cudaMalloc(&d_f, n * sizeof(float)));
    @C@(cudaMemsetAsync(d_h, 0, n * sizeof(__half), stream));
    scale_half_@S@<<<(n / 2 + @B@ - 1) / @B@, @B@, 0, stream>>>(
        reinterpret_cast<__half2 *>(d_h), n / 2, 2.0f);
    widen_@S@<<<(n + @B@ - 1) / @B@, @B@, 0, stream>>>(d_h, d_f, n);
    @C@(cudaGetLastError());
    @C@(cudaStreamSynchronize(stream));
    @C@(cudaFree(d_h));
    @C@(cudaFree(d_f));
}
""")

# How each module's launcher is called from main (S = suffix).
CALLS = {
    "axpy": "    run_axpy_@S@(streams[@I@ % kStreams], 1 << @P@);\n",
    "reduce": "    std::printf(\"reduce_@S@ = %f\\n\", static_cast<double>(run_reduce_@S@(streams[@I@ % kStreams], 1 << @P@)));\n",
    "matmul": "    run_matmul_@S@(@M@, @M@, @M@);\n",
    "histogram": "    run_histogram_@S@(streams[@I@ % kStreams], 1 << @P@);\n",
    "stencil": "    run_stencil_@S@(streams[@I@ % kStreams], 1 << @P@);\n",
    "transpose": "    run_transpose_@S@(@M@, @M@ / 2);\n",
    "scan": "    std::printf(\"compact_@S@ kept %d\\n\", run_compact_@S@(1 << @P@));\n",
    "softmax": "    run_softmax_@S@(streams[@I@ % kStreams], @M@, 1000);\n",
    "particles": "    run_particles_@S@(@M@, 10);\n",
    "coop": "    std::printf(\"dot_@S@ = %f\\n\", run_dot_@S@(streams[@I@ % kStreams], 1 << @P@));\n",
    "buffer": "    run_transform_@S@(streams[@I@ % kStreams], size_t(1) << @P@);\n",
    "half": "    run_half_@S@(streams[@I@ % kStreams], 1 << @P@);\n",
}


# What the generated code uses from the standard library, and the header
# that declares it.
STD_USES = [("std::vector", "vector"), ("std::sort", "algorithm"), ("std::min", "algorithm"),
            ("std::max", "algorithm"), ("std::fill", "algorithm"), ("std::memcpy", "cstring"),
            ("std::memset", "cstring"), ("memcpy(", "cstring"), ("std::sqrt", "cmath"), ("std::fabs", "cmath"),
            ("std::abs", "cmath"), ("std::printf", "cstdio"), ("std::fprintf", "cstdio"),
            ("std::abort", "cstdlib"), ("std::atoi", "cstdlib"), ("EXIT_FAILURE", "cstdlib"),
            ("std::unique_ptr", "memory"), ("std::accumulate", "numeric"), ("std::string", "string")]
OTHER_USUAL = ["iostream", "map", "chrono", "cassert", "unordered_map", "sstream", "functional", "string"]


def std_includes(rng, text):
    """#include lines for the standard headers the text uses, plus a few of
    the usual others, 2 to 6 in all where the text allows, as real code has
    (the parse of system headers is most of the work on real files)."""
    needed = sorted({h for use, h in STD_USES if use in text})
    extra = [h for h in OTHER_USUAL if h not in needed]
    want = max(len(needed), rng.randint(2, 6))
    chosen = needed + rng.sample(extra, max(0, min(len(extra), want - len(needed))))
    return ["#include <%s>" % h for h in sorted(chosen)]


def file_header(rng, name, kinds):
    lines = ["// %s.cu - %s kernels for the %s stage." % (
        name, ", ".join(sorted(set(kinds))), rng.choice(NOUNS)),
        "//",
        "// Part of the %s benchmark suite.  Each launcher allocates its own" % rng.choice(PREFIXES),
        "// device memory, runs one kernel and checks the CUDA error state.",
        ""]
    incs = ["#include <cuda_runtime.h>"]
    if "coop" in kinds:
        incs.append("#include <cooperative_groups.h>")
    if "half" in kinds:
        incs.append("#include <cuda_fp16.h>")
    if rng.random() < 0.3:
        incs.append("#include <device_launch_parameters.h>")
    lines += incs + [""]
    return lines


def gen_file(rng, idx):
    target = rng.randint(100, 600)
    check_name, check_def = rng.choice(CHECK_MACROS)
    name = "%s_%s_%03d" % (rng.choice(PREFIXES), rng.choice(NOUNS), idx)
    kinds = []
    body = []
    calls = []
    lines = 60  # header, macro, main skeleton
    n = 0
    while lines < target or not kinds:
        kind = rng.choice(sorted(MODULES))
        kernel, launcher = MODULES[kind]
        s = "%s%d" % (kind[:3], n)
        kw = dict(S=s, T=rng.choice(TYPES) if kind not in ("reduce", "coop") else rng.choice(FTYPES),
                  F=rng.choice(FTYPES), B=rng.choice([128, 256, 512]),
                  C=check_name, N=rng.choice(NOUNS), TILE=rng.choice([8, 16, 32]),
                  BINS=rng.choice([64, 128, 256]), R=rng.choice([1, 2, 3, 4]))
        text = sub(kernel, **kw) + sub(launcher, **kw)
        tl = text.count("\n")
        if kinds and lines + tl > 600:
            break
        kinds.append(kind)
        body.append(text)
        calls.append(sub(CALLS[kind], S=s, I=n, P=rng.randint(14, 22),
                         M=rng.choice([128, 256, 512, 1024])))
        lines += tl
        n += 1

    header = file_header(rng, name, kinds)
    out = [check_def, "\n",
           "constexpr int kStreams = %d;\n" % rng.choice([2, 3, 4])]
    out += body
    out.append(sub("""
int main(int argc, char **argv)
{
    int device = argc > 1 ? std::atoi(argv[1]) : 0;
    int count = 0;
    @C@(cudaGetDeviceCount(&count));
    if (count == 0) {
        std::fprintf(stderr, "no CUDA device\\n");
        return EXIT_FAILURE;
    }
    @C@(cudaSetDevice(device));
    cudaDeviceProp prop;
    @C@(cudaGetDeviceProperties(&prop, device));
    std::printf("%s (sm_%d%d), %d SMs, warp %d\\n", prop.name, prop.major,
                prop.minor, prop.multiProcessorCount, prop.warpSize);

    cudaStream_t streams[kStreams];
    for (int i = 0; i < kStreams; ++i)
        @C@(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
    cudaEvent_t begin, end;
    @C@(cudaEventCreate(&begin));
    @C@(cudaEventCreate(&end));
    @C@(cudaEventRecord(begin, streams[0]));

""", C=check_name))
    out += calls
    out.append(sub("""
    @C@(cudaEventRecord(end, streams[0]));
    @C@(cudaEventSynchronize(end));
    float total_ms = 0.0f;
    @C@(cudaEventElapsedTime(&total_ms, begin, end));
    std::printf("total %.3f ms\\n", total_ms);
    for (int i = 0; i < kStreams; ++i)
        @C@(cudaStreamDestroy(streams[i]));
    @C@(cudaEventDestroy(begin));
    @C@(cudaEventDestroy(end));
    @C@(cudaDeviceSynchronize());
    @C@(cudaDeviceReset());
    return EXIT_SUCCESS;
}
""", C=check_name))
    code = "".join(out)
    return name + ".cu", "\n".join(header + std_includes(rng, code) + [""]) + "\n" + code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--files", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261130)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.outdir, exist_ok=True)
    total = 0
    for i in range(a.files):
        fname, text = gen_file(rng, i)
        with open(os.path.join(a.outdir, fname), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        total += text.count("\n")
    print("%d files, %d lines" % (a.files, total))


if __name__ == "__main__":
    main()
