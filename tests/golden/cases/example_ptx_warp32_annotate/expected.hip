// ptx_warp32.cu - warp-level code that assumes 32-thread warps.
//
// Segmented inclusive scan: every warp scans its own 32 elements through a
// per-warp shared-memory row.  The lane index comes from the PTX %laneid
// register, the scanned value is a bit field pulled out with PTX bfe.u32,
// and a 32-bit __ballot_sync mask counts odd values per warp.  Each asm
// statement sits under #if defined(__CUDA_ARCH__) with a portable fallback.

#include "cu2hip_compat.h"
#include <hip/hip_runtime.h>

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

#define /* cu2hip [warp-size-literal]: 32-lane warp code that does not hold on a 64-lane wavefront */ WARP_SIZE 32
#define BLOCK_SIZE 256
#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_SIZE)

__device__ __forceinline__ unsigned int lane_id()
{
    unsigned int lane;
#if defined(/* cu2hip [cuda-arch-check]: code chosen by CUDA architecture or compute capability */ __CUDA_ARCH__)
    /* cu2hip [ptx-inline-asm]: inline PTX assembly, which AMD GPUs cannot run */ asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
#else
    lane = threadIdx.x % 32;
#endif
    return lane;
}

// Extract `len` bits of x starting at bit `pos`.
__device__ __forceinline__ unsigned int bit_field(unsigned int x,
                                                  unsigned int pos,
                                                  unsigned int len)
{
    unsigned int r;
#if defined(/* cu2hip [cuda-arch-check]: code chosen by CUDA architecture or compute capability */ __CUDA_ARCH__)
    /* cu2hip [ptx-inline-asm]: inline PTX assembly, which AMD GPUs cannot run */ asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
#else
    r = (x >> pos) & ((1u << len) - 1u);
#endif
    return r;
}

__global__ void warp_scan(const unsigned int *in, unsigned int *scan,
                          unsigned int *lanes, unsigned int *odd_per_warp,
                          int n)
{
    __shared__ unsigned int buf[WARPS_PER_BLOCK][WARP_SIZE];

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned int lane = lane_id();
    const int warp = threadIdx.x / 32;

    const unsigned int v = (i < n) ? bit_field(in[i], 4, 8) : 0u;

    const unsigned int odd = /* cu2hip [warp-half-wave]: 32-lane warp operation narrowed to its half of the 64-lane wavefront */ cu2hip_half_ballot_sync(0xffffffff, (v & 1u) != 0u);
    if (lane == 0 && i < n)
        odd_per_warp[i / WARP_SIZE] = __popc(odd);

    buf[warp][lane] = v;
    (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
    for (int d = 1; d < WARP_SIZE; d <<= 1) {
        const unsigned int t = (lane >= static_cast<unsigned int>(d))
                                   ? buf[warp][lane - d] : 0u;
        (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
        buf[warp][lane] += t;
        (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
    }

    if (i < n) {
        scan[i] = buf[warp][lane];
        lanes[i] = lane;
    }
}

int main()
{
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    if (prop.warpSize != WARP_SIZE) {
        std::printf("FAIL (device warp size %d, this code needs %d)\n",
                    prop.warpSize, WARP_SIZE);
        return EXIT_FAILURE;
    }

    const int n = 10000; // deliberately not a multiple of the block size
    const int nwarps = (n + WARP_SIZE - 1) / WARP_SIZE;
    std::vector<unsigned int> h_in(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = static_cast<unsigned int>(i) * 2654435761u;

    unsigned int *d_in, *d_scan, *d_lanes, *d_odd;
    CHECK(hipMalloc(&d_in, n * sizeof(unsigned int)));
    CHECK(hipMalloc(&d_scan, n * sizeof(unsigned int)));
    CHECK(hipMalloc(&d_lanes, n * sizeof(unsigned int)));
    CHECK(hipMalloc(&d_odd, nwarps * sizeof(unsigned int)));
    CHECK(hipMemcpy(d_in, h_in.data(), n * sizeof(unsigned int),
                     hipMemcpyHostToDevice));
    CHECK(hipMemset(d_odd, 0xff, nwarps * sizeof(unsigned int)));

    warp_scan<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(
        d_in, d_scan, d_lanes, d_odd, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());

    std::vector<unsigned int> scan(n), lanes(n), odd(nwarps);
    CHECK(hipMemcpy(scan.data(), d_scan, n * sizeof(unsigned int),
                     hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(lanes.data(), d_lanes, n * sizeof(unsigned int),
                     hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(odd.data(), d_odd, nwarps * sizeof(unsigned int),
                     hipMemcpyDeviceToHost));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_scan));
    CHECK(hipFree(d_lanes));
    CHECK(hipFree(d_odd));

    int errors = 0;
    for (int w = 0; w < nwarps; ++w) {
        unsigned int running = 0, odd_count = 0;
        for (int l = 0; l < WARP_SIZE && w * WARP_SIZE + l < n; ++l) {
            const int i = w * WARP_SIZE + l;
            const unsigned int v = (h_in[i] >> 4) & 0xffu;
            running += v;
            odd_count += v & 1u;
            if (scan[i] != running || lanes[i] != static_cast<unsigned int>(l)) {
                if (errors < 10)
                    std::fprintf(stderr, "element %d: scan %u (want %u), lane %u\n",
                                 i, scan[i], running, lanes[i]);
                ++errors;
            }
        }
        if (odd[w] != odd_count) {
            if (errors < 10)
                std::fprintf(stderr, "warp %d: %u odd values, want %u\n", w,
                             odd[w], odd_count);
            ++errors;
        }
    }

    if (errors != 0) {
        std::printf("FAIL (%d errors)\n", errors);
        return EXIT_FAILURE;
    }
    std::printf("PASS\n");
    return EXIT_SUCCESS;
}
