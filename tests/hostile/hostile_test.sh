#!/usr/bin/env bash
# Hostile inputs: files and trees that are empty, binary, huge, deeply
# nested, unterminated, oddly encoded or named, unreadable, linked in loops,
# or written to a read-only or full disk, and files that vanish mid-run.
#
# usage: hostile_test.sh CU2HIP
#
# Each case builds its inputs in a fresh temporary directory, runs the
# command in the modes that matter (-o OUT, --in-place, check, stdout) and
# checks that
#  - it did not crash: the exit code is one of include/cu2hip/exit_codes.def
#    (never a signal's 128+N) and stderr holds no sanitizer report;
#  - the bad input is named in a diagnostic, with its line and column where
#    it has them, and the exit code says what happened;
#  - the good files of the same run are still translated;
#  - no input changed (contents, modes and times before and after).
#
# Prints `ok NAME (SECONDS s)`, `FAIL NAME: reason`, `skip NAME: reason`,
# `xfail NAME: reason` or `XPASS NAME`, then a summary; exits 1 if a case
# failed. Root ignores file modes, so the cases about unreadable files and
# read-only directories run the command as user nobody (setpriv or runuser)
# when the test runs as root, and are skipped when that is impossible.
# KEEP=1 keeps the directories of failed cases; CASES="a b" runs only those.

# `[ a ] && [ b ] || die` means "die unless both hold"; single-quoted sh -c
# scripts expand their own arguments.
# shellcheck disable=SC2015,SC2016
set -u

# Known bugs, not fixed yet: a case named here that fails is reported as
# `xfail` and does not fail the suite; once it passes it is reported as
# `XPASS` and should be taken off the list.
EXPECTED_TO_FAIL=(
)

if [ $# -ne 1 ]; then
  echo "usage: hostile_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$1
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "hostile_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
[ -x "$TOOL" ] || { echo "hostile_test.sh: '$TOOL' is not executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
SRC_ROOT=$(cd "$HERE/../.." && pwd)
export TOOL

# A sanitizer build reports through these; a plain build ignores them.
# use_sigaltstack=0: libclang installs its own alternate signal stack on
# parsing threads (see scripts/test.sh).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$SRC_ROOT/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# The documented exit codes.
EXIT_CODES=$(sed -n 's/^X([A-Z0-9_]*, *\([0-9][0-9]*\),.*/\1/p' "$SRC_ROOT/include/cu2hip/exit_codes.def" | tr '\n' ' ')
[ -n "$EXIT_CODES" ] || { echo "hostile_test.sh: no exit codes in exit_codes.def" >&2; exit 2; }

# ---- helpers (used inside cases; cwd is the case's work dir) --------------

die() {
  echo "$*"
  exit 1
}

skip() {
  echo "$*"
  exit 77
}

stderr_excerpt() {
  head -c 600 "$LOG/stderr" | tr '\n' '|'
}

# The last run did not crash: a documented exit code, no sanitizer report.
check_sane() {
  case " $EXIT_CODES " in
    *" $rc "*) ;;
    *) die "exit code $rc is not a documented one ($EXIT_CODES) (stderr: $(stderr_excerpt))" ;;
  esac
  if grep -Eq 'Sanitizer|runtime error:|DEADLYSIGNAL' "$LOG/stderr"; then
    die "sanitizer report: $(grep -E -m3 'Sanitizer|runtime error:|DEADLYSIGNAL' "$LOG/stderr" | tr '\n' '|')"
  fi
}

# t ARGS...: runs the command; stdout and stderr go to $LOG; sets $rc.
t() {
  "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  check_sane
}

# tenv VAR=VALUE... -- ARGS...: t with more environment.
tenv() {
  local vars=()
  while [ "$1" != -- ]; do
    vars+=("$1")
    shift
  done
  shift
  env "${vars[@]}" "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  check_sane
}

# expect_rc CODE...: the last exit code is one of these.
expect_rc() {
  local want
  for want in "$@"; do
    [ "$rc" = "$want" ] && return 0
  done
  die "exit code $rc, want $* (stderr: $(stderr_excerpt))"
}

# expect_stderr PATTERN [what]: grep -E on stderr.
expect_stderr() {
  grep -Eq -- "$1" "$LOG/stderr" || die "stderr lacks ${2:-/$1/} (stderr: $(stderr_excerpt))"
}

expect_stdout_empty() {
  [ ! -s "$LOG/stdout" ] || die "stdout is not empty: $(head -c 200 "$LOG/stdout" | tr '\n' '|')"
}

# PATH and every entry below it: path, type, mode, size, time and checksum.
snapshot() {
  (
    cd "$(dirname "$1")" || exit 1
    find "$(basename "$1")" -print0 | LC_ALL=C sort -z | while IFS= read -r -d '' f; do
      if [ -L "$f" ]; then
        printf '%q link %s\n' "$f" "$(readlink "$f")"
      elif [ -d "$f" ]; then
        printf '%q dir %s\n' "$f" "$(stat -c %a "$f")"
      else
        printf '%q file %s %s\n' "$f" "$(stat -c '%a %s %Y' "$f")" "$(sha256sum <"$f" 2>/dev/null | cut -c1-64)"
      fi
    done
  )
}

# keep PATH: records PATH's snapshot; unchanged PATH: it has not changed since.
keep() {
  snapshot "$1" >"$LOG/snapshot.$(printf '%s' "$1" | tr '/' '_')"
}

unchanged() {
  local saved
  saved="$LOG/snapshot.$(printf '%s' "$1" | tr '/' '_')"
  snapshot "$1" >"$saved.now"
  cmp -s "$saved" "$saved.now" || die "$1 changed: $(diff "$saved" "$saved.now" | grep '^[<>]' | head -4 | tr '\n' '|')"
}

# Files in DIR (hidden ones too) that are temporaries of atomic writes.
temporaries() {
  find "$1" -name '.*.c2h-*' 2>/dev/null
}

no_temporaries() {
  local left
  left=$(temporaries "$1")
  [ -z "$left" ] || die "temporary files left behind: $(printf '%s' "$left" | tr '\n' ' ')"
}

# A small CUDA program and its translation.
write_good() {
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<'EOF'
#include <cuda_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 256 * sizeof(float));
  scale<<<1, 256>>>(d, 2.0f, 256);
  cudaDeviceReset();
  cudaFree(d);
  return 0;
}
EOF
}

# hipify FILE: the translation of the files these cases build (they use
# only these names), byte for byte otherwise.
hipify() {
  LC_ALL=C sed -e 's|<cuda_runtime\.h>|<hip/hip_runtime.h>|' -e 's/cudaDeviceReset/hipDeviceReset/g' \
    -e 's/cudaMalloc/hipMalloc/g' -e 's/cudaFree/hipFree/g' -e 's/cudaMemset/hipMemset/g' \
    -e 's/cudaMemcpyDeviceToDevice/hipMemcpyDeviceToDevice/g' -e 's/cudaMemcpy(/hipMemcpy(/g' "$1"
}

# expect_translation OUT IN: OUT is IN's translation.
expect_translation() {
  [ -f "$1" ] || die "$1 was not written"
  hipify "$2" >"$LOG/expected"
  cmp -s "$LOG/expected" "$1" || die "$1 is not the translation of $2 ($(cmp "$LOG/expected" "$1" 2>&1 | head -1))"
}

# The user that cases needing file modes to count run the command as.
NOBODY=
find_unprivileged() {
  if [ "$(id -u)" != 0 ]; then
    NOBODY=self
  elif setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    NOBODY=setpriv
  elif runuser -u nobody -- true 2>/dev/null; then
    NOBODY=runuser
  else
    skip "running as root and neither setpriv nor runuser can drop privileges"
  fi
  chmod 755 "$SCENARIO_DIR" . || die "chmod failed"
  # The command may live where nobody cannot reach it.
  if ! as_nobody "$TOOL" --version >/dev/null 2>&1; then
    cp "$TOOL" ./cu2hip-nobody && chmod 755 ./cu2hip-nobody || die "cannot copy the command"
    TOOL=$PWD/cu2hip-nobody
  fi
}

as_nobody() {
  case $NOBODY in
    self) "$@" ;;
    setpriv) setpriv --reuid=65534 --regid=65534 --clear-groups "$@" ;;
    runuser) runuser -u nobody -- "$@" ;;
  esac
}

# tn ARGS...: t, as the unprivileged user.
tn() {
  as_nobody "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  check_sane
}

# The fault-injection library (tests/hostile/fault_inject.c), built once.
FAULT_LIB=
build_fault_lib() {
  local cc=${CC:-cc}
  command -v "$cc" >/dev/null 2>&1 || skip "no C compiler ($cc) to build the fault-injection library"
  FAULT_LIB=$PWD/fault_inject.so
  "$cc" -shared -fPIC -O1 -o "$FAULT_LIB" "$HERE/fault_inject.c" -ldl -lpthread 2>"$LOG/cc" ||
    die "cannot build fault_inject.so: $(head -c 300 "$LOG/cc")"
}

# tfault VAR=VALUE... -- ARGS...: t with the fault-injection library loaded.
# (A sanitizer runtime wants to be the first library; it still works second.)
tfault() {
  local vars=()
  while [ "$1" != -- ]; do
    vars+=("$1")
    shift
  done
  shift
  tenv LD_PRELOAD="$FAULT_LIB" ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" "${vars[@]}" -- "$@"
}

