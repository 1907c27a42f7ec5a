#!/usr/bin/env bash
# Translates a directory of CUDA sources with cu2hip and compiles every
# result for gfx942.  usage: translate_and_compile.sh CU2HIP WORKDIR SRCDIR [cu2hip options...]
set -eu
cu2hip=$1 work=$2 src=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work/out"
mkdir -p "$work"
# Diagnostics are expected (the examples have things to flag); only a failed
# run (exit 2 or 3) stops the test.
set +e
"$cu2hip" -q --fail-on=never "$@" -o "$work/out" "$src"
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
  echo "cu2hip failed with exit code $rc" >&2
  exit 1
fi
files=$(find "$work/out" -name '*.cu' | sort)
[ -n "$files" ] || { echo "no translated files in $work/out" >&2; exit 1; }
# shellcheck disable=SC2086
sh "$here/hip_compile.sh" --device-libs "$work/device-libs" $files
