// min/max in device code. A built-in coordinate passed whole to min gets
// an (unsigned int) cast for ROCm before 6.3, where it is a class object.
// A file-scope __device__ function template named max meets HIP's own
// device template max and is reported at its device-code calls; a
// __host__ __device__ template min loses to HIP's and is not. A member
// function max and host code are left alone.
template <class T>
__device__ T max(const T &a, const T &b) {
  return a < b ? b : a;
}

template <class T>
__host__ __device__ T min(const T &a, const T &b) {
  return b < a ? b : a;
}

struct Window {
  __device__ unsigned max(unsigned a, unsigned b) const { return a > b ? a : b; }
};

__global__ void clip(unsigned *out, unsigned limit) {
  unsigned lanes = min(limit, blockDim.x);
  unsigned first = min(blockIdx.x * blockDim.x, limit);
  Window w;
  out[threadIdx.x] = lanes + first + max(lanes, first) + w.max(lanes, first);
}

unsigned host_side(unsigned a, unsigned b) { return min(a, b); }
