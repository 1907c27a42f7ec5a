#!/usr/bin/env bash
# A file's own -D flags (from a compile database) choose the precompiled
# preamble it is parsed with: two files that start with the same standard
# includes, one of them with a -D that a standard header tests, do not share
# one preamble. libstdc++ declares std::auto_ptr in <memory> unless
# _GLIBCXX_USE_DEPRECATED is 0, so the file with that flag has a parse error
# and the other has none, with the on-disk parse cache and without, in one
# run, and each file alone.
#
# usage: macro_flags_test.sh CU2HIP
set -u
if [ $# -ne 1 ]; then
  echo "usage: macro_flags_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-macro-flags.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
export CU2HIP_CACHE_DIR=$WORK/cache

# Skip where the C++ library does not hide auto_ptr behind that macro.
CXX=$(command -v clang++-19 || command -v clang++) || { echo "SKIP: no clang++"; exit 77; }
printf '#include <memory>\nstd::auto_ptr<int> p;\n' >"$WORK/probe.cpp"
if ! "$CXX" -std=c++17 -fsyntax-only -Wno-deprecated-declarations "$WORK/probe.cpp" 2>/dev/null ||
  "$CXX" -std=c++17 -fsyntax-only -D_GLIBCXX_USE_DEPRECATED=0 "$WORK/probe.cpp" 2>/dev/null; then
  echo "SKIP: this C++ library does not declare std::auto_ptr by _GLIBCXX_USE_DEPRECATED"
  exit 77
fi

mkdir "$WORK/p"
cat >"$WORK/p/plain.cu" <<'CU'
#include <memory>
#include <cstdio>

__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }

int main() {
  std::auto_ptr<int> p(new int(3));
  float *d = nullptr;
  cudaMalloc(&d, 4 * sizeof(float));
  scale<<<1, 4>>>(d, *p);
  cudaFree(d);
  std::printf("done\n");
  return 0;
}
CU
cp "$WORK/p/plain.cu" "$WORK/p/nodeprecated.cu"
cat >"$WORK/p/compile_commands.json" <<JSON
[{"directory": "$WORK/p", "file": "plain.cu", "command": "nvcc -c plain.cu"},
 {"directory": "$WORK/p", "file": "nodeprecated.cu", "command": "nvcc -D_GLIBCXX_USE_DEPRECATED=0 -c nodeprecated.cu"}]
JSON

failed=0
# expect WHAT: the file with the flag has the parse error, the other none.
expect() {
  local what=$1
  grep -q "nodeprecated.cu:7:.*auto_ptr.*\[parse-error\]" "$WORK/err" ||
    { echo "FAIL ($what): nodeprecated.cu, parsed with -D_GLIBCXX_USE_DEPRECATED=0, has no parse error for std::auto_ptr"; failed=$((failed + 1)); }
  if grep -q "plain.cu:.*\[parse-error\]" "$WORK/err"; then
    echo "FAIL ($what): plain.cu has a parse error:"
    grep "plain.cu:.*\[parse-error\]" "$WORK/err" | head -3
    failed=$((failed + 1))
  fi
}
cd "$WORK/p" || exit 2
for cache in --no-parse-cache "" ""; do
  "$TOOL" check -q --no-config --jobs 1 -p . $cache plain.cu nodeprecated.cu >/dev/null 2>"$WORK/err"
  expect "both files, one run ${cache:-with the cache}"
  "$TOOL" check -q --no-config --jobs 1 -p . $cache nodeprecated.cu plain.cu >/dev/null 2>"$WORK/err"
  expect "both files, the other order ${cache:-with the cache}"
  : >"$WORK/err"
  for f in plain.cu nodeprecated.cu; do
    "$TOOL" check -q --no-config -p . $cache "$f" >/dev/null 2>>"$WORK/err"
  done
  expect "one file a run ${cache:-with the cache}"
done
echo "$failed failed"
[ "$failed" = 0 ]
