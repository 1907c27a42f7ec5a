#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ and runs them (see docs/fuzzing.md).
#   usage: tests/fuzz/run_fuzz.sh [--build-only|--no-build] BUILD_DIR SECONDS [TARGET...]
# BUILD_DIR is configured (clang-19, CU2HIP_FUZZ=ON, no tests) and brought
# up to date, unless --no-build says it is. For each target (default:
# every target built), the files of tests/fuzz/regressions/TARGET/ are
# replayed, then the target runs for SECONDS on a fresh corpus made from
# fuzz/seeds/TARGET/ plus seeds generated from the sources (rule files cut
# into pieces, examples, golden inputs). A crash, leak, timeout, excess
# memory or sanitizer report fails the run; the input that caused it is
# kept in BUILD_DIR/findings/TARGET/.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=run
case "${1:-}" in
  --build-only) mode=build; shift ;;
  --no-build) mode=nobuild; shift ;;
esac
if [ $# -lt 2 ]; then
  echo "usage: $0 [--build-only|--no-build] BUILD_DIR SECONDS [TARGET...]" >&2
  exit 2
fi
build=$1
seconds=$2
shift 2
case "$seconds" in ''|*[!0-9]*) echo "run_fuzz: SECONDS must be a number, not '$seconds'" >&2; exit 2 ;; esac

# ---- build ------------------------------------------------------------------
if [ "$mode" != nobuild ]; then
  # Configured every time (a few seconds): the source tree may have gained
  # a target since the last run. CC matters only for a new build directory.
  mkdir -p "$build"
  CC=${CU2HIP_FUZZ_CC:-clang-19} cmake -S "$root" -B "$build" -DCU2HIP_FUZZ=ON -DCU2HIP_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; echo "run_fuzz: configuring $build failed" >&2; exit 1; }
  # Only the fuzzers (and the library) are built, not the command.
  cmake --build "$build" -j "${CU2HIP_FUZZ_JOBS:-2}" --target fuzz_all >"$build/build.log" 2>&1 ||
    { tail -n 50 "$build/build.log" >&2; echo "run_fuzz: building the fuzz targets failed" >&2; exit 1; }
  [ "$mode" = build ] && exit 0
fi
if [ ! -f "$build/fuzz/targets.txt" ]; then
  echo "run_fuzz: $build is not a fuzz build (configure it with -DCU2HIP_FUZZ=ON)" >&2
  exit 1
fi
mapfile -t built <"$build/fuzz/targets.txt"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${built[@]}")

# ---- environment --------------------------------------------------------------
# use_sigaltstack=0: libclang gives each parsing thread an alternate signal
# stack of its own, and ASan would fail to unmap its one when the thread
# exits. Leaks are detected; no suppression is added (the targets free what
# they make, and libclang leaks nothing LSan reports), options already set
# by the caller are kept.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}use_sigaltstack=0:detect_leaks=1:abort_on_error=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1"

work=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-fuzz-XXXXXX")
trap 'rm -rf "$work"' EXIT

# Per-input time limit and memory limit: a translation parses C++ with
# libclang (tens of milliseconds, more under ASan); the others take microseconds.
timeout_of() { case "$1" in translate) echo 60 ;; *) echo 10 ;; esac; }
rss_of() { case "$1" in translate) echo 3072 ;; *) echo 2048 ;; esac; }

