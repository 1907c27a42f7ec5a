// Single-thread semantics of cu2hip_atomic_ref and cu2hip_atomic
// (cuda::atomic_ref, cuda::atomic) against plain arithmetic: each member
// returns what libcu++'s returns and leaves the value libcu++'s leaves.
// The host path uses the compiler's __atomic_* builtins; the device path
// (clang's __hip_atomic_*) is compiled for gfx942 by run_device_test.sh.
#include "cu2hip_compat.h"
#include "host_check.h"

template <class T> static void check_arith(T a, T b, const char *type) {
  T x = a;
  cu2hip_atomic_ref<T, cu2hip_thread_scope_device> r(x);
  EXPECT(r.load() == a && (T)r == a, "%s load\n", type);
  EXPECT(r.fetch_add(b, __ATOMIC_RELAXED) == a && x == (T)(a + b), "%s fetch_add\n", type);
  x = a;
  EXPECT(r.fetch_sub(b) == a && x == (T)(a - b), "%s fetch_sub\n", type);
  x = a;
  EXPECT(r.fetch_min(b) == a && x == (b < a ? b : a), "%s fetch_min\n", type);
  x = a;
  EXPECT(r.fetch_max(b, __ATOMIC_ACQ_REL) == a && x == (a < b ? b : a), "%s fetch_max\n", type);
  x = a;
  EXPECT(r.exchange(b) == a && x == b, "%s exchange\n", type);
  r.store(a, __ATOMIC_RELEASE);
  EXPECT(x == a, "%s store\n", type);
  T e = b;
  bool same = a == b;
  EXPECT(r.compare_exchange_strong(e, (T)(a + b), __ATOMIC_ACQ_REL) == same && e == a &&
             x == (same ? (T)(a + b) : a),
         "%s compare_exchange_strong, unexpected value\n", type);
  x = a;
  e = a;
  EXPECT(r.compare_exchange_weak(e, b, __ATOMIC_RELEASE, __ATOMIC_RELAXED) && e == a && x == b,
         "%s compare_exchange_weak, expected value\n", type);
  x = a;
  EXPECT((r += b) == (T)(a + b) && x == (T)(a + b), "%s +=\n", type);
  EXPECT((r -= b) == a && x == a, "%s -=\n", type);
  EXPECT((r = b) == b && x == b, "%s =\n", type);
  cu2hip_atomic_thread_fence(__ATOMIC_SEQ_CST, cu2hip_thread_scope_device);
  cu2hip_atomic<T, cu2hip_thread_scope_block> owned(a);
  EXPECT(owned.fetch_add(b) == a && owned.load() == (T)(a + b), "%s cu2hip_atomic fetch_add\n", type);
}

template <class T> static void check_bits(T a, T b, const char *type) {
  T x = a;
  cu2hip_atomic_ref<T> r(x);
  EXPECT(r.fetch_and(b) == a && x == (T)(a & b), "%s fetch_and\n", type);
  x = a;
  EXPECT(r.fetch_or(b) == a && x == (T)(a | b), "%s fetch_or\n", type);
  x = a;
  EXPECT(r.fetch_xor(b) == a && x == (T)(a ^ b), "%s fetch_xor\n", type);
  x = a;
  EXPECT(r++ == a && x == (T)(a + 1) && ++r == (T)(a + 2) && r-- == (T)(a + 2) && --r == a, "%s ++/--\n", type);
  EXPECT((r &= b) == (T)(a & b) && (r |= a) == (T)((a & b) | a) && (r ^= b) == (T)(((a & b) | a) ^ b),
         "%s &= |= ^=\n", type);
}

int main() {
  for (int n = 0; n < 2000; n++) {
    int i = (int)rnd32() % 1000 - 500, j = n % 7 == 0 ? i : (int)rnd32() % 1000 - 500;
    unsigned long long u = (unsigned long long)rnd32() << 32 | rnd32(), v = n % 7 == 0 ? u : rnd32();
    float f = (float)i / 8, g = (float)j / 8;
    double d = (double)i / 16, h = (double)j / 16;
    check_arith(i, j, "int");
    check_bits(i, j, "int");
    check_arith(u, v, "unsigned long long");
    check_bits(u, v, "unsigned long long");
    check_arith(f, g, "float");
    check_arith(d, h, "double");
  }
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("cu2hip_atomic_ref / cu2hip_atomic: all checks match\n");
  return 0;
}