# in_tmpfs SIZE DIR COMMAND...: runs COMMAND with a SIZE tmpfs mounted on
# DIR, in a private mount namespace that disappears with it. Exit status
# 99: no tmpfs can be mounted here.
in_tmpfs() {
  local size=$1 dir=$2 ns=(-m)
  shift 2
  [ "$(id -u)" = 0 ] || ns=(-r -m)
  unshare "${ns[@]}" true 2>/dev/null || return 99
  unshare "${ns[@]}" sh -c 'mount -t tmpfs -o size="$1" cu2hip-hostile "$2" 2>/dev/null || exit 99
    shift 2
    exec "$@"' sh "$size" "$dir" "$@"
}

# ---- cases -----------------------------------------------------------------

sc_empty_file() {
  mkdir src
  : >src/empty.cu
  : >src/empty.cuh
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 0
  [ -f out/empty.cu ] && [ ! -s out/empty.cu ] || die "out/empty.cu is missing or not empty"
  [ -f out/empty.cuh ] && [ ! -s out/empty.cuh ] || die "out/empty.cuh is missing or not empty"
  expect_translation out/good.cu src/good.cu
  t src/empty.cu
  expect_rc 0
  expect_stdout_empty
  t check src
  expect_rc 0
  unchanged src
  cp -a src ip
  keep ip/empty.cu
  t --in-place --backup .orig ip
  expect_rc 0
  unchanged ip/empty.cu
  [ ! -e ip/empty.cu.orig ] || die "an unchanged empty file got a backup"
  expect_translation ip/good.cu src/good.cu
  cmp -s ip/good.cu.orig src/good.cu || die "ip/good.cu.orig is not the original"
}

sc_binary_file() {
  mkdir src
  printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000cudaMalloc\000\377\376' >src/blob.cu
  # No NUL byte, but mostly control characters.
  awk 'BEGIN { for (i = 0; i < 600; i++) printf "%c%c%c%c", 1, 2, 3, 65 + i % 26 }' >src/noise.cuh
  printf '\001\002\003\000\377binary payload\000' >src/lib.so
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 2
  expect_stderr 'src/blob\.cu: error: .*[Bb]inary.*\[input-error\]' "an input-error naming blob.cu"
  expect_stderr 'src/noise\.cuh: error: .*[Bb]inary' "an input-error naming noise.cuh"
  expect_translation out/good.cu src/good.cu
  [ ! -e out/blob.cu ] && [ ! -e out/noise.cuh ] || die "a binary source was written to out/"
  cmp -s out/lib.so src/lib.so || die "out/lib.so is not a copy of src/lib.so"
  t src/blob.cu
  expect_rc 2
  expect_stdout_empty
  expect_stderr 'blob\.cu.*[Bb]inary'
  t check src
  expect_rc 2
  expect_stderr 'noise\.cuh.*[Bb]inary'
  unchanged src
  cp -a src ip
  keep ip/blob.cu
  keep ip/noise.cuh
  t --in-place ip
  expect_rc 2
  unchanged ip/blob.cu
  unchanged ip/noise.cuh
  expect_translation ip/good.cu src/good.cu
}

sc_invalid_utf8() {
  mkdir src
  {
    printf '#include <cuda_runtime.h>\n// caf\351 \377\376 \300\200\n'
    printf 'const char *msg = "\303\050 \355\240\200 overlong \340\200\257";\n'
    printf 'void f(float **p) { cudaMalloc(p, 4); /* \360\237 */ cudaDeviceReset(); }\n'
    printf 'int caf\351 = 1;\n'
  } >src/bad8.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 0
  expect_translation out/bad8.cu src/bad8.cu
  expect_translation out/good.cu src/good.cu
  expect_stderr 'src/bad8\.cu:5:[0-9]+: warning: .*UTF-8' "a warning at the invalid identifier (line 5)"
  t src/bad8.cu
  expect_rc 0
  hipify src/bad8.cu | cmp -s - "$LOG/stdout" || die "stdout is not the translation"
  # Reports stay valid JSON whatever bytes the messages quote.
  local format
  for format in json sarif; do
    t check --format "$format" --output "report.$format" src
    expect_rc 0
    if command -v python3 >/dev/null 2>&1; then
      python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "report.$format" 2>"$LOG/py" ||
        die "report.$format is not valid UTF-8 JSON: $(head -c 300 "$LOG/py")"
    fi
  done
  unchanged src
  cp -a src ip
  t --in-place ip
  expect_rc 0
  expect_translation ip/bad8.cu src/bad8.cu
}

sc_nul_bytes() {
  mkdir src
  printf '#include <cuda_runtime.h>\nvoid f() {\n  int\000 x = 0;\n  cudaDeviceReset();\n}\n' >src/nul.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 2
  expect_stderr 'src/nul\.cu(:3:6)?: error: .*(line 3, column 6|NUL).*\[input-error\]' "an input-error naming nul.cu"
  expect_stderr 'src/nul\.cu(:3:6: error: |: error: .*line 3, column 6)' "the NUL byte's line and column (3:6)"
  [ ! -e out/nul.cu ] || die "out/nul.cu was written"
  expect_translation out/good.cu src/good.cu
  t src/nul.cu
  expect_rc 2
  expect_stdout_empty
  t check src/nul.cu src/good.cu
  expect_rc 2
  unchanged src
  cp -a src ip
  keep ip/nul.cu
  t --in-place ip
  expect_rc 2
  unchanged ip/nul.cu
  expect_translation ip/good.cu src/good.cu
}

sc_huge_line() {
  mkdir src
  # One line of 10 MiB and more, without a final newline; the CUDA calls
  # sit at its very end.
  {
    printf 'void f(float *d) { const char *s = "'
    head -c 10500000 /dev/zero | tr '\0' x
    printf '"; cudaFree(d); __nanosleep(10); }'
  } >src/huge.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 1
  expect_stderr 'src/huge\.cu:1:105000[0-9][0-9]: error: .*__nanosleep.*\[api-unsupported\]' \
    "the unsupported call at line 1, column 10500000+"
  [ -f out/huge.cu ] || die "out/huge.cu was not written"
  head -c 28 out/huge.cu | grep -q '^#include <hip/hip_runtime.h>' || die "out/huge.cu does not start with the HIP header"
  tail -c 40 out/huge.cu | grep -q 'hipFree(d); __nanosleep(10); }$' || die "out/huge.cu does not end with the translated call"
  # The HIP header line added, one byte fewer in hipFree.
  local want=$(($(stat -c %s src/huge.cu) + 29 - 1))
  [ "$(stat -c %s out/huge.cu)" = "$want" ] || die "out/huge.cu has $(stat -c %s out/huge.cu) bytes, want $want"
  expect_translation out/good.cu src/good.cu
  t check src/huge.cu
  expect_rc 1
  unchanged src
}

# deep_files DIR DEPTH: four files nesting DEPTH brackets in different
# places, each ending with a function that uses CUDA.
deep_files() {
  local d=$1 depth=$2 open close
  open=$(awk -v n="$depth" 'BEGIN { for (i = 0; i < n; i++) printf "(" }')
  close=$(awk -v n="$depth" 'BEGIN { for (i = 0; i < n; i++) printf ")" }')
  local tail_fn='void tail_fn() { cudaDeviceReset(); }'
  mkdir -p "$d"
  {
    printf '#include <cuda_runtime.h>\n__global__ void k(int *p) {\n  int x = %sthreadIdx.x%s;\n  p[x] = x;\n}\n' \
      "$open" "$close"
    echo "$tail_fn"
  } >"$d/parens.cu"
  {
    printf '#include <cuda_runtime.h>\n__device__ float sym;\n__global__ void k(float *p) { p[0] = 1; }\n'
    printf 'void h(float *d) {\n  cudaMemcpyToSymbol(sym, %sd%s, 4);\n' "$open" "$close"
    printf '  k<<<%s1%s, 64>>>(%sd%s);\n}\n' "$open" "$close" "$open" "$close"
    echo "$tail_fn"
  } >"$d/calls.cu"
  {
    printf '#include <cuda_runtime.h>\n#define DEEP %scudaFree(0)%s\n' "$open" "$close"
    echo "$tail_fn"
  } >"$d/macro.cu"
  {
    printf '#include <cuda_runtime.h>\nvoid f() {\n'
    awk -v n="$depth" 'BEGIN { for (i = 0; i < n; i++) printf "{" }'
    printf ' cudaDeviceReset(); '
    awk -v n="$depth" 'BEGIN { for (i = 0; i < n; i++) printf "}" }'
    printf '\n}\n'
    echo "$tail_fn"
  } >"$d/braces.cu"
}

