// Checks the cooperative-groups collectives of cu2hip_compat.h
// (cu2hip_cg_reduce, cu2hip_cg_inclusive_scan, cu2hip_cg_exclusive_scan) on
// the host: each lane of a group runs on a thread of its own, and the
// group's shuffles exchange 32-bit words through shared slots between
// barriers, as the lanes of a wavefront do in lockstep. The results are
// compared with CUDA's definitions computed lane after lane: the reduction
// of all lanes' values, the inclusive prefix, and the exclusive prefix with
// T() on lane 0.
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "cu2hip_compat.h"
#include "host_check.h"

// The lanes of one group: a word slot per lane and a reusable barrier.
struct lanes {
  explicit lanes(unsigned n) : n(n), slot(n) {}
  unsigned n;
  std::vector<unsigned> slot;
  std::mutex m;
  std::condition_variable cv;
  unsigned arrived = 0, generation = 0;
  void barrier() {
    std::unique_lock<std::mutex> lock(m);
    unsigned gen = generation;
    if (++arrived == n) {
      arrived = 0;
      generation++;
      cv.notify_all();
    } else {
      cv.wait(lock, [&] { return generation != gen; });
    }
  }
  // Every lane publishes v, then reads the slot of lane `src` (its own
  // value when src is out of the group).
  unsigned exchange(unsigned rank, unsigned v, unsigned src) {
    slot[rank] = v;
    barrier();
    unsigned r = src < n ? slot[src] : v;
    barrier();
    return r;
  }
};

// A coalesced_group as HIP's: any size, shfl and shfl_up by rank.
struct coalesced {
  lanes *l;
  unsigned rank;
  unsigned size() const { return l->n; }
  unsigned thread_rank() const { return rank; }
  unsigned shfl(unsigned v, int src) const { return l->exchange(rank, v, (unsigned)src % l->n); }
  unsigned shfl_up(unsigned v, unsigned d) const { return l->exchange(rank, v, rank >= d ? rank - d : rank); }
  unsigned shfl_down(unsigned v, unsigned d) const { return l->exchange(rank, v, rank + d < l->n ? rank + d : rank); }
};

// A thread_block_tile<N> as HIP's: shfl_xor as well.
struct tile : coalesced {
  unsigned shfl_xor(unsigned v, unsigned m) const { return l->exchange(rank, v, rank ^ m); }
};

enum collective { REDUCE, INCLUSIVE, EXCLUSIVE };

// Runs f(g, r) on n lanes, one thread each, lane r with its group G.
template <class G, class F> static void on_lanes(unsigned n, F f) {
  lanes l(n);
  std::vector<std::thread> threads;
  for (unsigned r = 0; r < n; r++)
    threads.emplace_back([&, r] {
      G g;
      g.l = &l;
      g.rank = r;
      f(g, r);
    });
  for (auto &t : threads) t.join();
}

// Runs the collective on n lanes with group type G.
template <class G, class T, class Op>
static std::vector<T> run(unsigned n, const std::vector<T> &in, collective c, Op op) {
  std::vector<T> out(in);
  on_lanes<G>(n, [&](const G &g, unsigned r) {
    out[r] = c == REDUCE      ? cu2hip_cg_reduce(g, in[r], op)
             : c == INCLUSIVE ? cu2hip_cg_inclusive_scan(g, in[r], op)
                              : cu2hip_cg_exclusive_scan(g, in[r], op);
  });
  return out;
}

// CUDA's definition, lane after lane.
template <class T, class Op> static std::vector<T> reference(const std::vector<T> &in, collective c, Op op) {
  std::vector<T> prefix(in);
  for (size_t i = 1; i < in.size(); i++) prefix[i] = op(prefix[i - 1], in[i]);
  std::vector<T> out(in.size());
  for (size_t i = 0; i < in.size(); i++)
    out[i] = c == REDUCE ? prefix.back() : c == INCLUSIVE ? prefix[i] : i ? prefix[i - 1] : T();
  return out;
}

static const char *const names[] = {"reduce", "inclusive_scan", "exclusive_scan"};

template <class G, class T, class Op, class Same>
static void check(const char *what, unsigned n, const std::vector<T> &in, Op op, Same same) {
  for (int c = REDUCE; c <= EXCLUSIVE; c++) {
    std::vector<T> got = run<G>(n, in, (collective)c, op), want = reference(in, (collective)c, op);
    for (unsigned r = 0; r < n; r++)
      EXPECT(same(got[r], want[r]), "%s %s, %u lanes: lane %u differs\n", names[c], what, n, r);
  }
}

struct pair_sum {
  double x;
  int n;
};

