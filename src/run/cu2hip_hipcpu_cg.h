/* cu2hip_hipcpu_cg.h: HIP's cooperative groups for AMD's HIP CPU runtime
 * (HIP-CPU), which has none. `cu2hip run` writes it into its build folder
 * as hip/hip_cooperative_groups.h, so that a translated program's
 * `#include <hip/hip_cooperative_groups.h>` finds it; it needs the
 * completion header cu2hip_hipcpu.h (force-included before it). See
 * docs/run.md.
 *
 * What it reproduces: ROCm 6.3's amd_hip_cooperative_groups.h and
 * hip_cooperative_groups_helper.h on gfx942 (64-lane wavefronts), for
 * thread_block, grid_group (without grid synchronisation),
 * thread_block_tile<N> (N a power of two up to 64), tiled_partition(g, n),
 * coalesced_group and coalesced_threads(), binary_partition, and the free
 * functions sync, thread_rank, group_size, is_valid. Each function says
 * which of HIP's it reproduces. Tile ballot/any/all/match are those HIP
 * compiles with HIP_ENABLE_WARP_SYNC_BUILTINS (ROCm 6.3 needs the macro).
 *
 * The execution model is the completion header's: every warp-level
 * operation (shuffle, vote, tile or coalesced sync) is an exchange of the
 * whole block, which every thread of the block must reach the same number
 * of times. coalesced_threads() therefore holds every present lane of the
 * wavefront: HIP-CPU runs no thread of a block ahead of the others at a
 * warp operation, so divergent code has no inactive lanes here. */
#ifndef HIP_INCLUDE_HIP_HIP_COOPERATIVE_GROUPS_H
#define HIP_INCLUDE_HIP_HIP_COOPERATIVE_GROUPS_H
#define HIP_INCLUDE_HIP_AMD_DETAIL_HIP_COOPERATIVE_GROUPS_H
#define HIP_INCLUDE_HIP_AMD_DETAIL_HIP_COOPERATIVE_GROUPS_HELPER_H

#ifndef CU2HIP_HIPCPU_H
#error "hip/hip_cooperative_groups.h of cu2hip run needs cu2hip_hipcpu.h force-included first"
#endif

