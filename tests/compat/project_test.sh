#!/bin/bash
# project_test.sh CU2HIP WORK: where cu2hip_compat.h is written. With -o
# DIR it goes into the folder of each output that includes it (and only
# there), with the bytes `cu2hip compat-header` prints; a second, incremental
# run writes it again when it went missing; --in-place writes it beside the input; --no-compat-header
# writes none and reports the names as errors.
set -u
cu2hip=$1 work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/src/sub" || exit 2
cat >"$work/src/sub/dot.cu" <<'CU'
__global__ void k(int *o, const int *a) { o[threadIdx.x] = __dp4a(a[threadIdx.x], 0x01010101, 0); }
CU
cat >"$work/src/plain.cu" <<'CU'
__global__ void k(int *o) { o[threadIdx.x] = 1; }
CU
"$cu2hip" compat-header >"$work/expected.h" || fail "cu2hip compat-header failed"
grep -q 'cu2hip_dp4a' "$work/expected.h" || fail "compat-header does not print the header"

"$cu2hip" -q -o "$work/out" "$work/src" || fail "-o run failed"
cmp -s "$work/out/sub/cu2hip_compat.h" "$work/expected.h" || fail "out/sub/cu2hip_compat.h missing or different"
[ ! -e "$work/out/cu2hip_compat.h" ] || fail "header written where no output uses it"
grep -q '^#include "cu2hip_compat.h"' "$work/out/sub/dot.cu" || fail "include not added"
grep -q 'cu2hip_dp4a(' "$work/out/sub/dot.cu" || fail "__dp4a not renamed"

rm "$work/out/sub/cu2hip_compat.h"
"$cu2hip" -q -o "$work/out" "$work/src" || fail "second -o run failed"
cmp -s "$work/out/sub/cu2hip_compat.h" "$work/expected.h" || fail "incremental run: deleted header not written again"

cp -r "$work/src" "$work/inplace"
"$cu2hip" -q --in-place "$work/inplace" || fail "--in-place run failed"
cmp -s "$work/inplace/sub/cu2hip_compat.h" "$work/expected.h" || fail "--in-place: header not beside the input"
[ ! -e "$work/inplace/cu2hip_compat.h" ] || fail "--in-place: header where no file uses it"

"$cu2hip" -q --no-compat-header -o "$work/off" "$work/src" 2>"$work/off.log"
[ $? -eq 1 ] || fail "--no-compat-header: expected exit 1 (an error)"
grep -q 'api-unsupported' "$work/off.log" || fail "--no-compat-header: no api-unsupported error"
[ ! -e "$work/off/sub/cu2hip_compat.h" ] || fail "--no-compat-header: header written"
grep -q 'cu2hip_compat' "$work/off/sub/dot.cu" && fail "--no-compat-header: output uses the header"
echo "ok compat project"
