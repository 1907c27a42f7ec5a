#!/usr/bin/env bash
# Data safety under hostile conditions (docs/safety.md): nothing written
# outside OUT, runs on one tree take turns, hand edits survive a missing or
# damaged cache and an interrupted run, and a file the parser cannot finish
# is stopped at the time limit.
#
# usage: safety_test.sh CU2HIP        (CASES="a b" runs only those; KEEP=1 keeps failed cases' dirs)
#
# Each case runs in a fresh temporary directory, in seconds, and prints
# `ok NAME`, `FAIL NAME: reason` or `skip NAME: reason`; the script exits 1
# when a case failed.
set -u

if [ $# -ne 1 ]; then
  echo "usage: safety_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$1
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "safety_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
HERE=$(cd "$(dirname "$0")" && pwd)
SRC_ROOT=$(cd "$HERE/../.." && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$SRC_ROOT/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

die() {
  echo "$*"
  exit 1
}

# t ARGS...: runs the command, output in $LOG; sets $rc.
t() {
  "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  if grep -Eq 'Sanitizer|runtime error:' "$LOG/stderr"; then
    die "sanitizer report: $(grep -E -m2 'Sanitizer|runtime error:' "$LOG/stderr" | tr '\n' '|')"
  fi
}

excerpt() { head -c 500 "$LOG/stderr" | tr '\n' '|'; }

expect_rc() {
  [ "$rc" = "$1" ] || die "exit code $rc, want $1 (stderr: $(excerpt))"
}

expect_stderr() {
  grep -Eq -- "$1" "$LOG/stderr" || die "stderr lacks ${2:-/$1/} (stderr: $(excerpt))"
}

no_stderr() {
  ! grep -Eq -- "$1" "$LOG/stderr" || die "stderr has ${2:-/$1/}: $(grep -E -m1 -- "$1" "$LOG/stderr")"
}

# write_source FILE N: a small CUDA file, different for each N.
write_source() {
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<EOF
#include <cuda_runtime.h>

__global__ void scale_$2(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a + $2;
}

int run_$2() {
  float *d = nullptr;
  cudaMalloc(&d, 256 * sizeof(float));
  scale_$2<<<1, 256>>>(d, 2.0f, 256);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
EOF
}

# tree DIR N: N sources in two folders.
tree() {
  local i
  for i in $(seq 1 "$2"); do write_source "$1/p$((i % 2))/f$i.cu" "$i"; done
}

# ---- nothing is written outside OUT ----------------------------------------

sc_symlink_in_out() {
  mkdir -p src/sub elsewhere OUT
  write_source src/a.cu 1
  write_source src/sub/b.cu 2
  echo 'not to be touched' >elsewhere/b.cu
  ln -s ../elsewhere OUT/sub
  t -q -o OUT src
  expect_rc 2
  [ "$(cat elsewhere/b.cu)" = 'not to be touched' ] || die "elsewhere/b.cu was written through OUT/sub"
  [ "$(ls -A elsewhere)" = b.cu ] || die "something was made in elsewhere/: $(ls -A elsewhere | tr '\n' ' ')"
  expect_stderr 'src/sub/b\.cu: error: .*OUT/sub is a symbolic link' 'an error naming the link OUT/sub'
  [ -f OUT/a.cu ] && grep -q hipMalloc OUT/a.cu || die "the other file was not translated"
  # A link deeper down, and one to a file's folder among the inputs.
  rm OUT/sub
  mkdir -p OUT/sub
  ln -s ../../src OUT/sub/deep
  mkdir -p src/sub/deep
  write_source src/sub/deep/c.cu 3
  cp src/sub/deep/c.cu "$LOG/c.cu"
  t -q -o OUT src
  expect_rc 2
  cmp -s src/sub/deep/c.cu "$LOG/c.cu" || die "src/sub/deep/c.cu was overwritten through OUT/sub/deep"
  [ -z "$(find src -name '.*c2h-*')" ] || die "temporaries were made in src/"
  expect_stderr 'OUT/sub/deep is a symbolic link' 'an error naming OUT/sub/deep'
}

# ---- runs on one tree take turns -------------------------------------------

# A file whose parse takes seconds (a long chain of additions), to hold a
# run open while another one starts.
write_slow() {
  python3 - "$1" "$2" <<'PY'
import sys
n = int(sys.argv[2])
with open(sys.argv[1], 'w') as f:
    f.write('#include <cuda_runtime.h>\nint chain() { return ' + ' + '.join(['1'] * n) + '; }\n')
    f.write('void r() { cudaDeviceSynchronize(); }\n')
PY
}

sc_concurrent_in_place() {
  tree src 16
  cp -a src pristine
  # (wait_message shows the second run waiting; here, that they never mix.)
  # Two runs at once, several times: every backup is the original.
  local round
  for round in 1 2; do
    rm -rf src
    cp -a pristine src
    "$TOOL" -q --jobs 2 --in-place --backup=.orig src >/dev/null 2>"$LOG/r$round.a" &
    a=$!
    "$TOOL" -q --jobs 2 --in-place --backup=.orig src >/dev/null 2>"$LOG/r$round.b" &
    b=$!
    wait "$a"
    ra=$?
    wait "$b"
    rb=$?
    [ "$ra" = 0 ] && [ "$rb" = 0 ] || die "round $round: exit codes $ra and $rb: $(cat "$LOG/r$round.a" "$LOG/r$round.b" | head -c 300)"
    while IFS= read -r f; do
      rel=${f#src/}
      cmp -s "$f" "pristine/${rel%.orig}" || die "round $round: $rel is not the original"
    done < <(find src -name '*.orig')
    [ "$(find src -name '*.orig' | wc -l)" = 16 ] || die "round $round: $(find src -name '*.orig' | wc -l) backups, want 16"
  done
}

sc_wait_message() {
  command -v python3 >/dev/null || { echo "needs python3"; exit 77; }
  tree src 4
  write_slow src/p0/slow.cu 60000
  "$TOOL" -q --jobs 1 -o OUT src >"$LOG/a.out" 2>"$LOG/a.err" &
  a=$!
  # The first run holds OUT once it has made it.
  for _ in $(seq 1 200); do
    [ -d OUT ] && break
    sleep 0.02
  done
  t -q --jobs 1 -o OUT --launch-syntax=hip src
  wait "$a"
  a_rc=$?
  [ "$a_rc" = 0 ] || die "the first run exits $a_rc: $(head -c 300 "$LOG/a.err")"
  expect_rc 0
  expect_stderr 'waiting for another cu2hip run writing in .*OUT' 'the second run saying it waits'
  # The second run's options, in every file: not a mix of the two runs.
  t -q --jobs 1 -o FRESH --launch-syntax=hip src
  diff -r -x '.cu2hip-*' OUT FRESH >/dev/null || die "OUT is not the second run's translation"
  # In place: three slow files; the second run starts once the first has
  # rewritten one of them, and waits for it.
  mkdir ip
  local i
  for i in 1 2 3; do write_slow ip/s$i.cu 60000; done
  cp -a ip ip.pristine
  "$TOOL" -q --jobs 1 --in-place --backup=.orig ip >"$LOG/a.out" 2>"$LOG/a.err" &
  a=$!
  for _ in $(seq 1 600); do
    [ -n "$(find ip -name '*.orig' -print -quit)" ] && break
    sleep 0.02
  done
  kill -0 "$a" 2>/dev/null || { echo "the first in-place run ended too soon"; exit 77; }
  t -q --jobs 1 --in-place --backup=.orig ip
  wait "$a"
  expect_rc 0
  expect_stderr 'waiting for another cu2hip run writing in .*ip' 'the second in-place run saying it waits'
  for i in 1 2 3; do cmp -s ip/s$i.cu.orig ip.pristine/s$i.cu || die "ip/s$i.cu.orig is not the original"; done
}

# ---- hand edits survive a missing or damaged cache -------------------------

sc_damaged_cache() {
  tree src 4
  local how
  for how in truncated types random missing; do
    rm -rf OUT
    t -q -o OUT src
    expect_rc 0
    echo '// my fix' >>OUT/p1/f1.cu
    cp OUT/p1/f1.cu "$LOG/edited"
    case $how in
      truncated) head -c 60 OUT/.cu2hip-cache.json >"$LOG/c" && mv "$LOG/c" OUT/.cu2hip-cache.json ;;
      types) python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); [e.update(digest=7, output="x") for e in d["files"].values()]; json.dump(d, open(p, "w"))' OUT/.cu2hip-cache.json ;;
      random) head -c 700 /dev/urandom >OUT/.cu2hip-cache.json ;;
      missing) rm OUT/.cu2hip-cache.json ;;
    esac
    # The input changes too: the edited output is not what this run makes.
    echo '// changed' >>src/p1/f1.cu
    t -q -o OUT src
    expect_rc 0
    cmp -s OUT/p1/f1.cu "$LOG/edited" || die "$how cache: the edited OUT/p1/f1.cu was overwritten"
    expect_stderr 'src/p1/f1\.cu: warning: .*OUT/p1/f1\.cu.*\[output-edited\]' "$how cache: output-edited for f1.cu"
    if [ "$how" != missing ]; then
      expect_stderr 'OUT/\.cu2hip-cache\.json: warning: the incremental cache is damaged' "$how cache: a warning naming the cache"
    fi
    # Outputs that are what this run makes are not reported.
    [ "$(grep -c 'output-edited' "$LOG/stderr")" = 1 ] || die "$how cache: other outputs reported as edited: $(excerpt)"
    t -q -o OUT --overwrite-edited src
    expect_rc 0
    ! cmp -s OUT/p1/f1.cu "$LOG/edited" || die "$how cache: --overwrite-edited kept the edited file"
    grep -q '// changed' OUT/p1/f1.cu || die "$how cache: OUT/p1/f1.cu is not the new translation"
    sed -i '$d' src/p1/f1.cu
  done
}

