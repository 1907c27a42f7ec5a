/*
 * cu2hip_cuda_shim.h -- parse-only stand-in for the CUDA toolkit headers.
 *
 * cu2hip parses CUDA sources with libclang and no CUDA toolkit installed.
 * This header is force-included ("-include cu2hip_cuda_shim.h"), and every
 * CUDA header name (cuda_runtime.h, cuda.h, cuda_fp16.h,
 * cooperative_groups.h, ...) is a generated stub that only includes it.
 *
 * Its only job is to let clang build a faithful AST of ordinary CUDA code:
 * calls resolve to declarations, kernel launches (k<<<g, b, s, st>>>(...))
 * parse, builtin variables such as threadIdx exist, and qualifiers map to
 * clang's CUDA attributes.  Nothing here is ever compiled to object code, so
 * almost everything is a declaration without a body.
 *
 * Expected flags (host-side CUDA parse, no CUDA installation):
 *   -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70
 *   -std=c++17 -Wno-unknown-cuda-version
 *
 * Conventions
 *   - Names that are not part of the CUDA API start with __c2h_.
 *   - Enum and flag values are those of the CUDA 13.0 toolkit.  APIs that
 *     were removed or changed in recent releases but are still common in
 *     code being ported (texture references, cudaThreadSynchronize, the
 *     3-argument cuCtxCreate, device-id cudaMemPrefetchAsync, ...) are
 *     declared as well, so that old code parses.
 *   - Parameter names are mostly omitted so that user macros defined on the
 *     command line cannot interfere with the declarations.
 */
#ifndef __c2h_cuda_shim_included
#define __c2h_cuda_shim_included 1

/* ======================================================================
 * 1. Compiler and toolkit identification macros
 * ====================================================================== */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
/* The version numbers (CUDART_VERSION, __CUDACC_VER_MAJOR__, ...) and the
 * include guards of the CUDA headers come from the rule table (rules/
 * nvcc.yaml, `defined_by`): the parser defines them before this header, or
 * in the stub of the header that defines them (CUDA_VERSION: cuda.h). */
#ifndef __CUDACC_EXTENDED_LAMBDA__
#define __CUDACC_EXTENDED_LAMBDA__ 1
#endif
#ifndef __CUDACC_RELAXED_CONSTEXPR__
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#endif

/* ======================================================================
 * 2. Execution-space and storage qualifiers
 *
 * __noinline__ is deliberately not defined: clang treats it as a keyword
 * in CUDA mode, and a macro would break __attribute__((__noinline__)) in
 * the C++ standard library.  __restrict__ is a clang keyword already.
 * clang 19 ignores 'managed' for CUDA and does not know 'grid_constant',
 * so __managed__ maps to a device variable and __grid_constant__ to
 * nothing.  The third __launch_bounds__ argument (cluster rank) needs
 * sm_90 in clang and is dropped.
 * ====================================================================== */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((device))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __grid_constant__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __maxnreg__(n)
#define __cluster_dims__(...)
#define CUDARTAPI
#define CUDAAPI
#define CUDART_CB
#define CUDA_CB
#define NVRTC_API

#define __c2h_lb_pick(_1, _2, _3, __c2h_name, ...) __c2h_name
#define __c2h_lb1(t) __attribute__((launch_bounds(t)))
#define __c2h_lb2(t, b) __attribute__((launch_bounds(t, b)))
#define __c2h_lb3(t, b, c) __attribute__((launch_bounds(t, b)))
#define __launch_bounds__(...)                                              \
  __c2h_lb_pick(__VA_ARGS__, __c2h_lb3, __c2h_lb2, __c2h_lb1, )(__VA_ARGS__)

/* ======================================================================
 * 3. Standard headers that the CUDA headers pull in
 *
 * nvcc makes printf, malloc, memcpy, assert and the C math library usable
 * in device code.  clang does the same for declarations made between the
 * force_cuda_host_device pragmas: they become __host__ __device__.  Only
 * the plain C headers go there.  libstdc++'s <math.h> and <stdlib.h>
 * would otherwise pull in C++ internals whose forward declarations must
 * stay host-only (their later definitions are host-only), so they are
 * asked to forward to the C library's headers directly.  The C++ headers
 * come afterwards, outside the pragma: their float overloads are constexpr
 * (hence usable in device code) and the double ones name the C functions.
 * <new> also stays outside: clang's CUDA wrapper for it adds the device
 * operator new/delete overloads once __device__ and malloc exist.
 * ====================================================================== */
#include <stddef.h>
#ifndef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#define __c2h_undef_glibcxx_next
#endif
#pragma clang force_cuda_host_device begin
#if __has_include(<limits.h>)
#include <limits.h>
#endif
#if __has_include(<stdint.h>)
#include <stdint.h>
#endif
#if __has_include(<math.h>)
#include <math.h>
#endif
#if __has_include(<stdlib.h>)
#include <stdlib.h>
#endif
#if __has_include(<stdio.h>)
#include <stdio.h>
#endif
#if __has_include(<string.h>)
#include <string.h>
#endif
#if __has_include(<time.h>)
#include <time.h>
#endif
#if __has_include(<assert.h>)
#include <assert.h>
#endif
#pragma clang force_cuda_host_device end
#ifdef __c2h_undef_glibcxx_next
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#undef __c2h_undef_glibcxx_next
#endif
#if __has_include(<cmath>)
#include <cmath>
#endif
#if __has_include(<cstdlib>)
#include <cstdlib>
#endif
/* libstdc++'s std::abs for long and long long is host-only (not constexpr);
 * CUDA offers both to device code. */
#if defined(__GLIBCXX__)
namespace std {
__device__ long abs(long);
__device__ long long abs(long long);
} /* namespace std */
#endif
/* Again, now through the C++ library's wrappers: they add the global
 * names (isnan, signbit, abs overloads, ...) that nvcc code relies on. */
#if __has_include(<math.h>)
#include <math.h>
#endif
#if __has_include(<stdlib.h>)
#include <stdlib.h>
#endif
#if __has_include(<new>)
#include <new>
#endif

/* ======================================================================
 * 4. Internal helpers
 * ====================================================================== */
#define __c2h_api extern "C" __host__
#define __c2h_apihd extern "C" __host__ __device__
#define __c2h_hd __host__ __device__
/* Applies M to each IEEE rounding-mode suffix. */
#define __c2h_rnd4(M, ...) M(rn, __VA_ARGS__) M(rz, __VA_ARGS__) M(ru, __VA_ARGS__) M(rd, __VA_ARGS__)

template <class __c2h_T> struct __c2h_ident { typedef __c2h_T type; };
template <class __c2h_T> struct __c2h_decay { typedef __c2h_T type; };
template <class __c2h_T> struct __c2h_decay<__c2h_T &> : __c2h_decay<__c2h_T> {};
template <class __c2h_T> struct __c2h_decay<__c2h_T &&> : __c2h_decay<__c2h_T> {};
template <class __c2h_T> struct __c2h_decay<const __c2h_T> : __c2h_decay<__c2h_T> {};
template <class __c2h_T> struct __c2h_decay<volatile __c2h_T> : __c2h_decay<__c2h_T> {};
template <class __c2h_T> struct __c2h_decay<const volatile __c2h_T> : __c2h_decay<__c2h_T> {};

/* ======================================================================
 * 5. Vector types (vector_types.h, vector_functions.h)
 * ====================================================================== */
#define __c2h_vec(B, T, A1, A2, A4)                                           \
  struct __attribute__((aligned(A1))) B##1 { T x; };                          \
  struct __attribute__((aligned(A2))) B##2 { T x, y; };                       \
  struct B##3 { T x, y, z; };                                                 \
  struct __attribute__((aligned(A4))) B##4 { T x, y, z, w; };                 \
  __c2h_hd B##1 make_##B##1(T);                                               \
  __c2h_hd B##2 make_##B##2(T, T);                                            \
  __c2h_hd B##3 make_##B##3(T, T, T);                                         \
  __c2h_hd B##4 make_##B##4(T, T, T, T);

__c2h_vec(char, signed char, 1, 2, 4)
__c2h_vec(uchar, unsigned char, 1, 2, 4)
__c2h_vec(short, short, 2, 4, 8)
__c2h_vec(ushort, unsigned short, 2, 4, 8)
__c2h_vec(int, int, 4, 8, 16)
__c2h_vec(uint, unsigned int, 4, 8, 16)
__c2h_vec(long, long, sizeof(long), 2 * sizeof(long), 16)
__c2h_vec(ulong, unsigned long, sizeof(long), 2 * sizeof(long), 16)
__c2h_vec(longlong, long long, 8, 16, 16)
__c2h_vec(ulonglong, unsigned long long, 8, 16, 16)
__c2h_vec(float, float, 4, 8, 16)
__c2h_vec(double, double, 8, 16, 16)

/* CUDA 13 explicitly aligned 4-vectors of 64-bit elements. */
#define __c2h_vec4a(B, T)                                                     \
  struct __attribute__((aligned(16))) B##4_16a { T x, y, z, w; };             \
  struct __attribute__((aligned(32))) B##4_32a { T x, y, z, w; };             \
  __c2h_hd B##4_16a make_##B##4_16a(T, T, T, T);                              \
  __c2h_hd B##4_32a make_##B##4_32a(T, T, T, T);
__c2h_vec4a(long, long)
__c2h_vec4a(ulong, unsigned long)
__c2h_vec4a(longlong, long long)
__c2h_vec4a(ulonglong, unsigned long long)
__c2h_vec4a(double, double)

/* ======================================================================
 * 6. dim3 and the builtin variables (device_launch_parameters.h)
 * ====================================================================== */
struct dim3 {
  unsigned int x, y, z;
  __c2h_hd constexpr dim3(unsigned int __vx = 1, unsigned int __vy = 1, unsigned int __vz = 1)
      : x(__vx), y(__vy), z(__vz) {}
  __c2h_hd constexpr dim3(uint3 __v) : x(__v.x), y(__v.y), z(__v.z) {}
  __c2h_hd constexpr operator uint3() const { return uint3{x, y, z}; }
};

extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
extern __device__ const int warpSize;

/* ======================================================================
 * 7. Runtime API: enums, handles and structs (driver_types.h & co.)
 * ====================================================================== */
enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5, cudaErrorProfilerNotInitialized = 6,
  cudaErrorProfilerAlreadyStarted = 7, cudaErrorProfilerAlreadyStopped = 8,
  cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
  cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
  cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
  cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
  cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35,
  cudaErrorCallRequiresNewerDriver = 36, cudaErrorInvalidSurface = 37,
  cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
  cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
  cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
  cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
  cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
  cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209, cudaErrorAlreadyAcquired = 210,
  cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
  cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
  cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
  cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
  cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
  cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
  cudaErrorUnsupportedDevSideSync = 225, cudaErrorContained = 226,
  cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401, cudaErrorLossyQuery = 402,
  cudaErrorSymbolNotFound = 500, cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702, cudaErrorLaunchIncompatibleTexturing = 703,
  cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorSetOnActiveProcess = 708, cudaErrorContextIsDestroyed = 709,
  cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
  cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorHardwareStackError = 714, cudaErrorIllegalInstruction = 715,
  cudaErrorMisalignedAddress = 716, cudaErrorInvalidAddressSpace = 717,
  cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorTensorMemoryLeak = 721,
  cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
  cudaErrorSystemNotReady = 802, cudaErrorSystemDriverMismatch = 803,
  cudaErrorCompatNotSupportedOnDevice = 804, cudaErrorMpsConnectionFailed = 805,
  cudaErrorMpsRpcFailure = 806, cudaErrorMpsServerNotReady = 807,
  cudaErrorMpsMaxClientsReached = 808, cudaErrorMpsMaxConnectionsReached = 809,
  cudaErrorMpsClientTerminated = 810, cudaErrorCdpNotSupported = 811,
  cudaErrorCdpVersionMismatch = 812, cudaErrorStreamCaptureUnsupported = 900,
  cudaErrorStreamCaptureInvalidated = 901, cudaErrorStreamCaptureMerge = 902,
  cudaErrorStreamCaptureUnmatched = 903, cudaErrorStreamCaptureUnjoined = 904,
  cudaErrorStreamCaptureIsolation = 905, cudaErrorStreamCaptureImplicit = 906,
  cudaErrorCapturedEvent = 907, cudaErrorStreamCaptureWrongThread = 908,
  cudaErrorTimeout = 909, cudaErrorGraphExecUpdateFailure = 910,
  cudaErrorExternalDevice = 911, cudaErrorInvalidClusterSize = 912,
  cudaErrorFunctionNotLoaded = 913, cudaErrorInvalidResourceType = 914,
  cudaErrorInvalidResourceConfiguration = 915, cudaErrorUnknown = 999,
  cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11,
  cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17,
  cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
  cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
  cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
  cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
  cudaDevAttrSurfaceAlignment = 30, cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33, cudaDevAttrPciDeviceId = 34,
  cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41, cudaDevAttrPciDomainId = 50,
  cudaDevAttrTexturePitchAlignment = 51, cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79, cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrCooperativeLaunch = 95, cudaDevAttrCooperativeMultiDeviceLaunch = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97, cudaDevAttrCanFlushRemoteWrites = 98,
  cudaDevAttrHostRegisterSupported = 99, cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrReservedSharedMemoryPerBlock = 111, cudaDevAttrSparseCudaArraySupported = 112,
  cudaDevAttrHostRegisterReadOnlySupported = 113, cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrGPUDirectRDMASupported = 116, cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
  cudaDevAttrClusterLaunch = 120, cudaDevAttrIpcEventSupport = 125,
  cudaDevAttrMemSyncDomainCount = 126, cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131,
  cudaDevAttrMpsEnabled = 133, cudaDevAttrHostNumaId = 134
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10, cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12, cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};
enum cudaSharedCarveout {
  cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100,
  cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaLimit {
  cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2,
  cudaLimitDevRuntimeSyncDepth = 3, cudaLimitDevRuntimePendingLaunchCount = 4,
  cudaLimitMaxL2FetchGranularity = 5, cudaLimitPersistingL2CacheSize = 6
};
enum cudaComputeMode {
  cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3
};
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3, cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaMemRangeAttribute {
  cudaMemRangeAttributeReadMostly = 1, cudaMemRangeAttributePreferredLocation = 2,
  cudaMemRangeAttributeAccessedBy = 3, cudaMemRangeAttributeLastPrefetchLocation = 4
};
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeDevice = 1, cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3, cudaMemLocationTypeHostNumaCurrent = 4
};
enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 1, cudaMemPoolReuseAllowOpportunistic = 2,
  cudaMemPoolReuseAllowInternalDependencies = 3, cudaMemPoolAttrReleaseThreshold = 4,
  cudaMemPoolAttrReservedMemCurrent = 5, cudaMemPoolAttrReservedMemHigh = 6,
  cudaMemPoolAttrUsedMemCurrent = 7, cudaMemPoolAttrUsedMemHigh = 8
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
enum cudaGraphInstantiateFlags {
  cudaGraphInstantiateFlagAutoFreeOnLaunch = 1, cudaGraphInstantiateFlagUpload = 2,
  cudaGraphInstantiateFlagDeviceLaunch = 4, cudaGraphInstantiateFlagUseNodePriority = 8
};
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3, cudaChannelFormatKindNV12 = 4
};
enum cudaResourceType {
  cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4, cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6, cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8, cudaLaunchAttributeMemSyncDomainMap = 9,
  cudaLaunchAttributeMemSyncDomain = 10
};
enum cudaAccessProperty {
  cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1, cudaAccessPropertyPersisting = 2
};

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaPeerAccessDefault 0x00
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaEventWaitDefault 0x00
#define cudaEventWaitExternal 0x01
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceSyncMemops 0x80
#define cudaDeviceMask 0xff
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02

/* Opaque handles; the stream/event/graph handles are shared with cuda.h. */
struct CUstream_st;
struct CUevent_st;
struct CUgraph_st;
struct CUgraphNode_st;
struct CUgraphExec_st;
struct CUfunc_st;
struct CUkern_st;
struct CUmemPoolHandle_st;
struct CUuuid_st { char bytes[16]; };
struct cudaArray;
struct cudaMipmappedArray;
struct cudaGraphicsResource;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUkern_st *cudaKernel_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct CUuuid_st cudaUUID_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
typedef void (*cudaHostFn_t)(void *);

struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
  int clockRate; /* removed in CUDA 13, still common in code */
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment, texturePitchAlignment;
  int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated;
  int canMapHostMemory, computeMode;
  int maxTexture1D, maxTexture1DMipmap, maxTexture1DLinear, maxTexture2D[2];
  int maxTexture2DMipmap[2], maxTexture2DLinear[3], maxTexture2DGather[2];
  int maxTexture3D[3], maxTexture3DAlt[3], maxTextureCubemap;
  int maxTexture1DLayered[2], maxTexture2DLayered[3], maxTextureCubemapLayered[2];
  int maxSurface1D, maxSurface2D[2], maxSurface3D[3], maxSurface1DLayered[2];
  int maxSurface2DLayered[3], maxSurfaceCubemap, maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver;
  int asyncEngineCount, unifiedAddressing, memoryClockRate, memoryBusWidth, l2CacheSize;
  int persistingL2CacheMaxSize, maxThreadsPerMultiProcessor, streamPrioritiesSupported;
  int globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID;
  int hostNativeAtomicSupported, singleToDoublePrecisionPerfRatio, pageableMemoryAccess;
  int concurrentManagedAccess, computePreemptionSupported, canUseHostPointerForRegisteredMem;
  int cooperativeLaunch, cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported, sparseCudaArraySupported, hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported, ipcEventSupported, clusterLaunch;
  int unifiedFunctionPointers, deviceNumaConfig, deviceNumaId, mpsEnabled, hostNumaId;
  unsigned int gpuPciDeviceID, gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
  int maxDynamicSharedSizeBytes, preferredShmemCarveout, clusterDimMustBeSet;
  int requiredClusterWidth, requiredClusterHeight, requiredClusterDepth;
  int clusterSchedulingPolicyPreference, nonPortableClusterSizeAllowed;
  int reserved[16];
};
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  long reserved[8];
};
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaMemcpy3DParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};
struct cudaMemLocation { enum cudaMemLocationType type; int id; };
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization, seamlessCubemap;
};
struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
  unsigned int reserved[16];
};
struct cudaIpcMemHandle_st { char reserved[64]; };
struct cudaIpcEventHandle_st { char reserved[64]; };
typedef struct cudaIpcMemHandle_st cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st cudaIpcEventHandle_t;
struct cudaKernelNodeParams {
  void *func;
  dim3 gridDim, blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
struct cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp, missProp;
};
union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  struct { unsigned int x, y, z; } clusterDim;
  int programmaticStreamSerializationAllowed;
  int priority;
};
struct cudaLaunchAttribute_st {
  enum cudaLaunchAttributeID id;
  char pad[8 - sizeof(enum cudaLaunchAttributeID)];
  union cudaLaunchAttributeValue val;
};
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
struct cudaLaunchConfig_st {
  dim3 gridDim, blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
};
typedef struct cudaLaunchConfig_st cudaLaunchConfig_t;

/* ======================================================================
 * 8. Runtime API functions (cuda_runtime_api.h)
 *
 * Functions CUDA also offers to device code (dynamic parallelism) are
 * declared __host__ __device__ (__c2h_apihd).
 * ====================================================================== */
/* errors, versions */
__c2h_apihd cudaError_t cudaGetLastError(void);
__c2h_apihd cudaError_t cudaPeekAtLastError(void);
__c2h_apihd const char *cudaGetErrorString(cudaError_t);
__c2h_apihd const char *cudaGetErrorName(cudaError_t);
__c2h_api cudaError_t cudaDriverGetVersion(int *);
__c2h_apihd cudaError_t cudaRuntimeGetVersion(int *);
/* device management */
__c2h_apihd cudaError_t cudaGetDeviceCount(int *);
__c2h_api cudaError_t cudaSetDevice(int);
__c2h_apihd cudaError_t cudaGetDevice(int *);
__c2h_api cudaError_t cudaInitDevice(int, unsigned int, unsigned int);
__c2h_api cudaError_t cudaSetDeviceFlags(unsigned int);
__c2h_api cudaError_t cudaGetDeviceFlags(unsigned int *);
__c2h_api cudaError_t cudaSetValidDevices(int *, int);
__c2h_api cudaError_t cudaChooseDevice(int *, const struct cudaDeviceProp *);
__c2h_apihd cudaError_t cudaDeviceSynchronize(void);
__c2h_api cudaError_t cudaDeviceReset(void);
__c2h_api cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *, int);
__c2h_apihd cudaError_t cudaDeviceGetAttribute(int *, enum cudaDeviceAttr, int);
__c2h_api cudaError_t cudaDeviceSetLimit(enum cudaLimit, size_t);
__c2h_apihd cudaError_t cudaDeviceGetLimit(size_t *, enum cudaLimit);
__c2h_api cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache);
__c2h_apihd cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *);
__c2h_api cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig);
__c2h_apihd cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *);
__c2h_api cudaError_t cudaDeviceGetStreamPriorityRange(int *, int *);
__c2h_api cudaError_t cudaDeviceGetPCIBusId(char *, int, int);
__c2h_api cudaError_t cudaDeviceGetByPCIBusId(int *, const char *);
__c2h_api cudaError_t cudaDeviceCanAccessPeer(int *, int, int);
__c2h_api cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int);
__c2h_api cudaError_t cudaDeviceDisablePeerAccess(int);
__c2h_api cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *, int);
__c2h_api cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *, int);
__c2h_api cudaError_t cudaDeviceSetMemPool(int, cudaMemPool_t);
__c2h_api cudaError_t cudaCtxResetPersistingL2Cache(void);
/* removed thread-level aliases still seen in older code */
__c2h_api cudaError_t cudaThreadSynchronize(void);
__c2h_api cudaError_t cudaThreadExit(void);
__c2h_api cudaError_t cudaThreadSetLimit(enum cudaLimit, size_t);
__c2h_api cudaError_t cudaThreadGetLimit(size_t *, enum cudaLimit);
__c2h_api cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache);
/* memory */
__c2h_apihd cudaError_t cudaMalloc(void **, size_t);
__c2h_apihd cudaError_t cudaFree(void *);
__c2h_api cudaError_t cudaMallocHost(void **, size_t);
__c2h_api cudaError_t cudaHostAlloc(void **, size_t, unsigned int);
__c2h_api cudaError_t cudaFreeHost(void *);
__c2h_api cudaError_t cudaMallocManaged(void **, size_t, unsigned int = cudaMemAttachGlobal);
__c2h_api cudaError_t cudaMallocPitch(void **, size_t *, size_t, size_t);
__c2h_api cudaError_t cudaMalloc3D(struct cudaPitchedPtr *, struct cudaExtent);
__c2h_api cudaError_t cudaMallocArray(cudaArray_t *, const struct cudaChannelFormatDesc *, size_t,
                                      size_t = 0, unsigned int = 0);
__c2h_api cudaError_t cudaMalloc3DArray(cudaArray_t *, const struct cudaChannelFormatDesc *,
                                        struct cudaExtent, unsigned int = 0);
__c2h_api cudaError_t cudaFreeArray(cudaArray_t);
__c2h_api cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *, struct cudaExtent *,
                                       unsigned int *, cudaArray_t);
__c2h_api cudaError_t cudaHostRegister(void *, size_t, unsigned int);
__c2h_api cudaError_t cudaHostUnregister(void *);
__c2h_api cudaError_t cudaHostGetDevicePointer(void **, void *, unsigned int);
__c2h_api cudaError_t cudaHostGetFlags(unsigned int *, void *);
__c2h_api cudaError_t cudaMemGetInfo(size_t *, size_t *);
__c2h_api cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *, const void *);
__c2h_api cudaError_t cudaMemcpy(void *, const void *, size_t, enum cudaMemcpyKind);
__c2h_apihd cudaError_t cudaMemcpyAsync(void *, const void *, size_t, enum cudaMemcpyKind,
                                        cudaStream_t = 0);
__c2h_api cudaError_t cudaMemcpy2D(void *, size_t, const void *, size_t, size_t, size_t,
                                   enum cudaMemcpyKind);
__c2h_apihd cudaError_t cudaMemcpy2DAsync(void *, size_t, const void *, size_t, size_t, size_t,
                                          enum cudaMemcpyKind, cudaStream_t = 0);
__c2h_api cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *);
__c2h_apihd cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *, cudaStream_t = 0);
__c2h_api cudaError_t cudaMemcpyToArray(cudaArray_t, size_t, size_t, const void *, size_t,
                                        enum cudaMemcpyKind);
__c2h_api cudaError_t cudaMemcpyFromArray(void *, cudaArray_const_t, size_t, size_t, size_t,
                                          enum cudaMemcpyKind);
__c2h_api cudaError_t cudaMemcpy2DToArray(cudaArray_t, size_t, size_t, const void *, size_t,
                                          size_t, size_t, enum cudaMemcpyKind);
__c2h_api cudaError_t cudaMemcpy2DFromArray(void *, size_t, cudaArray_const_t, size_t, size_t,
                                            size_t, size_t, enum cudaMemcpyKind);
__c2h_api cudaError_t cudaMemcpyPeer(void *, int, const void *, int, size_t);
__c2h_api cudaError_t cudaMemcpyPeerAsync(void *, int, const void *, int, size_t,
                                          cudaStream_t = 0);
__c2h_api cudaError_t cudaMemcpyToSymbol(const void *, const void *, size_t, size_t = 0,
                                         enum cudaMemcpyKind = cudaMemcpyHostToDevice);
