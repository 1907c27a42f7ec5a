#!/usr/bin/env bash
# `cu2hip -o DIR --verify` on a small project: what the summary line, the
# warning and the JSON/Markdown/HTML reports say was checked.
#   - without a device library for gfx942 (an empty --device-lib-path) the
#     check is syntax only, and is named so everywhere, never "compiled";
#   - with one (a relative --device-lib-path) the sources are compiled;
#   - inline PTX passes the syntax check but fails the compile, and the
#     summary and report cards then say so;
#   - a .cu file another one #includes is not compiled on its own but
#     reported as part of its includer; with a compile database, its files
#     are the ones compiled; a file a CMake script builds is compiled even
#     when another one includes it, with the script's include folders.
#
# usage: verify_cli_test.sh CU2HIP MAKE_DEVICE_LIBS_SH
# Each scenario prints `ok NAME` or `FAIL NAME: reason`. Exit 77 (skipped)
# without clang++-19, which --hip-compiler pins so that the outcome does not
# depend on a hipcc being installed.
set -u

if [ $# -ne 2 ]; then
  echo "usage: verify_cli_test.sh CU2HIP MAKE_DEVICE_LIBS_SH" >&2
  exit 2
fi
TOOL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
MAKE_DEVICE_LIBS=$2
PYTHON=$(command -v python3 || true)
CLANG=$(command -v clang++-19 || true)
if [ -z "$CLANG" ] || [ -z "$PYTHON" ]; then
  echo "verify_cli_test: skipped: needs clang++-19 and python3"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/verify_cli_test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
# The test suite's own device-library folder ($TMPDIR/cu2hip-device-libs-UID)
# must not be found by accident: each run gets a TMPDIR of its own.
mkdir -p "$work/tmp" "$work/empty" "$work/proj/src" "$work/ptx/src" "$work/db/src" "$work/cmake/src/inc"
if ! sh "$MAKE_DEVICE_LIBS" "$work/devlibs" >"$work/devlibs.log" 2>&1; then
  echo "verify_cli_test: skipped: no gfx942 device library could be made: $(tail -n 1 "$work/devlibs.log")"
  exit 77
fi

cat >"$work/proj/src/kernel.cu" <<'EOF'
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
EOF
cat >"$work/proj/src/main.cu" <<'EOF'
#include <cuda_runtime.h>
#include "kernel.cu"
int main() {
  float *d = 0;
  cudaMalloc(&d, 64 * sizeof(float));
  scale<<<1, 64>>>(d, 2.0f, 64);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
EOF
cat >"$work/proj/src/util.cu" <<'EOF'
#include <cuda_runtime.h>
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
void launch_fill(int *p, int v) { fill<<<1, 32>>>(p, v); }
EOF
# Valid for an NVIDIA GPU and for clang's parser; only a real compile for
# an AMD GPU rejects the PTX.
cat >"$work/ptx/src/lane.cu" <<'EOF'
#include <cuda_runtime.h>
__global__ void lane(unsigned *out) {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  out[threadIdx.x] = id;
}
EOF
cp "$work/proj/src/kernel.cu" "$work/proj/src/main.cu" "$work/proj/src/util.cu" "$work/db/src/"
cp "$work/proj/src/kernel.cu" "$work/cmake/src/"
sed 's/^#include "kernel.cu"$/#include "kernel.cu"\n#include <factor.cuh>/; s/2\.0f/FACTOR/' \
  "$work/proj/src/main.cu" >"$work/cmake/src/main.cu"
echo '#define FACTOR 2.0f' >"$work/cmake/src/inc/factor.cuh"
cat >"$work/cmake/src/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.18)
project(app LANGUAGES CXX CUDA)
include_directories(inc)
add_executable(app main.cu ${CMAKE_CURRENT_SOURCE_DIR}/kernel.cu)
EOF
printf '[{"directory": "%s", "file": "src/main.cu", "command": "nvcc -c src/main.cu"}]\n' "$work/db" \
  >"$work/db/compile_commands.json"

passed=0
failed=0
# run NAME DIR ARGS...: cu2hip in DIR with its own TMPDIR; NAME.err, NAME.rc
run() {
  local name=$1 dir=$2
  shift 2
  mkdir -p "$work/tmp/$name"
  (cd "$dir" && TMPDIR=$work/tmp/$name "$TOOL" --hip-compiler "$CLANG" "$@" >"$work/$name.out" 2>"$work/$name.err")
  echo $? >"$work/$name.rc"
}
check() {
  local name=$1 reason
  err=$work/$1.err
  rc=$(cat "$work/$1.rc")
  summary=$(grep '^cu2hip: .* translated' "$err" || true)
  if reason=$("check_$name" 2>&1); then
    echo "ok $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name: $reason"
    failed=$((failed + 1))
  fi
}
die() { echo "$*"; exit 1; }
says() { case $summary in *"$1"*) ;; *) die "summary lacks '$1': $summary" ;; esac; }
never_says() { case $summary in *"$1"*) die "summary has '$1': $summary" ;; esac; }
# json REPORT PYTHON-EXPRESSIONS...: each holds for d (the report) and
# f (its files by path).
json() {
  local report=$1
  shift
  "$PYTHON" - "$report" "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
f = {x["path"]: x for x in d["files"]}
for e in sys.argv[2:]:
    assert eval(e), "%s is false; totals %r, files %r" % (e, d["totals"], [(x["path"], x.get("verify")) for x in d["files"]])
EOF
}