# ---- an interrupted run, then edits to the inputs --------------------------

sc_interrupted_then_edited() {
  tree src 60
  t -q -o OUT src
  expect_rc 0
  local attempt sig killed=0
  for attempt in 1 2; do
    sig=$([ $((attempt % 2)) = 1 ] && echo TERM || echo INT)
    for f in src/p*/f*.cu; do echo "// edit $attempt a" >>"$f"; done
    "$TOOL" -q --jobs 1 -o OUT src >/dev/null 2>"$LOG/killed.err" &
    pid=$!
    # Stop it once it has written a few outputs, before it saves its cache.
    for _ in $(seq 1 400); do
      [ "$(grep -l "edit $attempt a" OUT/p*/f*.cu 2>/dev/null | wc -l)" -ge 3 ] && break
      sleep 0.01
    done
    kill -"$sig" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    [ "$status" = 0 ] || killed=$((killed + 1))
    for f in src/p*/f*.cu; do echo "// edit $attempt b" >>"$f"; done
    t -q -o OUT src
    expect_rc 0
    no_stderr 'output-edited' "an output the stopped run wrote reported as edited"
    rm -rf FRESH
    "$TOOL" -q -o FRESH src >/dev/null 2>&1
    diff -r -x '.cu2hip-*' -x '.*.c2h-*' OUT FRESH >"$LOG/diff" || die "after SIG$sig, OUT is not the translation of the edited inputs: $(head -c 300 "$LOG/diff" | tr '\n' '|')"
    [ ! -e OUT/.cu2hip-journal ] || die "the journal is left after a complete run"
  done
  [ "$killed" -gt 0 ] || { echo "no run was stopped mid-way (too fast?)"; exit 77; }
}