__c2h_api cudaError_t cudaMemcpyFromSymbol(void *, const void *, size_t, size_t = 0,
                                           enum cudaMemcpyKind = cudaMemcpyDeviceToHost);
__c2h_api cudaError_t cudaMemcpyToSymbolAsync(const void *, const void *, size_t, size_t = 0,
                                              enum cudaMemcpyKind = cudaMemcpyHostToDevice,
                                              cudaStream_t = 0);
__c2h_api cudaError_t cudaMemcpyFromSymbolAsync(void *, const void *, size_t, size_t = 0,
                                                enum cudaMemcpyKind = cudaMemcpyDeviceToHost,
                                                cudaStream_t = 0);
__c2h_api cudaError_t cudaGetSymbolAddress(void **, const void *);
__c2h_api cudaError_t cudaGetSymbolSize(size_t *, const void *);
__c2h_api cudaError_t cudaMemset(void *, int, size_t);
__c2h_apihd cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t = 0);
__c2h_api cudaError_t cudaMemset2D(void *, size_t, int, size_t, size_t);
__c2h_apihd cudaError_t cudaMemset2DAsync(void *, size_t, int, size_t, size_t, cudaStream_t = 0);
__c2h_api cudaError_t cudaMemset3D(struct cudaPitchedPtr, int, struct cudaExtent);
__c2h_apihd cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr, int, struct cudaExtent,
                                          cudaStream_t = 0);
__c2h_api cudaError_t cudaMemPrefetchAsync(const void *, size_t, struct cudaMemLocation,
                                           unsigned int, cudaStream_t = 0);
__c2h_api cudaError_t cudaMemAdvise(const void *, size_t, enum cudaMemoryAdvise,
                                    struct cudaMemLocation);
__c2h_api cudaError_t cudaMemRangeGetAttribute(void *, size_t, enum cudaMemRangeAttribute,
                                               const void *, size_t);
__c2h_apihd cudaError_t cudaMallocAsync(void **, size_t, cudaStream_t);
__c2h_apihd cudaError_t cudaFreeAsync(void *, cudaStream_t);
__c2h_api cudaError_t cudaMallocFromPoolAsync(void **, size_t, cudaMemPool_t, cudaStream_t);
__c2h_api cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, enum cudaMemPoolAttr, void *);
__c2h_api cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t, enum cudaMemPoolAttr, void *);
__c2h_api cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t);
/* IPC */
__c2h_api cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *, void *);
__c2h_api cudaError_t cudaIpcOpenMemHandle(void **, cudaIpcMemHandle_t, unsigned int);
__c2h_api cudaError_t cudaIpcCloseMemHandle(void *);
__c2h_api cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *, cudaEvent_t);
__c2h_api cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *, cudaIpcEventHandle_t);
/* streams */
__c2h_api cudaError_t cudaStreamCreate(cudaStream_t *);
__c2h_apihd cudaError_t cudaStreamCreateWithFlags(cudaStream_t *, unsigned int);
__c2h_api cudaError_t cudaStreamCreateWithPriority(cudaStream_t *, unsigned int, int);
__c2h_apihd cudaError_t cudaStreamDestroy(cudaStream_t);
__c2h_api cudaError_t cudaStreamSynchronize(cudaStream_t);
__c2h_api cudaError_t cudaStreamQuery(cudaStream_t);
__c2h_apihd cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int = 0);
__c2h_api cudaError_t cudaStreamAddCallback(cudaStream_t, cudaStreamCallback_t, void *,
                                            unsigned int);
__c2h_api cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t, void *);
__c2h_api cudaError_t cudaStreamGetPriority(cudaStream_t, int *);
__c2h_api cudaError_t cudaStreamGetFlags(cudaStream_t, unsigned int *);
__c2h_api cudaError_t cudaStreamGetDevice(cudaStream_t, int *);
__c2h_api cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void *, size_t = 0,
                                               unsigned int = cudaMemAttachSingle);
__c2h_api cudaError_t cudaStreamBeginCapture(cudaStream_t, enum cudaStreamCaptureMode);
__c2h_api cudaError_t cudaStreamEndCapture(cudaStream_t, cudaGraph_t *);
__c2h_api cudaError_t cudaStreamIsCapturing(cudaStream_t, enum cudaStreamCaptureStatus *);
/* events */
__c2h_api cudaError_t cudaEventCreate(cudaEvent_t *);
__c2h_apihd cudaError_t cudaEventCreateWithFlags(cudaEvent_t *, unsigned int);
__c2h_apihd cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
__c2h_apihd cudaError_t cudaEventRecordWithFlags(cudaEvent_t, cudaStream_t = 0, unsigned int = 0);
__c2h_api cudaError_t cudaEventQuery(cudaEvent_t);
__c2h_api cudaError_t cudaEventSynchronize(cudaEvent_t);
__c2h_apihd cudaError_t cudaEventDestroy(cudaEvent_t);
__c2h_api cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
/* execution control and occupancy (untyped forms; typed templates below) */
__c2h_api cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t);
__c2h_api cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, size_t,
                                                  cudaStream_t);
__c2h_api cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *, const void *, void **);
__c2h_apihd cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *, const void *);
__c2h_api cudaError_t cudaFuncSetAttribute(const void *, enum cudaFuncAttribute, int);
__c2h_api cudaError_t cudaFuncSetCacheConfig(const void *, enum cudaFuncCache);
__c2h_api cudaError_t cudaFuncSetSharedMemConfig(const void *, enum cudaSharedMemConfig);
__c2h_apihd cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, const void *, int,
                                                                      size_t);
__c2h_api cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *, const void *,
                                                                             int, size_t,
                                                                             unsigned int);
__c2h_api cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *, const void *, int, int);
__c2h_apihd cudaError_t cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
/* graphs */
__c2h_api cudaError_t cudaGraphCreate(cudaGraph_t *, unsigned int);
__c2h_api cudaError_t cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, unsigned long long = 0);
__c2h_api cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *, cudaGraph_t,
                                                    unsigned long long = 0);
__c2h_apihd cudaError_t cudaGraphLaunch(cudaGraphExec_t, cudaStream_t);
__c2h_api cudaError_t cudaGraphUpload(cudaGraphExec_t, cudaStream_t);
__c2h_api cudaError_t cudaGraphDestroy(cudaGraph_t);
__c2h_api cudaError_t cudaGraphExecDestroy(cudaGraphExec_t);
__c2h_api cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                             size_t, const struct cudaKernelNodeParams *);
__c2h_api cudaError_t cudaGraphAddDependencies(cudaGraph_t, const cudaGraphNode_t *,
                                               const cudaGraphNode_t *, size_t);
__c2h_api cudaError_t cudaGraphGetNodes(cudaGraph_t, cudaGraphNode_t *, size_t *);
__c2h_api cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t, cudaGraphNode_t,
                                                       const struct cudaKernelNodeParams *);
__c2h_api cudaError_t cudaGraphDebugDotPrint(cudaGraph_t, const char *, unsigned int);
/* texture and surface objects */
__c2h_api struct cudaChannelFormatDesc cudaCreateChannelDesc(int, int, int, int,
                                                             enum cudaChannelFormatKind);
__c2h_api cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const struct cudaResourceDesc *,
                                              const struct cudaTextureDesc *,
                                              const struct cudaResourceViewDesc *);
__c2h_api cudaError_t cudaDestroyTextureObject(cudaTextureObject_t);
__c2h_api cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *,
                                                       cudaTextureObject_t);
__c2h_api cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *, const struct cudaResourceDesc *);
__c2h_api cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t);
/* profiler control (cuda_profiler_api.h) */
__c2h_api cudaError_t cudaProfilerStart(void);
__c2h_api cudaError_t cudaProfilerStop(void);

/* helpers from driver_functions.h */
__c2h_hd struct cudaPitchedPtr make_cudaPitchedPtr(void *, size_t, size_t, size_t);
__c2h_hd struct cudaPos make_cudaPos(size_t, size_t, size_t);
__c2h_hd struct cudaExtent make_cudaExtent(size_t, size_t, size_t);

/* ======================================================================
 * 9. Runtime API C++ overloads and templates (cuda_runtime.h)
 * ====================================================================== */
#define __c2h_tpl template <class __c2h_T> __host__
__c2h_tpl cudaError_t cudaMalloc(__c2h_T **, size_t);
__c2h_tpl cudaError_t cudaMallocHost(__c2h_T **, size_t, unsigned int = 0);
__host__ cudaError_t cudaMallocHost(void **, size_t, unsigned int);
__c2h_tpl cudaError_t cudaHostAlloc(__c2h_T **, size_t, unsigned int);
__c2h_tpl cudaError_t cudaHostGetDevicePointer(__c2h_T **, void *, unsigned int);
__c2h_tpl cudaError_t cudaMallocManaged(__c2h_T **, size_t, unsigned int = cudaMemAttachGlobal);
__c2h_tpl cudaError_t cudaMallocPitch(__c2h_T **, size_t *, size_t, size_t);
__c2h_tpl cudaError_t cudaMallocAsync(__c2h_T **, size_t, cudaStream_t);
__c2h_tpl cudaError_t cudaMallocAsync(__c2h_T **, size_t, cudaMemPool_t, cudaStream_t);
__host__ cudaError_t cudaMallocAsync(void **, size_t, cudaMemPool_t, cudaStream_t);
__c2h_tpl cudaError_t cudaMallocFromPoolAsync(__c2h_T **, size_t, cudaMemPool_t, cudaStream_t);
__c2h_tpl cudaError_t cudaMemcpyToSymbol(const __c2h_T &, const void *, size_t, size_t = 0,
                                         enum cudaMemcpyKind = cudaMemcpyHostToDevice);
__c2h_tpl cudaError_t cudaMemcpyFromSymbol(void *, const __c2h_T &, size_t, size_t = 0,
                                           enum cudaMemcpyKind = cudaMemcpyDeviceToHost);
__c2h_tpl cudaError_t cudaMemcpyToSymbolAsync(const __c2h_T &, const void *, size_t, size_t = 0,
                                              enum cudaMemcpyKind = cudaMemcpyHostToDevice,
                                              cudaStream_t = 0);
__c2h_tpl cudaError_t cudaMemcpyFromSymbolAsync(void *, const __c2h_T &, size_t, size_t = 0,
                                                enum cudaMemcpyKind = cudaMemcpyDeviceToHost,
                                                cudaStream_t = 0);
__c2h_tpl cudaError_t cudaGetSymbolAddress(void **, const __c2h_T &);
__c2h_tpl cudaError_t cudaGetSymbolSize(size_t *, const __c2h_T &);
__c2h_tpl cudaError_t cudaStreamAttachMemAsync(cudaStream_t, __c2h_T *, size_t = 0,
                                               unsigned int = cudaMemAttachSingle);
/* pre-CUDA-13 forms taking a device ordinal */
__host__ cudaError_t cudaMemPrefetchAsync(const void *, size_t, int, cudaStream_t = 0);
__host__ cudaError_t cudaMemAdvise(const void *, size_t, enum cudaMemoryAdvise, int);
/* C++ conveniences: event flags, pre-CUDA-12 graph instantiation */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *, unsigned int);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, cudaGraphNode_t *,
                                          char *, size_t);
__c2h_tpl struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
/* Kernels given by their function.  CUDA spells the parameter 'const T *';
 * plain 'T *' also deduces from a kernel name passed without a cast. */
__c2h_tpl cudaError_t cudaLaunchKernel(__c2h_T *, dim3, dim3, void **, size_t = 0,
                                       cudaStream_t = 0);
__c2h_tpl cudaError_t cudaLaunchCooperativeKernel(__c2h_T *, dim3, dim3, void **,
                                                  size_t = 0, cudaStream_t = 0);
template <class... __c2h_Exp, class... __c2h_Act>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *, void (*)(__c2h_Exp...),
                                        __c2h_Act &&...);
__c2h_tpl cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *, __c2h_T *);
__c2h_tpl cudaError_t cudaFuncSetAttribute(__c2h_T *, enum cudaFuncAttribute, int);
__c2h_tpl cudaError_t cudaFuncSetCacheConfig(__c2h_T *, enum cudaFuncCache);
__c2h_tpl cudaError_t cudaFuncSetSharedMemConfig(__c2h_T *, enum cudaSharedMemConfig);
__c2h_tpl cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, __c2h_T, int, size_t);
__c2h_tpl cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *, __c2h_T, int,
                                                                             size_t, unsigned int);
__c2h_tpl cudaError_t cudaOccupancyMaxPotentialBlockSize(int *, int *, __c2h_T, size_t = 0,
                                                         int = 0);
__c2h_tpl cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *, int *, __c2h_T,
                                                                  size_t = 0, int = 0,
                                                                  unsigned int = 0);
template <class __c2h_F, class __c2h_T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *, int *, __c2h_T, __c2h_F, int = 0);
template <class __c2h_F, class __c2h_T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *, int *, __c2h_T, __c2h_F, int = 0, unsigned int = 0);
__c2h_tpl cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *, __c2h_T, int, int);
#undef __c2h_tpl

