// Overlapping copies and kernels on several streams, timed with events,
// then the same work captured into a CUDA graph and replayed.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <cuda_profiler_api.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  printf("CUDA error %d: %s\n", (int)e, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void scale(float *d, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] *= s;
}

static void CUDART_CB on_done(cudaStream_t stream, cudaError_t status, void *user) {
  printf("stream %p done: %d (%s)\n", (void *)stream, (int)status, (const char *)user);
}
static void host_fn(void *p) { ++*static_cast<int *>(p); }

int main() {
  const int nStreams = 4, n = 1 << 22, chunk = n / nStreams;
  float *h = nullptr, *d = nullptr;
  CHECK(cudaMallocHost(&h, n * sizeof(float)));
  CHECK(cudaHostAlloc((void **)&h, n * sizeof(float), cudaHostAllocDefault | cudaHostAllocPortable));
  CHECK(cudaMalloc(&d, n * sizeof(float)));

  cudaStream_t streams[nStreams];
  int lo = 0, hi = 0;
  CHECK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
  for (int i = 0; i < nStreams; ++i) {
    if (i == 0) CHECK(cudaStreamCreate(&streams[i]));
    else if (i == 1) CHECK(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
    else CHECK(cudaStreamCreateWithPriority(&streams[i], cudaStreamDefault, hi));
  }
  cudaEvent_t start, stop, marks[nStreams];
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  for (auto &m : marks) CHECK(cudaEventCreate(&m, cudaEventDisableTiming));

  cudaProfilerStart();
  CHECK(cudaEventRecord(start, 0));
  for (int i = 0; i < nStreams; ++i) {
    int off = i * chunk;
    cudaMemcpyAsync(d + off, h + off, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[i]);
    scale<<<(chunk + 255) / 256, 256, 0, streams[i]>>>(d + off, chunk, 2.0f);
    cudaMemcpyAsync(h + off, d + off, chunk * sizeof(float), cudaMemcpyDeviceToHost, streams[i]);
    cudaEventRecord(marks[i], streams[i]);
    cudaStreamWaitEvent(streams[(i + 1) % nStreams], marks[i], 0);
    cudaStreamAddCallback(streams[i], on_done, (void *)"chunk", 0);
  }
  int calls = 0;
  cudaLaunchHostFunc(streams[0], host_fn, &calls);
  scale<<<1, 32, 0, cudaStreamPerThread>>>(d, 32, 1.0f);
  scale<<<1, 32, 0, cudaStreamLegacy>>>(d, 32, 1.0f);
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("elapsed %.3f ms, %s\n", ms, cudaEventQuery(stop) == cudaSuccess ? "done" : "busy");
  cudaProfilerStop();

  // Capture the same pipeline into a graph.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(streams[1], cudaStreamCaptureModeGlobal));
  for (int rep = 0; rep < 3; ++rep)
    scale<<<(n + 255) / 256, 256, 0, streams[1]>>>(d, n, 0.5f);
  cudaMemsetAsync(d, 0, sizeof(float), streams[1]);
  CHECK(cudaStreamEndCapture(streams[1], &graph));
  CHECK(cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int it = 0; it < 10; ++it) CHECK(cudaGraphLaunch(exec, streams[1]));
  CHECK(cudaStreamSynchronize(streams[1]));
  if (cudaStreamQuery(streams[1]) == cudaErrorNotReady) printf("still running\n");

  // A graph built by hand.
  cudaGraph_t g2;
  cudaGraphNode_t node;
  cudaKernelNodeParams kp = {};
  float s = 3.0f;
  int nn = n;
  void *args[] = {&d, &nn, &s};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + 255) / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  CHECK(cudaGraphCreate(&g2, 0));
  CHECK(cudaGraphAddKernelNode(&node, g2, nullptr, 0, &kp));
  cudaLaunchKernel((const void *)scale, dim3(1), dim3(32), args, 0, streams[2]);
  cudaLaunchKernel(scale, 1, 32, args);

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaGraphDestroy(g2);
  for (int i = 0; i < nStreams; ++i) { cudaStreamDestroy(streams[i]); cudaEventDestroy(marks[i]); }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFreeHost(h);
  cudaFree(d);
  return 0;
}