run syntax "$work/proj" -o out-syntax src --verify --device-lib-path "$work/empty" --report "$work/syntax.json"
run compile "$work" -o compiled proj/src --verify --device-lib-path devlibs --report "$work/compile.json"
run ptx_syntax "$work/ptx" -o out-syntax src --verify --device-lib-path "$work/empty" --report "$work/ptx_syntax.json"
run ptx "$work/ptx" -o out src --verify --device-lib-path "$work/devlibs" --report "$work/ptx.json"
for kind in md html; do
  run "ptx_$kind" "$work/ptx" -o out src --verify --device-lib-path "$work/devlibs" --report "$work/ptx.$kind"
done
run db "$work/db" -o out -p compile_commands.json src --verify --device-lib-path "$work/devlibs" \
  --report "$work/db.json"
run cmake "$work/cmake" -o out src --verify --device-lib-path "$work/devlibs" --report "$work/cmake.json"

check_syntax() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0"
  says "; 2 sources syntax-checked only by --verify (no gfx942 device library): 2 passed, 0 up to date, 0 failed"
  says ", 1 #included part checked within its includer"
  never_says compiled
  [ "$(grep -c '\[verify-syntax-only\]$' "$err")" = 1 ] || die "not one verify-syntax-only warning: $(cat "$err")"
  grep '\[verify-syntax-only\]$' "$err" | grep -q -- '--device-lib-path DIR.*cu2hip doctor' ||
    die "the warning does not say how to get a full compile"
  json "$work/syntax.json" 'd["totals"]["verify"]["mode"] == "syntax-only"' \
    'd["totals"]["verify"]["compiled"] == 0' 'd["totals"]["verify"]["syntax_checked"] == 2' \
    'd["totals"]["verify"]["parts"] == 1' 'f["src/main.cu"]["verify"] == "syntax-only"' \
    'f["src/util.cu"]["verify"] == "syntax-only"' 'f["src/kernel.cu"]["verify"] == "part"' \
    'f["src/kernel.cu"]["verified_as_part_of"] == "src/main.cu"' \
    'not any(x.get("verify") == "compiled" for x in d["files"])'
}

check_compile() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0 ($(tail -n 3 "$err"))"
  says "; 2 sources checked by --verify: 2 compiled, 0 up to date, 0 failed, 1 #included part checked within its includer"
  never_says syntax
  ! grep -q 'verify-syntax-only' "$err" || die "a syntax-only warning with a device library"
  json "$work/compile.json" 'd["totals"]["verify"]["mode"] == "compile"' \
    'd["totals"]["verify"]["compiled"] == 2' 'd["totals"]["verify"]["syntax_checked"] == 0' \
    'f["proj/src/main.cu"]["verify"] == "compiled"' 'f["proj/src/util.cu"]["verify"] == "compiled"' \
    'f["proj/src/kernel.cu"]["verify"] == "part"' \
    'f["proj/src/kernel.cu"]["verified_as_part_of"] == "proj/src/main.cu"'
}

check_ptx_syntax() {
  # The syntax check cannot see the PTX: it passes, and says it only checked syntax.
  says "; 1 source syntax-checked only by --verify (no gfx942 device library): 1 passed, 0 up to date, 0 failed"
  json "$work/ptx_syntax.json" 'f["src/lane.cu"]["verify"] == "syntax-only"'
}

check_ptx() {
  [ "$rc" = 1 ] || die "exit code $rc, want 1 (compile errors)"
  says "; 1 source checked by --verify: 0 compiled, 0 up to date, 1 failed"
  grep -q '\[compile-error\]$' "$err" || die "no compile-error diagnostic"
  json "$work/ptx.json" 'd["totals"]["verify"]["failed"] == 1' 'f["src/lane.cu"]["verify"] == "failed"'
  grep -q '^| Sources that did not compile (--verify) | 1 |$' "$work/ptx.md" || die "the Markdown report does not count the failure"
  grep -Eq '^\| \[?src/lane\.cu(\]\(#file-[0-9]+\))? \| (changed|unchanged) \| failed \|' "$work/ptx.md" || die "the Markdown file table lacks the verify outcome"
  # No card reads "0 failed" next to the compile errors.
  grep -q '<div class="card err"><b>1</b><span>did not compile</span></div>' "$work/ptx.html" ||
    die "the HTML report has no 'did not compile' card"
  ! grep -q '<span>failed</span>' "$work/ptx.html" || die "the HTML report has a bare 'failed' card"
}

check_db() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0 ($(tail -n 3 "$err"))"
  says "; 1 source checked by --verify: 1 compiled, 0 up to date, 0 failed, 1 #included part checked within its includer"
  json "$work/db.json" 'f["src/main.cu"]["verify"] == "compiled"' 'f["src/kernel.cu"]["verify"] == "part"' \
    'f["src/util.cu"]["verify"] is None'
}

check_cmake() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0 ($(tail -n 3 "$err"))"
  says "; 2 sources checked by --verify: 2 compiled, 0 up to date, 0 failed"
  never_says "#included part"
  json "$work/cmake.json" 'f["src/main.cu"]["verify"] == "compiled"' 'f["src/kernel.cu"]["verify"] == "compiled"'
}

for s in syntax compile ptx_syntax ptx db cmake; do check "$s"; done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