# ---- a file the parser cannot finish is stopped at the time limit ---------

sc_parse_time_limit() {
  tree src 2
  # A header that includes itself twice, 21 levels deep: two million
  # inclusions, which libclang takes half a minute or more on (its parse
  # cannot be interrupted). .def is no source suffix: it is only copied.
  printf '#if __INCLUDE_LEVEL__ < 21\n#include "bomb.def"\n#include "bomb.def"\n#endif\n' >src/p0/bomb.def
  printf '#include <cuda_runtime.h>\n#include "bomb.def"\nvoid r() { cudaDeviceSynchronize(); }\n' >src/p0/bomb.cu
  cp src/p0/bomb.cu "$LOG/bomb"
  local started
  started=$(date +%s)
  "$TOOL" -o OUT --file-time-limit 1 src >"$LOG/stdout" 2>"$LOG/stderr" &
  pid=$!
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    wait "$pid"
    die "a 1 s limit did not stop the run within 60 s"
  fi
  wait "$pid"
  rc=$?
  local took=$(($(date +%s) - started))
  expect_rc 2
  expect_stderr 'src/p0/bomb\.cu: error: .*time limit.*\[time-limit\]' 'a time-limit error for bomb.cu'
  expect_stderr '1 failed' 'the stopped file counted as failed in the summary'
  [ "$took" -lt 15 ] || die "the file was stopped only after $took s"
  grep -q hipMalloc OUT/p1/f1.cu && grep -q hipMalloc OUT/p0/f2.cu || die "the other files were not translated"
  cmp -s src/p0/bomb.cu "$LOG/bomb" || die "the input changed"
  # Turning checks off hides neither the error nor the failure.
  printf '#include <cuda_runtime.h>\nvoid r() { cudaDeviceSynchronize(); }\n' >src/p0/bomb.cu
  t -q -o OUT2 --file-time-limit 0.001 --disable all src
  expect_rc 2
  expect_stderr '\[time-limit\]' 'the time-limit error with --disable all'
  t -q -o OUT3 --file-time-limit 0.001 --disable time-limit src
  expect_rc 2
  expect_stderr '\[time-limit\]' 'the time-limit error with --disable time-limit'
}

# ---- driver ----------------------------------------------------------------

scenarios=(symlink_in_out concurrent_in_place wait_message damaged_cache interrupted_then_edited parse_time_limit)
[ -n "${CASES:-}" ] && read -r -a scenarios <<<"$CASES"
. "$(dirname "$0")/../lib/scenarios.sh"
run_scenarios safety "${scenarios[@]}"
[ "$failed" = 0 ] || exit 1
[ "$passed" -gt 0 ] || exit 77 # every case skipped