sc_deep_nesting() {
  # 10000 levels: refused before the parser sees them (it would overflow
  # its stack on some of them); 300: past clang's own limit of 256, which
  # it reports, and goes on.
  deep_files src 10000
  deep_files mid 300
  write_good src/good.cu
  write_good mid/good.cu
  keep src
  keep mid
  local syntax f
  for syntax in cuda hip; do
    rm -rf out
    t -o out --launch-syntax=$syntax src
    expect_rc 2
    expect_stderr 'src/parens\.cu: error: .*brackets.*line 3, column 5[0-9][0-9].*\[input-error\]' \
      "an input-error naming parens.cu at line 3"
    expect_stderr 'src/braces\.cu: error: .*brackets.*line 3, column 5[0-9][0-9]' "an input-error naming braces.cu at line 3"
    expect_stderr 'src/calls\.cu: error: .*brackets.*line 5' "an input-error naming calls.cu at line 5"
    expect_stderr 'src/macro\.cu: error: .*brackets.*line 2' "an input-error naming macro.cu at line 2"
    for f in parens calls macro braces; do
      [ ! -e out/$f.cu ] || die "out/$f.cu was written for a refused file"
    done
    good_output out/good.cu src/good.cu $syntax
    rm -rf out
    t -o out --launch-syntax=$syntax mid
    expect_rc 0 1
    expect_stderr 'mid/parens\.cu:3:[0-9]+: warning: .*nesting' "the parser's nesting limit reported at parens.cu:3"
    expect_stderr 'mid/braces\.cu:3:[0-9]+: warning: .*nesting' "the parser's nesting limit reported at braces.cu:3"
    for f in parens calls macro braces; do
      [ -f out/$f.cu ] || die "out/$f.cu was not written"
      grep -q 'void tail_fn() { hipDeviceReset(); }' out/$f.cu || die "out/$f.cu: the code after the nesting is not translated"
      grep -q 'hip/hip_runtime\.h' out/$f.cu || die "out/$f.cu: the include is not translated"
    done
    grep -q '^#define DEEP (*hipFree(0)' out/macro.cu || die "out/macro.cu: the macro body is not translated"
    good_output out/good.cu mid/good.cu $syntax
  done
  t src/parens.cu
  expect_rc 2
  expect_stdout_empty
  t check src
  expect_rc 2
  unchanged src
  unchanged mid
  cp -a src ip
  t --in-place ip
  expect_rc 2
  cmp -s ip/parens.cu src/parens.cu || die "ip/parens.cu changed"
  expect_translation ip/good.cu src/good.cu
}

# good_output OUT IN SYNTAX: OUT is the translation of write_good's IN with
# --launch-syntax=SYNTAX.
good_output() {
  if [ "$3" = hip ]; then
    grep -q 'hipLaunchKernelGGL(scale, dim3(1), dim3(256), 0, 0, d, 2.0f, 256);' "$1" ||
      die "$1 is not the translation of $2 with --launch-syntax=hip"
  else
    expect_translation "$1" "$2"
  fi
}

# repeat N TEXT: TEXT N times.
repeat() {
  awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# recursion_file KIND DEPTH: a construct libclang parses by recursing once
# per level, DEPTH levels deep.
recursion_file() {
  echo '#include <cuda_runtime.h>'
  case $1 in
    unary) printf 'int f() { return %s1; }\n' "$(repeat "$2" '- ')" ;;
    casts) printf 'int f() { return %s1; }\n' "$(repeat "$2" '(int)')" ;;
    not) printf 'int f(int a) { return %sa; }\n' "$(repeat "$2" '!')" ;;
    templates) printf 'template <class T> struct A {};\n%sint%s x;\n' "$(repeat "$2" 'A<')" "$(repeat "$2" '> ')" ;;
    assignments) printf 'int f(int a) { return %s1; }\n' "$(repeat "$2" 'a = ')" ;;
    conditionals) printf 'int f(int a) { return %s0; }\n' "$(repeat "$2" 'a ? 1 : ')" ;;
    else_ifs) printf 'int f(int a) { %sreturn 0; }\n' "$(repeat "$2" 'if (a == 1) return 1; else ')" ;;
    nested_ifs) printf 'int f(int a) { %sreturn 1; return 0; }\n' "$(repeat "$2" 'if (a) ')" ;;
    macro_args) printf '#define A(x) x\nint f() { return %s1%s; }\n' "$(repeat "$2" 'A(')" "$(repeat "$2" ')')" ;;
    directive) printf '#if %s1\nint g;\n#endif\n' "$(repeat "$2" '- ')" ;;
  esac
  echo 'void tail_fn() { cudaDeviceReset(); }'
}

