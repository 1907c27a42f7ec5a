#!/usr/bin/env python3
"""Generate a deterministic CUDA project tree for whole-project benchmarks.

usage: gen_project.py OUTDIR [--files N] [--seed S]

N (default 500) counts the CUDA files: .cu sources and their headers, about
one in five a header.  The tree looks like a mid-sized CMake project:

  include/common/*.cuh|.h      headers every module shares (error checks,
                               types, device math, timers, device memory)
  include/<module>/<module>.h  each module's API (the entry points of its
                               sources), included by all of them
  include/<module>/*.cuh       public helpers of a module
  src/<module>/[sub/]*.cu      kernels and host launchers (bench/gen_corpus.py)
  src/<module>/detail/*.cuh    private helpers, included by relative path
  apps/<module>/main.cu        one program per module
  compile_commands.json        nvcc commands, "directory": "."
  CMakeLists.txt, README.md, docs/, scripts/, cmake/, data/   the rest

Each source includes 2-5 local headers (through -Iinclude, -Isrc/<module>
or a relative path), the usual system headers and some library headers
(<cublas_v2.h>, <curand.h>, <cufft.h>).  Same seed, same bytes.  The last
line printed names the header the benchmark edits and how many sources
include it: "edit HEADER K".
"""

import argparse
import json
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_corpus  # noqa: E402  (the kernels and host code of each source)

PROJ = "nova"
MACRO = PROJ.upper()

# ---------------------------------------------------------------------------
# Headers.  Every header opens namespace @NS@ and defines
# `__host__ __device__ inline float adjust(float)`, which the sources that
# include it call, so that each include is used.  Placeholders: @NS@ the
# namespace, @G@ an include guard, @P@ a unique identifier prefix, @M@ the
# project macro prefix, @MOD@ the module.

