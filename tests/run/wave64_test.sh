#!/usr/bin/env bash
# wave64_test.sh CU2HIP WORK: the half-wave rewrites (warp-half-wave) proven
# by running. Each program of tests/run/wave64/ is CUDA code written for
# 32-lane warps that checks its own answers against a host reference (the
# same programs pass as CUDA on an NVIDIA GPU, nvcc -arch=sm_90). On the
# 64-lane CPU runtime, its default translation must pass every part, and
# its --wave64=report translation (the constructs left as they were) must
# fail exactly the parts the rewrites fix: that is how the test knows each
# rewrite is needed and right. Skipped (77) without the HIP CPU runtime or
# libtbb.
set -u
cu2hip=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/hipcpu_env.sh"
fail=0

# run NAME PROGRAM WANT_EXIT [cu2hip run options...]: the program's report in $work/NAME.out
run() {
  local name=$1 prog=$2 want=$3
  shift 3
  "$cu2hip" run -q --build-dir "$work/$name" "$@" "$here/wave64/$prog" >"$work/$name.out" 2>&1
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: exit $got, want $want"
    sed 's/^/  | /' "$work/$name.out" | grep -v 'note:' | head -30
    fail=1
  else
    echo "ok   $name"
  fi
}
# parts NAME STATE PART...: each PART's line in NAME's report says STATE (ok/FAIL)
parts() {
  local name=$1 state=$2
  shift 2
  for p in "$@"; do
    grep -qE "^$state +$p " "$work/$name.out" || {
      echo "FAIL $name: part '$p' is not '$state':"; grep -E "^(ok|FAIL) " "$work/$name.out" | sed 's/^/  | /'; fail=1; }
  done
}

votes="ballot compaction|__any_sync|__all_sync|__ffs of a ballot|__match_any_sync|__match_all_sync|__reduce_add_sync"
IFS='|' read -r -a vote_parts <<<"$votes"
shuffles="__shfl_sync of lane 31|__shfl_up_sync by 1|__shfl_down_sync by 4|__shfl_sync rotation"
IFS='|' read -r -a shuffle_parts <<<"$shuffles"

run votes-default votes.cu 0 --rocm-version 6.3
parts votes-default ok "${vote_parts[@]}" "shuffle-masked tail"
run votes-report votes.cu 1 --rocm-version 6.3 --wave64=report
parts votes-report FAIL "${vote_parts[@]}"
# ROCm 7.0's _sync functions take 64-bit masks: the half-wave helpers keep
# the code's 32-bit ones, and the shuffles of 32-lane code drop theirs.
run votes-rocm7 votes.cu 0 --rocm-version 7.0
run shuffles-default shuffles.cu 0 --rocm-version 6.3
parts shuffles-default ok "${shuffle_parts[@]}" "__shfl_up_sync scan" "xor within the half"
run shuffles-report shuffles.cu 1 --rocm-version 6.3 --wave64=report
parts shuffles-report FAIL "${shuffle_parts[@]}"
parts shuffles-report ok "__shfl_up_sync scan" "xor within the half"
# Code written for warpSize: its 32-bit masks widened to 64 bits.
run wide-default wide.cu 0 --rocm-version 6.3
run wide-report wide.cu 1 --rocm-version 6.3 --wave64=report
parts wide-report FAIL "ballot compaction by warpSize" "__ffs of a ballot past lane 31"
exit $fail