# Constructs libclang parses by recursing once per level, with no limit of
# its own: deep enough, they overflow its stack and take the process down.
sc_parser_recursion() {
  mkdir src ok
  local kind bad good f
  # kind, a depth that must be refused, a depth that must be translated
  while read -r kind bad good; do
    recursion_file "$kind" "$bad" >"src/$kind.cu"
    recursion_file "$kind" "$good" >"ok/$kind.cu"
  done <<'EOF'
unary 100000 200
casts 5000 100
not 50000 200
templates 20000 200
assignments 30000 1000
conditionals 30000 1000
else_ifs 30000 1000
nested_ifs 30000 1000
macro_args 20000 200
directive 30000 200
EOF
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 2
  for f in src/*.cu; do
    [ "$f" = src/good.cu ] && continue
    grep -Eq "^src/${f#src/}: error: .*line [0-9]+, column [0-9]+.*\[input-error\]" "$LOG/stderr" ||
      die "no input-error names $f with a position (stderr: $(stderr_excerpt))"
    [ ! -e "out/${f#src/}" ] || die "out/${f#src/} was written for a refused file"
  done
  expect_translation out/good.cu src/good.cu
  t check src
  expect_rc 2
  unchanged src
  # Real code stays well within the limits.
  t -o out_ok ok
  expect_rc 0 1
  grep -q 'error: .*\[input-error\]' "$LOG/stderr" && die "a file within the limits was refused: $(stderr_excerpt)"
  for f in ok/*.cu; do
    grep -q 'void tail_fn() { hipDeviceReset(); }' "out_ok/${f#ok/}" || die "out_ok/${f#ok/} was not translated"
  done
}

# chain_file KIND TERMS: `1 + 1 + ... + 1`, TERMS terms, a left-leaning
# tree as deep as it is long (generated tables and unrolled constants look
# like this): at file scope, in a function, or behind a macro.
chain_file() {
  local chain
  chain=$(awk -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s1", (i ? "+" : "") }')
  echo '#include <cuda_runtime.h>'
  case $1 in
    file) printf 'int chained = %s;\n' "$chain" ;;
    function) printf 'void f(int *p) {\n  *p = %s;\n}\n' "$chain" ;;
    macro) printf '#define CHAIN %s\nint chained = CHAIN;\n' "$chain" ;;
  esac
  echo 'void tail_fn() { cudaDeviceReset(); }'
}

# Long binary-operator chains used to overflow libclang's stack (100,000
# terms) and kill the run. They are translated now, alone and among other
# files; a chain past the documented limit is refused with its position.
sc_binary_chains() {
  mkdir src
  local kind f
  for kind in file function macro; do chain_file "$kind" 100000 >"src/$kind.cu"; done
  write_good src/good.cu
  keep src
  for kind in file function macro; do
    t check "src/$kind.cu"
    expect_rc 0 1
    grep -q 'error:' "$LOG/stderr" && die "src/$kind.cu gave an error: $(stderr_excerpt)"
  done
  t -o out src
  expect_rc 0 1
  for kind in file function macro; do
    grep -q 'void tail_fn() { hipDeviceReset(); }' "out/$kind.cu" || die "out/$kind.cu was not translated"
  done
  expect_translation out/good.cu src/good.cu
  # Past the limit: refused before parsing, with the statement's position.
  chain_file function 600000 >src/huge.cu
  keep src
  t -o out2 src
  expect_rc 2
  expect_stderr '^src/huge\.cu: error: more than 500000 binary operators in one statement at line 3, column [0-9]+.*\[input-error\]' \
    'the refused chain with its position'
  expect_translation out2/good.cu src/good.cu
  [ -f out2/file.cu ] || die "out2/file.cu was not written"
  unchanged src
}

# A crash no handler can catch (libclang's stack overflows on a chain that
# only macro expansion makes long) costs the file, never the run: the run
# starts again without it, the file is reported (parse-crash), left as it
# is and counted as failed (exit 2), and every other file is translated.
sc_parser_crash() {
  mkdir src
  {
    echo '#define M0 1'
    for i in $(seq 1 22); do echo "#define M$i M$((i - 1))+M$((i - 1))"; done
    echo 'int bomb = M22;'
  } >src/bomb.cu
  write_good src/good.cu
  write_good src/sub/other.cu
  keep src
  t -o out src
  expect_rc 2
  expect_stderr '^src/bomb\.cu: error: translating this file crashed cu2hip.*\[parse-crash\]' 'a parse-crash error for bomb.cu'
  expect_translation out/good.cu src/good.cu
  expect_translation out/sub/other.cu src/sub/other.cu
  cmp -s src/bomb.cu out/bomb.cu || die "out/bomb.cu is not bomb.cu as it is"
  # One file on its own: the error, and nothing on stdout twice.
  t src/bomb.cu
  expect_rc 2
  expect_stderr '\[parse-crash\]' 'a parse-crash error'
  cmp -s src/bomb.cu "$LOG/stdout" || die "stdout is not bomb.cu as it is, once"
  t check --format jsonl --output - src/bomb.cu src/good.cu
  expect_rc 2
  [ "$(grep -c '"parse-crash"' "$LOG/stdout")" = 1 ] || die "want one parse-crash record on stdout: $(head -c 300 "$LOG/stdout")"
  # --in-place: the others are translated once, bomb.cu is untouched.
  cp -r src inplace
  t --in-place --backup .orig inplace
  expect_rc 2
  cmp -s inplace/bomb.cu src/bomb.cu || die "inplace/bomb.cu changed"
  [ ! -e inplace/bomb.cu.orig ] || die "a backup of the untouched bomb.cu was made"
  cmp -s inplace/good.cu.orig src/good.cu || die "inplace/good.cu.orig is not the original"
  hipify src/good.cu | cmp -s - inplace/good.cu || die "inplace/good.cu is not translated"
  unchanged src
}

sc_unterminated() {
  mkdir src
  printf '#include <cuda_runtime.h>\nvoid f() { cudaDeviceReset(); }\n/* never closed: cudaMalloc\nmore\n' >src/comment.cu
  printf '#include <cuda_runtime.h>\nvoid f() { cudaDeviceReset(); }\nconst char *s = "never closed cudaMalloc\nvoid g() { cudaFree(0); }\n' >src/string.cu
  printf '#include <cuda_runtime.h>\n#if 1\nvoid f() { cudaDeviceReset(); }\n' >src/if.cu
  printf "#include <cuda_runtime.h>\nvoid f() { cudaDeviceReset(); char c = 'x; }\n" >src/char.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 0
  expect_stderr 'src/comment\.cu:3:1: warning: .*unterminated' "the unterminated comment at comment.cu:3:1"
  expect_stderr 'src/string\.cu:3:17: warning: ' "a parse warning at the unterminated string (string.cu:3:17)"
  expect_stderr 'src/if\.cu:2:2: warning: .*unterminated' "the unterminated #if at if.cu:2:2"
  expect_stderr 'src/char\.cu:2:4[0-9]: warning: ' "a parse warning at the unterminated character (char.cu:2)"
  local f
  for f in comment string if char; do
    grep -q 'void f() { hipDeviceReset();' out/$f.cu || die "out/$f.cu: the code before the problem is not translated"
  done
  grep -q 'never closed: cudaMalloc' out/comment.cu || die "out/comment.cu: the comment's text was changed"
  expect_translation out/good.cu src/good.cu
  t src/comment.cu
  expect_rc 0
  grep -q 'hipDeviceReset' "$LOG/stdout" || die "stdout is not the translation"
  t check src
  expect_rc 0
  unchanged src
  cp -a src ip
  t --in-place ip
  expect_rc 0
  grep -q 'void f() { hipDeviceReset(); }' ip/if.cu || die "ip/if.cu was not translated in place"
}

sc_line_endings() {
  mkdir src
  printf '#include <cuda_runtime.h>\rvoid f(float **p) {\r  cudaMalloc(p, 4);\r  __nanosleep(1);\r}\r' >src/cr.cu
  printf '#include <cuda_runtime.h>\r\nvoid f(float **p) {\n  cudaMalloc(p, 4);\r  cudaFree(*p);\r\n\r\n' >src/mixed.cu
  printf '  __nanosleep(1);\n}\rvoid g() { cudaDeviceReset(); }' >>src/mixed.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 1
  # Positions count lines the way compilers do: CR, LF and CR LF each end one.
  expect_stderr 'src/cr\.cu:4:3: error: .*__nanosleep' "the error at cr.cu:4:3"
  expect_stderr 'src/mixed\.cu:6:3: error: .*__nanosleep' "the error at mixed.cu:6:3"
  expect_translation out/cr.cu src/cr.cu
  expect_translation out/mixed.cu src/mixed.cu
  expect_translation out/good.cu src/good.cu
  t src/cr.cu
  expect_rc 1
  hipify src/cr.cu | cmp -s - "$LOG/stdout" || die "stdout lost the CR line endings"
  unchanged src
  cp -a src ip
  t --in-place --backup .orig ip
  expect_rc 1
  expect_translation ip/cr.cu src/cr.cu
  expect_translation ip/mixed.cu src/mixed.cu
  cmp -s ip/mixed.cu.orig src/mixed.cu || die "ip/mixed.cu.orig is not the original"
}

sc_utf8_bom() {
  mkdir src
  printf '\357\273\277#include <cuda_runtime.h>\r\nvoid f() {\r\n  cudaDeviceReset(); __nanosleep(1);\r\n}\r\n' >src/bom.cu
  printf '\357\273\277' >src/bom_only.cu
  printf '\357\273\277\357\273\277void f() { cudaDeviceReset(); }\n' >src/two_boms.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 1
  expect_stderr 'src/bom\.cu:3:22: error: .*__nanosleep' "the error at bom.cu:3:22"
  expect_translation out/bom.cu src/bom.cu
  cmp -s out/bom_only.cu src/bom_only.cu || die "out/bom_only.cu is not the BOM alone"
  head -c 3 out/two_boms.cu | cmp -s - <(printf '\357\273\277') || die "out/two_boms.cu lost its BOM"
  expect_translation out/good.cu src/good.cu
  t src/bom.cu
  expect_rc 1
  hipify src/bom.cu | cmp -s - "$LOG/stdout" || die "stdout lost the BOM or the CR LF line endings"
  unchanged src
  cp -a src ip
  t --in-place ip
  expect_rc 1
  expect_translation ip/bom.cu src/bom.cu
  cmp -s ip/bom_only.cu src/bom_only.cu || die "ip/bom_only.cu changed"
}

sc_many_macros() {
  mkdir src
  {
    awk 'BEGIN { for (i = 0; i < 50000; i++) printf "#define M%d(x) cudaMemcpy(x, x, %d, cudaMemcpyDeviceToDevice)\n", i, i }'
    printf '#include <cuda_runtime.h>\nvoid g(float *d) { M49999(d); cudaDeviceReset(); }\n'
  } >src/macros.cu
  write_good src/good.cu
  keep src
  t -o out src
  expect_rc 0
  # The macros come before the file's own include: HIP's runtime header is
  # added first, where nvcc's implicit one would be.
  { echo '#include <hip/hip_runtime.h>'; hipify src/macros.cu; } | cmp -s - out/macros.cu ||
    die "out/macros.cu is not the translation of src/macros.cu with the runtime header first"
  [ "$(grep -c 'hipMemcpy(x, x, [0-9]*, hipMemcpyDeviceToDevice)' out/macros.cu)" = 50000 ] ||
    die "not every macro body was translated"
  expect_translation out/good.cu src/good.cu
  t check src/macros.cu
  expect_rc 0
  unchanged src
}

sc_unreadable_file() {
  find_unprivileged
  mkdir -p src/inc out
  write_good src/good.cu
  write_good src/secret.cu
  printf '#pragma once\n#include <cuda_runtime.h>\ninline void sync_all() { cudaDeviceReset(); }\n' >src/inc/util.cuh
  chmod -R a+rX src
  chmod 000 src/secret.cu
  chmod 777 out
  keep src
  tn -o out/a src
  expect_rc 2
  expect_stderr 'src/secret\.cu: error: .*([Pp]ermission denied).*\[input-error\]' "an input-error naming secret.cu"
  expect_translation out/a/good.cu src/good.cu
  [ -f out/a/inc/util.cuh ] || die "out/a/inc/util.cuh was not written"
  [ ! -e out/a/secret.cu ] || die "out/a/secret.cu was written"
  tn -o out/b src/secret.cu src/good.cu
  expect_rc 2
  expect_stderr 'secret\.cu.*[Pp]ermission denied'
  expect_translation out/b/good.cu src/good.cu
  tn src/secret.cu
  expect_rc 2
  expect_stdout_empty
  tn check src
  expect_rc 2
  unchanged src
  # In place, in a tree the user may write.
  cp -a src ip
  chmod 777 ip ip/inc
  chmod 666 ip/good.cu ip/inc/util.cuh
  keep ip/secret.cu
  tn --in-place ip
  expect_rc 2
  expect_stderr 'ip/secret\.cu.*[Pp]ermission denied'
  unchanged ip/secret.cu
  expect_translation ip/good.cu src/good.cu
  chmod 644 src/secret.cu ip/secret.cu
}

sc_unreadable_dir() {
  find_unprivileged
  mkdir -p src/locked src/open out
  write_good src/good.cu
  write_good src/locked/hidden.cu
  write_good src/open/visible.cu
  chmod -R a+rX src
  chmod 000 src/locked
  chmod 777 out
  keep src
  tn -o out/a src
  expect_rc 2
  expect_stderr 'src/locked: error: .*[Pp]ermission denied.*\[input-error\]' "an input-error naming src/locked"
  # The folder is no file: its error counts as an error, not as a failed file.
  expect_stderr '^cu2hip: 2 files: 2 translated \(2 changed, [0-9]+ edits?\); 1 error' "a summary of the 2 files"
  ! grep -q 'failed' "$LOG/stderr" || die "the folder counted as a failed file: $(grep failed "$LOG/stderr")"
  expect_translation out/a/good.cu src/good.cu
  expect_translation out/a/open/visible.cu src/open/visible.cu
  [ ! -e out/a/locked/hidden.cu ] || die "a file of the unreadable directory was written"
  tn check src
  expect_rc 2
  expect_stderr 'src/locked.*[Pp]ermission denied'
  tn -o out/b src/locked
  expect_rc 2
  expect_stderr 'src/locked.*[Pp]ermission denied'
  unchanged src
  chmod 755 src/locked
}

# --offload-arch is written into Makefile recipes, CMake properties and
# setup.py flags: anything but an architecture (gfx + hex digits, optional
# :feature+/- suffixes) is a usage error of every command, naming the option
# and the value (control characters escaped), before anything is written.
sc_offload_arch_injection() {
  mkdir -p src
  write_good src/a.cu
  printf 'all: a.o\na.o: a.cu\n\tnvcc -arch=sm_80 -c a.cu -o a.o\n' >src/Makefile
  printf 'cmake_minimum_required(VERSION 3.18)\nproject(p LANGUAGES CXX CUDA)\nset(CMAKE_CUDA_ARCHITECTURES 80)\nadd_executable(a a.cu)\n' >src/CMakeLists.txt
  keep src
  local bad
  for bad in "gfx942;touch $PWD/pwned" 'gfx942 $(shell touch pwned)' 'gfxZZZ' 'gfx942`id`' 'gfx942:xnack' \
    'gfx90a:xnack+ -o x' 'sm_80' 'gfx' "gfx942$(printf '\033')[31m" "$(printf 'gfx942\nsrc/a.cu:1:1: error: forged')"; do
    rm -rf out
    t -o out --offload-arch "$bad" src
    expect_rc 2
    expect_stderr "^cu2hip: --offload-arch: '.*' is not an AMD GPU architecture" "the option named ($bad)"
    [ ! -e out ] || die "out/ was written for --offload-arch '$bad'"
    [ ! -e pwned ] && [ ! -e src/pwned ] || die "--offload-arch '$bad' ran a command"
    ! grep -q "$(printf '\033')" "$LOG/stderr" || die "an escape character reached stderr raw"
    ! grep -q '^src/a.cu:1:1: error: forged' "$LOG/stderr" || die "a newline in the value forged a line"
    t check --offload-arch "$bad" src/a.cu
    expect_rc 2
    expect_stderr "^cu2hip: --offload-arch: " "check names the option ($bad)"
    t doctor --offload-arch "$bad"
    expect_rc 2
    expect_stderr "^cu2hip doctor: --offload-arch: '.*' is not an AMD GPU architecture" "doctor names the option ($bad)"
  done
  t -o out --offload-arch "$(printf 'gfx\033]0;x\007')" src
  expect_rc 2
  expect_stderr "'gfx\\\\x1b\\]0;x\\\\x07'" "the value printed escaped"
  t -o out --offload-arch gfx942,gfx90a src
  expect_rc 2
  expect_stderr 'give one architecture'
  rm -rf out
  t -q -o out --offload-arch gfx90a:xnack+ src
  expect_rc 0 1
  grep -q 'hipcc --offload-arch=gfx90a:xnack+ -c a.cu -o a.o' out/Makefile ||
    die "a valid architecture was not used: $(grep -m1 hipcc out/Makefile)"
  unchanged src
}

sc_symlink_loop() {
  mkdir src
  write_good src/good.cu
  ln -s loop src/loop
  ln -s pong.cu src/ping.cu
  ln -s ping.cu src/pong.cu
  mkdir src/sub
  ln -s .. src/sub/up
  keep src
  t -o out src
  expect_rc 0 2
  expect_stderr 'src/loop: .*loop' "a diagnostic naming the looping link src/loop"
  expect_stderr 'src/ping\.cu: .*loop' "a diagnostic naming src/ping.cu"
  expect_translation out/good.cu src/good.cu
  [ ! -e out/loop ] || die "the looping link was followed"
  [ ! -e out/sub/up ] || [ -L out/sub/up ] || die "the link sub/up -> .. was walked into"
  t -o out2 src/ping.cu src/good.cu
  expect_rc 2
  expect_stderr 'src/ping\.cu: error: .*([Tt]oo many levels|loop)' "an input-error naming src/ping.cu"
  expect_translation out2/good.cu src/good.cu
  t check src
  expect_rc 0 2
  unchanged src
  cp -a src ip
  t --in-place ip
  expect_rc 0 2
  [ "$(readlink ip/loop)" = loop ] && [ "$(readlink ip/ping.cu)" = pong.cu ] || die "a link in the tree was replaced"
  expect_translation ip/good.cu src/good.cu
}

sc_symlink_outside() {
  mkdir -p src outside/deep
  write_good src/good.cu
  write_good outside/x.cu
  write_good outside/deep/y.cu
  ln -s ../outside src/ext
  ln -s ../outside/x.cu src/linked.cu
  keep src
  keep outside
  t -o out src
  expect_rc 0 2
  expect_stderr 'src/ext: .*outside' "a diagnostic naming the link to a directory outside"
  expect_stderr 'src/linked\.cu: .*outside' "a diagnostic naming the link to a file outside"
  expect_translation out/good.cu src/good.cu
  [ ! -e out/ext/x.cu ] && [ ! -e out/ext/deep/y.cu ] || die "the link to outside/ was followed"
  t check src
  expect_rc 0 2
  cp -a src ip
  t --in-place --backup .orig ip
  expect_rc 0 2
  expect_translation ip/good.cu src/good.cu
  [ -L ip/linked.cu ] && [ -L ip/ext ] || die "a link in the tree was replaced"
  unchanged outside
  unchanged src
}

# A symbolic link named on the command line with --in-place: it must stay a
# link (its target translated, or the link refused), not become a copy.
sc_in_place_named_link() {
  mkdir src
  write_good src/real.cu
  ln -s real.cu src/link.cu
  cp src/real.cu original.cu
  t --in-place src/link.cu
  expect_rc 0 2
  [ -L src/link.cu ] && [ "$(readlink src/link.cu)" = real.cu ] ||
    die "src/link.cu is no longer a link to real.cu (it became a regular file)"
  if [ "$rc" = 0 ]; then
    expect_translation src/real.cu original.cu
  else
    expect_stderr 'link\.cu' "a diagnostic naming the link"
    cmp -s src/real.cu original.cu || die "src/real.cu changed although the run refused the link"
  fi
}

sc_odd_names() {
  mkdir -p "src/dir with space"
  local nl=$'src/new\nline.cu' latin1=$'src/caf\351.cu' f
  local names=("src/dir with space/with space.cu" "$nl" "src/ünïcödé.cu" "$latin1" "src/-dash.cu" "src/a'quote\"d.cu")
  for f in "${names[@]}"; do
    printf '#include <cuda_runtime.h>\n__device__ void fence() { asm volatile("membar.gl;"); }\nvoid h() { cudaDeviceReset(); }\n' >"$f"
  done
  keep src
  t -o out src
  expect_rc 0
  for f in "${names[@]}"; do
    expect_translation "out/${f#src/}" "$f"
    grep -qF -- "${f##*/}" "$LOG/stderr" || die "no diagnostic names '${f##*/}'"
  done
  # Text diagnostics escape the newline: no line of stderr starts with the
  # name's second half, as if it were a diagnostic of its own.
  expect_stderr '^src/new\\nline\.cu:2:[0-9]+: warning:' "the name 'new<LF>line.cu' escaped, with its position"
  ! grep -q '^line\.cu' "$LOG/stderr" || die "a newline of a file name reached stderr"
  expect_stderr "^src/ünïcödé\\.cu:2:[0-9]+: warning:" "a diagnostic naming ünïcödé.cu with its position"
  t check --format json --output report.json src
  expect_rc 0
  if command -v python3 >/dev/null 2>&1; then
    python3 - report.json "${#names[@]}" 2>"$LOG/py" <<'EOF' || die "report.json does not list the files: $(head -c 300 "$LOG/py")"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