/* ======================================================================
 * 10. Kernel launch support
 *
 * clang 19 lowers k<<<g, b, s, st>>>(...) to a call of
 * __cudaPushCallConfiguration(g, b, s, st) (it would use cudaConfigureCall
 * only for CUDA < 9.2); the declaration must exist for <<<>>> to parse.
 * __host__ __device__ so that device-side launches parse too.
 * ====================================================================== */
extern "C" __c2h_hd unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0,
                                                         struct CUstream_st * = 0);
extern "C" __host__ cudaError_t __cudaPopCallConfiguration(dim3 *, dim3 *, size_t *, void *);
__c2h_apihd void *cudaGetParameterBuffer(size_t, size_t);
__c2h_apihd cudaError_t cudaLaunchDevice(void *, void *, dim3, dim3, unsigned int, cudaStream_t);

/* ======================================================================
 * 11. Driver API basics (cuda.h)
 * ====================================================================== */
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5, CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_DEVICE_UNAVAILABLE = 46, CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_DEVICE_NOT_LICENSED = 102,
  CUDA_ERROR_INVALID_IMAGE = 200, CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202, CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206, CUDA_ERROR_ARRAY_IS_MAPPED = 207,
  CUDA_ERROR_ALREADY_MAPPED = 208, CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_ALREADY_ACQUIRED = 210, CUDA_ERROR_NOT_MAPPED = 211,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214, CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216, CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218, CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
  CUDA_ERROR_NVLINK_UNCORRECTABLE = 220, CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222, CUDA_ERROR_JIT_COMPILATION_DISABLED = 223,
  CUDA_ERROR_INVALID_SOURCE = 300, CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302, CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
  CUDA_ERROR_OPERATING_SYSTEM = 304, CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401, CUDA_ERROR_NOT_FOUND = 500, CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702, CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704, CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
  CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708, CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
  CUDA_ERROR_ASSERT = 710, CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712, CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714, CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716, CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718, CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720, CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801, CUDA_ERROR_SYSTEM_NOT_READY = 802,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901, CUDA_ERROR_TIMEOUT = 909,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8, CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10, CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12, CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16, CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31, CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
} CUdevice_attribute;
typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4, CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6, CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9
} CUfunction_attribute;
typedef enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0, CU_JIT_THREADS_PER_BLOCK = 1, CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4, CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6, CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8, CU_JIT_TARGET = 9, CU_JIT_FALLBACK_STRATEGY = 10,
  CU_JIT_GENERATE_DEBUG_INFO = 11, CU_JIT_LOG_VERBOSE = 12, CU_JIT_GENERATE_LINE_INFO = 13,
  CU_JIT_CACHE_MODE = 14
} CUjit_option;
typedef enum CUjitInputType_enum {
  CU_JIT_INPUT_CUBIN = 0, CU_JIT_INPUT_PTX = 1, CU_JIT_INPUT_FATBINARY = 2,
  CU_JIT_INPUT_OBJECT = 3, CU_JIT_INPUT_LIBRARY = 4
} CUjitInputType;
typedef enum CUctx_flags_enum {
  CU_CTX_SCHED_AUTO = 0x00, CU_CTX_SCHED_SPIN = 0x01, CU_CTX_SCHED_YIELD = 0x02,
  CU_CTX_SCHED_BLOCKING_SYNC = 0x04, CU_CTX_BLOCKING_SYNC = 0x04, CU_CTX_SCHED_MASK = 0x07,
  CU_CTX_MAP_HOST = 0x08, CU_CTX_LMEM_RESIZE_TO_MAX = 0x10
} CUctx_flags;
typedef enum CUstream_flags_enum { CU_STREAM_DEFAULT = 0, CU_STREAM_NON_BLOCKING = 1 } CUstream_flags;
typedef enum CUevent_flags_enum {
  CU_EVENT_DEFAULT = 0, CU_EVENT_BLOCKING_SYNC = 1, CU_EVENT_DISABLE_TIMING = 2,
  CU_EVENT_INTERPROCESS = 4
} CUevent_flags;
typedef enum CUlimit_enum {
  CU_LIMIT_STACK_SIZE = 0, CU_LIMIT_PRINTF_FIFO_SIZE = 1, CU_LIMIT_MALLOC_HEAP_SIZE = 2
} CUlimit;
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define CU_DEVICE_CPU ((CUdevice)-1)

struct CUctx_st;
struct CUmod_st;
struct CUlinkState_st;
struct CUarray_st;
struct CUctxCreateParams_st;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUarray_st *CUarray;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUuuid_st CUuuid;
typedef struct CUctxCreateParams_st CUctxCreateParams;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
/* Virtual memory management (cuMemCreate): the properties struct is
 * declared so that its fields resolve (HIP spells one of them otherwise). */
typedef enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0x0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1,
  CU_MEM_ALLOCATION_TYPE_MANAGED = 0x2,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationType;
typedef enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0x0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
  CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
  CU_MEM_HANDLE_TYPE_FABRIC = 0x8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;
typedef enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0x0,
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
  CU_MEM_LOCATION_TYPE_HOST = 0x2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;
typedef struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
} CUmemLocation;
typedef struct CUmemAllocationProp_st {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp;
typedef unsigned long long CUmemGenericAllocationHandle_v1;
typedef CUmemGenericAllocationHandle_v1 CUmemGenericAllocationHandle;
typedef enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0x0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 0x1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7FFFFFFF
} CUmemAccess_flags;
typedef enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
} CUmemAllocationGranularity_flags;
typedef struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc_v1;
typedef CUmemAccessDesc_v1 CUmemAccessDesc;
/* Declared so that address arithmetic in their CUdeviceptr arguments is
 * seen as such (handle-as-integer rewrites it). */
__c2h_api CUresult cuMemAddressReserve(CUdeviceptr *, size_t, size_t, CUdeviceptr, unsigned long long);
__c2h_api CUresult cuMemAddressFree(CUdeviceptr, size_t);
__c2h_api CUresult cuMemCreate(CUmemGenericAllocationHandle *, size_t, const CUmemAllocationProp *, unsigned long long);
__c2h_api CUresult cuMemRelease(CUmemGenericAllocationHandle);
__c2h_api CUresult cuMemMap(CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle, unsigned long long);
__c2h_api CUresult cuMemUnmap(CUdeviceptr, size_t);
__c2h_api CUresult cuMemSetAccess(CUdeviceptr, size_t, const CUmemAccessDesc *, size_t);
__c2h_api CUresult cuMemGetAllocationGranularity(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags);
__c2h_api CUresult cuMemExportToShareableHandle(void *, CUmemGenericAllocationHandle, CUmemAllocationHandleType,
                                                unsigned long long);
__c2h_api CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *, void *, CUmemAllocationHandleType);

__c2h_api CUresult cuInit(unsigned int);
__c2h_api CUresult cuDriverGetVersion(int *);
__c2h_api CUresult cuGetErrorString(CUresult, const char **);
__c2h_api CUresult cuGetErrorName(CUresult, const char **);
__c2h_api CUresult cuDeviceGet(CUdevice *, int);
__c2h_api CUresult cuDeviceGetCount(int *);
__c2h_api CUresult cuDeviceGetName(char *, int, CUdevice);
__c2h_api CUresult cuDeviceGetAttribute(int *, CUdevice_attribute, CUdevice);
__c2h_api CUresult cuDeviceTotalMem(size_t *, CUdevice);
__c2h_api CUresult cuDeviceComputeCapability(int *, int *, CUdevice);
__c2h_api CUresult cuDevicePrimaryCtxRetain(CUcontext *, CUdevice);
__c2h_api CUresult cuDevicePrimaryCtxRelease(CUdevice);
__c2h_api CUresult cuCtxCreate(CUcontext *, unsigned int, CUdevice);
__host__ CUresult cuCtxCreate(CUcontext *, CUctxCreateParams *, unsigned int, CUdevice); /* 13.0 */
__c2h_api CUresult cuCtxDestroy(CUcontext);
__c2h_api CUresult cuCtxSetCurrent(CUcontext);
__c2h_api CUresult cuCtxGetCurrent(CUcontext *);
__c2h_api CUresult cuCtxPushCurrent(CUcontext);
__c2h_api CUresult cuCtxPopCurrent(CUcontext *);
__c2h_api CUresult cuCtxGetDevice(CUdevice *);
__c2h_api CUresult cuCtxSynchronize(void);
__c2h_api CUresult cuCtxSetLimit(CUlimit, size_t);
__c2h_api CUresult cuModuleLoad(CUmodule *, const char *);
__c2h_api CUresult cuModuleLoadData(CUmodule *, const void *);
__c2h_api CUresult cuModuleLoadDataEx(CUmodule *, const void *, unsigned int, CUjit_option *,
                                      void **);
__c2h_api CUresult cuModuleLoadFatBinary(CUmodule *, const void *);
__c2h_api CUresult cuModuleUnload(CUmodule);
__c2h_api CUresult cuModuleGetFunction(CUfunction *, CUmodule, const char *);
__c2h_api CUresult cuModuleGetGlobal(CUdeviceptr *, size_t *, CUmodule, const char *);
__c2h_api CUresult cuLinkCreate(unsigned int, CUjit_option *, void **, CUlinkState *);
__c2h_api CUresult cuLinkAddData(CUlinkState, CUjitInputType, void *, size_t, const char *,
                                 unsigned int, CUjit_option *, void **);
__c2h_api CUresult cuLinkComplete(CUlinkState, void **, size_t *);
__c2h_api CUresult cuLinkDestroy(CUlinkState);
__c2h_api CUresult cuFuncGetAttribute(int *, CUfunction_attribute, CUfunction);
__c2h_api CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int);
__c2h_api CUresult cuLaunchKernel(CUfunction, unsigned int, unsigned int, unsigned int,
                                  unsigned int, unsigned int, unsigned int, unsigned int,
                                  CUstream, void **, void **);
__c2h_api CUresult cuLaunchCooperativeKernel(CUfunction, unsigned int, unsigned int,
                                             unsigned int, unsigned int, unsigned int,
                                             unsigned int, unsigned int, CUstream, void **);
__c2h_api CUresult cuMemAlloc(CUdeviceptr *, size_t);
__c2h_api CUresult cuMemAllocPitch(CUdeviceptr *, size_t *, size_t, size_t, unsigned int);
__c2h_api CUresult cuMemAllocManaged(CUdeviceptr *, size_t, unsigned int);
__c2h_api CUresult cuMemFree(CUdeviceptr);
__c2h_api CUresult cuMemAllocHost(void **, size_t);
__c2h_api CUresult cuMemHostAlloc(void **, size_t, unsigned int);
__c2h_api CUresult cuMemFreeHost(void *);
__c2h_api CUresult cuMemGetInfo(size_t *, size_t *);
__c2h_api CUresult cuMemcpy(CUdeviceptr, CUdeviceptr, size_t);
__c2h_api CUresult cuMemcpyHtoD(CUdeviceptr, const void *, size_t);
__c2h_api CUresult cuMemcpyDtoH(void *, CUdeviceptr, size_t);
__c2h_api CUresult cuMemcpyDtoD(CUdeviceptr, CUdeviceptr, size_t);
__c2h_api CUresult cuMemcpyHtoDAsync(CUdeviceptr, const void *, size_t, CUstream);
__c2h_api CUresult cuMemcpyDtoHAsync(void *, CUdeviceptr, size_t, CUstream);
__c2h_api CUresult cuMemcpyDtoDAsync(CUdeviceptr, CUdeviceptr, size_t, CUstream);
__c2h_api CUresult cuMemsetD8(CUdeviceptr, unsigned char, size_t);
__c2h_api CUresult cuMemsetD16(CUdeviceptr, unsigned short, size_t);
__c2h_api CUresult cuMemsetD32(CUdeviceptr, unsigned int, size_t);
__c2h_api CUresult cuMemsetD32Async(CUdeviceptr, unsigned int, size_t, CUstream);
__c2h_api CUresult cuStreamCreate(CUstream *, unsigned int);
__c2h_api CUresult cuStreamDestroy(CUstream);
__c2h_api CUresult cuStreamSynchronize(CUstream);
__c2h_api CUresult cuStreamQuery(CUstream);
__c2h_api CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned int);
__c2h_api CUresult cuEventCreate(CUevent *, unsigned int);
__c2h_api CUresult cuEventRecord(CUevent, CUstream);
__c2h_api CUresult cuEventSynchronize(CUevent);
__c2h_api CUresult cuEventQuery(CUevent);
__c2h_api CUresult cuEventElapsedTime(float *, CUevent, CUevent);
__c2h_api CUresult cuEventDestroy(CUevent);
__c2h_api CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *, CUfunction, int, size_t);
__c2h_api CUresult cuProfilerStart(void);
__c2h_api CUresult cuProfilerStop(void);

