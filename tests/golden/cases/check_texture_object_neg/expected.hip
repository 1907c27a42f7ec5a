// Names like the texture functions that are the user's own, and texture
// object handles that are only stored or destroyed.
#include <hip/hip_runtime.h>

namespace img {
__device__ float tex2D(const float *p, int x, int y) { return p[y * 16 + x]; }
}  // namespace img

struct Sampler {
  __device__ float tex1Dfetch(int i) const { return base[i]; }
  const float *base;
};

struct Handles {
  hipTextureObject_t tex;
};

__global__ void read(const float *p, Sampler s, float *out) {
  out[0] = img::tex2D(p, 1, 2) + s.tex1Dfetch(3);
}

void release(Handles h) { hipDestroyTextureObject(h.tex); }