namespace cooperative_groups {

/* is_valid_tile_size<N>: a power of two, 1..64 (the wavefront size). */
template <unsigned int N>
using is_valid_tile_size = std::integral_constant<bool, N != 0 && (N & (N - 1)) == 0 && N <= 64>;
/* is_valid_type<T>: what group shuffles take, integers and floating point. */
template <class T>
using is_valid_type = std::integral_constant<bool, std::is_integral<T>::value || std::is_floating_point<T>::value>;

using lane_mask = unsigned long long;

namespace internal {

enum group_type { cg_invalid, cg_multi_grid, cg_grid, cg_workgroup, cg_tiled_group, cg_coalesced_group };

namespace helper {
/* adjust_mask(base, m): the bits of m at base's set bits, packed to the
 * bottom in rank order (a group ballot numbers bits by group rank). */
inline unsigned long long adjust_mask(unsigned long long base_mask, unsigned long long input_mask) noexcept {
  unsigned long long out = 0;
  for (unsigned i = 0, index = 0; i < 64; i++)
    if (base_mask >> i & 1) out |= (unsigned long long)(input_mask >> i & 1) << index++;
  return out;
}
/* __fns64(mask, base, offset): the lane of the offset-th set bit of mask
 * at or above base (offset > 0), at or below it (offset < 0), or base
 * itself when set (offset 0); -1 when there is none. */
inline int fns64(unsigned long long mask, unsigned base, int offset) noexcept {
  if (offset == 0) return (mask >> base & 1) ? (int)base : -1;
  int step = offset > 0 ? 1 : -1, left = offset > 0 ? offset : -offset;
  for (int i = (int)base; i >= 0 && i < 64; i += step)
    if ((mask >> i & 1) && --left == 0) return i;
  return -1;
}
} // namespace helper

namespace workgroup {
/* blockIdx, threadIdx, the block's size and the thread's linear rank
 * (x fastest), as hip_cooperative_groups_helper.h computes them. */
inline dim3 group_index() noexcept { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
inline dim3 thread_index() noexcept { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
inline dim3 block_dim() noexcept { return dim3(blockDim.x, blockDim.y, blockDim.z); }
inline uint32_t size() noexcept { return (uint32_t)(blockDim.x * blockDim.y * blockDim.z); }
inline uint32_t thread_rank() noexcept {
  return (uint32_t)((threadIdx.z * blockDim.y * blockDim.x) + (threadIdx.y * blockDim.x) + threadIdx.x);
}
/* __syncthreads(). */
inline void sync() noexcept { __syncthreads(); }
} // namespace workgroup

namespace grid {
/* The grid's thread count, and the thread's rank: the threads of the
 * blocks before its own (blocks numbered x fastest) plus its block rank. */
inline uint32_t size() noexcept {
  return (uint32_t)((blockDim.z * gridDim.z) * (blockDim.y * gridDim.y) * (blockDim.x * gridDim.x));
}
inline uint32_t thread_rank() noexcept {
  uint32_t blk = (uint32_t)((blockIdx.z * gridDim.y * gridDim.x) + (blockIdx.y * gridDim.x) + blockIdx.x);
  return blk * workgroup::size() + workgroup::thread_rank();
}
} // namespace grid

/* tiled_group::sync() and coalesced_group::sync(): on gfx942 an acq_rel
 * fence (the lanes of a wavefront run in lockstep). Here the threads are
 * fibers that run in turn, so it is a barrier, as __syncwarp is in the
 * completion header: every thread of the block must reach it. */
inline void wave_sync() noexcept { __syncwarp(); }

} // namespace internal

class thread_block;
class coalesced_group;

/* thread_group: HIP's base of every group (type, size, lane mask, tiling
 * information); thread_rank(), is_valid() and sync() dispatch on the type
 * as HIP's do. */
class thread_group {
 protected:
  uint32_t _type;
  uint32_t _size;
  uint64_t _mask;
  struct _tiled_info {
    bool is_tiled;
    unsigned int size;
    unsigned int meta_group_rank;
    unsigned int meta_group_size;
  };
  struct _coalesced_info {
    lane_mask member_mask;
    unsigned int size;
    struct _tiled_info tiled_info;
  } coalesced_info;

  explicit thread_group(internal::group_type type, uint32_t size = 0, uint64_t mask = 0) noexcept
      : _type(type), _size(size), _mask(mask), coalesced_info() {}

  friend class thread_block;
  friend class tiled_group;
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);

 public:
  uint32_t size() const noexcept { return _size; }
  unsigned int cg_type() const noexcept { return _type; }
  inline uint32_t thread_rank() const noexcept;
  inline bool is_valid() const noexcept;
  inline void sync() const noexcept;
};

/* grid_group: every thread of the launch. size() and thread_rank() as
 * HIP's; is_valid() true. sync() is a grid-wide barrier that needs a
 * cooperative launch, which HIP-CPU cannot run (its blocks run one after
 * another on a worker): a call does not compile, and cu2hip run reports
 * the program as one it cannot build for the CPU runtime. */
class grid_group : public thread_group {
  friend grid_group this_grid();

 protected:
  explicit grid_group(uint32_t size) noexcept : thread_group(internal::cg_grid, size) {}

 public:
  uint32_t thread_rank() const noexcept { return internal::grid::thread_rank(); }
  bool is_valid() const noexcept { return true; }
  __attribute__((error("cannot build for the CPU runtime: it uses grid synchronisation (grid_group::sync), "
                       "which needs a cooperative launch"))) void
  sync() const;
  dim3 group_dim() const noexcept { return internal::workgroup::block_dim(); }
};
/* this_grid(): the grid_group of the launch. */
inline grid_group this_grid() { return grid_group(internal::grid::size()); }

/* thread_block: the threads of the block; the rank, size, indices and sync
 * are HIP's workgroup ones (sync is __syncthreads). */
class thread_block : public thread_group {
  friend thread_block this_thread_block();
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);
  friend thread_group tiled_partition(const thread_block &parent, unsigned int tile_size);

