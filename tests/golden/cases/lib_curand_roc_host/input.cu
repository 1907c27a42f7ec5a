// The cuRAND host API translated to rocRAND (--library-target curand=roc).
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

#ifdef CURAND_H_
#define HAVE_RAND 1
#endif

#define CHECK(call)                                                   \
  do {                                                                \
    curandStatus_t s_ = (call);                                       \
    if (s_ != CURAND_STATUS_SUCCESS) {                                \
      std::printf("curand error %d at line %d\n", (int)s_, __LINE__); \
      return 1;                                                       \
    }                                                                 \
  } while (0)

static const char *describe(curandStatus_t s) {
  switch (s) {
    case CURAND_STATUS_NOT_INITIALIZED: return "not initialised";
    case CURAND_STATUS_OUT_OF_RANGE: return "out of range";
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE: return "length";
    default: return "other";
  }
}

int main() {
  const size_t n = 4096;
  float *f = nullptr;
  double *d = nullptr;
  unsigned int *u = nullptr;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMalloc(&f, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(double));
  cudaMalloc(&u, n * sizeof(unsigned int));

  int version = 0;
  CHECK(curandGetVersion(&version));
  curandGenerator_t gen;
  curandRngType_t kind = CURAND_RNG_PSEUDO_PHILOX4_32_10;
  CHECK(curandCreateGenerator(&gen, kind));
  CHECK(curandSetStream(gen, stream));
  CHECK(curandSetPseudoRandomGeneratorSeed(gen, 2024ULL));
  CHECK(curandSetGeneratorOffset(gen, 16ULL));
  CHECK(curandGenerate(gen, u, n));
  CHECK(curandGenerateUniform(gen, f, n));
  CHECK(curandGenerateNormal(gen, f, n, 0.0f, 1.0f));
  CHECK(curandGenerateLogNormal(gen, f, n, 0.0f, 0.5f));
  CHECK(curandGenerateUniformDouble(gen, d, n));
  CHECK(curandGenerateNormalDouble(gen, d, n, 1.0, 2.0));
  CHECK(curandGenerateLogNormalDouble(gen, d, n, 0.0, 0.25));
  CHECK(curandGeneratePoisson(gen, u, n, 3.5));
  curandStatus_t st = curandDestroyGenerator(gen);
  if (st != CURAND_STATUS_SUCCESS) std::printf("%s\n", describe(st));

  curandGenerator_t quasi;
  CHECK(curandCreateGenerator(&quasi, CURAND_RNG_QUASI_SOBOL32));
  CHECK(curandSetQuasiRandomGeneratorDimensions(quasi, 2));
  CHECK(curandGenerateUniform(quasi, f, n));
  CHECK(curandDestroyGenerator(quasi));

  curandDiscreteDistribution_t poisson;
  CHECK(curandCreatePoissonDistribution(5.0, &poisson));
  CHECK(curandDestroyDistribution(poisson));

  cudaFree(u);
  cudaFree(d);
  cudaFree(f);
  cudaStreamDestroy(stream);
  std::printf("version %d (%d)\n", version, HAVE_RAND);
  return 0;
}
