// User types that happen to be called texture or surface.
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

int main() {
  gfx::texture<float> t = {1.0f};
  gfx::surface<int, 2> s = {{1, 2}};
  Material m = {3};
  return (int)t.texel + s.data[0] + m.texture;
}