# Rule files cut into pieces: the top-level keys plus up to 20 entries of each
# section, three pieces per file (entries are one line each).
cut_rules() {
  local f
  for f in "$root"/rules/*.yaml; do
    awk -v out="$1/$(basename "$f" .yaml)" -v K=20 -v P=3 '
      /^#/ || /^[[:space:]]*$/ { next }
      /^[^ ]/ {
        if ($0 ~ /^[A-Za-z_]+:[[:space:]]*$/) { sec[++ns] = $0; n = 0 } else head = head $0 "\n"
        next
      }
      { p = int(n / K); n++; if (p < P) body[p, ns] = body[p, ns] $0 "\n" }
      END {
        for (p = 0; p < P; p++) {
          text = head; any = 0
          for (s = 1; s <= ns; s++) if ((p, s) in body) { text = text sec[s] "\n" body[p, s]; any = 1 }
          if (any) printf "%s", text > (out "-" p ".yaml")
        }
      }' "$f"
  done
}

# repeat N TEXT: TEXT N times.
repeat() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

# Deep shapes for the translator: the constructs clang parses by recursing
# once per level (operator chains, nested templates and initializer lists,
# `else if` ladders, chains behind macros), each at a depth real code
# reaches and at one past the guard of src/translate/nesting.c, so that
# mutations explore both sides of its limits.
deep_seeds() {
  local dir=$1 n
  for n in 300 5000; do
    printf 'int chain = %s1;\n' "$(repeat "$n" '1 + ')" >"$dir/deep-chain-$n.cu"
    printf '__global__ void k(int *p) { *p = %sp[0]; }\n' "$(repeat "$n" 'p[0] * ')" >"$dir/deep-chain-kernel-$n.cu"
    printf 'int f(int a) { %sreturn 0; }\n' "$(repeat $((n > 2100 ? 2100 : n)) 'if (a == 1) return 1; else ')" >"$dir/deep-else-if-$n.cu"
  done
  for n in 100 600; do
    printf 'template <class T> struct A {};\n%sint%s x;\n' "$(repeat "$n" 'A<')" "$(repeat "$n" '> ')" >"$dir/deep-templates-$n.cu"
    printf 'struct S { int a[2]; };\nint v%s = %s1%s;\n' "$(repeat "$n" '[1]')" "$(repeat "$n" '{')" "$(repeat "$n" '}')" \
      >"$dir/deep-init-list-$n.cu"
  done
  printf '#define M0 1\n#define M1 M0+M0\n#define M2 M1+M1\n#define M3 M2+M2\nint m = M3+M3;\n' >"$dir/deep-macro-chain.cu"
}

seed_corpus() { # target dir
  local t=$1 dir=$2 f n=0
  [ -d "$root/fuzz/seeds/$t" ] && find "$root/fuzz/seeds/$t" -maxdepth 1 -type f -exec cp {} "$dir/" \;
  case "$t" in
    rules) cut_rules "$dir" ;;
    translate)
      # Golden inputs are often symlinks to shared files: copy what they point to.
      for f in "$root"/examples/*.cu "$root"/tests/golden/cases/*/input*; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        cp -L "$f" "$dir/seed-$n-$(basename "$f")"
      done
      deep_seeds "$dir" ;;
  esac
}

# Fuzzer flags shared by the replay and the run.
flags_of() {
  echo "-timeout=$(timeout_of "$1") -rss_limit_mb=$(rss_of "$1") -detect_leaks=1 -print_final_stats=1"
}

# A sanitizer report whose exit status got lost still fails the run.
reported() { grep -qE '^==[0-9]+==ERROR|^SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer|runtime error:|invariant broken' "$1"; }

status=0
summary=()
for t in "${targets[@]}"; do
  exe=$build/fuzz/fuzz_$t
  if [ ! -x "$exe" ]; then
    echo "run_fuzz: no fuzz target '$t' in $build (built: ${built[*]})" >&2
    summary+=("$t: not built")
    status=1
    continue
  fi
  dir=$work/$t
  mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/run"
  findings=$build/findings/$t
  verdict=ok
  # 1. Known crash inputs must stay fixed.
  regs=()
  if [ -d "$root/tests/fuzz/regressions/$t" ]; then
    while IFS= read -r -d '' f; do regs+=("$f"); done < <(find "$root/tests/fuzz/regressions/$t" -type f ! -name '.*' -print0 | sort -z)
  fi
  if [ ${#regs[@]} -gt 0 ]; then
    # shellcheck disable=SC2046
    if ! (cd "$dir/run" && "$exe" $(flags_of "$t") -artifact_prefix="$dir/artifacts/" "${regs[@]}") >"$dir/replay.log" 2>&1 ||
      reported "$dir/replay.log"; then
      tail -n 60 "$dir/replay.log" >&2
      verdict="FAILED on a regression input"
    fi
  fi
  # 2. Fuzz for the time given.
  execs=0 took=0
  if [ "$verdict" = ok ] && [ "$seconds" -gt 0 ]; then
    seed_corpus "$t" "$dir/corpus"
    dict=()
    [ -f "$root/fuzz/dict/$t.dict" ] && dict=(-dict="$root/fuzz/dict/$t.dict")
    # shellcheck disable=SC2046
    (cd "$dir/run" && "$exe" $(flags_of "$t") -max_total_time="$seconds" -artifact_prefix="$dir/artifacts/" \
      "${dict[@]}" "$dir/corpus") >"$dir/fuzz.log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/fuzz.log" | tail -n 1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$dir/fuzz.log" | tail -n 1)
    if [ $rc -ne 0 ] || reported "$dir/fuzz.log"; then
      tail -n 80 "$dir/fuzz.log" >&2
      verdict="FOUND a problem (exit $rc)"
    fi
  fi
  if [ "$verdict" != ok ]; then
    status=1
    if compgen -G "$dir/artifacts/*" >/dev/null; then
      mkdir -p "$findings"
      cp "$dir"/artifacts/* "$findings/"
      verdict="$verdict; input kept in $findings/ (add it to tests/fuzz/regressions/$t/ with the fix)"
    fi
  fi
  summary+=("$t: ${execs:-0} executions in ${took:-?}s, ${#regs[@]} regression inputs replayed: $verdict")
done

for line in "${summary[@]}"; do echo "fuzz $line"; done
exit $status
