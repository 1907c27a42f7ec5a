// One table of constants for every check: a `static const unsigned long
// long` is the same constant to lds-limit, launch-bounds,
// cooperative-groups-tile and a compute-capability test, and a name whose
// definitions disagree (#if branches) is known to none of them.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// Tuned for an NVIDIA GPU with 100 KiB of shared memory per block.
static const unsigned long long kSmemBytes = 72 * 1024ULL, kThreads = 512;
constexpr unsigned kTile = kThreads / 4;
enum { kMinBlocks = 2, kMinMajor = 7 };

#ifdef LARGE_PANELS
#define PANEL 256
#else
#define PANEL 32
#endif

__global__ void __launch_bounds__(kThreads, kMinBlocks) reduce(const float *in, float *out) {
  extern __shared__ float buf[];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  auto panel = cg::tiled_partition<PANEL>(block);
  buf[threadIdx.x] = in[blockIdx.x * kThreads + threadIdx.x];
  block.sync();
  float v = buf[threadIdx.x] + panel.thread_rank();
  for (unsigned o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) out[blockIdx.x] = v;
}

int pick_path(int dev) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, dev);
  return prop.major >= kMinMajor ? 1 : 0;
}

void run(const float *in, float *out, int blocks) {
  hipFuncSetAttribute(reinterpret_cast<const void *>(reduce), hipFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
  reduce<<<blocks, kThreads, kSmemBytes>>>(in, out);
}