/* ======================================================================
 * 12. Half and bfloat16 (cuda_fp16.h, cuda_bf16.h)
 *
 * Storage classes with the implicit conversions CUDA provides, plus the
 * operators and intrinsics; both families share one generator.
 * ====================================================================== */
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

/* Construction from, assignment from and conversion to one arithmetic type. */
#define __c2h_fp16_arith(H, T)                                                \
  __c2h_hd H(T);                                                              \
  __c2h_hd H &operator=(T);                                                   \
  __c2h_hd operator T() const;
#define __c2h_fp16_class(H, H2, RAW, RAW2)                                    \
  struct H {                                                                  \
  protected:                                                                  \
    unsigned short __x;                                                       \
  public:                                                                     \
    H() = default;                                                            \
    __c2h_hd constexpr H(const RAW &__r) : __x(__r.x) {}                      \
    __c2h_hd H &operator=(const RAW &);                                       \
    __c2h_hd operator RAW() const;                                            \
    __c2h_hd H(double); /* no conversion back to double, as in CUDA */        \
    __c2h_hd H &operator=(double);                                            \
    __c2h_fp16_arith(H, float) __c2h_fp16_arith(H, short)                     \
    __c2h_fp16_arith(H, unsigned short) __c2h_fp16_arith(H, int)              \
    __c2h_fp16_arith(H, unsigned int) __c2h_fp16_arith(H, long)               \
    __c2h_fp16_arith(H, unsigned long) __c2h_fp16_arith(H, long long)         \
    __c2h_fp16_arith(H, unsigned long long)                                   \
    __c2h_hd operator signed char() const;                                    \
    __c2h_hd operator unsigned char() const;                                  \
    __c2h_hd operator char() const;                                           \
    __c2h_hd operator bool() const;                                           \
  };                                                                          \
  struct H2 {                                                                 \
    H x, y;                                                                   \
    H2() = default;                                                           \
    __c2h_hd constexpr H2(const H &__a, const H &__b) : x(__a), y(__b) {}     \
    __c2h_hd H2(const RAW2 &);                                                \
    __c2h_hd H2 &operator=(const RAW2 &);                                     \
    __c2h_hd operator RAW2() const;                                           \
  };

__c2h_fp16_class(__half, __half2, __half_raw, __half2_raw)
__c2h_fp16_class(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw)
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* Operators and intrinsics common to both 16-bit float families. */
#define __c2h_fp16_binop(T, R, OP) __c2h_hd R operator OP(const T &, const T &);
#define __c2h_fp16_ops(T)                                                    \
  __c2h_fp16_binop(T, T, +) __c2h_fp16_binop(T, T, -)                         \
  __c2h_fp16_binop(T, T, *) __c2h_fp16_binop(T, T, /)                         \
  __c2h_fp16_binop(T, bool, ==) __c2h_fp16_binop(T, bool, !=)                 \
  __c2h_fp16_binop(T, bool, <) __c2h_fp16_binop(T, bool, >)                   \
  __c2h_fp16_binop(T, bool, <=) __c2h_fp16_binop(T, bool, >=)                 \
  __c2h_hd T &operator+=(T &, const T &);                                     \
  __c2h_hd T &operator-=(T &, const T &);                                     \
  __c2h_hd T &operator*=(T &, const T &);                                     \
  __c2h_hd T &operator/=(T &, const T &);                                     \
  __c2h_hd T &operator++(T &);                                                \
  __c2h_hd T &operator--(T &);                                                \
  __c2h_hd T operator++(T &, int);                                            \
  __c2h_hd T operator--(T &, int);                                            \
  __c2h_hd T operator+(const T &);                                            \
  __c2h_hd T operator-(const T &);

#define __c2h_fp16_family(H, H2, P)                                           \
  __c2h_fp16_ops(H)                                                           \
  __c2h_fp16_ops(H2)                                                          \
  /* scalar arithmetic */                                                     \
  __c2h_hd H __hadd(H, H); __c2h_hd H __hsub(H, H); __c2h_hd H __hmul(H, H);  \
  __c2h_hd H __hdiv(H, H); __c2h_hd H __hfma(H, H, H); __c2h_hd H __hneg(H);  \
  __c2h_hd H __habs(H); __c2h_hd H __hadd_sat(H, H);                          \
  __c2h_hd H __hsub_sat(H, H); __c2h_hd H __hmul_sat(H, H);                   \
  __c2h_hd H __hfma_sat(H, H, H); __c2h_hd H __hadd_rn(H, H);                 \
  __c2h_hd H __hsub_rn(H, H); __c2h_hd H __hmul_rn(H, H);                     \
  __c2h_hd H __hmax(H, H); __c2h_hd H __hmin(H, H);                           \
  __c2h_hd H __hmax_nan(H, H); __c2h_hd H __hmin_nan(H, H);                   \
  __c2h_hd H __hfma_relu(H, H, H);                                            \
  __c2h_hd bool __heq(H, H); __c2h_hd bool __hne(H, H);                       \
  __c2h_hd bool __hle(H, H); __c2h_hd bool __hge(H, H);                       \
  __c2h_hd bool __hlt(H, H); __c2h_hd bool __hgt(H, H);                       \
  __c2h_hd bool __hequ(H, H); __c2h_hd bool __hneu(H, H);                     \
  __c2h_hd bool __hleu(H, H); __c2h_hd bool __hgeu(H, H);                     \
  __c2h_hd bool __hltu(H, H); __c2h_hd bool __hgtu(H, H);                     \
  __c2h_hd bool __hisnan(H); __c2h_hd int __hisinf(H);                        \
  /* pair arithmetic */                                                       \
  __c2h_hd H2 __hadd2(H2, H2); __c2h_hd H2 __hsub2(H2, H2);                   \
  __c2h_hd H2 __hmul2(H2, H2); __c2h_hd H2 __h2div(H2, H2);                   \
  __c2h_hd H2 __hfma2(H2, H2, H2); __c2h_hd H2 __hneg2(H2);                   \
  __c2h_hd H2 __habs2(H2); __c2h_hd H2 __hadd2_sat(H2, H2);                   \
  __c2h_hd H2 __hsub2_sat(H2, H2); __c2h_hd H2 __hmul2_sat(H2, H2);           \
  __c2h_hd H2 __hfma2_sat(H2, H2, H2); __c2h_hd H2 __hadd2_rn(H2, H2);        \
  __c2h_hd H2 __hsub2_rn(H2, H2); __c2h_hd H2 __hmul2_rn(H2, H2);             \
  __c2h_hd H2 __hmax2(H2, H2); __c2h_hd H2 __hmin2(H2, H2);                   \
  __c2h_hd H2 __hmax2_nan(H2, H2); __c2h_hd H2 __hmin2_nan(H2, H2);           \
  __c2h_hd H2 __hfma2_relu(H2, H2, H2); __c2h_hd H2 __hcmadd(H2, H2, H2);     \
  __c2h_hd H2 __heq2(H2, H2); __c2h_hd H2 __hne2(H2, H2);                     \
  __c2h_hd H2 __hle2(H2, H2); __c2h_hd H2 __hge2(H2, H2);                     \
  __c2h_hd H2 __hlt2(H2, H2); __c2h_hd H2 __hgt2(H2, H2);                     \
  __c2h_hd bool __hbeq2(H2, H2); __c2h_hd bool __hbne2(H2, H2);               \
  __c2h_hd bool __hble2(H2, H2); __c2h_hd bool __hbge2(H2, H2);               \
  __c2h_hd bool __hblt2(H2, H2); __c2h_hd bool __hbgt2(H2, H2);               \
  __c2h_hd H2 __hisnan2(H2); __c2h_hd H2 __lowhigh2highlow(H2);               \
  /* math */                                                                  \
  __c2h_hd H hsqrt(H); __c2h_hd H hrsqrt(H); __c2h_hd H hrcp(H);              \
  __c2h_hd H hexp(H); __c2h_hd H hexp2(H); __c2h_hd H hexp10(H);              \
  __c2h_hd H hlog(H); __c2h_hd H hlog2(H); __c2h_hd H hlog10(H);              \
  __c2h_hd H hsin(H); __c2h_hd H hcos(H); __c2h_hd H htanh(H);                \
  __c2h_hd H hceil(H); __c2h_hd H hfloor(H); __c2h_hd H htrunc(H);            \
  __c2h_hd H hrint(H);                                                        \
  __c2h_hd H2 h2sqrt(H2); __c2h_hd H2 h2rsqrt(H2); __c2h_hd H2 h2rcp(H2);     \
  __c2h_hd H2 h2exp(H2); __c2h_hd H2 h2exp2(H2); __c2h_hd H2 h2exp10(H2);     \
  __c2h_hd H2 h2log(H2); __c2h_hd H2 h2log2(H2); __c2h_hd H2 h2log10(H2);     \
  __c2h_hd H2 h2sin(H2); __c2h_hd H2 h2cos(H2); __c2h_hd H2 h2tanh(H2);       \
  __c2h_hd H2 h2ceil(H2); __c2h_hd H2 h2floor(H2); __c2h_hd H2 h2trunc(H2);   \
  __c2h_hd H2 h2rint(H2);                                                     \
  /* conversions and packing */                                               \
  __c2h_hd H __float2##P(float); __c2h_hd H __double2##P(double);             \
  __c2h_hd float __##P##2float(H);                                            \
  __c2h_hd H2 __float2##P##2_rn(float); __c2h_hd H2 __floats2##P##2_rn(float, float); \
  __c2h_hd H2 __float22##P##2_rn(float2); __c2h_hd float2 __##P##22float2(H2); \
  __c2h_hd float __low2float(H2); __c2h_hd float __high2float(H2);           \
  __c2h_hd H __low2##P(H2); __c2h_hd H __high2##P(H2);                        \
  __c2h_hd H2 __low2##P##2(H2); __c2h_hd H2 __high2##P##2(H2);                \
  __c2h_hd H2 __lows2##P##2(H2, H2); __c2h_hd H2 __highs2##P##2(H2, H2);      \
  __c2h_hd H2 __halves2##P##2(H, H); __c2h_hd H2 __##P##2##P##2(H);           \
  __c2h_hd H2 make_##P##2(H, H);                                              \
  __c2h_hd short __##P##_as_short(H); __c2h_hd unsigned short __##P##_as_ushort(H); \
  __c2h_hd H __short_as_##P(short); __c2h_hd H __ushort_as_##P(unsigned short); \
  __c2h_hd signed char __##P##2char_rz(H); __c2h_hd unsigned char __##P##2uchar_rz(H); \
  __c2h_rnd4(__c2h_fp16_cvt, H, P)                                            \
  /* warp shuffles and atomics */                                             \
  __device__ H __shfl_sync(unsigned, H, int, int = 32);                       \
  __device__ H __shfl_up_sync(unsigned, H, unsigned, int = 32);               \
  __device__ H __shfl_down_sync(unsigned, H, unsigned, int = 32);             \
  __device__ H __shfl_xor_sync(unsigned, H, int, int = 32);                   \
  __device__ H2 __shfl_sync(unsigned, H2, int, int = 32);                     \
  __device__ H2 __shfl_up_sync(unsigned, H2, unsigned, int = 32);             \
  __device__ H2 __shfl_down_sync(unsigned, H2, unsigned, int = 32);           \
  __device__ H2 __shfl_xor_sync(unsigned, H2, int, int = 32);                 \
  __device__ H atomicAdd(H *, H);                                             \
  __device__ H2 atomicAdd(H2 *, H2);                                          \
  __device__ H2 atomicAdd_block(H2 *, H2);                                    \
  __device__ H2 atomicAdd_system(H2 *, H2);

/* Rounded conversions between a 16-bit float and the integer types. */
#define __c2h_fp16_cvt(R, H, P)                                               \
  __c2h_hd H __float2##P##_##R(float);                                        \
  __c2h_hd int __##P##2int_##R(H); __c2h_hd H __int2##P##_##R(int);           \
  __c2h_hd unsigned int __##P##2uint_##R(H); __c2h_hd H __uint2##P##_##R(unsigned int); \
  __c2h_hd short __##P##2short_##R(H); __c2h_hd H __short2##P##_##R(short);   \
  __c2h_hd unsigned short __##P##2ushort_##R(H);                              \
  __c2h_hd H __ushort2##P##_##R(unsigned short);                              \
  __c2h_hd long long __##P##2ll_##R(H); __c2h_hd H __ll2##P##_##R(long long); \
  __c2h_hd unsigned long long __##P##2ull_##R(H);                             \
  __c2h_hd H __ull2##P##_##R(unsigned long long);

__c2h_fp16_family(__half, __half2, half)
__c2h_fp16_family(__nv_bfloat16, __nv_bfloat162, bfloat16)

#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)

/* ======================================================================
 * 13. Device intrinsics (device_functions.h, sm_*_intrinsics.h)
 * ====================================================================== */
