#!/usr/bin/env bash
# The parser's on-disk cache (the precompiled CUDA shim kept across runs,
# and the compiled rule table) changes how long a run takes, never what it
# writes: every golden input and every example gives byte-identical output
# and diagnostics with --no-parse-cache, with an empty cache (which the run
# fills) and with the filled cache. A damaged cache file is rebuilt, not
# used.
#
# usage: parse_cache_test.sh CU2HIP SOURCE_DIR
set -u
if [ $# -ne 2 ]; then
  echo "usage: parse_cache_test.sh CU2HIP SOURCE_DIR" >&2
  exit 2
fi
TOOL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-parse-cache.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
export CU2HIP_CACHE_DIR=$WORK/cache
failed=0
inputs=()
for d in "$SRC"/tests/golden/cases/*/; do
  for f in "$d"input.*; do [ -f "$f" ] && inputs+=("$f"); done
done
inputs+=("$SRC"/examples/*.cu)

# run MODE FILE: stdout and stderr of one file, in its own folder (goldens
# name their inputs input.cu), with the case's extra arguments.
run() {
  local mode=$1 f=$2 dir args=()
  dir=$(dirname "$f")
  [ -f "$dir/args" ] && mapfile -t args < <(grep -v '^[[:space:]]*$' "$dir/args")
  (cd "$dir" && "$TOOL" $mode "${args[@]}" "$(basename "$f")") >"$WORK/out" 2>"$WORK/err"
  echo "rc=$?" >>"$WORK/err"
  cat "$WORK/out" "$WORK/err"
}

n=0
for f in "${inputs[@]}"; do
  n=$((n + 1))
  rm -rf "$CU2HIP_CACHE_DIR"
  run --no-parse-cache "$f" >"$WORK/plain"
  run "" "$f" >"$WORK/cold"
  run "" "$f" >"$WORK/warm"
  for m in cold warm; do
    cmp -s "$WORK/plain" "$WORK/$m" || {
      echo "FAIL ${f#"$SRC"/}: output with a $m cache differs from --no-parse-cache:"
      diff "$WORK/plain" "$WORK/$m" | head -10
      failed=$((failed + 1))
    }
  done
done
ls "$CU2HIP_CACHE_DIR"/shim-*.pch >/dev/null 2>&1 || { echo "FAIL: the run left no cache file"; failed=$((failed + 1)); }
ls "$CU2HIP_CACHE_DIR"/rules-*.bin >/dev/null 2>&1 || { echo "FAIL: the run left no compiled rule table"; failed=$((failed + 1)); }

# A damaged (truncated) cache file is not used: same output, file rebuilt.
f=$SRC/examples/vector_add.cu
run --no-parse-cache "$f" >"$WORK/plain"
for c in "$CU2HIP_CACHE_DIR"/shim-*.pch "$CU2HIP_CACHE_DIR"/rules-*.bin; do head -c 1000 "$c" >"$c.cut" && mv "$c.cut" "$c"; done
run "" "$f" >"$WORK/damaged"
cmp -s "$WORK/plain" "$WORK/damaged" || { echo "FAIL: output with a damaged cache file differs"; failed=$((failed + 1)); }
for c in "$CU2HIP_CACHE_DIR"/shim-*.pch "$CU2HIP_CACHE_DIR"/rules-*.bin; do
  [ "$(stat -c %s "$c")" -gt 1000 ] || { echo "FAIL: the damaged cache file was not rebuilt"; failed=$((failed + 1)); }
done
# (Pruning to the most recently used is unit/pch_cache's.)

echo "$((n * 2 + 2)) comparisons over $n inputs; $failed failed"
[ "$failed" = 0 ]