 protected:
  explicit thread_block(uint32_t size) noexcept : thread_group(internal::cg_workgroup, size) {}

  /* HIP's thread_block::new_tiled_group: the caller's tile of tile_size
   * threads (a power of two up to 64, else an assertion failure), the last
   * one shorter when the block size is not a multiple of it. */
  thread_group new_tiled_group(unsigned int tile_size) const noexcept {
    if (!tile_size || tile_size > 64 || (tile_size & (tile_size - 1))) {
      std::fprintf(stderr, "tiled_partition: invalid tile size %u\n", tile_size);
      std::abort();
    }
    unsigned block_size = size(), rank = thread_rank();
    unsigned partitions = (block_size + tile_size - 1) / tile_size;
    unsigned tail = partitions * tile_size - block_size;
    unsigned partition_size = tile_size - tail * (rank >= (partitions - 1) * tile_size);
    thread_group g(internal::cg_tiled_group, partition_size);
    g.coalesced_info.tiled_info.size = tile_size;
    g.coalesced_info.tiled_info.is_tiled = true;
    g.coalesced_info.tiled_info.meta_group_rank = rank / tile_size;
    g.coalesced_info.tiled_info.meta_group_size = partitions;
    return g;
  }

 public:
  static dim3 group_index() noexcept { return internal::workgroup::group_index(); }
  static dim3 thread_index() noexcept { return internal::workgroup::thread_index(); }
  static uint32_t thread_rank() noexcept { return internal::workgroup::thread_rank(); }
  static uint32_t size() noexcept { return internal::workgroup::size(); }
  static bool is_valid() noexcept { return true; }
  static void sync() noexcept { internal::workgroup::sync(); }
  dim3 group_dim() noexcept { return internal::workgroup::block_dim(); }
};
/* this_thread_block(): the caller's block. */
inline thread_block this_thread_block() { return thread_block(internal::workgroup::size()); }

/* tiled_group: a tile made by tiled_partition(group, n) at run time; its
 * size is the tile size, its rank the block rank mod the tile size. */
class tiled_group : public thread_group {
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);
  friend tiled_group tiled_partition(const tiled_group &parent, unsigned int tile_size);

  /* HIP's tiled_group::new_tiled_group: itself when no larger than the
   * new size, else a tile of that size. */
  tiled_group new_tiled_group(unsigned int tile_size) const noexcept {
    if (!tile_size || tile_size > 64 || (tile_size & (tile_size - 1))) {
      std::fprintf(stderr, "tiled_partition: invalid tile size %u\n", tile_size);
      std::abort();
    }
    if (size() <= tile_size) return *this;
    tiled_group g(tile_size);
    g.coalesced_info.tiled_info.is_tiled = true;
    return g;
  }

 protected:
  explicit tiled_group(unsigned int tile_size) noexcept : thread_group(internal::cg_tiled_group, tile_size) {
    coalesced_info.tiled_info.size = tile_size;
    coalesced_info.tiled_info.is_tiled = true;
  }

 public:
  unsigned int size() const noexcept { return coalesced_info.tiled_info.size; }
  unsigned int thread_rank() const noexcept {
    return internal::workgroup::thread_rank() & (coalesced_info.tiled_info.size - 1);
  }
  void sync() const noexcept { internal::wave_sync(); }
};

template <unsigned int N, class ParentCGTy = void> class thread_block_tile;

/* coalesced_group: the lanes of a mask within one wavefront; rank = the
 * member lanes below the caller (mbcnt), size = the members. */
