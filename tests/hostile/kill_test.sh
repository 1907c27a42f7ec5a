#!/usr/bin/env bash
# Crash safety: cu2hip killed with SIGKILL at a random moment of a run never
# leaves a truncated, half-written or missing file, and running it again
# finishes the job.
#
# usage: kill_test.sh CU2HIP        (ROUNDS=N, default 25; SEED=N for $RANDOM)
# The test suite runs 4 rounds, and 25 with scripts/test.sh --long.
#
# A tree of about 40 CUDA sources (the examples, varied) is translated once
# with -o to get the expected result. Then, ROUNDS times, on a fresh copy:
# `cu2hip --in-place --backup .orig` (odd rounds) or `cu2hip -o OUT` (even
# rounds) with --jobs 2 is killed after a random delay between 0 and the
# time a full run takes, and
#  - every input is byte-identical to its original or to its expected
#    translation (never truncated, never missing), every backup present is
#    the original, and no other file appeared beside them;
#  - every file in OUT is absent or complete and equal to the expected one;
#  - temporaries of atomic writes (.NAME.c2h-PID-XXXXXX) left behind are
#    counted; a re-run must neither translate nor copy nor back them up,
#    and removes them (their process is gone), but not the fresh planted
#    ones without a process id (a write of an older version may be going on);
#  - a re-run to completion gives exactly the expected result and exit code.
# The parser's precompiled-header temporaries left in $TMPDIR are reported.
set -u

if [ $# -ne 1 ]; then
  echo "usage: kill_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$1
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "kill_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
HERE=$(cd "$(dirname "$0")" && pwd)
SRC_ROOT=$(cd "$HERE/../.." && pwd)
ROUNDS=${ROUNDS:-25}
SEED=${SEED:-$$}
RANDOM=$SEED

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$SRC_ROOT/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-kill.XXXXXX") || exit 2
# The parser's temporaries go here, so that those a kill leaves are seen.
export TMPDIR=$WORK/tmp
mkdir -p "$TMPDIR"
failures=0
cleanup() {
  if [ "$failures" = 0 ] || [ "${KEEP:-0}" != 1 ]; then
    rm -rf "$WORK"
  else
    echo "(kept $WORK)"
  fi
}
trap cleanup EXIT

fail() {
  echo "FAIL round $round ($mode, killed after ${delay_ms} ms): $*"
  failures=$((failures + 1))
}

now_ms() {
  echo $(($(date +%s%N) / 1000000))
}

# The tree: each example in seven directories, each copy a little
# different, plus a header and a file that is not a source (copied by -o).
make_tree() {
  local dir=$1 i f base
  for i in 0 1 2 3 4 5 6; do
    mkdir -p "$dir/part$i"
    for f in "$SRC_ROOT"/examples/*.cu; do
      base=$(basename "$f" .cu)
      {
        printf '// copy %d of %s\n#define VARIANT %d\n' "$i" "$base" "$i"
        cat "$f"
      } >"$dir/part$i/${base}_$i.cu"
    done
  done
  printf '#pragma once\n#include <cuda_runtime.h>\ninline void sync_all() { cudaDeviceSynchronize(); }\n' >"$dir/part0/sync.cuh"
  printf 'id,weight\n1,0.5\n' >"$dir/part0/weights.csv"
}

# Files of a tree (relative paths), hidden ones excepted.
list_files() {
  (cd "$1" && find . \( -type f -o -type l \) ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort)
}

temporaries() {
  find "$1" -name '.*.c2h-*' 2>/dev/null | LC_ALL=C sort
}

# tool_args MODE DIR: sets args to the command line of a round.
tool_args() {
  if [ "$1" = in-place ]; then
    args=(-q --jobs 2 --in-place --backup .orig "$2/tree")
  else
    args=(-q --jobs 2 -o "$2/out" "$2/tree")
  fi
}

run_tool() {
  local args
  tool_args "$1" "$2"
  "$TOOL" "${args[@]}"
}

# What may be found after a kill, in place: each source is its original or
# its translation, each backup the original, nothing else but temporaries.
check_in_place_after_kill() {
  local dir=$1 rel
  while IFS= read -r rel; do
    local f=$dir/tree/$rel
    if [ ! -e "$f" ]; then
      fail "$rel is missing"
    elif ! cmp -s "$f" "$WORK/pristine/$rel" && ! cmp -s "$f" "$WORK/expected/$rel"; then
      fail "$rel is neither the original nor its translation ($(stat -c %s "$f") bytes)"
    fi
    if [ -e "$f.orig" ] && ! cmp -s "$f.orig" "$WORK/pristine/$rel"; then
      fail "$rel.orig is not the original ($(stat -c %s "$f.orig") bytes)"
    fi
  done <"$WORK/inputs"
  while IFS= read -r rel; do
    case $rel in *.orig) grep -qxF "${rel%.orig}" "$WORK/inputs" && continue ;; esac
    # The compatibility header beside the translations that include it:
    # written whole (atomically) or not at all.
    case $rel in cu2hip_compat.h | */cu2hip_compat.h)
      [ -e "$WORK/expected/$rel" ] && ! grep -qxF "$rel" "$WORK/all" &&
        { cmp -s "$dir/tree/$rel" "$WORK/expected/$rel" || fail "$rel is partial or wrong"; continue; } ;;
    esac
    grep -qxF "$rel" "$WORK/all" || fail "unexpected file in the tree: $rel"
  done < <(list_files "$dir/tree")
}