COMMON_HEADERS = [
    ("error.cuh", """// Error handling shared by every module.
#ifndef @G@
#define @G@

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace @NS@ {

struct CudaFailure {
    cudaError_t code;
    const char *expr;
    const char *file;
    int line;
};

inline void report_failure(const CudaFailure &f)
{
    std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\\n", f.file, f.line, f.expr,
                 cudaGetErrorString(f.code), cudaGetErrorName(f.code));
}

inline bool check(cudaError_t code, const char *expr, const char *file, int line)
{
    if (code == cudaSuccess)
        return true;
    report_failure(CudaFailure{code, expr, file, line});
#ifdef NDEBUG
    return false;
#else
    cudaDeviceReset();
    std::abort();
#endif
}

inline void sync_and_check(cudaStream_t stream, const char *file, int line)
{
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize", file, line);
    check(cudaPeekAtLastError(), "cudaPeekAtLastError", file, line);
}

__host__ __device__ inline float adjust(float v) { return v == v ? v : 0.0f; }

} // namespace @NS@

#define @M@_CHECK(expr) ::@NS@::check((expr), #expr, __FILE__, __LINE__)
#define @M@_CHECK_LAST() @M@_CHECK(cudaGetLastError())
#define @M@_SYNC(stream) ::@NS@::sync_and_check((stream), __FILE__, __LINE__)

#endif // @G@
"""),
    ("types.h", """// Plain data types passed between host and device code.
#ifndef @G@
#define @G@

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>

namespace @NS@ {

struct Extent3 {
    int nx, ny, nz;
    __host__ __device__ size_t volume() const
    {
        return static_cast<size_t>(nx) * ny * nz;
    }
    __host__ __device__ int index(int x, int y, int z) const { return (z * ny + y) * nx + x; }
};

struct Range {
    int begin, end;
    __host__ __device__ int size() const { return end - begin; }
    __host__ __device__ bool contains(int i) const { return i >= begin && i < end; }
};

template <typename T>
struct Span {
    T *data;
    size_t count;
    __host__ __device__ T &operator[](size_t i) const { return data[i]; }
    __host__ __device__ size_t size() const { return count; }
    __host__ __device__ Span<T> sub(size_t off, size_t n) const { return Span<T>{data + off, n}; }
};

inline dim3 grid_for(size_t n, int block)
{
    return dim3(static_cast<unsigned>((n + block - 1) / block));
}

inline dim3 grid_for(const Extent3 &e, dim3 block)
{
    return dim3((e.nx + block.x - 1) / block.x, (e.ny + block.y - 1) / block.y,
                (e.nz + block.z - 1) / block.z);
}

__host__ __device__ inline float adjust(float v) { return v < 0.0f ? -v : v; }

} // namespace @NS@

#endif // @G@
"""),
    ("math.cuh", """// Device math helpers: warp reductions, clamps, fast transcendental.
#ifndef @G@
#define @G@

#include <cuda_runtime.h>

namespace @NS@ {

constexpr int kWarp = 32;

__host__ __device__ constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

template <typename T>
__host__ __device__ inline T clamp(T v, T lo, T hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

template <typename T>
__device__ __forceinline__ T warp_sum(T v)
{
#pragma unroll
    for (int off = kWarp / 2; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

template <typename T>
__device__ __forceinline__ T warp_max(T v)
{
#pragma unroll
    for (int off = kWarp / 2; off > 0; off >>= 1) {
        const T o = __shfl_xor_sync(0xffffffffu, v, off);
        v = o > v ? o : v;
    }
    return v;
}

template <typename T, int BLOCK>
__device__ T block_sum(T v)
{
    __shared__ T partial[BLOCK / kWarp];
    const int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
    v = warp_sum(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    v = threadIdx.x < BLOCK / kWarp ? partial[lane] : T(0);
    return warp == 0 ? warp_sum(v) : v;
}

__device__ __forceinline__ float fast_sigmoid(float x) { return __frcp_rn(1.0f + __expf(-x)); }

__host__ __device__ inline float adjust(float v) { return clamp(v, -1e6f, 1e6f); }

} // namespace @NS@

#endif // @G@
"""),
    ("timer.cuh", """// Event-based timers; no-ops unless @M@_ENABLE_TIMING is defined.
#ifndef @G@
#define @G@

#include <cstdio>
#include <cuda_runtime.h>

namespace @NS@ {

class GpuTimer {
public:
    explicit GpuTimer(cudaStream_t stream = 0) : stream_(stream)
    {
#ifdef @M@_ENABLE_TIMING
        cudaEventCreate(&start_);
        cudaEventCreateWithFlags(&stop_, cudaEventBlockingSync);
#endif
    }
    ~GpuTimer()
    {
#ifdef @M@_ENABLE_TIMING
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
#endif
    }
    GpuTimer(const GpuTimer &) = delete;
    GpuTimer &operator=(const GpuTimer &) = delete;

    void start()
    {
#ifdef @M@_ENABLE_TIMING
        cudaEventRecord(start_, stream_);
#endif
    }
    float stop(const char *label = nullptr)
    {
        float ms = 0.0f;
#ifdef @M@_ENABLE_TIMING
        cudaEventRecord(stop_, stream_);
        cudaEventSynchronize(stop_);
        cudaEventElapsedTime(&ms, start_, stop_);
        if (label)
            std::printf("[timer] %s: %.3f ms\\n", label, ms);
#else
        (void)label;
#endif
        return ms;
    }

private:
    cudaStream_t stream_;
#ifdef @M@_ENABLE_TIMING
    cudaEvent_t start_{}, stop_{};
#endif
};

__host__ __device__ inline float adjust(float v) { return v * 1.0f; }

} // namespace @NS@

#endif // @G@
"""),
    ("memory.cuh", """// Owning device and pinned host arrays.
#ifndef @G@
#define @G@

#include <cstddef>
#include <utility>
#include <cuda_runtime.h>

namespace @NS@ {

template <typename T>
class DeviceArray {
public:
    DeviceArray() = default;
    explicit DeviceArray(size_t n) { resize(n); }
    ~DeviceArray() { release(); }
    DeviceArray(DeviceArray &&o) noexcept : ptr_(o.ptr_), n_(o.n_) { o.ptr_ = nullptr; o.n_ = 0; }
    DeviceArray &operator=(DeviceArray &&o) noexcept
    {
        std::swap(ptr_, o.ptr_);
        std::swap(n_, o.n_);
        return *this;
    }

    cudaError_t resize(size_t n)
    {
        release();
        n_ = n;
        return cudaMalloc(reinterpret_cast<void **>(&ptr_), n * sizeof(T));
    }
    void release()
    {
        if (ptr_)
            cudaFree(ptr_);
        ptr_ = nullptr;
        n_ = 0;
    }
    cudaError_t zero(cudaStream_t s = 0) { return cudaMemsetAsync(ptr_, 0, n_ * sizeof(T), s); }
    cudaError_t upload(const T *h, cudaStream_t s = 0)
    {
        return cudaMemcpyAsync(ptr_, h, n_ * sizeof(T), cudaMemcpyHostToDevice, s);
    }
    cudaError_t download(T *h, cudaStream_t s = 0) const
    {
        return cudaMemcpyAsync(h, ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost, s);
    }
    T *data() const { return ptr_; }
    size_t size() const { return n_; }

private:
    T *ptr_ = nullptr;
    size_t n_ = 0;
};

template <typename T>
class PinnedArray {
public:
    explicit PinnedArray(size_t n) : n_(n) { cudaMallocHost(reinterpret_cast<void **>(&ptr_), n * sizeof(T)); }
    ~PinnedArray() { cudaFreeHost(ptr_); }
    PinnedArray(const PinnedArray &) = delete;
    PinnedArray &operator=(const PinnedArray &) = delete;
    T &operator[](size_t i) { return ptr_[i]; }
    T *data() { return ptr_; }
    size_t size() const { return n_; }

private:
    T *ptr_ = nullptr;
    size_t n_ = 0;
};

__host__ __device__ inline float adjust(float v) { return v + 0.0f; }

} // namespace @NS@

#endif // @G@
"""),
]

