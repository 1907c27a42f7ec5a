// Signed 64-bit atomic minimum and maximum: HIP 6.3's headers declare them,
// 5.2's do not.
__global__ void bounds(long long *lo, long long *hi, const long long *v) {
  atomicMin(lo, v[threadIdx.x]);
  atomicMax_system(hi, v[threadIdx.x]);
  atomicMax((unsigned long long *)hi + 1, 1ull);
}
