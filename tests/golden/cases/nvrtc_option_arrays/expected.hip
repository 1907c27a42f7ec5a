// nvrtc.h takes the option, header and include-name arrays as
// `const char *const *`; hiprtc.h takes `const char **`.
#include <hip/hiprtc.h>

int compile(const char *src, const char *const *opts, int n_opts) {
  const char *headers[] = {"#define N 4\n"};
  const char *names[] = {"size.h"};
  hiprtcProgram prog;
  if (hiprtcCreateProgram(&prog, src, "prog.cu", 1, const_cast<const char **>(static_cast<const char *const *>(headers)), const_cast<const char **>(static_cast<const char *const *>(names))) != HIPRTC_SUCCESS) return 1;
  hiprtcResult res = hiprtcCompileProgram(prog, n_opts, const_cast<const char **>(static_cast<const char *const *>(opts)));
  hiprtcDestroyProgram(&prog);
  if (res != HIPRTC_SUCCESS) return 1;
  hiprtcProgram bare;
  hiprtcCreateProgram(&bare, src, "bare.cu", 0, const_cast<const char **>(static_cast<const char *const *>(NULL)), const_cast<const char **>(static_cast<const char *const *>(nullptr)));
  res = hiprtcCompileProgram(bare, 0, const_cast<const char **>(static_cast<const char *const *>(0)));
  hiprtcDestroyProgram(&bare);
  return res != HIPRTC_SUCCESS;
}