# A module's API header: its configuration and the entry point of each of
# its sources (@DECLS@).
API_HEADER = """// Public interface of the @MOD@ module.
#ifndef @G@
#define @G@

#include <cuda_runtime.h>
#include "common/types.h"

#ifndef @M@_BLOCK_SIZE
#define @M@_BLOCK_SIZE 256
#endif

namespace @NS@ {

struct Config {
    int block = @M@_BLOCK_SIZE;
    int streams = @STREAMS@;
    float tolerance = @TOL@f;
    ::@PROJ@::types::Extent3 extent{@EXT@, @EXT@, 1};
};

inline const char *module_name()
{
#ifdef @M@_MODULE_NAME
    return @M@_MODULE_NAME;
#else
    return "@MOD@";
#endif
}

inline Config default_config(int device = 0)
{
    Config c;
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, device) == cudaSuccess && prop.maxThreadsPerBlock < c.block)
        c.block = prop.maxThreadsPerBlock;
    return c;
}

__host__ __device__ inline float adjust(float v) { return v * @SCALE@f; }

} // namespace @NS@

// Entry points, one per source of the module.
@DECLS@
#endif // @G@
"""

# Helpers of one module, public (include/<module>/) or private
# (src/<module>/detail/).  Name stems and bodies.
HELPER_STEMS = ["launch", "ops", "reduce_utils", "tiles", "halo", "layout", "rng",
                "blas_glue", "precision", "atomics", "policy", "indexing", "io_utils"]

HELPERS = {}

