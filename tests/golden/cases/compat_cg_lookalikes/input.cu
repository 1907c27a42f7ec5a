// Names spelled like cooperative_groups' collectives and operators, that are
// not theirs: std::plus, std::reduce, a namespace of the user's, a global
// template of the user's. They stay as they are.
#include <functional>
#include <numeric>
#include <vector>

namespace mylib {
template <class T> struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T, class Op> T reduce(const T *p, int n, Op op) {
  T r = p[0];
  for (int i = 1; i < n; i++) r = op(r, p[i]);
  return r;
}
} // namespace mylib

template <class T> struct less {
  bool operator()(T a, T b) const { return a < b; }
};

__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }

int host_sums(const std::vector<int> &v) {
  int a = std::reduce(v.begin(), v.end(), 0, std::plus<int>());
  int b = mylib::reduce(v.data(), (int)v.size(), mylib::plus<int>());
  int c = std::inclusive_scan(v.begin(), v.end(), std::vector<int>(v.size()).begin()) != v.end();
  return a + b + c + (less<int>()(a, b) ? 1 : 0) + std::less<int>()(b, a);
}
