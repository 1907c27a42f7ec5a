// Namespaces called cuda that are not PyTorch's: the user's own, and
// libcu++'s; and a user class that shares a PyTorch name.
#include <cuda_runtime.h>

namespace mylib {
namespace cuda {
inline int getCurrentCUDAStream() { return 0; }
}  // namespace cuda
}  // namespace mylib

struct CUDAGuard {
  explicit CUDAGuard(int d) : device(d) {}
  int device;
};

int use(int d) {
  CUDAGuard g(d);
  return mylib::cuda::getCurrentCUDAStream() + g.device;
}