HELPERS["kernels"] = """// Generic element-wise kernels of the @MOD@ module and their launchers.
#ifndef @G@
#define @G@

#include <cuda_runtime.h>

#ifndef @M@_BLOCK_SIZE
#define @M@_BLOCK_SIZE 256
#endif

namespace @NS@ {

template <typename T>
__global__ void fill_@P@(T *out, size_t n, T value)
{
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<size_t>(blockDim.x) * gridDim.x)
        out[i] = value;
}

template <typename T, typename Op>
__global__ void map_@P@(const T *__restrict__ in, T *__restrict__ out, size_t n, Op op)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = op(__ldg(in + i));
}

template <typename T>
inline cudaError_t fill(T *out, size_t n, T value, cudaStream_t stream = 0)
{
    const int block = @M@_BLOCK_SIZE;
    const unsigned grid = static_cast<unsigned>((n + block - 1) / block);
    fill_@P@<T><<<grid < 65535u ? grid : 65535u, block, 0, stream>>>(out, n, value);
    return cudaGetLastError();
}

template <typename T, typename Op>
inline cudaError_t map(const T *in, T *out, size_t n, Op op, cudaStream_t stream = 0)
{
    const int block = @M@_BLOCK_SIZE;
    map_@P@<<<static_cast<unsigned>((n + block - 1) / block), block, 0, stream>>>(in, out, n, op);
    return cudaPeekAtLastError();
}

__host__ __device__ inline float adjust(float v) { return v - @SCALE@f * 0.0f; }

} // namespace @NS@

#endif // @G@
"""

HELPERS["device"] = """// Device-side helpers of the @MOD@ module: atomics and warp votes.
#ifndef @G@
#define @G@

#include <cuda_runtime.h>

namespace @NS@ {

__device__ inline float atomic_min_float(float *addr, float value)
{
    int *as_int = reinterpret_cast<int *>(addr);
    int old = *as_int, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) <= value)
            break;
        old = atomicCAS(as_int, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ __forceinline__ int warp_count(bool pred)
{
    return __popc(__ballot_sync(0xffffffffu, pred));
}

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }

template <typename T>
__device__ __forceinline__ T broadcast(T v, int src)
{
    return __shfl_sync(0xffffffffu, v, src);
}

__device__ inline void count_if_positive(const float *v, int n, int *counter)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int c = warp_count(i < n && v[i] > 0.0f);
    if (lane_id() == 0 && c)
        atomicAdd(counter, c);
    __syncwarp();
}

__host__ __device__ inline float adjust(float v) { return v * @SCALE@f; }

} // namespace @NS@

#endif // @G@
"""

HELPERS["precision"] = """// Mixed-precision conversions for the @MOD@ module.
#ifndef @G@
#define @G@

#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace @NS@ {

template <typename T>
struct Convert;

template <>
struct Convert<float> {
    __device__ static float from_float(float v) { return v; }
    __device__ static float to_float(float v) { return v; }
};

template <>
struct Convert<__half> {
    __device__ static __half from_float(float v) { return __float2half(v); }
    __device__ static float to_float(__half v) { return __half2float(v); }
};

__global__ void narrow_@P@(const float *in, __half *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = Convert<__half>::from_float(in[i]);
}

__global__ void axpy_half2_@P@(__half2 a, const __half2 *x, __half2 *y, int n2)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2)
        y[i] = __hfma2(a, x[i], y[i]);
}

__host__ __device__ inline float adjust(float v) { return v * @SCALE@f; }

} // namespace @NS@

#endif // @G@
"""

HELPERS["rng"] = """// Random initialisation for the @MOD@ module (cuRAND host and device APIs).
#ifndef @G@
#define @G@

#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

namespace @NS@ {

class UniformFill {
public:
    explicit UniformFill(unsigned long long seed, cudaStream_t stream = 0)
    {
        curandCreateGenerator(&gen_, CURAND_RNG_PSEUDO_PHILOX4_32_10);
        curandSetPseudoRandomGeneratorSeed(gen_, seed);
        curandSetStream(gen_, stream);
    }
    ~UniformFill() { curandDestroyGenerator(gen_); }
    UniformFill(const UniformFill &) = delete;
    UniformFill &operator=(const UniformFill &) = delete;
    curandStatus_t operator()(float *d, size_t n) { return curandGenerateUniform(gen_, d, n); }

private:
    curandGenerator_t gen_{};
};

__global__ void init_states_@P@(curandState *states, unsigned long long seed, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        curand_init(seed, i, 0, &states[i]);
}

__global__ void jitter_@P@(curandState *states, float *v, int n, float amount)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    curandState s = states[i];
    v[i] += amount * (curand_uniform(&s) - 0.5f);
    states[i] = s;
}

__host__ __device__ inline float adjust(float v) { return v * @SCALE@f; }

} // namespace @NS@

#endif // @G@
"""