/* synchronisation and fences */
extern "C" {
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void __prof_trigger(int);
__device__ void __nanosleep(unsigned int);
__device__ long long clock64(void);
__device__ unsigned int __activemask(void);
__device__ unsigned int __isGlobal(const void *);
__device__ unsigned int __isShared(const void *);
__device__ unsigned int __isConstant(const void *);
__device__ unsigned int __isLocal(const void *);
__device__ size_t __cvta_generic_to_global(const void *);
__device__ size_t __cvta_generic_to_shared(const void *);
__device__ void *__cvta_global_to_generic(size_t);
__device__ void *__cvta_shared_to_generic(size_t);
/* warp vote */
__device__ unsigned int __ballot_sync(unsigned int, int);
__device__ int __any_sync(unsigned int, int);
__device__ int __all_sync(unsigned int, int);
__device__ int __uni_sync(unsigned int, int);
__device__ unsigned int __ballot(int);
__device__ int __any(int);
__device__ int __all(int);
/* warp reductions (sm_80) */
__device__ unsigned int __reduce_add_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_min_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_max_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_and_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_or_sync(unsigned int, unsigned int);
__device__ unsigned int __reduce_xor_sync(unsigned int, unsigned int);
/* bit manipulation and integer helpers */
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ unsigned int __brev(unsigned int);
__device__ unsigned long long __brevll(unsigned long long);
__device__ unsigned int __byte_perm(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_l(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_lc(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_r(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_rc(unsigned int, unsigned int, unsigned int);
__device__ int __fns(unsigned int, unsigned int, int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __mulhi(int, int);
__device__ unsigned int __umulhi(unsigned int, unsigned int);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ int __hadd(int, int);
__device__ int __rhadd(int, int);
__device__ unsigned int __uhadd(unsigned int, unsigned int);
__device__ unsigned int __urhadd(unsigned int, unsigned int);
__device__ int __sad(int, int, unsigned int);
__device__ unsigned int __usad(unsigned int, unsigned int, unsigned int);
__device__ int __dp4a(int, int, int);
__device__ int __dp2a_lo(int, int, int);
__device__ int __dp2a_hi(int, int, int);
}
__device__ unsigned int __dp4a(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __dp2a_lo(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __dp2a_hi(unsigned int, unsigned int, unsigned int);

/* SIMD video intrinsics on packed halfwords (2) and bytes (4) */
#define __c2h_simd_bin(N) __device__ unsigned int __##N##2(unsigned int, unsigned int); \
  __device__ unsigned int __##N##4(unsigned int, unsigned int);
#define __c2h_simd_un(N) __device__ unsigned int __##N##2(unsigned int); \
  __device__ unsigned int __##N##4(unsigned int);
extern "C" {
__c2h_simd_bin(vadd) __c2h_simd_bin(vaddss) __c2h_simd_bin(vaddus) __c2h_simd_bin(vsub)
__c2h_simd_bin(vsubss) __c2h_simd_bin(vsubus) __c2h_simd_bin(vavgs) __c2h_simd_bin(vavgu)
__c2h_simd_bin(vhaddu) __c2h_simd_bin(vabsdiffs) __c2h_simd_bin(vabsdiffu)
__c2h_simd_bin(vmaxs) __c2h_simd_bin(vmaxu) __c2h_simd_bin(vmins) __c2h_simd_bin(vminu)
__c2h_simd_bin(vcmpeq) __c2h_simd_bin(vcmpne) __c2h_simd_bin(vcmpges) __c2h_simd_bin(vcmpgeu)
__c2h_simd_bin(vcmpgts) __c2h_simd_bin(vcmpgtu) __c2h_simd_bin(vcmples) __c2h_simd_bin(vcmpleu)
__c2h_simd_bin(vcmplts) __c2h_simd_bin(vcmpltu) __c2h_simd_bin(vseteq) __c2h_simd_bin(vsetne)
__c2h_simd_bin(vsetges) __c2h_simd_bin(vsetgeu) __c2h_simd_bin(vsetgts) __c2h_simd_bin(vsetgtu)
__c2h_simd_bin(vsetles) __c2h_simd_bin(vsetleu) __c2h_simd_bin(vsetlts) __c2h_simd_bin(vsetltu)
__c2h_simd_bin(vsads) __c2h_simd_bin(vsadu)
__c2h_simd_un(vabs) __c2h_simd_un(vabsss) __c2h_simd_un(vneg) __c2h_simd_un(vnegss)
}

/* warp shuffles and matching, one overload set per element type */
#define __c2h_shfl(T)                                                         \
  __device__ T __shfl_sync(unsigned int, T, int, int = 32);                   \
  __device__ T __shfl_up_sync(unsigned int, T, unsigned int, int = 32);       \
  __device__ T __shfl_down_sync(unsigned int, T, unsigned int, int = 32);     \
  __device__ T __shfl_xor_sync(unsigned int, T, int, int = 32);               \
  __device__ T __shfl(T, int, int = 32);                                      \
  __device__ T __shfl_up(T, unsigned int, int = 32);                          \
  __device__ T __shfl_down(T, unsigned int, int = 32);                        \
  __device__ T __shfl_xor(T, int, int = 32);                                  \
  __device__ unsigned int __match_any_sync(unsigned int, T);                  \
  __device__ unsigned int __match_all_sync(unsigned int, T, int *);
__c2h_shfl(int) __c2h_shfl(unsigned int) __c2h_shfl(long) __c2h_shfl(unsigned long)
__c2h_shfl(long long) __c2h_shfl(unsigned long long) __c2h_shfl(float) __c2h_shfl(double)
__device__ int __reduce_add_sync(unsigned int, int);
__device__ int __reduce_min_sync(unsigned int, int);
__device__ int __reduce_max_sync(unsigned int, int);

/* atomics: plain, _block and _system scopes */
#define __c2h_atomic2(F, T)                                                   \
  __device__ T F(T *, T); __device__ T F##_block(T *, T); __device__ T F##_system(T *, T);
#define __c2h_atomic3(F, T)                                                   \
  __device__ T F(T *, T, T); __device__ T F##_block(T *, T, T);               \
  __device__ T F##_system(T *, T, T);
#define __c2h_atomic_int(F)                                                   \
  __c2h_atomic2(F, int) __c2h_atomic2(F, unsigned int) __c2h_atomic2(F, unsigned long long)
__c2h_atomic_int(atomicAdd) __c2h_atomic2(atomicAdd, float) __c2h_atomic2(atomicAdd, double)
__device__ float2 atomicAdd(float2 *, float2);
__device__ float4 atomicAdd(float4 *, float4);
__c2h_atomic2(atomicSub, int) __c2h_atomic2(atomicSub, unsigned int)
__c2h_atomic_int(atomicExch) __c2h_atomic2(atomicExch, float)
__c2h_atomic_int(atomicMin) __c2h_atomic2(atomicMin, long long)
__c2h_atomic_int(atomicMax) __c2h_atomic2(atomicMax, long long)
__c2h_atomic2(atomicInc, unsigned int) __c2h_atomic2(atomicDec, unsigned int)
__c2h_atomic3(atomicCAS, int) __c2h_atomic3(atomicCAS, unsigned int)
__c2h_atomic3(atomicCAS, unsigned long long) __c2h_atomic3(atomicCAS, unsigned short)
__c2h_atomic_int(atomicAnd) __c2h_atomic_int(atomicOr) __c2h_atomic_int(atomicXor)
__c2h_atomic2(atomicAnd, long long) __c2h_atomic2(atomicOr, long long) __c2h_atomic2(atomicXor, long long)

/* cache-hinted loads and stores: any element type */
#define __c2h_ld(F) template <class __c2h_T> __device__ __c2h_T F(const __c2h_T *);
#define __c2h_st(F)                                                           \
  template <class __c2h_T>                                                    \
  __device__ void F(__c2h_T *, typename __c2h_ident<__c2h_T>::type);
__c2h_ld(__ldg) __c2h_ld(__ldcg) __c2h_ld(__ldca) __c2h_ld(__ldcs) __c2h_ld(__ldlu)
__c2h_ld(__ldcv)
__c2h_st(__stwb) __c2h_st(__stcg) __c2h_st(__stcs) __c2h_st(__stwt)

/* ======================================================================
 * 14. Device math
 *
 * The C library (math.h, made __host__ __device__ above) provides sinf,
 * expf, sqrtf, fmaxf, ...  glibc also declares __expf, __sinf, __powf and
 * friends, so the intrinsics with those names are redeclared in exactly
 * the same shape (extern "C", host+device, noexcept).  CUDA-only functions
 * use the same shape so a newer C library that adds them cannot conflict.
 * ====================================================================== */
#define __c2h_mf1(N, T) extern "C" __c2h_hd T N(T) noexcept;
#define __c2h_mf2(N, T) extern "C" __c2h_hd T N(T, T) noexcept;
#define __c2h_mf3(N, T) extern "C" __c2h_hd T N(T, T, T) noexcept;
#define __c2h_mf4(N, T) extern "C" __c2h_hd T N(T, T, T, T) noexcept;
/* fast single-precision intrinsics */
__c2h_mf1(__expf, float) __c2h_mf1(__exp10f, float) __c2h_mf1(__logf, float)
__c2h_mf1(__log2f, float) __c2h_mf1(__log10f, float) __c2h_mf1(__sinf, float)
__c2h_mf1(__cosf, float) __c2h_mf1(__tanf, float) __c2h_mf2(__powf, float)
extern "C" __c2h_hd void __sincosf(float, float *, float *) noexcept;
__c2h_mf2(__fdividef, float) __c2h_mf1(__saturatef, float) __c2h_mf1(__frsqrt_rn, float)
/* CUDA-only functions of the math library */
__c2h_mf1(rsqrtf, float) __c2h_mf1(rsqrt, double) __c2h_mf1(rcbrtf, float) __c2h_mf1(rcbrt, double)
__c2h_mf1(sinpif, float) __c2h_mf1(sinpi, double) __c2h_mf1(cospif, float) __c2h_mf1(cospi, double)
__c2h_mf1(normcdff, float) __c2h_mf1(normcdf, double) __c2h_mf1(normcdfinvf, float)
__c2h_mf1(normcdfinv, double) __c2h_mf1(erfinvf, float) __c2h_mf1(erfinv, double)
__c2h_mf1(erfcinvf, float) __c2h_mf1(erfcinv, double) __c2h_mf1(erfcxf, float)
__c2h_mf1(erfcx, double) __c2h_mf1(cyl_bessel_i0f, float) __c2h_mf1(cyl_bessel_i0, double)
__c2h_mf1(cyl_bessel_i1f, float) __c2h_mf1(cyl_bessel_i1, double)
__c2h_mf2(rhypotf, float) __c2h_mf2(rhypot, double) __c2h_mf2(fdividef, float)
__c2h_mf3(norm3df, float) __c2h_mf3(norm3d, double) __c2h_mf3(rnorm3df, float)
__c2h_mf3(rnorm3d, double) __c2h_mf4(norm4df, float) __c2h_mf4(norm4d, double)
__c2h_mf4(rnorm4df, float) __c2h_mf4(rnorm4d, double)
extern "C" __c2h_hd void sincospif(float, float *, float *) noexcept;
extern "C" __c2h_hd void sincospi(double, double *, double *) noexcept;
extern "C" __c2h_hd float normf(int, const float *) noexcept;
extern "C" __c2h_hd double norm(int, const double *) noexcept;
extern "C" __c2h_hd float rnormf(int, const float *) noexcept;
extern "C" __c2h_hd double rnorm(int, const double *) noexcept;
/* float overloads CUDA adds for C++ */
__c2h_hd void sincos(float, float *, float *); __c2h_hd void sincospi(float, float *, float *);
__c2h_hd float rsqrt(float); __c2h_hd float rcbrt(float); __c2h_hd float sinpi(float);
__c2h_hd float cospi(float); __c2h_hd float normcdf(float); __c2h_hd float normcdfinv(float);
__c2h_hd float erfinv(float); __c2h_hd float erfcinv(float); __c2h_hd float erfcx(float);
__c2h_hd float rhypot(float, float); __c2h_hd float norm3d(float, float, float);
__c2h_hd float rnorm3d(float, float, float); __c2h_hd float norm4d(float, float, float, float);
__c2h_hd float rnorm4d(float, float, float, float);
/* integer and mixed min/max */
extern "C" {
__c2h_hd unsigned int umin(unsigned int, unsigned int);
__c2h_hd unsigned int umax(unsigned int, unsigned int);
__c2h_hd long long llmin(long long, long long);
__c2h_hd long long llmax(long long, long long);
__c2h_hd unsigned long long ullmin(unsigned long long, unsigned long long);
__c2h_hd unsigned long long ullmax(unsigned long long, unsigned long long);
}
#define __c2h_minmax(R, A, B) __c2h_hd R min(A, B); __c2h_hd R max(A, B);
__c2h_minmax(int, int, int) __c2h_minmax(unsigned int, unsigned int, unsigned int)
__c2h_minmax(unsigned int, int, unsigned int) __c2h_minmax(unsigned int, unsigned int, int)
__c2h_minmax(long, long, long) __c2h_minmax(unsigned long, unsigned long, unsigned long)
__c2h_minmax(unsigned long, long, unsigned long) __c2h_minmax(unsigned long, unsigned long, long)
__c2h_minmax(long long, long long, long long)
__c2h_minmax(unsigned long long, unsigned long long, unsigned long long)
__c2h_minmax(unsigned long long, long long, unsigned long long)
__c2h_minmax(unsigned long long, unsigned long long, long long)
__c2h_minmax(float, float, float) __c2h_minmax(double, double, double)
__c2h_minmax(double, float, double) __c2h_minmax(double, double, float)

/* IEEE-rounded arithmetic and conversions (rn, rz, ru, rd) */
#define __c2h_rounded(R, _)                                                   \
  extern "C" {                                                                \
  __device__ float __fadd_##R(float, float); __device__ float __fsub_##R(float, float); \
  __device__ float __fmul_##R(float, float); __device__ float __fdiv_##R(float, float); \
  __device__ float __fmaf_##R(float, float, float); __device__ float __frcp_##R(float); \
  __device__ float __fsqrt_##R(float);                                        \
  __device__ double __dadd_##R(double, double); __device__ double __dsub_##R(double, double); \
  __device__ double __dmul_##R(double, double); __device__ double __ddiv_##R(double, double); \
  __device__ double __fma_##R(double, double, double); __device__ double __drcp_##R(double); \
  __device__ double __dsqrt_##R(double);                                      \
  __device__ int __float2int_##R(float); __device__ unsigned int __float2uint_##R(float); \
  __device__ long long __float2ll_##R(float);                                 \
  __device__ unsigned long long __float2ull_##R(float);                       \
  __device__ float __int2float_##R(int); __device__ float __uint2float_##R(unsigned int); \
  __device__ float __ll2float_##R(long long);                                 \
  __device__ float __ull2float_##R(unsigned long long);                       \
  __device__ float __double2float_##R(double); __device__ int __double2int_##R(double); \
  __device__ unsigned int __double2uint_##R(double);                          \
  __device__ long long __double2ll_##R(double);                               \
  __device__ unsigned long long __double2ull_##R(double);                     \
  __device__ double __ll2double_##R(long long);                               \
  __device__ double __ull2double_##R(unsigned long long);                     \
  }
__c2h_rnd4(__c2h_rounded, _)
extern "C" {
__device__ double __int2double_rn(int);
__device__ double __uint2double_rn(unsigned int);
__device__ float __int_as_float(int);
__device__ int __float_as_int(float);
__device__ float __uint_as_float(unsigned int);
__device__ unsigned int __float_as_uint(float);
__device__ double __longlong_as_double(long long);
__device__ long long __double_as_longlong(double);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ double __hiloint2double(int, int);
}

/* ======================================================================
 * 15. Texture and surface access
 * ====================================================================== */
#define __c2h_tex(N, ...)                                                     \
  template <class __c2h_T> __device__ __c2h_T N(cudaTextureObject_t, __VA_ARGS__); \
  template <class __c2h_T> __device__ void N(__c2h_T *, cudaTextureObject_t, __VA_ARGS__);
__c2h_tex(tex1Dfetch, int) __c2h_tex(tex1D, float) __c2h_tex(tex2D, float, float)
__c2h_tex(tex3D, float, float, float) __c2h_tex(tex1DLayered, float, int)
__c2h_tex(tex2DLayered, float, float, int) __c2h_tex(texCubemap, float, float, float)
__c2h_tex(tex1DLod, float, float) __c2h_tex(tex2DLod, float, float, float)
__c2h_tex(tex3DLod, float, float, float, float) __c2h_tex(tex2Dgather, float, float, int = 0)
__c2h_tex(tex2DGrad, float, float, float2, float2)

#define __c2h_surf(N, ...)                                                    \
  template <class __c2h_T>                                                    \
  __device__ __c2h_T N##read(cudaSurfaceObject_t, __VA_ARGS__,                \
                            enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap); \
  template <class __c2h_T>                                                    \
  __device__ void N##read(__c2h_T *, cudaSurfaceObject_t, __VA_ARGS__,        \
                          enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap); \
  template <class __c2h_T>                                                    \
  __device__ void N##write(__c2h_T, cudaSurfaceObject_t, __VA_ARGS__,         \
                           enum cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
__c2h_surf(surf1D, int) __c2h_surf(surf2D, int, int) __c2h_surf(surf3D, int, int, int)
__c2h_surf(surf1DLayered, int, int) __c2h_surf(surf2DLayered, int, int, int)

/* Texture references: removed in CUDA 12, still common in code to port. */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};
template <class __c2h_T, int __c2h_dim = 1,
          enum cudaTextureReadMode __c2h_mode = cudaReadModeElementType>
struct texture : public textureReference {
  __host__ texture(int = 0, enum cudaTextureFilterMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode = cudaAddressModeClamp);
  __host__ texture(int, enum cudaTextureFilterMode, enum cudaTextureAddressMode,
                   struct cudaChannelFormatDesc);
};
template <class __c2h_T, enum cudaTextureReadMode __c2h_mode> struct __c2h_texel {
  typedef __c2h_T type;
};
template <class __c2h_T> struct __c2h_texel<__c2h_T, cudaReadModeNormalizedFloat> {
  typedef float type;
};
#define __c2h_texref(N, ...)                                                  \
  template <class __c2h_T, int __c2h_dim, enum cudaTextureReadMode __c2h_mode> \
  __device__ typename __c2h_texel<__c2h_T, __c2h_mode>::type N(               \
      texture<__c2h_T, __c2h_dim, __c2h_mode>, __VA_ARGS__);
__c2h_texref(tex1Dfetch, int) __c2h_texref(tex1D, float) __c2h_texref(tex2D, float, float)
__c2h_texref(tex3D, float, float, float) __c2h_texref(tex1DLayered, float, int)
__c2h_texref(tex2DLayered, float, float, int)
__c2h_api cudaError_t cudaBindTexture(size_t *, const struct textureReference *, const void *,
                                      const struct cudaChannelFormatDesc *, size_t = 0xffffffffu);
__c2h_api cudaError_t cudaBindTexture2D(size_t *, const struct textureReference *, const void *,
                                        const struct cudaChannelFormatDesc *, size_t, size_t,
                                        size_t);
__c2h_api cudaError_t cudaBindTextureToArray(const struct textureReference *, cudaArray_const_t,
                                             const struct cudaChannelFormatDesc *);
__c2h_api cudaError_t cudaUnbindTexture(const struct textureReference *);
#define __c2h_texrefT                                                         \
  template <class __c2h_T, int __c2h_dim, enum cudaTextureReadMode __c2h_mode> \
  __host__ cudaError_t
#define __c2h_texrefA const struct texture<__c2h_T, __c2h_dim, __c2h_mode> &
__c2h_texrefT cudaBindTexture(size_t *, __c2h_texrefA, const void *, size_t = 0xffffffffu);
__c2h_texrefT cudaBindTexture(size_t *, __c2h_texrefA, const void *,
                              const struct cudaChannelFormatDesc &, size_t = 0xffffffffu);
__c2h_texrefT cudaBindTexture2D(size_t *, __c2h_texrefA, const void *, size_t, size_t, size_t);
__c2h_texrefT cudaBindTexture2D(size_t *, __c2h_texrefA, const void *,
                                const struct cudaChannelFormatDesc &, size_t, size_t, size_t);
__c2h_texrefT cudaBindTextureToArray(__c2h_texrefA, cudaArray_const_t);
__c2h_texrefT cudaBindTextureToArray(__c2h_texrefA, cudaArray_const_t,
                                     const struct cudaChannelFormatDesc &);
__c2h_texrefT cudaUnbindTexture(__c2h_texrefA);
#undef __c2h_texrefT
#undef __c2h_texrefA

/* ======================================================================
 * 16. Cooperative groups (cooperative_groups.h and its sub-headers)
 * ====================================================================== */
namespace cooperative_groups {
/* Members every group with warp-level collectives offers. */
#define __c2h_cg_warp_ops                                                     \
  template <class __c2h_T> __device__ __c2h_T shfl(__c2h_T, int) const;       \
  template <class __c2h_T> __device__ __c2h_T shfl(__c2h_T, unsigned int) const; \
  template <class __c2h_T> __device__ __c2h_T shfl_up(__c2h_T, unsigned int) const; \
  template <class __c2h_T> __device__ __c2h_T shfl_down(__c2h_T, unsigned int) const; \
  template <class __c2h_T> __device__ __c2h_T shfl_xor(__c2h_T, unsigned int) const; \
  __device__ int any(int) const;                                              \
  __device__ int all(int) const;                                              \
  __device__ unsigned int ballot(int) const;                                  \
  template <class __c2h_T> __device__ unsigned int match_any(__c2h_T) const;  \
  template <class __c2h_T> __device__ unsigned int match_all(__c2h_T, int &) const; \
  __device__ unsigned long long meta_group_rank() const;                      \
  __device__ unsigned long long meta_group_size() const;

class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};

class thread_block : public thread_group {
public:
  static __device__ void sync();
  static __device__ unsigned int size();
  static __device__ unsigned int num_threads();
  static __device__ unsigned int thread_rank();
  static __device__ dim3 group_index();
  static __device__ dim3 thread_index();
  static __device__ dim3 dim_threads();
  static __device__ dim3 group_dim();
};

class grid_group : public thread_group {
public:
  static __device__ void sync();
  static __device__ bool is_valid();
  static __device__ unsigned long long size();
  static __device__ unsigned long long num_threads();
  static __device__ unsigned long long thread_rank();
  static __device__ unsigned long long num_blocks();
  static __device__ unsigned long long block_rank();
  static __device__ dim3 group_dim();
  static __device__ dim3 dim_blocks();
  static __device__ dim3 block_index();
};

class multi_grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned int grid_rank() const;
  __device__ unsigned int num_grids() const;
};

class cluster_group : public thread_group {
public:
  static __device__ void sync();
  static __device__ unsigned int block_rank();
  static __device__ unsigned int num_blocks();
  static __device__ unsigned int num_threads();
  static __device__ unsigned int thread_rank();
  static __device__ dim3 block_index();
  static __device__ dim3 dim_blocks();
  template <class __c2h_T> __device__ __c2h_T *map_shared_rank(__c2h_T *, unsigned int) const;
};

class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __c2h_cg_warp_ops
};

template <unsigned int __c2h_N, class __c2h_P = void> class thread_block_tile;
template <unsigned int __c2h_N> class thread_block_tile<__c2h_N, void> : public thread_group {
public:
  static constexpr unsigned int numThreads = __c2h_N;
  __device__ void sync() const;
  static constexpr unsigned int size() { return __c2h_N; }
  static constexpr unsigned int num_threads() { return __c2h_N; }
  __device__ unsigned int thread_rank() const;
  __c2h_cg_warp_ops
};
template <unsigned int __c2h_N, class __c2h_P>
class thread_block_tile : public thread_block_tile<__c2h_N, void> {};
#undef __c2h_cg_warp_ops

__device__ thread_block this_thread_block();
/* The scratch memory of tiles larger than a warp (cooperative_groups/
 * details/memory.h, included by cooperative_groups.h). */
template <unsigned int __c2h_N = 1024> struct block_tile_memory {};
template <unsigned int __c2h_N> __device__ thread_block this_thread_block(block_tile_memory<__c2h_N> &);
__device__ grid_group this_grid();
__device__ multi_grid_group this_multi_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
template <unsigned int __c2h_N, class __c2h_P>
__device__ thread_block_tile<__c2h_N, __c2h_P> tiled_partition(const __c2h_P &);
__device__ thread_group tiled_partition(const thread_group &, unsigned int);
__device__ coalesced_group labeled_partition(const coalesced_group &, int);
__device__ coalesced_group binary_partition(const coalesced_group &, bool);
template <unsigned int __c2h_N, class __c2h_P>
__device__ coalesced_group labeled_partition(const thread_block_tile<__c2h_N, __c2h_P> &, int);
template <unsigned int __c2h_N, class __c2h_P>
__device__ coalesced_group binary_partition(const thread_block_tile<__c2h_N, __c2h_P> &, bool);
template <class __c2h_G> __device__ void sync(const __c2h_G &);
template <class __c2h_G> __device__ unsigned long long thread_rank(const __c2h_G &);
template <class __c2h_G> __device__ unsigned long long group_size(const __c2h_G &);

/* cooperative_groups/reduce.h and scan.h */
#define __c2h_cg_op(N, E)                                                     \
  template <class __c2h_T = void> struct N {                                  \
    __c2h_hd __c2h_T operator()(const __c2h_T &__a, const __c2h_T &__b) const { return E; } \
  };
__c2h_cg_op(plus, __a + __b) __c2h_cg_op(less, __b < __a ? __b : __a)
__c2h_cg_op(greater, __a < __b ? __b : __a) __c2h_cg_op(bit_and, __a & __b)
__c2h_cg_op(bit_or, __a | __b) __c2h_cg_op(bit_xor, __a ^ __b)
#undef __c2h_cg_op
template <class __c2h_G, class __c2h_T, class __c2h_Op>
__device__ typename __c2h_decay<__c2h_T>::type reduce(const __c2h_G &, __c2h_T &&, __c2h_Op &&);
template <class __c2h_G, class __c2h_T, class __c2h_Op>
__device__ typename __c2h_decay<__c2h_T>::type inclusive_scan(const __c2h_G &, __c2h_T &&,
                                                              __c2h_Op &&);
template <class __c2h_G, class __c2h_T>
__device__ typename __c2h_decay<__c2h_T>::type inclusive_scan(const __c2h_G &, __c2h_T &&);
template <class __c2h_G, class __c2h_T, class __c2h_Op>
__device__ typename __c2h_decay<__c2h_T>::type exclusive_scan(const __c2h_G &, __c2h_T &&,
                                                              __c2h_Op &&);
template <class __c2h_G, class __c2h_T>
__device__ typename __c2h_decay<__c2h_T>::type exclusive_scan(const __c2h_G &, __c2h_T &&);

/* cooperative_groups/memcpy_async.h */
template <class __c2h_G>
__device__ void memcpy_async(const __c2h_G &, void *, const void *, size_t);
template <class __c2h_G> __device__ void wait(const __c2h_G &);
template <unsigned int __c2h_N, class __c2h_G> __device__ void wait_prior(const __c2h_G &);
} /* namespace cooperative_groups */

/* ======================================================================
 * 17. Warp matrix multiply-accumulate (mma.h)
 * ====================================================================== */
namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32 {};
struct u4 {};
struct s4 {};
struct b1 {};
} /* namespace precision */
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} /* namespace precision */
} /* namespace experimental */
template <class __c2h_T> struct __c2h_elem { typedef __c2h_T type; };
template <> struct __c2h_elem<precision::tf32> { typedef float type; };

