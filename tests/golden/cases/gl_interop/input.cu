// A vertex buffer of OpenGL filled by a kernel through the graphics interop
// API, which HIP has under the same shape.
#include <GL/gl.h>
#include <cuda_runtime.h>
#include <cuda_gl_interop.h>

__global__ void fill_heights(float4 *pos, unsigned n, float t) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pos[i] = make_float4((float)i, 0.5f * t, 0.0f, 1.0f);
}

struct gl_vertices {
  struct cudaGraphicsResource *res;
  unsigned count;
};

cudaError_t attach(gl_vertices *v, GLuint vbo, unsigned count) {
  unsigned devices = 0;
  int dev = 0;
  cudaError_t e = cudaGLGetDevices(&devices, &dev, 1, cudaGLDeviceListAll);
  if (e != cudaSuccess) return e;
  v->count = count;
  return cudaGraphicsGLRegisterBuffer(&v->res, vbo, cudaGraphicsRegisterFlagsWriteDiscard);
}

// Map flags passed as register flags: the same values.
cudaError_t attach_read_only(gl_vertices *v, GLuint vbo) {
  return cudaGraphicsGLRegisterBuffer(&v->res, vbo, cudaGraphicsMapFlagsReadOnly);
}

cudaError_t animate(gl_vertices *v, float t, cudaStream_t s) {
  float4 *pos = nullptr;
  size_t bytes = 0;
  cudaError_t e = cudaGraphicsResourceSetMapFlags(v->res, cudaGraphicsMapFlagsWriteDiscard);
  if (e != cudaSuccess) return e;
  e = cudaGraphicsMapResources(1, &v->res, s);
  if (e != cudaSuccess) return e;
  e = cudaGraphicsResourceGetMappedPointer((void **)&pos, &bytes, v->res);
  if (e == cudaSuccess) fill_heights<<<(v->count + 255) / 256, 256, 0, s>>>(pos, v->count, t);
  cudaError_t u = cudaGraphicsUnmapResources(1, &v->res, s);
  return e != cudaSuccess ? e : u;
}

cudaError_t detach(gl_vertices *v) { return cudaGraphicsUnregisterResource(v->res); }
