// A host file that includes the OpenGL interop header before the runtime
// API: CUDA's cuda_gl_interop.h includes the runtime API itself, HIP's
// hip_gl_interop.h does not, so the runtime header goes before it.
#include <GL/gl.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>

static cudaGraphicsResource_t vbo_resource;

cudaError_t register_vbo(GLuint vbo) {
  return cudaGraphicsGLRegisterBuffer(&vbo_resource, vbo, cudaGraphicsRegisterFlagsNone);
}

cudaError_t unregister_vbo() { return cudaGraphicsUnregisterResource(vbo_resource); }
