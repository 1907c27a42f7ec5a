// What the host tests of cu2hip_compat.h share: a failure counter that
// prints the first 20 mismatches, and a fixed pseudo-random sequence.
#ifndef CU2HIP_TEST_HOST_CHECK_H
#define CU2HIP_TEST_HOST_CHECK_H
#include <cstdint>
#include <cstdio>

static int failures = 0;
#define EXPECT(cond, ...)                             \
  do {                                                \
    if (!(cond)) {                                    \
      if (++failures <= 20) std::printf(__VA_ARGS__); \
    }                                                 \
  } while (0)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static inline uint32_t rnd32() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}
#endif
