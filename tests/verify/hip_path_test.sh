#!/usr/bin/env bash
# `cu2hip --verify` against another HIP installation: the HIP 6.3 headers
# of the test fixtures' rocm-6.3 (docs/fixtures.md), named by --hip-path
# (relative to the current folder), $ROCM_PATH or $HIP_PATH; the option
# wins over the variables. The source compiles only against HIP 6.3 or
# later, so a run that took Debian's HIP 5.2 fails.
#
# usage: hip_path_test.sh CU2HIP MAKE_DEVICE_LIBS_SH
# Exit 77 (skipped) when $CU2HIP_FIXTURES/rocm-6.3 (default
# /var/cache/cu2hip-fixtures) or clang++-19 is absent.
set -u

if [ $# -ne 2 ]; then
  echo "usage: hip_path_test.sh CU2HIP MAKE_DEVICE_LIBS_SH" >&2
  exit 2
fi
TOOL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
MAKE_DEVICE_LIBS=$2
SRC=$(cd "$(dirname "$0")/../.." && pwd)
FIXTURES=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}
if [ ! -f "$FIXTURES/rocm-6.3/include/hip/hip_runtime.h" ]; then
  echo "hip_path_test: skipped: $FIXTURES/rocm-6.3 (HIP 6.3 headers of the test fixtures) is absent; see docs/fixtures.md"
  exit 77
fi
ROCM63=$(cd "$FIXTURES/rocm-6.3" && pwd)
CLANG=$(command -v clang++-19 || true)
if [ -z "$CLANG" ]; then
  echo "hip_path_test: skipped: needs clang++-19"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hip_path_test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/tmp"
if ! sh "$MAKE_DEVICE_LIBS" "$work/devlibs" >"$work/devlibs.log" 2>&1; then
  echo "hip_path_test: skipped: no gfx942 device library could be made: $(tail -n 1 "$work/devlibs.log")"
  exit 77
fi
# CUDA leaves HIP_VERSION_* undefined; the translation compiles only
# against HIP 6.3 or later.
cat >"$work/src/v.cu" <<'EOF'
#include <cuda_runtime.h>
#if defined(HIP_VERSION_MAJOR) && HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR < 603
#error "HIP 6.3 or later expected"
#endif
__global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }
EOF

passed=0
failed=0
# run NAME DIR [VAR=VALUE...] -- ARGS...: cu2hip in DIR, outputs in
# $work/NAME; NAME.err, NAME.rc.
run() {
  local name=$1 dir=$2
  shift 2
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  (cd "$dir" && env TMPDIR="$work/tmp" "${vars[@]}" "$TOOL" -o "$work/$name" "$work/src" --rocm-version 6.3 \
    --verify --hip-compiler "$CLANG" --device-lib-path "$work/devlibs" "$@" >/dev/null 2>"$work/$name.err")
  echo $? >"$work/$name.rc"
}
# expect NAME compiled|failed
expect() {
  local name=$1 want=$2 rc summary
  rc=$(cat "$work/$name.rc")
  summary=$(grep '^cu2hip: .* translated' "$work/$name.err" || true)
  local line="1 source checked by --verify: 1 compiled, 0 up to date, 0 failed" code=0
  if [ "$want" = failed ]; then line="1 source checked by --verify: 0 compiled, 0 up to date, 1 failed"; code=1; fi
  case "$rc:$summary" in
    "$code:"*"$line"*) echo "ok $name"; passed=$((passed + 1)) ;;
    *) echo "FAIL $name: exit code $rc, want $code; $(tail -n 4 "$work/$name.err")"; failed=$((failed + 1)) ;;
  esac
}

# The relative path as a user in the repository types it.
run option "$(dirname "$ROCM63")" -- --hip-path ./rocm-6.3
run rocm_path "$work" ROCM_PATH="$ROCM63" --
run hip_path "$work" HIP_PATH="$ROCM63" --
# The option wins over the variable: /usr holds Debian's HIP 5.2.
run option_wins "$work" ROCM_PATH="$ROCM63" -- --hip-path /usr
run default "$work" --
run not_hip "$work" -- --hip-path "$work/src"

expect option compiled
expect rocm_path compiled
expect hip_path compiled
expect option_wins failed
expect default failed
rc=$(cat "$work/not_hip.rc")
if [ "$rc" = 2 ] && grep -q 'no include/hip/hip_runtime.h' "$work/not_hip.err"; then
  echo "ok not_hip"
  passed=$((passed + 1))
else
  echo "FAIL not_hip: exit code $rc, want 2; $(tail -n 2 "$work/not_hip.err")"
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