template <class G> static void check_group(unsigned n) {
  auto eq = [](auto a, auto b) { return a == b; };
  std::vector<int> ints(n);
  std::vector<unsigned> words(n);
  std::vector<unsigned long long> wide(n);
  std::vector<float> floats(n);
  std::vector<pair_sum> pairs(n);
  for (unsigned r = 0; r < n; r++) {
    ints[r] = (int)(rnd32() % 2001) - 1000;
    words[r] = rnd32();
    wide[r] = (unsigned long long)rnd32() << 32 | rnd32();
    floats[r] = (float)((int)(rnd32() % 200) - 100); // small integers: every order sums exactly
    pairs[r] = {(double)ints[r] * 0.5, ints[r]};
  }
  check<G>("plus<int>", n, ints, cu2hip_cg_plus<int>(), eq);
  check<G>("less<int>", n, ints, cu2hip_cg_less<int>(), eq);
  check<G>("greater<int>", n, ints, cu2hip_cg_greater<int>(), eq);
  check<G>("plus<>", n, ints, cu2hip_cg_plus<>(), eq);
  // Sums that wrap: unsigned arithmetic modulo 2^32 and 2^64.
  check<G>("plus<unsigned>", n, words, cu2hip_cg_plus<unsigned>(), eq);
  check<G>("bit_and<unsigned>", n, words, cu2hip_cg_bit_and<unsigned>(), eq);
  check<G>("bit_or<unsigned>", n, words, cu2hip_cg_bit_or<unsigned>(), eq);
  check<G>("bit_xor<unsigned>", n, words, cu2hip_cg_bit_xor<unsigned>(), eq);
  check<G>("plus<unsigned long long>", n, wide, cu2hip_cg_plus<unsigned long long>(), eq);
  check<G>("greater<unsigned long long>", n, wide, cu2hip_cg_greater<unsigned long long>(), eq);
  check<G>("less<float>", n, floats, cu2hip_cg_less<float>(), eq);
  check<G>("plus<float>", n, floats, cu2hip_cg_plus<float>(), eq);
  // A struct of 12 bytes moves as three words; a lambda as the operator.
  check<G>("pair_sum", n, pairs, [](const pair_sum &a, const pair_sum &b) { return pair_sum{a.x + b.x, a.n + b.n}; },
           [](const pair_sum &a, const pair_sum &b) { return a.x == b.x && a.n == b.n; });
}

// cu2hip_cg_shfl / _up / _down / _xor of a 12-byte struct: each lane gets
// the bits of the lane CUDA's g.shfl* would read (its own at the edges).
template <class G> static void check_shuffles(unsigned n) {
  std::vector<pair_sum> in(n), got(n);
  for (unsigned r = 0; r < n; r++) in[r] = {(double)rnd32() * 0.25, (int)rnd32()};
  const unsigned src = n > 1 ? rnd32() % n : 0, d = n > 1 ? 1 + rnd32() % (n - 1) : 1;
  auto same = [](const pair_sum &a, const pair_sum &b) { return a.x == b.x && a.n == b.n; };
  for (int op = 0; op < 4; op++) {
    on_lanes<G>(n, [&](const G &g, unsigned r) {
      got[r] = op == 0   ? cu2hip_cg_shfl(g, in[r], (int)src)
               : op == 1 ? cu2hip_cg_shfl_up(g, in[r], d)
               : op == 2 ? cu2hip_cg_shfl_down(g, in[r], d)
                         : cu2hip_cg_shfl_xor(g, in[r], d & (n - 1));
    });
    for (unsigned r = 0; r < n; r++) {
      unsigned want = op == 0 ? src : op == 1 ? (r >= d ? r - d : r) : op == 2 ? (r + d < n ? r + d : r) : r ^ (d & (n - 1));
      EXPECT(same(got[r], in[want]), "shuffle %d of a struct, %u lanes: lane %u got the wrong value\n", op, n, r);
    }
  }
}

int main() {
  for (unsigned n = 1; n <= 64; n *= 2) check_shuffles<tile>(n);
  // Every tile size of a 64-lane wavefront, several inputs each.
  for (unsigned n = 1; n <= 64; n *= 2)
    for (int round = 0; round < 2; round++) check_group<tile>(n);
  // Coalesced groups of any size (the reduction goes through the scan).
  const unsigned sizes[] = {1, 2, 3, 5, 7, 31, 33, 48, 63, 64};
  for (unsigned n : sizes)
    for (int round = 0; round < 2; round++) check_group<coalesced>(n);
  // CUDA's less and greater: the smaller and the larger of the two.
  EXPECT(cu2hip_cg_less<int>()(3, -2) == -2 && cu2hip_cg_greater<int>()(3, -2) == 3, "less/greater\n");
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("cu2hip_compat.h: the collectives match CUDA's definitions on every group\n");
  return 0;
}
