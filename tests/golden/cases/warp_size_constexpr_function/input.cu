// A warp size spelt as a constexpr function that returns it: the host
// sizes its launches by it.
#include <cstdio>

static constexpr int host_warp_size() { return 32; }
constexpr int lanes_per_group() { return 16; }  // no warp size: not a note

__global__ void per_warp(int *out) {
  if (threadIdx.x % 32 == 0) atomicAdd(out, 1);
}

int launch(int *out, int n) {
  const int ws = host_warp_size();
  int warps = (n + ws - 1) / ws;
  per_warp<<<warps, ws * 4>>>(out);
  return lanes_per_group();
}
