// A host file that includes the OpenGL interop header before the runtime
// API: CUDA's cuda_gl_interop.h includes the runtime API itself, HIP's
// hip_gl_interop.h does not, so the runtime header goes before it.
#include <GL/gl.h>
#include <hip/hip_runtime.h>
#include <hip/hip_gl_interop.h>
#include <hip/hip_runtime_api.h>

static hipGraphicsResource_t vbo_resource;

hipError_t register_vbo(GLuint vbo) {
  return hipGraphicsGLRegisterBuffer(&vbo_resource, vbo, hipGraphicsRegisterFlagsNone);
}

hipError_t unregister_vbo() { return hipGraphicsUnregisterResource(vbo_resource); }
