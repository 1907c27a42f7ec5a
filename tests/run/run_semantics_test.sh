#!/bin/sh
# run_semantics_test.sh WORK: builds tests/run/warp_semantics.cpp against
# the HIP CPU runtime with src/run/cu2hip_hipcpu.h force-included, runs it
# (every warp function must give gfx942's answer), then builds it against
# bare HIP-CPU and checks that it FAILS there on the shuffles with a width
# (so the test does see the defects the completion header fixes).
# HIP-CPU: $HIP_CPU_PATH, else $CU2HIP_FIXTURES/hip-cpu (default
# /var/cache/cu2hip-fixtures). Skipped (77) without it, a C++ compiler or
# libtbb.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../src
work=$1
hipcpu=${HIP_CPU_PATH:-${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}/hip-cpu}
[ -f "$hipcpu/include/hip/hip_runtime.h" ] || {
  echo "run_semantics_test.sh: no HIP CPU runtime at $hipcpu (set HIP_CPU_PATH); skipped"; exit 77; }
cxx=${CXX:-g++}
command -v "$cxx" >/dev/null 2>&1 || { echo "run_semantics_test.sh: no C++ compiler ($cxx); skipped"; exit 77; }
mkdir -p "$work"
printf 'int main(){return 0;}\n' >"$work/tbb.cpp"
"$cxx" "$work/tbb.cpp" -o "$work/tbb" -ltbb >/dev/null 2>&1 || {
  echo "run_semantics_test.sh: libtbb is not installed (libtbb-dev); skipped"; exit 77; }

# cu2hip run writes the cooperative groups as hip/hip_cooperative_groups.h.
mkdir -p "$work/include/hip"
cp "$src/run/cu2hip_hipcpu_cg.h" "$work/include/hip/hip_cooperative_groups.h"
"$cxx" -std=c++17 -O1 -Wall -Wextra -Werror -I "$src/compat" -I "$work/include" -isystem "$hipcpu/include" \
  -include "$src/run/cu2hip_hipcpu.h" "$here/warp_semantics.cpp" -o "$work/warp_semantics" -ltbb -lpthread
"$work/warp_semantics"

# Without the completion header: must fail, and on a width shuffle.
"$cxx" -std=c++17 -O1 -DC2H_BARE -isystem "$hipcpu/include" "$here/warp_semantics.cpp" \
  -o "$work/warp_semantics_bare" -ltbb -lpthread
if "$work/warp_semantics_bare" >"$work/bare.out" 2>&1; then
  echo "run_semantics_test.sh: FAIL: the checks pass on bare HIP-CPU: they no longer see its defects"
  exit 1
fi
grep -q '__shfl_up(v, 1, 32) lane 33: got 1033, want 1032' "$work/bare.out" || {
  echo "run_semantics_test.sh: FAIL: bare HIP-CPU fails, but not on __shfl_up(v, 1, 32) at lane 33:"
  head -20 "$work/bare.out"
  exit 1
}
echo "run_semantics_test.sh: bare HIP-CPU fails as expected ($(tail -1 "$work/bare.out"))"