class coalesced_group : public thread_group {
  friend coalesced_group coalesced_threads() noexcept;
  friend coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size);
  friend thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);
  friend coalesced_group binary_partition(const coalesced_group &cgrp, bool pred);
  template <unsigned int N, class P>
  friend coalesced_group binary_partition(const thread_block_tile<N, P> &tgrp, bool pred);

  /* HIP's coalesced_group::new_tiled_group: a tiled group's tile keeps the
   * lanes of its tile_size-aligned range; an untiled group's tile is the
   * caller's run of tile_size members in rank order. A size that is no
   * power of two gives an empty group. */
  coalesced_group new_tiled_group(unsigned int tile_size) const noexcept {
    if (!tile_size || (tile_size & (tile_size - 1))) return coalesced_group(0);
    if (coalesced_info.tiled_info.is_tiled) {
      unsigned base_offset = thread_rank() & ~(tile_size - 1);
      unsigned masklength = std::min((unsigned)size() - base_offset, tile_size);
      lane_mask member_mask = ~0ull >> (64 - masklength);
      member_mask <<= (__lane_id() & ~(tile_size - 1));
      coalesced_group t(member_mask);
      t.coalesced_info.tiled_info.is_tiled = true;
      t.coalesced_info.tiled_info.meta_group_rank = thread_rank() / tile_size;
      t.coalesced_info.tiled_info.meta_group_size = size() / tile_size;
      return t;
    }
    lane_mask member_mask = 0;
    unsigned tile_rank = 0;
    int lanes_to_skip = (int)((thread_rank() / tile_size) * tile_size);
    for (unsigned i = 0; i < 64; i++) {
      /* HIP writes `1 << i`, an int shift, undefined from lane 31 on:
       * taken as meant, the lane's bit. */
      lane_mask active = coalesced_info.member_mask & (1ull << i);
      if (active) {
        if (lanes_to_skip <= 0 && tile_rank < tile_size) {
          member_mask |= active;
          tile_rank++;
        }
        lanes_to_skip--;
      }
    }
    coalesced_group t(member_mask);
    t.coalesced_info.tiled_info.meta_group_rank = thread_rank() / tile_size;
    t.coalesced_info.tiled_info.meta_group_size = (size() + tile_size - 1) / tile_size;
    return t;
  }

 protected:
  explicit coalesced_group(lane_mask member_mask) noexcept : thread_group(internal::cg_coalesced_group) {
    coalesced_info.member_mask = member_mask;
    coalesced_info.size = (unsigned)__builtin_popcountll(member_mask);
    coalesced_info.tiled_info.is_tiled = false;
    coalesced_info.tiled_info.meta_group_rank = 0;
    coalesced_info.tiled_info.meta_group_size = 1;
  }

 public:
  unsigned int size() const noexcept { return coalesced_info.size; }
  /* The members below the caller's lane (mbcnt of the mask). */
  unsigned int thread_rank() const noexcept {
    unsigned l = __lane_id();
    return (unsigned)__builtin_popcountll(coalesced_info.member_mask & ((1ull << l) - 1));
  }
  void sync() const noexcept { internal::wave_sync(); }
  unsigned int meta_group_rank() const noexcept { return coalesced_info.tiled_info.meta_group_rank; }
  unsigned int meta_group_size() const noexcept { return coalesced_info.tiled_info.meta_group_size; }
  /* Mask of the members, as __ballot_sync and friends take it (not HIP API). */
  lane_mask cu2hip_member_mask() const noexcept { return coalesced_info.member_mask; }

  /* shfl(v, r): the value of the member of rank r mod size() (its lane:
   * the (r+1)-th member bit; r itself when the group is the whole wave). */
  template <class T> T shfl(T var, int srcRank) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    srcRank = srcRank % (int)size();
    int lane = size() == 64 ? srcRank : internal::helper::fns64(coalesced_info.member_mask, 0, srcRank + 1);
    return __shfl(var, lane, 64);
  }
  /* shfl_down(v, d): the member d ranks above (__fns64(mask, lane, d+1)),
   * the caller's own value when there is none; __shfl_down(v, d, 64) when
   * the group is the whole wave. */
  template <class T> T shfl_down(T var, unsigned int lane_delta) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    if (size() == 64) return __shfl_down(var, lane_delta, 64);
    int lane = internal::helper::fns64(coalesced_info.member_mask, __lane_id(), (int)lane_delta + 1);
    if (lane == -1) lane = (int)__lane_id();
    return __shfl(var, lane, 64);
  }
  /* shfl_up(v, d): the member d ranks below (__fns64(mask, lane,
   * -(d+1))), the caller's own value when there is none; __shfl_up(v, d,
   * 64) when the group is the whole wave. */
  template <class T> T shfl_up(T var, unsigned int lane_delta) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    if (size() == 64) return __shfl_up(var, lane_delta, 64);
    int lane = internal::helper::fns64(coalesced_info.member_mask, __lane_id(), -((int)lane_delta + 1));
    if (lane == -1) lane = (int)__lane_id();
    return __shfl(var, lane, 64);
  }
  /* ballot(p): bit r set when the member of rank r has p non-zero. */
  unsigned long long ballot(int pred) const noexcept {
    return internal::helper::adjust_mask(coalesced_info.member_mask,
                                         __ballot_sync<unsigned long long>(coalesced_info.member_mask, pred));
  }
  /* any(p), all(p): over the members (__any_sync/__all_sync of the mask). */
  int any(int pred) const noexcept { return __any_sync((unsigned long long)coalesced_info.member_mask, pred); }
  int all(int pred) const noexcept { return __all_sync((unsigned long long)coalesced_info.member_mask, pred); }
  /* match_any(v), match_all(v, pred): __match_*_sync over the members,
   * the mask in rank order. */
  template <class T> unsigned long long match_any(T value) const noexcept {
    return internal::helper::adjust_mask(coalesced_info.member_mask,
                                         __match_any_sync((unsigned long long)coalesced_info.member_mask, value));
  }
  template <class T> unsigned long long match_all(T value, int &pred) const noexcept {
    return internal::helper::adjust_mask(
        coalesced_info.member_mask, __match_all_sync((unsigned long long)coalesced_info.member_mask, value, &pred));
  }
};