# After a kill with -o: every output present is complete.
check_out_after_kill() {
  local dir=$1 rel
  [ -d "$dir/out" ] || return 0
  while IFS= read -r rel; do
    if [ ! -e "$WORK/expected/$rel" ]; then
      fail "unexpected file in OUT: $rel"
    elif ! cmp -s "$dir/out/$rel" "$WORK/expected/$rel"; then
      fail "OUT/$rel is partial or wrong ($(stat -c %s "$dir/out/$rel") bytes, want $(stat -c %s "$WORK/expected/$rel"))"
    fi
  done < <(list_files "$dir/out")
  if [ -f "$dir/out/.cu2hip-cache.json" ] && command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$dir/out/.cu2hip-cache.json" 2>/dev/null ||
      fail "OUT/.cu2hip-cache.json is not complete JSON"
  fi
}

# After the re-run: exactly the expected result.
check_complete() {
  local dir=$1 rel
  if [ "$mode" = in-place ]; then
    while IFS= read -r rel; do
      cmp -s "$dir/tree/$rel" "$WORK/expected/$rel" || fail "after the re-run, $rel is not its translation"
      if cmp -s "$WORK/pristine/$rel" "$WORK/expected/$rel"; then
        [ ! -e "$dir/tree/$rel.orig" ] || fail "after the re-run, the unchanged $rel has a backup"
      else
        cmp -s "$dir/tree/$rel.orig" "$WORK/pristine/$rel" || fail "after the re-run, $rel.orig is not the original"
      fi
    done <"$WORK/inputs"
  else
    while IFS= read -r rel; do
      cmp -s "$dir/out/$rel" "$WORK/expected/$rel" || fail "after the re-run, OUT/$rel is not the expected output"
    done < <(list_files "$WORK/expected")
    [ "$(list_files "$dir/out")" = "$(list_files "$WORK/expected")" ] || fail "after the re-run, OUT holds other files"
  fi
}

# ---- setup -----------------------------------------------------------------