template <class __c2h_Use, int __c2h_m, int __c2h_n, int __c2h_k, class __c2h_T,
          class __c2h_L = void>
class fragment {
public:
  typedef typename __c2h_elem<__c2h_T>::type element_type;
  enum { num_elements = 8 };
  element_type x[num_elements];
};
#define __c2h_wmma_tpl                                                        \
  template <class __c2h_Use, int __c2h_m, int __c2h_n, int __c2h_k, class __c2h_T, class __c2h_L>
#define __c2h_wmma_frag fragment<__c2h_Use, __c2h_m, __c2h_n, __c2h_k, __c2h_T, __c2h_L>
__c2h_wmma_tpl __device__ void fill_fragment(
    __c2h_wmma_frag &, const typename __c2h_elem<__c2h_T>::type &);
__c2h_wmma_tpl __device__ void load_matrix_sync(__c2h_wmma_frag &,
                                                const typename __c2h_elem<__c2h_T>::type *,
                                                unsigned int);
template <int __c2h_m, int __c2h_n, int __c2h_k, class __c2h_T>
__device__ void load_matrix_sync(fragment<accumulator, __c2h_m, __c2h_n, __c2h_k, __c2h_T> &,
                                 const __c2h_T *, unsigned int, layout_t);
template <int __c2h_m, int __c2h_n, int __c2h_k, class __c2h_T>
__device__ void store_matrix_sync(__c2h_T *,
                                  const fragment<accumulator, __c2h_m, __c2h_n, __c2h_k, __c2h_T> &,
                                  unsigned int, layout_t);