/* coalesced_threads(): the active lanes of the wavefront
 * (__builtin_amdgcn_read_exec()). Here: every present lane, since the
 * threads of a block all run each warp operation. */
inline coalesced_group coalesced_threads() noexcept { return coalesced_group(cu2hip_hipcpu::present_lanes()); }

inline uint32_t thread_group::thread_rank() const noexcept {
  switch (_type) {
    case internal::cg_grid: return static_cast<const grid_group *>(this)->thread_rank();
    case internal::cg_workgroup: return static_cast<const thread_block *>(this)->thread_rank();
    case internal::cg_tiled_group: return static_cast<const tiled_group *>(this)->thread_rank();
    case internal::cg_coalesced_group: return static_cast<const coalesced_group *>(this)->thread_rank();
    default: std::fprintf(stderr, "thread_rank: invalid cooperative group type\n"); std::abort();
  }
}
inline bool thread_group::is_valid() const noexcept {
  return _type == internal::cg_grid || _type == internal::cg_workgroup || _type == internal::cg_tiled_group ||
         _type == internal::cg_coalesced_group;
}
inline void thread_group::sync() const noexcept {
  switch (_type) {
    case internal::cg_workgroup: internal::workgroup::sync(); break;
    case internal::cg_tiled_group:
    case internal::cg_coalesced_group: internal::wave_sync(); break;
    case internal::cg_grid:
      std::fprintf(stderr, "thread_group::sync: grid synchronisation needs a cooperative launch, "
                           "which the CPU runtime cannot run\n");
      std::abort();
    default: std::fprintf(stderr, "sync: invalid cooperative group type\n"); std::abort();
  }
}

/* group_size(g), thread_rank(g), is_valid(g), sync(g): the members. */
template <class CGTy> inline uint32_t group_size(CGTy const &g) noexcept { return g.size(); }
template <class CGTy> inline uint32_t thread_rank(CGTy const &g) noexcept { return g.thread_rank(); }
template <class CGTy> inline bool is_valid(CGTy const &g) noexcept { return g.is_valid(); }
template <class CGTy> inline void sync(CGTy const &g) noexcept { g.sync(); }

/* thread_block_tile<N>: the caller's tile of N consecutive threads of the
 * block (N a power of two up to 64, so a tile lies within a wavefront):
 * rank = block rank mod N, size N, meta_group_rank = block rank / N,
 * meta_group_size = ceil(block size / N); the shuffles are __shfl*(v, x, N);
 * ballot/any/all/match_* run over the tile's lanes (the 64-bit mask of the
 * tile's aligned lane range, as HIP's build_mask; a tile that runs past
 * the end of a partial wavefront fails the mask check, as HIP's assertion
 * does). thread_block_tile<N, thread_block> (what tiled_partition<N>
 * returns) converts to thread_block_tile<N>. */
