// The cuRAND host API translated to rocRAND (--library-target curand=roc).
#include <cstdio>
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>

#ifdef ROCRAND_H_
#define HAVE_RAND 1
#endif

#define CHECK(call)                                                   \
  do {                                                                \
    rocrand_status s_ = (call);                                       \
    if (s_ != ROCRAND_STATUS_SUCCESS) {                                \
      std::printf("curand error %d at line %d\n", (int)s_, __LINE__); \
      return 1;                                                       \
    }                                                                 \
  } while (0)

static const char *describe(rocrand_status s) {
  switch (s) {
    case ROCRAND_STATUS_NOT_CREATED: return "not initialised";
    case ROCRAND_STATUS_OUT_OF_RANGE: return "out of range";
    case ROCRAND_STATUS_LENGTH_NOT_MULTIPLE: return "length";
    default: return "other";
  }
}

int main() {
  const size_t n = 4096;
  float *f = nullptr;
  double *d = nullptr;
  unsigned int *u = nullptr;
  hipStream_t stream;
  hipStreamCreate(&stream);
  hipMalloc(&f, n * sizeof(float));
  hipMalloc(&d, n * sizeof(double));
  hipMalloc(&u, n * sizeof(unsigned int));

  int version = 0;
  CHECK(rocrand_get_version(&version));
  rocrand_generator gen;
  rocrand_rng_type kind = ROCRAND_RNG_PSEUDO_PHILOX4_32_10;
  CHECK(rocrand_create_generator(&gen, kind));
  CHECK(rocrand_set_stream(gen, stream));
  CHECK(rocrand_set_seed(gen, 2024ULL));
  CHECK(rocrand_set_offset(gen, 16ULL));
  CHECK(rocrand_generate(gen, u, n));
  CHECK(rocrand_generate_uniform(gen, f, n));
  CHECK(rocrand_generate_normal(gen, f, n, 0.0f, 1.0f));
  CHECK(rocrand_generate_log_normal(gen, f, n, 0.0f, 0.5f));
  CHECK(rocrand_generate_uniform_double(gen, d, n));
  CHECK(rocrand_generate_normal_double(gen, d, n, 1.0, 2.0));
  CHECK(rocrand_generate_log_normal_double(gen, d, n, 0.0, 0.25));
  CHECK(rocrand_generate_poisson(gen, u, n, 3.5));
  rocrand_status st = rocrand_destroy_generator(gen);
  if (st != ROCRAND_STATUS_SUCCESS) std::printf("%s\n", describe(st));

  rocrand_generator quasi;
  CHECK(rocrand_create_generator(&quasi, ROCRAND_RNG_QUASI_SOBOL32));
  CHECK(rocrand_set_quasi_random_generator_dimensions(quasi, 2));
  CHECK(rocrand_generate_uniform(quasi, f, n));
  CHECK(rocrand_destroy_generator(quasi));

  rocrand_discrete_distribution poisson;
  CHECK(rocrand_create_poisson_distribution(5.0, &poisson));
  CHECK(rocrand_destroy_discrete_distribution(poisson));

  hipFree(u);
  hipFree(d);
  hipFree(f);
  hipStreamDestroy(stream);
  std::printf("version %d (%d)\n", version, HAVE_RAND);
  return 0;
}
