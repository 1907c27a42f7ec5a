// matmul_tiled.cu - C = A * B with shared-memory tiling.
//
// Each TILE x TILE thread block computes one tile of C, staging tiles of A
// and B through __shared__ arrays with __syncthreads() between phases.
// Matrix sizes are deliberately not multiples of TILE.

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

#define TILE 16

// A is M x K, B is K x N, C is M x N, all row-major.
__global__ void matmul_tiled(const float *A, const float *B, float *C, int M,
                             int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1]; // padded against bank conflicts

    const int row = blockIdx.y * TILE + threadIdx.y;
    const int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        const int a_col = t * TILE + threadIdx.x;
        const int b_row = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] =
            (row < M && a_col < K) ? A[row * K + a_col] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] =
            (b_row < K && col < N) ? B[b_row * N + col] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }

    if (row < M && col < N)
        C[row * N + col] = acc;
}

static void matmul_cpu(const std::vector<float> &A, const std::vector<float> &B,
                       std::vector<float> &C, int M, int N, int K)
{
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            double acc = 0.0;
            for (int k = 0; k < K; ++k)
                acc += static_cast<double>(A[i * K + k]) * B[k * N + j];
            C[i * N + j] = static_cast<float>(acc);
        }
}

int main()
{
    const int M = 300, N = 200, K = 250;

    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    if (static_cast<size_t>(2 * TILE * (TILE + 1)) * sizeof(float) >
        prop.sharedMemPerBlock) {
        std::fprintf(stderr, "not enough shared memory per block\n");
        return EXIT_FAILURE;
    }

    std::vector<float> A(static_cast<size_t>(M) * K), B(static_cast<size_t>(K) * N);
    std::vector<float> C(static_cast<size_t>(M) * N), ref(static_cast<size_t>(M) * N);
    for (size_t i = 0; i < A.size(); ++i)
        A[i] = static_cast<float>((i * 37) % 19) / 19.0f - 0.5f;
    for (size_t i = 0; i < B.size(); ++i)
        B[i] = static_cast<float>((i * 11) % 23) / 23.0f - 0.5f;
    matmul_cpu(A, B, ref, M, N, K);

    float *dA = nullptr, *dB = nullptr, *dC = nullptr;
    CHECK(hipMalloc(&dA, A.size() * sizeof(float)));
    CHECK(hipMalloc(&dB, B.size() * sizeof(float)));
    CHECK(hipMalloc(&dC, C.size() * sizeof(float)));
    CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));
    CHECK(hipMemset(dC, 0, C.size() * sizeof(float)));

    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_tiled<<<grid, block>>>(dA, dB, dC, M, N, K);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(hipFree(dA));
    CHECK(hipFree(dB));
    CHECK(hipFree(dC));

    int errors = 0;
    for (size_t i = 0; i < C.size(); ++i) {
        if (std::fabs(C[i] - ref[i]) > 1e-3f * (1.0f + std::fabs(ref[i]))) {
            if (errors < 10)
                std::fprintf(stderr, "C[%zu] = %f, want %f\n", i, C[i], ref[i]);
            ++errors;
        }
    }
    if (errors != 0) {
        std::printf("FAIL (%d mismatches)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
