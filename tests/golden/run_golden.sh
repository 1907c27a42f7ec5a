#!/usr/bin/env bash
# Runs one golden case.
#
# usage: run_golden.sh CU2HIP CASE_DIR
#
# A case directory holds:
#   input.cu (or input.<ext>)  the source to translate
#   expected.hip               expected stdout, byte for byte
#   expected.diag              expected stderr without the final "cu2hip: "
#                              summary line and the --rocm-version auto
#                              warning, byte for byte (may be empty)
#   args                       optional: one extra command-line argument per
#                              line (blank lines are ignored)
#   any other file             a header the input includes (copied along for
#                              the second run)
#
# The tool runs inside CASE_DIR as `CU2HIP [args] input.cu`, so diagnostics
# name the file just `input.cu`. Then expected.hip is translated again (under
# the same file name, in a temporary directory, with the same args) and must
# come out unchanged: translating HIP output again changes nothing.
#
# With UPDATE=1 in the environment, expected.hip and expected.diag are
# rewritten from the current output instead of compared. Review the result by
# hand before committing it: a golden file is a claim about correct output.
#
# Exit status: 0 pass, 1 fail, 2 usage error.
set -u

if [ $# -ne 2 ]; then
  echo "usage: run_golden.sh CU2HIP CASE_DIR" >&2
  exit 2
fi

tool=$1
case_dir=$2
case $tool in
  /*) ;;
  */*) tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool") ;;
esac
name=$(basename "$case_dir")

fail() {
  echo "FAIL $name: $*" >&2
  exit 1
}

cd "$case_dir" 2>/dev/null || fail "cannot enter case directory '$case_dir'"
name=$(basename "$(pwd)")

inputs=(input.*)
if [ ! -e "${inputs[0]}" ]; then
  fail "no input.* file"
elif [ ${#inputs[@]} -ne 1 ]; then
  fail "more than one input file: ${inputs[*]}"
fi
input=${inputs[0]}

args=()
if [ -f args ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%$'\r'}
    [ -n "$line" ] && args+=("$line")
  done <args
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# Runs the tool in directory $1 on $input; stdout -> $2, stderr -> $3,
# sets $rc.
run_tool() {
  (cd "$1" && exec "$tool" ${args[@]+"${args[@]}"} "$input") >"$2" 2>"$3"
  rc=$?
}

# Copies stderr file $1 into $2 without what describes the run rather than
# the input: the final "cu2hip: " summary line, and the warning that the
# release --rocm-version auto found on this machine predates gfx942 (a case
# without --rocm-version targets the HIP installed here).
strip_summary() {
  grep -v '^cu2hip: warning: --rocm-version auto targets ' "$1" >"$2.lines"
  local last
  last=$(tail -n 1 "$2.lines")
  if [ "${last#cu2hip: }" != "$last" ]; then
    local n
    n=$(wc -l <"$2.lines")
    head -n $((n - 1)) "$2.lines" >"$2"
  else
    cp "$2.lines" "$2"
  fi
  rm -f "$2.lines"
}

run_tool . "$tmp/out" "$tmp/err"
if [ "$rc" -ge 2 ]; then
  echo "--- stderr:" >&2
  cat "$tmp/err" >&2
  fail "exit code $rc (want 0 or 1)"
fi
strip_summary "$tmp/err" "$tmp/diag"

if [ "${UPDATE:-0}" = 1 ]; then
  cp "$tmp/out" expected.hip || fail "cannot write expected.hip"
  cp "$tmp/diag" expected.diag || fail "cannot write expected.diag"
  echo "updated $name (review expected.hip and expected.diag by hand)"
fi

status=0
[ -f expected.hip ] || fail "no expected.hip"
[ -f expected.diag ] || fail "no expected.diag"
if ! diff -u --label expected.hip --label "actual stdout" expected.hip "$tmp/out" >&2; then
  echo "FAIL $name: stdout differs from expected.hip" >&2
  status=1
fi
if ! diff -u --label expected.diag --label "actual stderr" expected.diag "$tmp/diag" >&2; then
  echo "FAIL $name: diagnostics differ from expected.diag" >&2
  status=1
fi

# Idempotency: the expected output translates to itself.
mkdir "$tmp/again" || fail "mkdir failed"
# Other files of the case (headers the input includes) come along.
for f in *; do
  case $f in input.* | expected.* | args) ;; *) [ -f "$f" ] && { cp "$f" "$tmp/again/" || fail "cannot copy $f"; } ;; esac
done
cp expected.hip "$tmp/again/$input" || fail "cannot copy expected.hip"
# An output that includes cu2hip_compat.h has it beside it, as a translated
# tree does.
if grep -q '^#include "cu2hip_compat.h"' expected.hip; then
  "$tool" compat-header >"$tmp/again/cu2hip_compat.h" || fail "cannot write cu2hip_compat.h"
fi
run_tool "$tmp/again" "$tmp/out2" "$tmp/err2"
if [ "$rc" -ge 2 ]; then
  cat "$tmp/err2" >&2
  echo "FAIL $name: exit code $rc translating expected.hip again" >&2
  status=1
elif ! diff -u --label expected.hip --label "expected.hip translated again" expected.hip "$tmp/out2" >&2; then
  echo "FAIL $name: translating expected.hip again changes it (not idempotent)" >&2
  status=1
fi

[ $status -eq 0 ] && echo "ok $name"
exit $status
