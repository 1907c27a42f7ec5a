// nvrtc.h takes the option, header and include-name arrays as
// `const char *const *`; hiprtc.h takes `const char **`.
#include <nvrtc.h>

int compile(const char *src, const char *const *opts, int n_opts) {
  const char *headers[] = {"#define N 4\n"};
  const char *names[] = {"size.h"};
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, src, "prog.cu", 1, headers, names) != NVRTC_SUCCESS) return 1;
  nvrtcResult res = nvrtcCompileProgram(prog, n_opts, opts);
  nvrtcDestroyProgram(&prog);
  if (res != NVRTC_SUCCESS) return 1;
  nvrtcProgram bare;
  nvrtcCreateProgram(&bare, src, "bare.cu", 0, NULL, nullptr);
  res = nvrtcCompileProgram(bare, 0, 0);
  nvrtcDestroyProgram(&bare);
  return res != NVRTC_SUCCESS;
}