paths = {x["location"]["path"] for x in d["diagnostics"]}
assert len(paths) == int(sys.argv[2]), paths
assert "src/new\nline.cu" in paths and "src/ünïcödé.cu" in paths, paths
EOF
  fi
  unchanged src
  cp -a src ip
  t --in-place ip
  expect_rc 0
  for f in "${names[@]}"; do
    expect_translation "ip/${f#src/}" "$f"
  done
}

# A file named on the command line whose name starts with '-' (after `--`).
sc_leading_dash_name() {
  mkdir src
  write_good src/-dash.cu
  write_good src/good.cu
  keep src
  (cd src && "$TOOL" -- -dash.cu >"$LOG/stdout" 2>"$LOG/stderr")
  rc=$?
  check_sane
  expect_rc 0
  hipify src/-dash.cu | cmp -s - "$LOG/stdout" || die "-- -dash.cu: stdout is not the translation (stderr: $(stderr_excerpt))"
  (cd src && "$TOOL" -o ../out -- -dash.cu good.cu >"$LOG/stdout" 2>"$LOG/stderr")
  rc=$?
  check_sane
  expect_rc 0
  expect_translation out/-dash.cu src/-dash.cu
  unchanged src
}

sc_out_inside_input() {
  mkdir -p src/sub
  write_good src/good.cu
  write_good src/sub/more.cu
  keep src/sub
  keep src/good.cu
  t -o src/out src
  expect_rc 0
  expect_translation src/out/good.cu src/good.cu
  expect_translation src/out/sub/more.cu src/sub/more.cu
  t -o src/out src
  expect_rc 0
  [ ! -e src/out/out ] || die "the output directory was walked into (src/out/out exists)"
  t -o src/sub/out src/sub
  expect_rc 0
  [ ! -e src/sub/out/out ] || die "the output directory was walked into"
  rm -rf src/sub/out src/out
  unchanged src/sub
  unchanged src/good.cu
}