make_tree "$WORK/pristine"
list_files "$WORK/pristine" >"$WORK/all"
grep -v '\.csv$' "$WORK/all" >"$WORK/inputs"
started=$(now_ms)
"$TOOL" -q --jobs 2 -o "$WORK/expected" "$WORK/pristine" >/dev/null 2>"$WORK/expected.stderr"
expected_rc=$?
run_ms=$(($(now_ms) - started))
case $expected_rc in 0 | 1) ;; *) echo "the clean run failed ($expected_rc): $(head -c 400 "$WORK/expected.stderr")"; exit 1 ;; esac
rm -f "$WORK/expected/.cu2hip-cache.json"
[ "$(list_files "$WORK/expected" | wc -l)" -ge 40 ] || { echo "the clean run wrote too few files"; exit 1; }
mkdir -p "$WORK/measure"
cp -a "$WORK/pristine" "$WORK/measure/tree"
started=$(now_ms)
run_tool in-place "$WORK/measure" >/dev/null 2>&1
in_place_rc=$?
in_place_ms=$(($(now_ms) - started))
[ "$in_place_rc" = "$expected_rc" ] || { echo "the in-place run exits $in_place_rc, -o $expected_rc"; exit 1; }
mode=in-place round=0 delay_ms=0
check_complete "$WORK/measure"
[ "$failures" = 0 ] || exit 1
rm -rf "$WORK/measure" "${TMPDIR:?}"/*
echo "$(wc -l <"$WORK/inputs") sources; a full run takes ${run_ms} ms (-o), ${in_place_ms} ms (--in-place); seed $SEED"

# ---- rounds ----------------------------------------------------------------

killed=0 finished=0 leftover=0 leftover_pch=0 pch_killed=0
for round in $(seq 1 "$ROUNDS"); do
  dir=$WORK/round$round
  mkdir -p "$dir"
  cp -a "$WORK/pristine" "$dir/tree"
  if [ $((round % 2)) = 1 ]; then
    mode=in-place
    full=$in_place_ms
  else
    mode=out
    full=$run_ms
  fi
  delay_ms=$(((RANDOM * 32768 + RANDOM) % (full + 1)))
  # The command itself in the background (not a subshell running it), so
  # that the signal reaches cu2hip.
  tool_args "$mode" "$dir"
  "$TOOL" "${args[@]}" >/dev/null 2>"$dir/killed.stderr" &
  pid=$!
  sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  status=$?
  ! kill -0 "$pid" 2>/dev/null || { fail "cu2hip (pid $pid) still runs after SIGKILL"; exit 1; }
  if [ "$status" = 137 ]; then
    killed=$((killed + 1))
  else
    finished=$((finished + 1))
    [ "$status" = "$expected_rc" ] || fail "the run ended by itself with exit code $status, want $expected_rc"
  fi
  if [ "$mode" = in-place ]; then check_in_place_after_kill "$dir"; else check_out_after_kill "$dir"; fi
  temporaries "$dir" >"$dir/temps"
  pch_killed=$((pch_killed + $(find "$TMPDIR" -mindepth 1 | wc -l)))
  n_temps=$(wc -l <"$dir/temps")
  leftover=$((leftover + n_temps))
  [ "$n_temps" = 0 ] || echo "round $round ($mode, killed after ${delay_ms} ms): $n_temps temporaries left: $(sed "s|^$dir/||" "$dir/temps" | tr '\n' ' ')"
  # A kill rarely lands between a temporary's creation and its rename, so
  # each round also plants temporaries like those, in the tree and in OUT.
  printf '#include <cuda_runtime.h>\nvoid planted() { cudaDeviceReset(); }\n' >"$dir/tree/part1/.planted.cu.c2h-Zq8Xw2"
  if [ "$mode" = out ]; then
    mkdir -p "$dir/out/part1"
    printf '#include <hip/hip_runt' >"$dir/out/part1/.planted.cu.c2h-Rt5Yp1"
  fi
  temporaries "$dir" >"$dir/temps"
  grep planted "$dir/temps" >"$dir/temps.kept"
  temps_before=$(while IFS= read -r f; do sha256sum "$f"; done <"$dir/temps.kept")
  # The re-run finishes the job, removes the killed run's temporaries and
  # leaves the planted ones alone.
  run_tool "$mode" "$dir" >/dev/null 2>"$dir/rerun.stderr"
  rc=$?
  [ "$rc" = "$expected_rc" ] || fail "the re-run exits $rc, want $expected_rc: $(head -c 300 "$dir/rerun.stderr")"
  if grep -Eq 'Sanitizer|runtime error:' "$dir/rerun.stderr" "$dir/killed.stderr"; then
    fail "sanitizer report: $(grep -Eh -m2 'Sanitizer|runtime error:' "$dir/rerun.stderr" "$dir/killed.stderr" | tr '\n' '|')"
  fi
  check_complete "$dir"
  temps_after=$(while IFS= read -r f; do sha256sum "$f"; done <"$dir/temps.kept")
  [ "$temps_before" = "$temps_after" ] || fail "the re-run changed planted temporaries"
  [ "$(temporaries "$dir")" = "$(cat "$dir/temps.kept")" ] ||
    fail "the re-run left stale temporaries or made new ones: $(temporaries "$dir" | tr '\n' ' ')"
  # Nothing was made from a temporary: no backup, no copy, no output.
  while IFS= read -r f; do
    name=$(basename "$f")
    [ -z "$(find "$dir" -name "*${name#.}*" ! -path "$f")" ] || fail "a re-run made something of the temporary $name"
  done <"$dir/temps"
  [ "$(find "$dir" -name '*planted*' | wc -l)" = "$([ "$mode" = out ] && echo 2 || echo 1)" ] ||
    fail "a re-run made something of a planted temporary: $(find "$dir" -name '*planted*' | tr '\n' ' ')"
  pch=$(find "$TMPDIR" -mindepth 1 | wc -l)
  [ "$pch" = 0 ] || echo "round $round: parser temporaries still in TMPDIR after the re-run: $(find "$TMPDIR" -mindepth 1 -printf '%f ')"
  leftover_pch=$((leftover_pch + pch))
  rm -rf "${TMPDIR:?}"/* "$dir"
done

echo "$ROUNDS rounds: $killed killed mid-run, $finished finished before the kill; $leftover temporaries" \
  "of atomic writes left by the kills; parser temporaries in TMPDIR: $pch_killed after the kills," \
  "$leftover_pch after the re-runs"
if [ "$failures" = 0 ]; then
  echo "ok"
else
  echo "$failures failures"
  exit 1
fi
