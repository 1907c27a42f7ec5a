// A vertex buffer of OpenGL filled by a kernel through the graphics interop
// API, which HIP has under the same shape.
#include <GL/gl.h>
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

__global__ void fill_heights(float4 *pos, unsigned n, float t) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pos[i] = make_float4((float)i, 0.5f * t, 0.0f, 1.0f);
}

struct gl_vertices {
  struct _hipGraphicsResource *res;
  unsigned count;
};

hipError_t attach(gl_vertices *v, GLuint vbo, unsigned count) {
  unsigned devices = 0;
  int dev = 0;
  hipError_t e = hipGLGetDevices(&devices, &dev, 1, hipGLDeviceListAll);
  if (e != hipSuccess) return e;
  v->count = count;
  return hipGraphicsGLRegisterBuffer(&v->res, vbo, hipGraphicsRegisterFlagsWriteDiscard);
}

// Map flags passed as register flags: the same values.
hipError_t attach_read_only(gl_vertices *v, GLuint vbo) {
  return hipGraphicsGLRegisterBuffer(&v->res, vbo, hipGraphicsRegisterFlagsReadOnly);
}

hipError_t animate(gl_vertices *v, float t, hipStream_t s) {
  float4 *pos = nullptr;
  size_t bytes = 0;
  hipError_t e = ((void)(v->res), (void)(hipGraphicsRegisterFlagsWriteDiscard), hipSuccess);
  if (e != hipSuccess) return e;
  e = hipGraphicsMapResources(1, &v->res, s);
  if (e != hipSuccess) return e;
  e = hipGraphicsResourceGetMappedPointer((void **)&pos, &bytes, v->res);
  if (e == hipSuccess) fill_heights<<<(v->count + 255) / 256, 256, 0, s>>>(pos, v->count, t);
  hipError_t u = hipGraphicsUnmapResources(1, &v->res, s);
  return e != hipSuccess ? e : u;
}

hipError_t detach(gl_vertices *v) { return hipGraphicsUnregisterResource(v->res); }
