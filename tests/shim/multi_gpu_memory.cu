// Peer-to-peer copies, IPC handles, unified-memory hints, stream-ordered
// allocation and pitched/3D allocations across all visible GPUs.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>

#define CK(call) if ((call) != cudaSuccess) { fprintf(stderr, "%s\n", #call); return 1; }

__global__ void fill2d(float *p, size_t pitch, int w, int h, float v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) reinterpret_cast<float *>((char *)p + y * pitch)[x] = v;
}

__global__ void touch(int *data, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    data[i] += 1;
}

int main() {
  int driver = 0, runtime = 0, ndev = 0;
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  CK(cudaGetDeviceCount(&ndev));
  printf("driver %d runtime %d (built with %d), %d devices\n", driver, runtime, CUDART_VERSION,
         ndev);
#if CUDART_VERSION >= 11020 && defined(__CUDACC__) && __CUDACC_VER_MAJOR__ >= 11
  printf("stream-ordered allocator available\n");
#endif
  CK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));

  for (int d = 0; d < ndev; ++d) {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, d);
    char bus[32];
    cudaDeviceGetPCIBusId(bus, sizeof bus, d);
    int value = 0;
    cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, d);
    printf("%d: %s pci %s (%d:%d) integrated %d map %d mode %d concurrent %d smem/SM %zu "
           "threads/SM %d optin %d\n", d, p.name, bus, p.pciBusID, p.pciDeviceID, p.integrated,
           p.canMapHostMemory, p.computeMode, p.concurrentKernels, p.sharedMemPerMultiprocessor,
           p.maxThreadsPerMultiProcessor, value);
  }

  if (ndev > 1) {
    int can01 = 0;
    CK(cudaDeviceCanAccessPeer(&can01, 0, 1));
    float *a0, *a1;
    size_t bytes = 1 << 24;
    cudaSetDevice(0);
    cudaMalloc(&a0, bytes);
    if (can01) cudaDeviceEnablePeerAccess(1, 0);
    cudaSetDevice(1);
    cudaMalloc(&a1, bytes);
    CK(cudaMemcpyPeer(a1, 1, a0, 0, bytes));
    CK(cudaMemcpyPeerAsync(a0, 0, a1, 1, bytes, 0));
    cudaIpcMemHandle_t handle;
    CK(cudaIpcGetMemHandle(&handle, a1));
    void *opened = nullptr;
    if (cudaIpcOpenMemHandle(&opened, handle, cudaIpcMemLazyEnablePeerAccess) == cudaSuccess)
      cudaIpcCloseMemHandle(opened);
    cudaEvent_t ev;
    cudaEventCreateWithFlags(&ev, cudaEventDisableTiming | cudaEventInterprocess);
    cudaIpcEventHandle_t eh;
    cudaIpcGetEventHandle(&eh, ev);
    cudaSetDevice(0);
    cudaDeviceDisablePeerAccess(1);
    cudaFree(a0);
    cudaFree(a1);
  }

  cudaSetDevice(0);
  size_t freeB = 0, totalB = 0;
  CK(cudaMemGetInfo(&freeB, &totalB));
  int *um;
  size_t n = 1 << 20;
  CK(cudaMallocManaged(&um, n * sizeof(int)));
  CK(cudaMemAdvise(um, n * sizeof(int), cudaMemAdviseSetPreferredLocation, 0));
  CK(cudaMemAdvise(um, n * sizeof(int), cudaMemAdviseSetAccessedBy, cudaCpuDeviceId));
  CK(cudaMemPrefetchAsync(um, n * sizeof(int), 0, 0));
  cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
  CK(cudaMemPrefetchAsync(um, n * sizeof(int), loc, 0, cudaStreamPerThread));
  touch<<<64, 256>>>(um, n);
  CK(cudaMemPrefetchAsync(um, n * sizeof(int), cudaCpuDeviceId));

  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  int *pool_buf;
  CK(cudaMallocAsync(&pool_buf, n * sizeof(int), s));
  CK(cudaMallocAsync((void **)&pool_buf, n * sizeof(int), s));
  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  unsigned long long threshold = ~0ULL;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  touch<<<64, 256, 0, s>>>(pool_buf, n);
  CK(cudaFreeAsync(pool_buf, s));

  float *pitched;
  size_t pitch;
  int w = 1000, h = 700;
  CK(cudaMallocPitch(&pitched, &pitch, w * sizeof(float), h));
  CK(cudaMemset2D(pitched, pitch, 0, w * sizeof(float), h));
  dim3 blk(32, 8), grd((w + 31) / 32, (h + 7) / 8);
  fill2d<<<grd, blk, 0, s>>>(pitched, pitch, w, h, 1.0f);
  float *host = (float *)calloc((size_t)w * h, sizeof(float));
  CK(cudaHostRegister(host, (size_t)w * h * sizeof(float), cudaHostRegisterDefault));
  CK(cudaMemcpy2DAsync(host, w * sizeof(float), pitched, pitch, w * sizeof(float), h,
                       cudaMemcpyDeviceToHost, s));
  cudaStreamSynchronize(s);
  CK(cudaHostUnregister(host));

  cudaExtent ext = make_cudaExtent(64 * sizeof(float), 64, 64);
  cudaPitchedPtr vol;
  CK(cudaMalloc3D(&vol, ext));
  CK(cudaMemset3D(vol, 0, ext));
  cudaMemcpy3DParms cp = {0};
  cp.srcPtr = vol;
  cp.dstPtr = make_cudaPitchedPtr(host, 64 * sizeof(float), 64, 64);
  cp.extent = ext;
  cp.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&cp));

  cudaPointerAttributes pa;
  if (cudaPointerGetAttributes(&pa, um) == cudaSuccess && pa.type == cudaMemoryTypeManaged)
    printf("managed on device %d\n", pa.device);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
  size_t heap = 0;
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  cudaFree(um);
  cudaFree(pitched);
  cudaFree(vol.ptr);
  free(host);
  cudaStreamDestroy(s);
  cudaThreadSynchronize();
  return 0;
}