template <int __c2h_m, int __c2h_n, int __c2h_k, class __c2h_Td, class __c2h_Ta, class __c2h_La,
          class __c2h_Tb, class __c2h_Lb, class __c2h_Tc>
__device__ void mma_sync(fragment<accumulator, __c2h_m, __c2h_n, __c2h_k, __c2h_Td> &,
                         const fragment<matrix_a, __c2h_m, __c2h_n, __c2h_k, __c2h_Ta, __c2h_La> &,
                         const fragment<matrix_b, __c2h_m, __c2h_n, __c2h_k, __c2h_Tb, __c2h_Lb> &,
                         const fragment<accumulator, __c2h_m, __c2h_n, __c2h_k, __c2h_Tc> &,
                         bool = false);
#undef __c2h_wmma_tpl
#undef __c2h_wmma_frag
__device__ float __float_to_tf32(float);
} /* namespace wmma */
} /* namespace nvcuda */

/* ======================================================================
 * 18. Small companion headers: math_constants.h, cuComplex.h,
 *     curand_kernel.h / curand.h, nvrtc.h
 * ====================================================================== */
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_MIN_DENORM_F 1.40129846e-45f
#define CUDART_MAX_NORMAL_F 3.40282347e+38f
#define CUDART_NEG_ZERO_F (-0.0f)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_SQRT_TWO_F 1.414213562f
#define CUDART_THIRD_F 0.333333333f
#define CUDART_PIO4_F 0.785398163f
#define CUDART_PIO2_F 1.570796327f
#define CUDART_3PIO4_F 2.356194490f
#define CUDART_2_OVER_PI_F 0.636619772f
#define CUDART_PI_F 3.141592654f
#define CUDART_L2E_F 1.442695041f
#define CUDART_L2T_F 3.321928094f
#define CUDART_LG2_F 0.301029996f
#define CUDART_LGE_F 0.434294482f
#define CUDART_LN2_F 0.693147181f
#define CUDART_LNT_F 2.302585093f
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN __builtin_nan("")
#define CUDART_NEG_ZERO (-0.0)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_SQRT_TWO 1.4142135623730951
#define CUDART_SQRT_HALF 0.70710678118654757
#define CUDART_THIRD 0.33333333333333333
#define CUDART_PIO4 0.78539816339744828
#define CUDART_PIO2 1.5707963267948966
#define CUDART_PI 3.1415926535897931
#define CUDART_2PI 6.2831853071795862
#define CUDART_SQRT_2PI 2.5066282746310002
#define CUDART_L2E 1.4426950408889634
#define CUDART_LN2 0.69314718055994529
#define CUDART_LNT 2.3025850929940459

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
extern "C" {
__c2h_hd float cuCrealf(cuFloatComplex);
__c2h_hd float cuCimagf(cuFloatComplex);
__c2h_hd cuFloatComplex make_cuFloatComplex(float, float);
__c2h_hd cuFloatComplex make_cuComplex(float, float);
__c2h_hd cuFloatComplex cuConjf(cuFloatComplex);
__c2h_hd cuFloatComplex cuCaddf(cuFloatComplex, cuFloatComplex);
__c2h_hd cuFloatComplex cuCsubf(cuFloatComplex, cuFloatComplex);
__c2h_hd cuFloatComplex cuCmulf(cuFloatComplex, cuFloatComplex);
__c2h_hd cuFloatComplex cuCdivf(cuFloatComplex, cuFloatComplex);
__c2h_hd cuFloatComplex cuCfmaf(cuFloatComplex, cuFloatComplex, cuFloatComplex);
__c2h_hd float cuCabsf(cuFloatComplex);
__c2h_hd double cuCreal(cuDoubleComplex);
__c2h_hd double cuCimag(cuDoubleComplex);
__c2h_hd cuDoubleComplex make_cuDoubleComplex(double, double);
__c2h_hd cuDoubleComplex cuConj(cuDoubleComplex);
__c2h_hd cuDoubleComplex cuCadd(cuDoubleComplex, cuDoubleComplex);
__c2h_hd cuDoubleComplex cuCsub(cuDoubleComplex, cuDoubleComplex);
__c2h_hd cuDoubleComplex cuCmul(cuDoubleComplex, cuDoubleComplex);
__c2h_hd cuDoubleComplex cuCdiv(cuDoubleComplex, cuDoubleComplex);
__c2h_hd cuDoubleComplex cuCfma(cuDoubleComplex, cuDoubleComplex, cuDoubleComplex);
__c2h_hd double cuCabs(cuDoubleComplex);
__c2h_hd cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex);
__c2h_hd cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex);
}

/* cuRAND device API: state layouts are opaque, functions take any state. */
#define __c2h_rand_state(N, ...)                                              \
  struct N {                                                                  \
    __VA_ARGS__;                                                              \
    int boxmuller_flag, boxmuller_flag_double;                                \
    float boxmuller_extra;                                                    \
    double boxmuller_extra_double;                                            \
  };
__c2h_rand_state(curandStateXORWOW, unsigned int d, v[5])
__c2h_rand_state(curandStatePhilox4_32_10, uint4 ctr, output; uint2 key; unsigned int STATE)
__c2h_rand_state(curandStateMRG32k3a, unsigned int s1[3], s2[3])
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
template <class __c2h_S>
__device__ void curand_init(unsigned long long, unsigned long long, unsigned long long, __c2h_S *);
#define __c2h_rand(R, N) template <class __c2h_S> __device__ R N(__c2h_S *);
__c2h_rand(unsigned int, curand) __c2h_rand(float, curand_uniform)
__c2h_rand(double, curand_uniform_double) __c2h_rand(float, curand_normal)
__c2h_rand(double, curand_normal_double) __c2h_rand(float2, curand_normal2)
__c2h_rand(double2, curand_normal2_double) __c2h_rand(float4, curand_uniform4)
__c2h_rand(float4, curand_normal4) __c2h_rand(uint4, curand4)
template <class __c2h_S> __device__ float curand_log_normal(__c2h_S *, float, float);
template <class __c2h_S> __device__ double curand_log_normal_double(__c2h_S *, double, double);
template <class __c2h_S> __device__ unsigned int curand_poisson(__c2h_S *, double);
__device__ void skipahead(unsigned long long, curandStateXORWOW *);
__device__ void skipahead_sequence(unsigned long long, curandStateXORWOW *);

/* cuRAND host API */
typedef enum curandStatus {
  CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101, CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105, CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_INTERNAL_ERROR = 999
} curandStatus_t;
typedef enum curandRngType {
  CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200
} curandRngType_t;
struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;
__c2h_api curandStatus_t curandCreateGenerator(curandGenerator_t *, curandRngType_t);
__c2h_api curandStatus_t curandCreateGeneratorHost(curandGenerator_t *, curandRngType_t);
__c2h_api curandStatus_t curandDestroyGenerator(curandGenerator_t);
__c2h_api curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t, unsigned long long);
__c2h_api curandStatus_t curandSetStream(curandGenerator_t, cudaStream_t);
__c2h_api curandStatus_t curandGenerate(curandGenerator_t, unsigned int *, size_t);
__c2h_api curandStatus_t curandGenerateUniform(curandGenerator_t, float *, size_t);
__c2h_api curandStatus_t curandGenerateUniformDouble(curandGenerator_t, double *, size_t);
__c2h_api curandStatus_t curandGenerateNormal(curandGenerator_t, float *, size_t, float, float);
__c2h_api curandStatus_t curandGenerateNormalDouble(curandGenerator_t, double *, size_t, double,
                                                    double);

/* NVRTC */
typedef enum {
  NVRTC_SUCCESS = 0, NVRTC_ERROR_OUT_OF_MEMORY = 1, NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVRTC_ERROR_INVALID_INPUT = 3, NVRTC_ERROR_INVALID_PROGRAM = 4, NVRTC_ERROR_INVALID_OPTION = 5,
  NVRTC_ERROR_COMPILATION = 6, NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9, NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  NVRTC_ERROR_INTERNAL_ERROR = 11
} nvrtcResult;
struct _nvrtcProgram;
typedef struct _nvrtcProgram *nvrtcProgram;
__c2h_api const char *nvrtcGetErrorString(nvrtcResult);
__c2h_api nvrtcResult nvrtcVersion(int *, int *);
__c2h_api nvrtcResult nvrtcCreateProgram(nvrtcProgram *, const char *, const char *, int,
                                         const char *const *, const char *const *);
__c2h_api nvrtcResult nvrtcDestroyProgram(nvrtcProgram *);
__c2h_api nvrtcResult nvrtcCompileProgram(nvrtcProgram, int, const char *const *);
__c2h_api nvrtcResult nvrtcGetPTXSize(nvrtcProgram, size_t *);
__c2h_api nvrtcResult nvrtcGetPTX(nvrtcProgram, char *);
__c2h_api nvrtcResult nvrtcGetCUBINSize(nvrtcProgram, size_t *);
__c2h_api nvrtcResult nvrtcGetCUBIN(nvrtcProgram, char *);
__c2h_api nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram, size_t *);
__c2h_api nvrtcResult nvrtcGetProgramLog(nvrtcProgram, char *);
__c2h_api nvrtcResult nvrtcAddNameExpression(nvrtcProgram, const char *const);
__c2h_api nvrtcResult nvrtcGetLoweredName(nvrtcProgram, const char *const, const char **);

#endif /* __c2h_cuda_shim_included */