HELPERS["blas"] = """// Dense linear algebra for the @MOD@ module: cuBLAS when built with it,
// a naive kernel otherwise.
#ifndef @G@
#define @G@

#include <cuda_runtime.h>
#include <cublas_v2.h>

namespace @NS@ {

__global__ void gemv_naive_@P@(int m, int n, const float *A, const float *x, float *y)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m)
        return;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += A[row * n + k] * x[k];
    y[row] = acc;
}

#ifdef @M@_WITH_CUBLAS
class Blas {
public:
    Blas() { cublasCreate(&handle_); }
    ~Blas() { cublasDestroy(handle_); }
    void set_stream(cudaStream_t s) { cublasSetStream(handle_, s); }
    cublasStatus_t gemv(int m, int n, const float *A, const float *x, float *y)
    {
        const float one = 1.0f, zero = 0.0f;
        return cublasSgemv(handle_, CUBLAS_OP_T, n, m, &one, A, n, x, 1, &zero, y, 1);
    }

private:
    cublasHandle_t handle_{};
};
#endif

inline cudaError_t gemv(int m, int n, const float *A, const float *x, float *y, cudaStream_t s = 0)
{
    gemv_naive_@P@<<<(m + 127) / 128, 128, 0, s>>>(m, n, A, x, y);
    return cudaGetLastError();
}

__host__ __device__ inline float adjust(float v) { return v * @SCALE@f; }

} // namespace @NS@

#endif // @G@
"""

HELPER_KINDS = sorted(HELPERS)

# Library headers a source may include, and code using them (cuBLAS and
# cuFFT only in builds that define @M@_WITH_CUBLAS / @M@_WITH_CUFFT).
LIBRARIES = [
    ("cublas_v2.h", """
#ifdef @M@_WITH_CUBLAS
static void scale_with_cublas_@S@(float *d, int n, float alpha)
{
    cublasHandle_t handle;
    cublasCreate(&handle);
    cublasSscal(handle, n, &alpha, d, 1);
    cublasDestroy(handle);
}
#endif
"""),
    ("cufft.h", """
#ifdef @M@_WITH_CUFFT
static void forward_fft_@S@(cufftComplex *d, int n)
{
    cufftHandle plan;
    cufftPlan1d(&plan, n, CUFFT_C2C, 1);
    cufftExecC2C(plan, d, d, CUFFT_FORWARD);
    cufftDestroy(plan);
}
#endif
"""),
    ("curand.h", """
static void randomize_@S@(float *d, size_t n, unsigned long long seed)
{
    curandGenerator_t gen;
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, seed);
    curandGenerateUniform(gen, d, n);
    curandDestroyGenerator(gen);
}
"""),
]

SUBDIRS = ["", "", "kernels", "ops", "host", "kernels/fused"]

ASSETS = {
    "README.md": """# @PROJ@

GPU kernels for @NMOD@ numerical modules, built with CMake and CUDA 12.

```sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j
```
""",
    "LICENSE": "Copyright (c) the @PROJ@ authors.\n\nPermission is hereby granted to use, copy "
               "and modify this software for any purpose.\n",
    ".gitignore": "build/\n*.o\n*.nsys-rep\n__pycache__/\n",
    ".clang-format": "BasedOnStyle: LLVM\nIndentWidth: 4\nColumnLimit: 100\n",
    "docs/architecture.md": """# Architecture

Every module under `src/` is a static library with an API header in
`include/<module>/`.  Shared helpers live in `include/common/`.
""",
    "scripts/run_all.py": """#!/usr/bin/env python3
import subprocess
import sys

for app in sys.argv[1:]:
    subprocess.run([app], check=False)
""",
    "cmake/Warnings.cmake": """function(@PROJ@_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall>
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>)
endfunction()
""",
    "data/params.json": '{"steps": 100, "dt": 0.01, "tolerance": 1e-6}\n',
}


