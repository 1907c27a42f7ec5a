#!/usr/bin/env bash
# cu2hip under valgrind: no invalid read or write, no use of uninitialised
# memory, no definite or indirect leak, over every example, in every output
# mode (stdout, -o, check with a JSON report).
#
# usage: valgrind_test.sh SOURCE_DIR BUILD_DIR     (VALGRIND_SCOPE=short|all)
#
# Sanitizers and valgrind do not mix, so BUILD_DIR gets a build of its own
# without them (RelWithDebInfo, so that reports name functions and lines).
# libclang's memory still reachable or possibly lost at exit is not an
# error; findings inside libclang itself are suppressed by valgrind.supp,
# each scoped to libclang. Exit 77 (skip) when valgrind is not installed.
set -u

if [ $# -ne 2 ]; then
  echo "usage: valgrind_test.sh SOURCE_DIR BUILD_DIR" >&2
  exit 2
fi
SRC=$(cd "$1" && pwd)
BUILD=$2
HERE=$(cd "$(dirname "$0")" && pwd)
command -v valgrind >/dev/null 2>&1 || { echo "skip: valgrind is not installed"; exit 77; }
started=$(date +%s)

echo "building cu2hip without sanitizers in $BUILD"
mkdir -p "$BUILD" || exit 2
cmake -S "$SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCU2HIP_SANITIZE=OFF -DCU2HIP_BUILD_TESTS=OFF \
  >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" -j2 --target cu2hip_cli >"$BUILD/build.log" 2>&1 || { tail -40 "$BUILD/build.log"; exit 1; }
TOOL=$BUILD/cu2hip
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-valgrind.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
echo "built in $(($(date +%s) - started)) s"

# shellcheck disable=SC2054 # commas inside an option's value
VALGRIND=(valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
  --show-leak-kinds=definite,indirect --num-callers=40 --suppressions="$HERE/valgrind.supp")

failed=0
# vg NAME ARGS...: runs the tool under valgrind, its log in $WORK/NAME.log,
# its stdout in $WORK/NAME.out; the tool's own exit code must be 0 or 1.
vg() {
  local name=$1
  shift
  "${VALGRIND[@]}" --log-file="$WORK/$name.log" "$TOOL" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
  echo $? >"$WORK/$name.rc"
}

verdict() {
  local name=$1 rc
  rc=$(cat "$WORK/$name.rc")
  case $rc in
    0 | 1) echo "ok $name" ;;
    99)
      echo "FAIL $name: valgrind found errors:"
      grep -E '^==[0-9]+== ([A-Z]|   (at|by) )' "$WORK/$name.log" | head -60
      failed=$((failed + 1))
      ;;
    *)
      echo "FAIL $name: exit code $rc: $(head -c 400 "$WORK/$name.err")"
      failed=$((failed + 1))
      ;;
  esac
}

# VALGRIND_SCOPE=all: every example on its own in stdout mode as well;
# short (the default): the first one, and all of them in the two project
# runs below (about a fifth of the time).
examples=("$SRC"/examples/*.cu)
[ "${VALGRIND_SCOPE:-short}" = all ] || examples=("${examples[0]}")
echo "scope: ${VALGRIND_SCOPE:-short} (${#examples[@]} example(s) in stdout mode)"
# Two at a time: two cores.
names=()
for f in "${examples[@]}"; do
  name=stdout-$(basename "$f" .cu)
  names+=("$name")
  vg "$name" "$f" &
  if [ $((${#names[@]} % 2)) = 0 ]; then wait; fi
done
wait
for name in "${names[@]}"; do
  verdict "$name"
  # The translation is the one a run without valgrind gives.
  "$TOOL" "$SRC/examples/${name#stdout-}.cu" 2>/dev/null | cmp -s - "$WORK/$name.out" ||
    { echo "FAIL $name: the output differs from a run without valgrind"; failed=$((failed + 1)); }
done
vg output-dir -q --jobs 2 -o "$WORK/out" "$SRC/examples" &
vg check-json check -q --format json --output "$WORK/report.json" "$SRC/examples" &
wait
verdict output-dir
verdict check-json
[ "$(find "$WORK/out" -name '*.cu' | wc -l)" = "$(find "$SRC/examples" -name '*.cu' | wc -l)" ] ||
  { echo "FAIL output-dir: not every example was written"; failed=$((failed + 1)); }
[ -s "$WORK/report.json" ] || { echo "FAIL check-json: no report"; failed=$((failed + 1)); }

echo "$(($(date +%s) - started)) s in all; $failed failed"
[ "$failed" = 0 ]