sc_out_is_input_dir() {
  mkdir src
  write_good src/good.cu
  keep src
  t -o src src
  expect_rc 2
  expect_stderr 'src' "a diagnostic naming the directory"
  unchanged src
  t -o src src/good.cu
  expect_rc 2
  unchanged src
}

sc_out_is_a_file() {
  mkdir src
  write_good src/good.cu
  echo "not a directory" >out.txt
  keep src
  keep out.txt
  t -o out.txt src
  expect_rc 2
  expect_stderr 'out\.txt.*([Nn]ot a directory|[Ff]ile exists)' "a message naming out.txt"
  unchanged out.txt
  unchanged src
}

sc_readonly_out() {
  find_unprivileged
  mkdir src out
  write_good src/good.cu
  write_good src/other.cu
  chmod -R a+rX src
  chmod 555 out
  keep src
  tn -o out src
  expect_rc 2
  expect_stderr 'src/good\.cu: error: output out/good\.cu: .*[Pp]ermission denied.*\[input-error\]' "an input-error naming out/good.cu under its input"
  expect_stderr 'src/other\.cu: error: output out/other\.cu: .*[Pp]ermission denied' "an input-error naming out/other.cu under its input"
  [ -z "$(find out -mindepth 1)" ] || die "files appeared in the read-only output: $(find out -mindepth 1 | tr '\n' ' ')"
  # A read-only directory in place: no temporary can be made beside the files.
  cp -a src ro
  chmod 777 ro/good.cu ro/other.cu
  chmod 555 ro
  keep ro
  tn --in-place --backup .orig ro
  expect_rc 2
  expect_stderr 'ro/good\.cu.*[Pp]ermission denied' "an input-error naming ro/good.cu"
  unchanged ro
  chmod 755 out ro
  unchanged src
}

# Ten sources of about 17 KB and their translations under exp/.
disk_tree() {
  local i
  mkdir src
  for i in 0 1 2 3 4 5 6 7 8 9; do
    awk -v i="$i" 'BEGIN { print "#include <cuda_runtime.h>"
      for (j = 0; j < 300; j++) printf "void f%d_%d(float *d) { cudaMemset(d, 0, %d); } // padding\n", i, j, j }' >src/f$i.cu
  done
  t -q -o exp src
  expect_rc 0
  rm -f exp/.[!.]*
}

# outputs_whole OUT: every file in OUT is complete (equal to its
# counterpart in exp/), none is a leftover temporary, and every file of
# exp/ missing from OUT is named on stderr.
outputs_whole() {
  local out=$1 f
  no_temporaries "$out"
  while IFS= read -r f; do
    if [ -e "$out/$f" ]; then
      cmp -s "$out/$f" "exp/$f" || die "$out/$f is partial ($(stat -c %s "$out/$f") bytes, want $(stat -c %s "exp/$f"))"
    else
      grep -qF "$f" "$LOG/stderr" || die "$f is missing from $out but no diagnostic names it"
    fi
  done < <(cd exp && find . -type f | sed 's|^\./||')
}