template <unsigned int N> class thread_block_tile<N, void> : public tiled_group {
  static_assert(is_valid_tile_size<N>::value, "Tile size is either not a power of 2 or greater than the wavefront size");
  template <unsigned int, class> friend class thread_block_tile;
  template <unsigned int M, class P> friend coalesced_group binary_partition(const thread_block_tile<M, P> &, bool);

 protected:
  thread_block_tile(unsigned int meta_rank, unsigned int meta_size) noexcept : tiled_group(N) {
    coalesced_info.tiled_info.meta_group_rank = meta_rank;
    coalesced_info.tiled_info.meta_group_size = meta_size;
  }
  /* HIP's build_mask: the tile's lanes in the wavefront. */
  unsigned long long build_mask() const noexcept {
    unsigned long long mask = ~0ull >> (64 - N);
    return mask << ((internal::workgroup::thread_rank() / N * N) % 64);
  }

 public:
  static constexpr unsigned int numThreads = N;
  static unsigned int thread_rank() noexcept { return internal::workgroup::thread_rank() & (N - 1); }
  static unsigned int size() noexcept { return N; }
  static unsigned long long num_threads() noexcept { return N; }
  static void sync() noexcept { internal::wave_sync(); }
  unsigned int meta_group_rank() const noexcept { return coalesced_info.tiled_info.meta_group_rank; }
  unsigned int meta_group_size() const noexcept { return coalesced_info.tiled_info.meta_group_size; }

  /* shfl(v, r) = __shfl(v, r, N); shfl_down/up/xor likewise with width N. */
  template <class T> T shfl(T var, int srcRank) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    return __shfl(var, srcRank, (int)N);
  }
  template <class T> T shfl_down(T var, unsigned int lane_delta) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    return __shfl_down(var, lane_delta, (int)N);
  }
  template <class T> T shfl_up(T var, unsigned int lane_delta) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    return __shfl_up(var, lane_delta, (int)N);
  }
  template <class T> T shfl_xor(T var, unsigned int laneMask) const noexcept {
    static_assert(is_valid_type<T>::value, "Neither an integer or float type.");
    return __shfl_xor(var, (int)laneMask, (int)N);
  }
  /* ballot(p): bit r set when the tile's thread of rank r has p non-zero. */
  unsigned long long ballot(int pred) const noexcept {
    const auto mask = build_mask();
    return internal::helper::adjust_mask(mask, __ballot_sync(mask, pred));
  }
  /* any(p), all(p): over the tile (__any_sync/__all_sync of its mask). */
  int any(int pred) const noexcept { return __any_sync(build_mask(), pred); }
  int all(int pred) const noexcept { return __all_sync(build_mask(), pred); }
  template <class T> unsigned long long match_any(T value) const noexcept {
    const auto mask = build_mask();
    return internal::helper::adjust_mask(mask, __match_any_sync(mask, value));
  }
  template <class T> unsigned long long match_all(T value, int &pred) const noexcept {
    const auto mask = build_mask();
    return internal::helper::adjust_mask(mask, __match_all_sync(mask, value, &pred));
  }
};

/* thread_block_tile<N, Parent>: the tile with its parent's type;
 * meta_group_rank = parent rank / N, meta_group_size = ceil(parent size /
 * N) (HIP's parent_group_info). */
template <unsigned int N, class ParentCGTy> class thread_block_tile : public thread_block_tile<N, void> {
 public:
  explicit thread_block_tile(const ParentCGTy &g) noexcept
      : thread_block_tile<N, void>(g.thread_rank() / N, (g.size() + N - 1) / N) {}
  static unsigned int meta_group_rank() noexcept { return ParentCGTy::thread_rank() / N; }
  static unsigned int meta_group_size() noexcept { return (ParentCGTy::size() + N - 1) / N; }
};

