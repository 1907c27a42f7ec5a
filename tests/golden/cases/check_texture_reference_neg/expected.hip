// Texture and surface objects, which HIP supports, and user types that
// happen to be called texture or surface.
#include <hip/hip_runtime.h>

namespace gfx {
template <class T> struct texture {
  T texel;
};
template <class T, int D> struct surface {
  T data[D];
};
}  // namespace gfx

struct Material {
  int texture;
};

__global__ void sample(hipTextureObject_t tex, hipSurfaceObject_t surf, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float a = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  float b = tex1Dfetch<float>(tex, x);
  float c;
  tex2D(&c, tex, x + 0.5f, y + 0.5f);
  surf2Dwrite(a + b + c, surf, x * (int)sizeof(float), y);
  float d = surf2Dread<float>(surf, x * (int)sizeof(float), y);
  out[y * w + x] = d;
}

hipTextureObject_t make_texture(hipArray_t array) {
  hipResourceDesc res = {};
  res.resType = hipResourceTypeArray;
  res.res.array.array = array;
  hipTextureDesc desc = {};
  desc.filterMode = hipFilterModeLinear;
  desc.readMode = hipReadModeElementType;
  hipTextureObject_t tex = 0;
  hipCreateTextureObject(&tex, &res, &desc, nullptr);
  return tex;
}

int main() {
  gfx::texture<float> t = {1.0f};
  gfx::surface<int, 2> s = {{1, 2}};
  Material m = {3};
  hipTextureObject_t tex = make_texture(nullptr);
  hipDestroyTextureObject(tex);
  return (int)t.texel + s.data[0] + m.texture;
}
