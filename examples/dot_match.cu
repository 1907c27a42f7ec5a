// dot_match.cu - int8 dot products, a warp-aggregated histogram and a sum.
//
// Each thread computes the dot product of two 16-element int8 vectors,
// packed four to a 32-bit word, with __dp4a. The result's bucket (dot mod
// BUCKETS) is counted in a histogram: the lanes of a warp that share a
// bucket find each other with __match_any_sync, and only the lowest of them
// adds their number with one atomicAdd. The lane masks are kept in 64-bit
// variables and counted with __popcll/__ffsll, so the code holds for a warp
// of 32 lanes and for a wavefront of 64. A second kernel sums the dot
// products: tiles of 16 threads reduce theirs with cooperative_groups::reduce
// and the first thread of each tile adds the tile's sum to the total.

#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            std::fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__,        \
                         __LINE__, cudaGetErrorString(err_));                \
            std::exit(EXIT_FAILURE);                                         \
        }                                                                    \
    } while (0)

constexpr int WORDS = 4; // 16 int8 values per vector
constexpr int BUCKETS = 8;

__global__ void dot_histogram(const int *a, const int *b, int *dots,
                              unsigned *histogram, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int dot = 0;
    if (i < n)
        for (int w = 0; w < WORDS; w++)
            dot = __dp4a(a[i * WORDS + w], b[i * WORDS + w], dot);
    // Every lane takes part in the match (out-of-range lanes with a bucket
    // of their own), as the full mask requires.
    const int bucket = i < n ? ((dot % BUCKETS) + BUCKETS) % BUCKETS : -1;
    const unsigned long long peers = __match_any_sync(0xffffffff, bucket);
    if (i < n) {
        dots[i] = dot;
        const int lane = threadIdx.x % warpSize;
        if (__ffsll(peers) - 1 == lane)
            atomicAdd(&histogram[bucket], (unsigned)__popcll(peers));
    }
}

namespace cg = cooperative_groups;

constexpr int TILE = 16;

__global__ void dot_sum(const int *dots, unsigned long long *total, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    cg::thread_block_tile<TILE> tile =
        cg::tiled_partition<TILE>(cg::this_thread_block());
    // Every thread of the tile takes part; those past the end add 0.
    const long long mine = i < n ? dots[i] : 0;
    const long long sum = cg::reduce(tile, mine, cg::plus<long long>());
    if (tile.thread_rank() == 0)
        atomicAdd(total, (unsigned long long)sum);
}

static int dot_on_host(const int *a, const int *b)
{
    int dot = 0;
    for (int w = 0; w < WORDS; w++)
        for (int k = 0; k < 4; k++)
            dot += (int)(signed char)(a[w] >> (8 * k)) *
                   (int)(signed char)(b[w] >> (8 * k));
    return dot;
}

int main()
{
    const int n = 5000; // not a multiple of the block: a partial warp too
    std::vector<int> a(n * WORDS), b(n * WORDS);
    unsigned seed = 12345u;
    for (size_t k = 0; k < a.size(); k++) {
        seed = seed * 1664525u + 1013904223u;
        a[k] = (int)seed;
        seed = seed * 1664525u + 1013904223u;
        b[k] = (int)seed;
    }

    int *d_a = nullptr, *d_b = nullptr, *d_dots = nullptr;
    unsigned *d_hist = nullptr;
    unsigned long long *d_total = nullptr;
    CHECK(cudaMalloc(&d_a, a.size() * sizeof(int)));
    CHECK(cudaMalloc(&d_b, b.size() * sizeof(int)));
    CHECK(cudaMalloc(&d_dots, n * sizeof(int)));
    CHECK(cudaMalloc(&d_hist, BUCKETS * sizeof(unsigned)));
    CHECK(cudaMemcpy(d_a, a.data(), a.size() * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, b.data(), b.size() * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&d_total, sizeof(unsigned long long)));
    CHECK(cudaMemset(d_hist, 0, BUCKETS * sizeof(unsigned)));
    CHECK(cudaMemset(d_total, 0, sizeof(unsigned long long)));

    const int block = 256;
    dot_histogram<<<(n + block - 1) / block, block>>>(d_a, d_b, d_dots, d_hist, n);
    CHECK(cudaGetLastError());
    dot_sum<<<(n + block - 1) / block, block>>>(d_dots, d_total, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    std::vector<int> dots(n);
    std::vector<unsigned> hist(BUCKETS);
    CHECK(cudaMemcpy(dots.data(), d_dots, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hist.data(), d_hist, BUCKETS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));

    std::vector<unsigned> want(BUCKETS, 0);
    long long want_total = 0;
    int bad = 0;
    for (int i = 0; i < n; i++) {
        const int dot = dot_on_host(&a[i * WORDS], &b[i * WORDS]);
        bad += dots[i] != dot;
        want[((dot % BUCKETS) + BUCKETS) % BUCKETS]++;
        want_total += dot;
    }
    bad += (long long)total != want_total;
    for (int k = 0; k < BUCKETS; k++)
        bad += hist[k] != want[k];

    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_dots));
    CHECK(cudaFree(d_hist));
    CHECK(cudaFree(d_total));
    std::printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
