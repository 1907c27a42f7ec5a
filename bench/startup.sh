#!/usr/bin/env bash
# Start-up cost: `cu2hip --version`, translating an empty file with the full
# rule table and with a one-entry table (the library loads the table, then
# the parser; both are timed in one process by bench/rules_load.c), best of
# N runs each, measured in the same run so the ratios are comparable.
#   usage: bench/startup.sh [BUILD_DIR] [RUNS]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-20}
cmake --build "$build" --target c2h_bench_rules_load cu2hip_cli >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/empty.cu"
best() { # best wall seconds of $runs runs of the command
  local b=999 t0 t1 d
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
    d=$(echo "$t1 - $t0" | bc -l); if (( $(echo "$d < $b" | bc -l) )); then b=$d; fi
  done
  printf '%.3f' "$b"
}
version=$(best "$build/cu2hip" --version)
empty=$(best "$build/cu2hip" -q "$tmp/empty.cu")
validate=$(best "$build/cu2hip" rules validate)
echo "best of $runs wall-clock runs (seconds):"
echo "  cu2hip --version                  $version"
echo "  cu2hip rules validate (full table) $validate"
echo "  cu2hip -q empty.cu                 $empty"
"$build/c2h_bench_rules_load" "$runs"
