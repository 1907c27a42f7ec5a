#!/usr/bin/env bash
# How translation time grows with the number of kernels in one file.
#
# usage: bench/kernels_scaling.sh [CU2HIP] [N...]   (default build/cu2hip; 2500 5000 10000 20000)
#
# Writes one generated file per N (N one-line kernels, each launched once
# from main with a constant block size, which the warp checks read) and
# prints the CPU time (user + system) of `cu2hip -q FILE` and the ratio to
# the previous size. Doubling N should about double the time (ratio ~2); a
# pass that reads the whole file once per kernel shows as ~4. Numbers are
# never pass/fail; the script exits 0 (2 for bad arguments).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$root/build/cu2hip}
[ $# -gt 0 ] && shift
[ -x "$tool" ] || { echo "kernels_scaling.sh: $tool is not executable" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2500 5000 10000 20000)
command -v python3 >/dev/null || { echo "kernels_scaling.sh: needs python3" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-kscale.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
# A sanitizer build is slower but scales the same; leaks are not the point.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
printf '%8s %10s %8s\n' kernels cpu_s ratio
prev=
for n in "${sizes[@]}"; do
  python3 - "$n" >"$work/k$n.cu" <<'PY'
import sys
n = int(sys.argv[1])
print('#include <cuda_runtime.h>')
for i in range(n):
    print(f'__global__ void k{i}(float *a) {{ a[threadIdx.x] += {i}.0f; }}')
print('int main() {\n  float *d;\n  cudaMalloc(&d, 4 * 32);')
for i in range(n):
    print(f'  k{i}<<<1, 32>>>(d);')
print('  cudaFree(d);\n  return 0;\n}')
PY
  # The CPU time of the run (user + system), from bash's time.
  TIMEFORMAT='%U %S'
  t=$( { time "$tool" -q --file-time-limit 0 "$work/k$n.cu" >/dev/null 2>&1; } 2>&1 | awk '{printf "%.2f", $1 + $2}')
  if [ -n "$prev" ]; then ratio=$(awk -v a="$t" -v b="$prev" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'); else ratio=-; fi
  printf '%8s %10s %8s\n' "$n" "$t" "$ratio"
  prev=$t
done
