#!/bin/sh
# cuda_compile.sh FILE...
#
# Compiles each FILE as CUDA with nvcc (`-std=c++17 -arch=sm_80 -c`) into a
# throw-away object and reports one line per file.  nvcc is taken from
# NVCC, PATH, or CUDA_PATH/bin (default /usr/local/cuda).  Exit status:
# 0 all compiled, 1 some failed, 2 usage error, 77 nvcc not available
# (ctest SKIP_RETURN_CODE).

set -eu

prog=$(basename "$0")
[ $# -gt 0 ] || { echo "usage: $prog FILE..." >&2; exit 2; }

nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
    if command -v nvcc >/dev/null 2>&1; then
        nvcc=nvcc
    elif [ -x "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" ]; then
        nvcc="${CUDA_PATH:-/usr/local/cuda}/bin/nvcc"
    fi
fi
if [ -z "$nvcc" ] || ! command -v "$nvcc" >/dev/null 2>&1; then
    echo "nvcc not found: skipped"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda_compile.XXXXXX") || {
    echo "$prog: error: mktemp failed" >&2; exit 2; }
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

failed=0
i=0
for src in "$@"; do
    i=$((i + 1))
    if [ ! -f "$src" ]; then
        echo "FAILED $src (no such file)"
        failed=$((failed + 1))
        continue
    fi
    if "$nvcc" -std=c++17 -arch=sm_80 -x cu -c "$src" -o "$tmp/$i.o" \
           >"$tmp/$i.log" 2>&1; then
        echo "ok     $src"
    else
        echo "FAILED $src"
        sed 's/^/    /' "$tmp/$i.log"
        failed=$((failed + 1))
    fi
done

if [ "$failed" -gt 0 ]; then
    echo "$prog: $failed of $i file(s) failed to compile with $nvcc" >&2
    exit 1
fi
exit 0