/* tiled_partition<N>(block): the caller's thread_block_tile<N>. */
template <unsigned int N, class ParentCGTy>
inline thread_block_tile<N, ParentCGTy> tiled_partition(const ParentCGTy &g) noexcept {
  static_assert(is_valid_tile_size<N>::value, "Tiled partition with size > wavefront size. Currently not supported ");
  static_assert(std::is_same<ParentCGTy, thread_block>::value,
                "HIP partitions only a thread_block into a thread_block_tile<N>");
  return thread_block_tile<N, ParentCGTy>(g);
}

/* tiled_partition(g, n): a tile of n threads (a power of two) of a thread
 * block, tiled group or coalesced group, as HIP's new_tiled_group of each. */
inline thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  if (parent.cg_type() == internal::cg_tiled_group)
    return static_cast<const tiled_group *>(&parent)->new_tiled_group(tile_size);
  if (parent.cg_type() == internal::cg_coalesced_group)
    return static_cast<const coalesced_group *>(&parent)->new_tiled_group(tile_size);
  return static_cast<const thread_block *>(&parent)->new_tiled_group(tile_size);
}
inline thread_group tiled_partition(const thread_block &parent, unsigned int tile_size) {
  return parent.new_tiled_group(tile_size);
}
inline tiled_group tiled_partition(const tiled_group &parent, unsigned int tile_size) {
  return parent.new_tiled_group(tile_size);
}
inline coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size) {
  return parent.new_tiled_group(tile_size);
}

/* binary_partition(g, p): the members of g whose p equals the caller's
 * (a __ballot_sync over g's mask). */
inline coalesced_group binary_partition(const coalesced_group &cgrp, bool pred) {
  auto mask = __ballot_sync<unsigned long long>(cgrp.coalesced_info.member_mask, pred);
  return coalesced_group(pred ? mask : cgrp.coalesced_info.member_mask ^ mask);
}
template <unsigned int N, class P>
inline coalesced_group binary_partition(const thread_block_tile<N, P> &tgrp, bool pred) {
  auto mask = __ballot_sync<unsigned long long>(tgrp.build_mask(), pred);
  return coalesced_group(pred ? mask : tgrp.build_mask() ^ mask);
}

} // namespace cooperative_groups

/* cu2hip_cg_reduce(g, v, op) of a coalesced_group (cu2hip_compat.h's
 * cg::reduce): the same value as the compat header's (the last member's
 * Hillis-Steele inclusive scan: at step d = 1, 2, 4, ... the member of
 * rank r >= d combines op(own, member r - d)), from one exchange of the
 * block instead of one per step. The compat header's loop runs log2(size)
 * steps, so groups of different sizes (the two sides of a binary_partition)
 * would reach different numbers of block-wide exchanges here; this one is
 * the same for every group. */
namespace cu2hip_hipcpu {
/* The Hillis-Steele value of rank r after the steps below 2^k, from the
 * members' values (at(lane)), without an array (fiber stacks are 7 KiB):
 * S(0, r) = the value of rank r; S(k, r) = op(S(k-1, r), S(k-1, r - d))
 * for r >= d = 2^(k-1), else S(k-1, r). */
template <class T, class Op, class At>
inline T cg_scan_at(const At &at, unsigned long long members, int k, int r, Op &op) {
  if (k == 0) return at(cooperative_groups::internal::helper::fns64(members, 0, r + 1));
  int d = 1 << (k - 1);
  T own = cg_scan_at<T>(at, members, k - 1, r, op);
  if (r < d) return own;
  return op(own, cg_scan_at<T>(at, members, k - 1, r - d, op));
}
} // namespace cu2hip_hipcpu
template <class T, class Op>
inline T cu2hip_cg_reduce(const cooperative_groups::coalesced_group &g, T value, Op &&op) {
  static_assert(std::is_trivially_copyable<T>::value, "cooperative-group collectives move trivially copyable values");
  unsigned long long members = g.cu2hip_member_mask();
  int n = (int)g.size(), steps = 0;
  while ((1 << steps) < n) steps++;
  return cu2hip_hipcpu::visit_lanes(value, [&](auto at) { return cu2hip_hipcpu::cg_scan_at<T>(at, members, steps, n - 1, op); });
}

#endif