def sub(text, **kw):
    return gen_corpus.sub(text, M=MACRO, PROJ=PROJ, **kw)


def guard(rel):
    return "%s_%s_" % (MACRO, "".join(c.upper() if c.isalnum() else "_" for c in rel))


def ident(rel):
    return "".join(c if c.isalnum() else "_" for c in os.path.splitext(rel)[0])


class Header:
    def __init__(self, rel, ns, text, public):
        self.rel = rel          # path in the tree
        self.ns = ns            # namespace holding adjust()
        self.text = text
        self.public = public    # under include/ (reachable through -Iinclude)
        self.users = 0


def plan(n_files):
    n_mod = max(1, min(len(gen_corpus.PREFIXES), n_files // 20))
    # At least error.cuh and types.h (API headers include it) and one helper.
    n_headers = max(n_mod + 3, int(round(n_files / 5.0)))
    n_common = min(len(COMMON_HEADERS), n_headers - n_mod - 1)
    n_helpers = n_headers - n_mod - n_common
    n_sources = n_files - n_headers
    return n_mod, n_common, n_helpers, n_sources


def spell_include(rng, h, src_rel, mod):
    """How a source at src_rel names header h."""
    src_dir = os.path.dirname(src_rel)
    if h.public:
        if rng.random() < 0.75:
            return '"%s"' % os.path.relpath(h.rel, "include")
        return '"%s"' % os.path.relpath(h.rel, src_dir)
    # A private helper of the source's module: through -Isrc/<module> or
    # relative to the source.
    if src_dir != os.path.join("src", mod) and rng.random() < 0.4:
        return '"%s"' % os.path.relpath(h.rel, os.path.join("src", mod))
    return '"%s"' % os.path.relpath(h.rel, src_dir)


def decorate_source(rng, fname, text, mod, includes, is_app):
    """Turns a gen_corpus program into a project source: library and local
    includes after its system ones, a kernel using every included header,
    and main() renamed to the source's entry point (apps keep main() and
    call their module).  Returns the text and the entry point (None for
    apps)."""
    stem = os.path.splitext(fname)[0]
    lines = text.split("\n")
    last_inc = max(i for i, l in enumerate(lines[:40]) if l.startswith("#include"))
    libs = [lib for lib in LIBRARIES if rng.random() < 0.25]
    extra = ["#include <%s>" % hdr for hdr, _ in libs]
    if libs:
        extra.append("")
    extra += ["#include %s" % spelled for spelled, _ in includes]
    lines[last_inc + 1:last_inc + 1] = [""] + extra
    text = "\n".join(lines)

    glue = ["", "// Uses of the shared headers.",
            "__global__ void glue_%s(float *v, int n)" % stem, "{",
            "    const int i = blockIdx.x * blockDim.x + threadIdx.x;",
            "    if (i >= n)", "        return;", "    float x = v[i];"]
    glue += ["    x = ::%s::adjust(x);" % h.ns for _, h in includes]
    glue += ["    v[i] = x;", "}", ""]
    for _, code in libs:
        glue.append(sub(code, S=stem).rstrip("\n"))
    glue.append("")
    at = text.index("\nint main(")
    text = text[:at] + "\n".join(glue) + text[at:]

    if is_app:
        ns = "::%s::%s" % (PROJ, mod)
        text = text.replace("int main(int argc, char **argv)\n{\n",
                            "int main(int argc, char **argv)\n{\n"
                            "    const auto cfg = %s::default_config();\n"
                            "    std::printf(\"%%s: block %%d\\n\", %s::module_name(), cfg.block);\n"
                            "@CALLS@" % (ns, ns), 1)
        return text, None
    entry = "%s_run" % stem
    return text.replace("int main(int argc, char **argv)", "int %s(int argc, char **argv)" % entry, 1), entry


def nvcc_command(mod, src_rel):
    words = ["/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
             "-D%s_BLOCK_SIZE=256" % MACRO, "-D%s_ENABLE_TIMING" % MACRO,
             "-D%s_MODULE_NAME=\\\"%s\\\"" % (MACRO, mod), "-Iinclude", "-Isrc/%s" % mod,
             "-O3", "-DNDEBUG", "-std=c++17", "-arch=sm_80", "--expt-relaxed-constexpr",
             "-Xcompiler=-fPIC", "-x", "cu", "-c", src_rel,
             "-o", "build/CMakeFiles/%s_%s.dir/%s.o" % (PROJ, mod, src_rel)]
    # As CMake writes them: a string define keeps its quotes escaped.
    return " ".join(w if w.startswith("-D%s_MODULE_NAME" % MACRO) else shlex.quote(w) for w in words)


def cmake_lists(modules, sources_by_mod, apps):
    out = ["cmake_minimum_required(VERSION 3.18)",
           "project(%s LANGUAGES CXX CUDA)" % PROJ, "",
           "set(CMAKE_CXX_STANDARD 17)", "set(CMAKE_CUDA_STANDARD 17)",
           "set(CMAKE_CUDA_ARCHITECTURES 80)", "set(CMAKE_EXPORT_COMPILE_COMMANDS ON)", "",
           "find_package(CUDAToolkit REQUIRED)",
           "include(cmake/Warnings.cmake)", "",
           "add_compile_definitions(%s_BLOCK_SIZE=256 %s_ENABLE_TIMING)" % (MACRO, MACRO),
           "include_directories(include)", ""]
    for mod in modules:
        lib = "%s_%s" % (PROJ, mod)
        out.append("add_library(%s STATIC" % lib)
        out += ["    %s" % s for s in sources_by_mod[mod]]
        out += [")",
                "target_include_directories(%s PRIVATE src/%s)" % (lib, mod),
                "target_compile_definitions(%s PRIVATE %s_MODULE_NAME=\"%s\")" % (lib, MACRO, mod),
                "target_compile_options(%s PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr>)" % lib,
                "set_target_properties(%s PROPERTIES CUDA_SEPARABLE_COMPILATION ON)" % lib,
                "target_link_libraries(%s PUBLIC CUDA::cudart CUDA::curand CUDA::cublas CUDA::cufft)" % lib,
                "%s_warnings(%s)" % (PROJ, lib), ""]
        if mod in apps:
            out += ["add_executable(%s_app %s)" % (mod, apps[mod]),
                    "target_link_libraries(%s_app PRIVATE %s)" % (mod, lib), ""]
    return "\n".join(out)


def pick_includes(rng, mod, api, common, helpers):
    """The module's API header and 1-4 more: the module's own helpers and
    the common headers, now and then another module's public helper."""
    own = helpers[mod] * 2 + common
    others = [h for m, hs in sorted(helpers.items()) if m != mod for h in hs if h.public]
    chosen = [api]
    want = 1 + rng.randint(1, 4)
    for _ in range(50):
        if len(chosen) == want:
            break
        h = rng.choice(others) if others and rng.random() < 0.15 else rng.choice(own)
        if h not in chosen:
            chosen.append(h)
    return chosen


def generate(outdir, n_files, seed):
    rng = random.Random(seed)
    n_mod, n_common, n_helpers, n_sources = plan(n_files)
    modules = list(gen_corpus.PREFIXES[:n_mod])
    files = {}  # rel -> text

    common = []
    for name, body in COMMON_HEADERS[:n_common]:
        rel = "include/common/" + name
        ns = "%s::%s" % (PROJ, os.path.splitext(name)[0])
        common.append(Header(rel, ns, sub(body, G=guard(rel), NS=ns), True))

    helpers = {m: [] for m in modules}
    for i in range(n_helpers):
        mod = modules[i % n_mod]
        taken = {os.path.splitext(os.path.basename(h.rel))[0] for h in helpers[mod]}
        free = [s for s in HELPER_STEMS if s not in taken]
        stem = rng.choice(free) if free else "%s_%d" % (rng.choice(HELPER_STEMS), i)
        kind = HELPER_KINDS[(i // n_mod + i % n_mod) % len(HELPER_KINDS)]
        public = rng.random() < 0.6
        ext = ".cuh" if rng.random() < 0.8 else ".h"
        rel = ("include/%s/%s%s" if public else "src/%s/detail/%s%s") % (mod, stem, ext)
        ns = "%s::%s::%s" % (PROJ, mod, ident(stem))
        text = sub(HELPERS[kind], G=guard(rel), NS=ns, P=ident(rel), MOD=mod,
                   SCALE="%.3f" % rng.uniform(0.5, 1.5))
        helpers[mod].append(Header(rel, ns, text, public))
    api = {m: Header("include/%s/%s.h" % (m, m), "%s::%s" % (PROJ, m), None, True) for m in modules}

    # Sources, round robin over the modules; the first of each is its app.
    entries = {m: [] for m in modules}
    sources = []  # (rel, module, text, is_app)
    for idx in range(n_sources):
        mod = modules[idx % n_mod]
        is_app = idx < n_mod
        fname, text = gen_corpus.gen_file(rng, idx)
        if is_app:
            rel = "apps/%s/main.cu" % mod
        else:
            rel = os.path.normpath(os.path.join("src", mod, rng.choice(SUBDIRS), fname))
        chosen = pick_includes(rng, mod, api[mod], common, helpers)
        includes = [(spell_include(rng, h, rel, mod), h) for h in chosen]
        for h in chosen:
            h.users += 1
        text, entry = decorate_source(rng, fname, text, mod, includes, is_app)
        if entry:
            entries[mod].append(entry)
        sources.append((rel, mod, text, is_app))

    apps = {}
    sources_by_mod = {m: [] for m in modules}
    for rel, mod, text, is_app in sources:
        if is_app:
            apps[mod] = rel
            text = text.replace("@CALLS@", "".join("    %s(argc, argv);\n" % e for e in entries[mod][:8]))
        else:
            sources_by_mod[mod].append(rel)
        files[rel] = text

    for mod in modules:
        h = api[mod]
        decls = "".join("int %s(int argc, char **argv);\n" % e for e in entries[mod])
        h.text = sub(API_HEADER, G=guard(h.rel), NS=h.ns, MOD=mod, DECLS=decls,
                     STREAMS=rng.choice([2, 3, 4]), TOL="%.0e" % rng.choice([1e-4, 1e-5, 1e-6]),
                     EXT=rng.choice([64, 128, 256]), SCALE="%.3f" % rng.uniform(0.5, 1.5))
    for h in common + [h for m in modules for h in helpers[m]] + list(api.values()):
        files[h.rel] = h.text

    # compile_commands.json, the build script, the other files.
    db = [{"directory": ".", "command": nvcc_command(mod, rel), "file": rel}
          for rel, mod, _, _ in sorted(sources)]
    files["compile_commands.json"] = json.dumps(db, indent=2) + "\n"
    files["CMakeLists.txt"] = cmake_lists(modules, sources_by_mod, apps) + "\n"
    for rel, text in ASSETS.items():
        files[rel] = sub(text, NMOD=n_mod)

    for rel in sorted(files):
        path = os.path.join(outdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(files[rel])

    cuda = [r for r in files if r.endswith((".cu", ".cuh", ".h"))]
    n_headers = sum(1 for r in cuda if not r.endswith(".cu"))
    lines = sum(files[r].count("\n") for r in cuda)
    edit = api[modules[0]]
    print("%d files: %d sources, %d headers, %d other; %d lines; %d modules" % (
        len(cuda), len(cuda) - n_headers, n_headers, len(files) - len(cuda), lines, n_mod))
    print("edit %s %d" % (edit.rel, edit.users))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--files", type=int, default=500)
    ap.add_argument("--seed", type=int, default=20261130)
    a = ap.parse_args()
    if a.files < 10:
        ap.error("--files must be at least 10")
    generate(a.outdir, a.files, a.seed)


if __name__ == "__main__":
    main()
