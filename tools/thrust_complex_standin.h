#pragma once
// Declarations only, standing in for rocThrust's <thrust/complex.h> in
// cu2hip's ROCm PyTorch compile check (tools/make_rocm_torch_headers.sh
// copies it into the fixture): c10/util/complex.h includes that header when
// compiling HIP, and Debian 12 has no rocThrust. It declares what c10's
// headers name; the check compiles and never links.
#include <type_traits>
namespace thrust {
template <class T> struct complex {
  T re_, im_;
  __host__ __device__ complex(const T &r = T(), const T &i = T()) : re_(r), im_(i) {}
  template <class U> __host__ __device__ complex(const complex<U> &o) : re_(T(o.real())), im_(T(o.imag())) {}
  __host__ __device__ T real() const { return re_; }
  __host__ __device__ T imag() const { return im_; }
};
template <class T> __host__ __device__ T abs(const complex<T> &);
template <class T> __host__ __device__ T arg(const complex<T> &);
#define CU2HIP_THRUST_UNARY(f) template <class T> __host__ __device__ complex<T> f(const complex<T> &);
CU2HIP_THRUST_UNARY(exp) CU2HIP_THRUST_UNARY(log) CU2HIP_THRUST_UNARY(log10) CU2HIP_THRUST_UNARY(sqrt)
CU2HIP_THRUST_UNARY(sin) CU2HIP_THRUST_UNARY(cos) CU2HIP_THRUST_UNARY(tan) CU2HIP_THRUST_UNARY(asin)
CU2HIP_THRUST_UNARY(acos) CU2HIP_THRUST_UNARY(atan) CU2HIP_THRUST_UNARY(sinh) CU2HIP_THRUST_UNARY(cosh)
CU2HIP_THRUST_UNARY(tanh) CU2HIP_THRUST_UNARY(asinh) CU2HIP_THRUST_UNARY(acosh) CU2HIP_THRUST_UNARY(atanh)
CU2HIP_THRUST_UNARY(proj)
#undef CU2HIP_THRUST_UNARY
template <class T> __host__ __device__ complex<T> polar(const T &, const T & = T());
template <class T, class U>
__host__ __device__ complex<typename std::common_type<T, U>::type> pow(const complex<T> &, const complex<U> &);
template <class T, class U>
__host__ __device__ complex<typename std::common_type<T, U>::type> pow(const complex<T> &, const U &);
template <class T, class U>
__host__ __device__ complex<typename std::common_type<T, U>::type> pow(const T &, const complex<U> &);
}  // namespace thrust