# in_place_whole DIR: every source in DIR is its original or its complete
# translation, every backup is the original, no temporary is left.
in_place_whole() {
  local dir=$1 f
  no_temporaries "$dir"
  for f in src/*.cu; do
    f=${f#src/}
    cmp -s "$dir/$f" "src/$f" || cmp -s "$dir/$f" "exp/$f" || die "$dir/$f is neither the original nor its translation"
    [ ! -e "$dir/$f.orig" ] || cmp -s "$dir/$f.orig" "src/$f" || die "$dir/$f.orig is not the original"
  done
}

sc_full_disk() {
  disk_tree
  keep src
  mkdir out saved ip saved_ip
  cp -a src pristine
  local how=tmpfs
  in_tmpfs 64k out sh -c '"$TOOL" -j2 -o out src >"$1/stdout" 2>"$1/stderr"; echo $? >"$1/rc"; cp -a out/. saved/' sh "$LOG"
  case $? in
    99)
      how=LD_PRELOAD
      build_fault_lib
      tfault C2H_FAULT_ENOSPC_DIR="$PWD/saved" C2H_FAULT_ENOSPC_AFTER=60000 -- -j2 -o saved src
      ;;
    0) rc=$(cat "$LOG/rc") && check_sane ;;
    *) die "the tmpfs run failed" ;;
  esac
  expect_rc 2
  expect_stderr '[Nn]o space left on device' "'No space left on device' ($how)"
  outputs_whole saved
  [ -n "$(ls saved)" ] || die "nothing fit on the disk: the case tests nothing"
  unchanged src
  # In place on a full disk: backups and temporaries do not fit.
  if [ $how = tmpfs ]; then
    in_tmpfs 200k ip sh -c 'cp -a pristine/. ip/ && "$TOOL" -j2 --in-place --backup .orig ip >"$1/stdout" 2>"$1/stderr"
      echo $? >"$1/rc"; cp -a ip/. saved_ip/' sh "$LOG"
    rc=$(cat "$LOG/rc")
    check_sane
  else
    cp -a pristine/. saved_ip/
    tfault C2H_FAULT_ENOSPC_DIR="$PWD/saved_ip" C2H_FAULT_ENOSPC_AFTER=60000 -- -j2 --in-place --backup .orig saved_ip
  fi
  expect_rc 2
  expect_stderr '[Nn]o space left on device'
  in_place_whole saved_ip
}

sc_enospc_injected() {
  build_fault_lib
  disk_tree
  keep src
  mkdir out
  tfault C2H_FAULT_ENOSPC_DIR="$PWD/out" C2H_FAULT_ENOSPC_AFTER=60000 -- -j2 -o out src
  expect_rc 2
  expect_stderr 'src/f[0-9]\.cu: error: output out/f[0-9]\.cu: cannot write: [Nn]o space left on device' "an error naming the file that did not fit"
  outputs_whole out
  [ -n "$(ls out)" ] || die "nothing was written: the case tests nothing"
  cp -a src ip
  tfault C2H_FAULT_ENOSPC_DIR="$PWD/ip" C2H_FAULT_ENOSPC_AFTER=60000 -- -j1 --in-place --backup .orig ip
  expect_rc 2
  expect_stderr 'ip/f[0-9]\.cu.*[Nn]o space left on device'
  in_place_whole ip
  unchanged src
}

sc_vanishing_files() {
  build_fault_lib
  mkdir src
  local f
  for f in a b c d e; do write_good src/$f.cu; done
  keep src
  local jobs
  for jobs in 1 2; do
    rm -rf out
    tfault C2H_FAULT_OPEN="b.cu:ENOENT,d.cu:EACCES" -- -j$jobs -o out src
    expect_rc 2
    expect_stderr 'src/b\.cu: error: .*[Nn]o such file.*\[input-error\]' "an input-error naming the vanished b.cu (-j$jobs)"
    expect_stderr 'src/d\.cu: error: .*[Pp]ermission denied.*\[input-error\]' "an input-error naming the unreadable d.cu (-j$jobs)"
    for f in a c e; do expect_translation out/$f.cu src/$f.cu; done
    [ ! -e out/b.cu ] && [ ! -e out/d.cu ] || die "a file that could not be read was written (-j$jobs)"
  done
  tfault C2H_FAULT_OPEN="b.cu:ENOENT" -- src/b.cu
  expect_rc 2
  expect_stdout_empty
  tfault C2H_FAULT_OPEN="c.cu:EIO" -- check src
  expect_rc 2
  expect_stderr 'src/c\.cu.*[Ii]nput/output error'
  unchanged src
  cp -a src ip
  keep ip/b.cu
  keep ip/d.cu
  tfault C2H_FAULT_OPEN="b.cu:ENOENT,d.cu:EACCES" -- -j2 --in-place --backup .orig ip
  expect_rc 2
  unchanged ip/b.cu
  unchanged ip/d.cu
  [ ! -e ip/b.cu.orig ] && [ ! -e ip/d.cu.orig ] || die "a file that could not be read got a backup"
  for f in a c e; do expect_translation ip/$f.cu src/$f.cu; done
}

sc_time_limit() {
  mkdir src
  write_good src/good.cu
  write_good src/other.cu
  keep src
  # One millisecond: less than any parse takes.
  t -o out --file-time-limit 0.001 src
  expect_rc 2
  expect_stderr 'src/good\.cu: error: .*time limit.*\[time-limit\]' "a time-limit error naming good.cu"
  cmp -s out/good.cu src/good.cu || die "out/good.cu is not the input as it is"
  cp -a src ip
  keep ip
  t --in-place --file-time-limit 0.001 ip
  expect_rc 2
  unchanged ip
  t -o out2 --file-time-limit 600 src
  expect_rc 0
  expect_translation out2/good.cu src/good.cu
  unchanged src
}

# tt ARGS...: t under a time limit (a run that waits forever fails the case).
tt() {
  timeout 30 "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  [ "$rc" != 124 ] || die "cu2hip $* did not finish in 30 s (it waits on something)"
  check_sane
}

# A named pipe (nobody writes it) or a device where cu2hip reads its own
# files: --config, --rules, the incremental cache and its journal. Each is
# refused at once, naming it, and a pipe is never waited on nor replaced.
sc_fifo_settings() {
  write_good src/a.cu
  mkfifo pipe || skip "mkfifo failed"
  local opt
  for opt in --config --rules; do
    tt "$opt" pipe src/a.cu
    expect_rc 2
    expect_stderr '^pipe: error: a named pipe \(FIFO\), not a regular file' "$opt pipe refused, naming it"
    tt "$opt" /dev/zero src/a.cu
    expect_rc 2
    expect_stderr '^/dev/zero: error: a character device, not a regular file'
  done
  mkdir out
  mkfifo out/.cu2hip-cache.json
  tt -o out src
  expect_rc 0
  expect_stderr 'out/\.cu2hip-cache\.json: warning: .*named pipe' "the cache named as a pipe"
  [ -p out/.cu2hip-cache.json ] || die "the pipe where the cache goes was replaced"
  expect_translation out/a.cu src/a.cu
  rm -rf out
  mkdir out
  mkfifo out/.cu2hip-journal
  tt -o out src
  expect_rc 0
  expect_stderr 'out/\.cu2hip-journal: warning: .*named pipe' "the journal named as a pipe"
  [ -p out/.cu2hip-journal ] || die "the pipe where the journal goes was replaced or removed"
  expect_translation out/a.cu src/a.cu
  tt -o out src
  expect_rc 0
}

# YAML nested 100,000 deep (200 KB of `[`) as --rules and as .cu2hip.yaml:
# refused at once at the first level past the limit (64), with its place;
# libyaml alone takes time growing with the square of the depth.
sc_deep_yaml() {
  write_good src/a.cu
  { printf 'functions:\n  cudaX: '; head -c 100000 /dev/zero | tr '\0' '['; echo; } >deep.yaml
  local started
  started=$(date +%s)
  tt --no-config --rules deep.yaml src/a.cu
  expect_rc 2
  expect_stderr '^deep\.yaml:2:[0-9]+: error: .*nested more than 64 deep' "the depth refused at its place"
  mkdir proj
  write_good proj/a.cu
  cp deep.yaml proj/.cu2hip.yaml
  (cd proj && tt a.cu)
  expect_rc 2
  expect_stderr '\.cu2hip\.yaml:2:[0-9]+: error: .*nested more than 64 deep' "the config's depth refused at its place"
  [ $(($(date +%s) - started)) -le 20 ] || die "refusing deep YAML took $(($(date +%s) - started)) s"
  # Within the limit: read as usual (this one is not a rule, which is told).
  { printf 'functions:\n  cudaX: '; head -c 60 /dev/zero | tr '\0' '['; head -c 60 /dev/zero | tr '\0' ']'; echo; } >ok.yaml
  tt --no-config --rules ok.yaml src/a.cu
  expect_rc 2
  grep -q 'nested more than' "$LOG/stderr" && die "60 levels were refused as too deep"
  expect_stderr '^ok\.yaml:[0-9]+:[0-9]+: error:'
}

# --in-place --backup run twice, with an edit in between: the first
# backup (the only copy of the CUDA original) is kept, and the second
# run's starting point gets a numbered backup, with a note.
sc_backup_twice() {
  write_good a.cu
  cp a.cu original
  t --in-place --backup=.orig a.cu
  expect_rc 0
  cmp -s a.cu.orig original || die "the first backup is not the original"
  printf 'void more() { cudaFree(0); }\n' >>a.cu
  cp a.cu second
  t --in-place --backup=.orig a.cu
  expect_rc 0
  cmp -s a.cu.orig original || die "a.cu.orig, the CUDA original, was replaced by the second run"
  cmp -s a.cu.orig.1 second || die "the file as the second run found it was not backed up as a.cu.orig.1"
  expect_stderr 'a\.cu: note: backup .*a\.cu\.orig exists and is kept.* backed up as .*a\.cu\.orig\.1 \[backup-kept\]'
  # A backup that holds the file as it is (a run stopped after its
  # backup) is used as it is: no second copy.
  write_good b.cu
  cp b.cu b.cu.orig
  t --in-place --backup=.orig b.cu
  expect_rc 0
  [ ! -e b.cu.orig.1 ] || die "b.cu.orig already held b.cu, and b.cu.orig.1 was made too"
  grep -q backup-kept "$LOG/stderr" && die "a note for a backup that held the file already"
  # A link where the backup goes is the user's: kept, not replaced.
  write_good c.cu
  echo mine >mine
  ln -s mine c.cu.orig
  t --in-place --backup=.orig c.cu
  expect_rc 0
  [ -L c.cu.orig ] && [ "$(cat mine)" = mine ] || die "the link c.cu.orig was replaced or written through"
  [ -f c.cu.orig.1 ] || die "no numbered backup beside the kept link"
  true
}

# A report (--output, --report) named onto one of the inputs, or onto a
# file inside a tree --in-place rewrites: refused (exit 2) before anything
# is written; nothing of the tree changes and no OUT is made.
sc_report_on_input() {
  write_good in/a.cu
  write_good in/b.cu
  echo "my notes" >in/notes.md
  keep in
  t check --format json --output in/a.cu in
  expect_rc 2
  expect_stderr '--output in/a\.cu: this file is one of the inputs' "the refusal naming --output and the input"
  t -o out --output in/b.cu in
  expect_rc 2
  [ ! -e out ] || die "OUT was made by a run refused for its report"
  t -o out --report in/notes.md in
  expect_rc 2
  expect_stderr '--report in/notes\.md: this file is one of the inputs'
  t --in-place --report in/notes.md in
  expect_rc 2
  expect_stderr '--report in/notes\.md: this file is inside .*--in-place'
  t --output in/a.cu in/a.cu
  expect_rc 2
  expect_stdout_empty
  unchanged in
  # A new file there replaces nothing: written as asked.
  t -o out --report in/new.md in
  expect_rc 0
  [ -s in/new.md ] || die "the report in/new.md was not written"
}

# A symbolic link a person put in OUT where an output goes (out/a.cu ->
# ../mine/a.cu): kept as it is and reported (output-edited), like a file
# edited there, never replaced nor written through; a link cu2hip made
# itself (an input's link, recreated) is still its own to replace.
sc_link_in_out() {
  write_good src/a.cu
  write_good src/b.cu
  echo notes >src/notes.txt
  mkdir mine
  t -o out src
  expect_rc 0
  echo "// mine" >mine/a.cu
  echo "mine too" >mine/notes.txt
  ln -sf ../mine/a.cu out/a.cu
  ln -sf ../mine/notes.txt out/notes.txt
  keep mine
  t -o out src
  expect_rc 0
  [ -L out/a.cu ] && [ "$(readlink out/a.cu)" = ../mine/a.cu ] || die "the link out/a.cu was replaced"
  [ -L out/notes.txt ] || die "the link out/notes.txt was replaced"
  expect_stderr 'src/a\.cu: warning: out/a\.cu is a symbolic link \(to \.\./mine/a\.cu\).*kept.*\[output-edited\]'
  expect_stderr 'src/notes\.txt: warning: out/notes\.txt is a symbolic link'
  printf 'void more() { cudaFree(0); }\n' >>src/a.cu
  t -o out src
  expect_rc 0
  [ -L out/a.cu ] || die "the link out/a.cu was replaced after its input changed"
  unchanged mine
  # No cache at all: the same.
  mkdir out2
  ln -s ../mine/a.cu out2/a.cu
  t -o out2 src
  expect_rc 0
  [ -L out2/a.cu ] || die "the link out2/a.cu was replaced (no cache)"
  unchanged mine
  expect_translation out2/b.cu src/b.cu
  # --overwrite-edited replaces the link (not what it points to).
  t -o out2 --overwrite-edited src
  expect_rc 0
  [ ! -L out2/a.cu ] || die "--overwrite-edited kept the link"
  expect_translation out2/a.cu src/a.cu
  unchanged mine
  # An input's link, recreated by cu2hip, then the input made a file: the
  # old link is cu2hip's, and is replaced without a word.
  ln -s b.cu src/l.cu
  t -o out3 src
  [ -L out3/l.cu ] || die "the input link src/l.cu was not recreated"
  rm src/l.cu
  write_good src/l.cu
  t -o out3 src
  expect_rc 0
  [ ! -L out3/l.cu ] || die "cu2hip's own link out3/l.cu was taken for the user's"
  expect_translation out3/l.cu src/l.cu
}

# A folder whose only source has a hand-edited output, or whose only
# source cannot be translated: the source was found, so the run says what
# happened to it (output-edited, exit 0; or the input error, exit 2), not
# "no CUDA sources found".
sc_only_source_kept_or_failed() {
  write_good src/a.cu
  t -o out src
  expect_rc 0
  echo "// mine" >>out/a.cu
  t -o out src
  expect_rc 0
  expect_stderr 'out/a\.cu was edited.*\[output-edited\]'
  grep -q 'no CUDA sources' "$LOG/stderr" && die "a source with a kept output was called no CUDA source"
  mkdir deep
  { printf '#include <cuda_runtime.h>\nint f() { return '; repeat 5000 '('; printf 1; repeat 5000 ')'; printf '; }\n'; } >deep/d.cu
  t -o out2 deep
  expect_rc 2
  expect_stderr 'deep/d\.cu: error: .*\[input-error\]'
  grep -q 'no CUDA sources' "$LOG/stderr" && die "a source that failed was called no CUDA source"
  # A folder of C++ without CUDA is still told.
  mkdir plain
  echo 'int main() { return 0; }' >plain/x.cpp
  t -o out3 plain
  expect_rc 2
  expect_stderr 'no CUDA sources found among the files walked'
}

# Names that are not UTF-8 (Latin-1 café.cu) get their incremental cache
# entries like any other (escaped in the JSON): after the input changes,
# cu2hip's own earlier output is redone, not kept as a hand edit; after
# that, it is up to date.
sc_latin1_name_cache() {
  local latin1=$'caf\351.cu' warned=$'warn\351.cu'
  write_good "src/$latin1"
  printf '#include <cuda_runtime.h>\n__device__ void fence() { asm volatile("membar.gl;"); }\nvoid h() { cudaDeviceReset(); }\n' >"src/$warned"
  write_good src/50%.cu
  t -o out src
  expect_rc 0
  local f
  for f in "$latin1" "$warned"; do
    printf 'void later() { cudaFree(0); }\n' >>"src/$f"
  done
  t -o out src
  expect_rc 0
  grep -q 'output-edited' "$LOG/stderr" && die "cu2hip's own output of a Latin-1 name was taken for an edit: $(stderr_excerpt)"
  for f in "$latin1" "$warned" 50%.cu; do
    expect_translation "out/$f" "src/$f"
  done
  t -o out src
  expect_rc 0
  expect_stderr '3 up to date' "every file up to date on the third run"
  # A hand edit of such an output is still told.
  echo "// mine" >>"out/$latin1"
  printf 'void again() { cudaFree(0); }\n' >>"src/$latin1"
  t -o out src
  expect_rc 0
  expect_stderr 'was edited since cu2hip wrote it.*\[output-edited\]'
  # Known from the write journal alone (a run whose cache was not saved:
  # here a folder where it goes): still cu2hip's own.
  mkdir -p jr/src jr/out/.cu2hip-cache.json
  write_good "jr/src/$latin1"
  t -o jr/out jr/src
  [ -s jr/out/.cu2hip-journal ] || die "no journal kept by a run that could not save its cache"
  rmdir jr/out/.cu2hip-cache.json
  printf 'void later() { cudaFree(0); }\n' >>"jr/src/$latin1"
  t -o jr/out jr/src
  expect_rc 0
  grep -q 'output-edited' "$LOG/stderr" && die "an output the journal names was taken for an edit: $(stderr_excerpt)"
  expect_translation "jr/out/$latin1" "jr/src/$latin1"
}

# Build scripts honour --file-time-limit as sources do: a script past it is
# left as it is, with a time-limit error, once (the supervisor used to run
# the whole tree again, the script included, for ever); and translating one
# takes time in proportion to its size (these two took time growing with the
# square, or the cube, of it).
write_big_scripts() {
  mkdir -p src/c src/p
  {
    printf 'cmake_minimum_required(VERSION 3.18)\nproject(p LANGUAGES CXX CUDA)\n'
    awk 'BEGIN { for (i = 0; i < 20000; i++) print "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -gencode=arch=compute_80,code=sm_80\")" }'
  } >src/c/CMakeLists.txt
  {
    printf 'from setuptools import setup\nfrom torch.utils.cpp_extension import CUDAExtension, BuildExtension\n'
    printf 'nvcc_flags = ['
    awk 'BEGIN { for (i = 0; i < 100000; i++) printf "\"--use_fast_math\", " }'
    printf '"-O3"]\n'
    printf 'setup(name="x", ext_modules=[CUDAExtension("x", ["k.cu"], extra_compile_args={"nvcc": nvcc_flags})],\n'
    printf '      cmdclass={"build_ext": BuildExtension})\n'
  } >src/p/setup.py
}

# run_bounded SECONDS ARGS...: t, stopped after SECONDS.
run_bounded() {
  local limit=$1
  shift
  timeout -s KILL "$limit" "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  [ "$rc" != 137 ] || die "the run did not end within $limit s ($(grep -c 'running again' "$LOG/stderr") restarts)"
  check_sane
}

sc_build_script_time_limit() {
  write_good src/good.cu
  write_big_scripts
  keep src
  # One millisecond: less than either script takes.
  run_bounded 60 -o out --file-time-limit 0.001 src
  expect_rc 2
  expect_stderr 'src/c/CMakeLists\.txt: error: .*time limit.*\[time-limit\]' "a time-limit error naming CMakeLists.txt"
  expect_stderr 'src/p/setup\.py: error: .*time limit.*\[time-limit\]' "a time-limit error naming setup.py"
  ! grep -q 'running again' "$LOG/stderr" || die "the run was started again: $(stderr_excerpt)"
  [ ! -e out/c/CMakeLists.txt ] || cmp -s out/c/CMakeLists.txt src/c/CMakeLists.txt ||
    die "out/c/CMakeLists.txt is not the input as it is"
  # With the supervisor off, the limit holds as well.
  CU2HIP_NO_SUPERVISOR=1 run_bounded 60 check --file-time-limit 0.001 src/c src/p
  expect_rc 2
  expect_stderr 'CMakeLists\.txt: error: .*\[time-limit\]' "a time-limit error unsupervised"
  # One second is plenty for both: they are translated, and the source too.
  run_bounded 60 -o out2 --file-time-limit 1 src
  expect_rc 0 1
  ! grep -q 'time-limit\|running again' "$LOG/stderr" || die "a script ran out of time: $(stderr_excerpt)"
  grep -q 'offload-arch=gfx942' out2/c/CMakeLists.txt || die "CMakeLists.txt was not translated"
  grep -q -- '-ffast-math' out2/p/setup.py && ! grep -q -- '--use_fast_math' out2/p/setup.py ||
    die "setup.py was not translated"
  expect_translation out2/good.cu src/good.cu
  unchanged src
}

# 572 bytes of setup.py whose include_dirs= names 6**13 folders (each list
# six copies of the one before): the run reads it for the parse's flags,
# and that reading is bounded, and says where it stopped.
sc_setup_py_expansion() {
  mkdir -p src
  write_good src/good.cu
  {
    printf 'from setuptools import setup\nfrom torch.utils.cpp_extension import CUDAExtension\na0 = ["inc"]\n'
    for i in $(seq 1 13); do
      p=a$((i - 1))
      printf 'a%d = %s + %s + %s + %s + %s + %s\n' "$i" $p $p $p $p $p $p
    done
    printf 'setup(name="x", ext_modules=[CUDAExtension("x", ["good.cu"], include_dirs=a13)])\n'
  } >src/setup.py
  keep src
  for mode in check "-o out" "--in-place"; do
    # shellcheck disable=SC2086
    run_bounded 30 $mode src
    expect_rc 0 1
    expect_stderr 'src/setup\.py:[0-9]+:[0-9]+: warning: include_dirs= expands to more than cu2hip follows' \
      "the cut reported at include_dirs= ($mode)"
    [ "$mode" = --in-place ] || unchanged src
  done
}

# ---- driver ----------------------------------------------------------------

scenarios=(
  empty_file
  fifo_settings
  deep_yaml
  backup_twice
  report_on_input
  link_in_out
  only_source_kept_or_failed
  latin1_name_cache
  binary_file
  invalid_utf8
  nul_bytes
  huge_line
  deep_nesting
  parser_recursion
  binary_chains
  parser_crash
  unterminated
  line_endings
  utf8_bom
  many_macros
  unreadable_file
  unreadable_dir
  offload_arch_injection
  symlink_loop
  symlink_outside
  odd_names
  leading_dash_name
  in_place_named_link
  out_inside_input
  out_is_input_dir
  out_is_a_file
  readonly_out
  full_disk
  enospc_injected
  vanishing_files
  time_limit
  build_script_time_limit
  setup_py_expansion
)
[ -n "${CASES:-}" ] && read -r -a scenarios <<<"$CASES"

passed=0
failed=0
for name in "${scenarios[@]}"; do
  expected_fail=0
  for x in "${EXPECTED_TO_FAIL[@]}"; do [ "$x" = "$name" ] && expected_fail=1; done
  SCENARIO_DIR=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-hostile.XXXXXX") || { echo "mktemp failed" >&2; exit 2; }
  LOG=$SCENARIO_DIR/log
  mkdir -p "$LOG" "$SCENARIO_DIR/work"
  started=$(date +%s)
  reason=$(cd "$SCENARIO_DIR/work" && "sc_$name" 2>&1)
  status=$?
  seconds=$(($(date +%s) - started))
  reason=$(printf '%s' "$reason" | tail -n 1)
  case $status:$expected_fail in
    0:0)
      echo "ok $name ($seconds s)"
      passed=$((passed + 1))
      ;;
    0:1) echo "XPASS $name ($seconds s): it passes now; take it off EXPECTED_TO_FAIL" ;;
    77:*) echo "skip $name: $reason" ;;
    *:1) echo "xfail $name: ${reason:-exit status $status}" ;;
    *)
      echo "FAIL $name ($seconds s): ${reason:-exit status $status}"
      failed=$((failed + 1))
      ;;
  esac
  if [ "$status" = 0 ] || [ "$status" = 77 ] || [ "${KEEP:-0}" != 1 ]; then
    chmod -R u+rwX "$SCENARIO_DIR" 2>/dev/null
    rm -rf "$SCENARIO_DIR"
  else
    echo "  (kept $SCENARIO_DIR)"
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
