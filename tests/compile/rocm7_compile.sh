#!/bin/sh
# rocm7_compile.sh SHARED DEVLIBS FILE...
#
# Compiles each FILE (translated with --rocm-version 7.0) for gfx942
# against the HIP 6.3 headers in SHARED/rocm-6.3 with
# -DHIP_ENABLE_WARP_SYNC_BUILTINS, which turns on the __shfl_sync /
# __ballot_sync family as ROCm 7.0 has it: every lane mask must be a 64-bit
# integer (a static_assert rejects a 32-bit one). DEVLIBS is the device
# library folder make_device_libs.sh makes (made when missing).
# Exit status: 0 all compiled, 1 some failed, 77 no SHARED/rocm-6.3 or no
# clang++-19 (skipped), 2 usage.
set -eu
[ $# -ge 3 ] || { echo "usage: rocm7_compile.sh SHARED DEVLIBS FILE..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
rocm=$1/rocm-6.3
devlibs=$2
shift 2
if [ ! -f "$rocm/include/hip/hip_runtime.h" ]; then
    echo "rocm7_compile.sh: no HIP 6.3 headers at $rocm; skipped"
    exit 77
fi
clang=${HIP_CLANG:-clang++-19}
command -v "$clang" >/dev/null 2>&1 || { echo "rocm7_compile.sh: no $clang; skipped"; exit 77; }
[ -f "$devlibs/oclc_isa_version_942.bc" ] || "$here/make_device_libs.sh" "$devlibs" >/dev/null ||
    { echo "rocm7_compile.sh: could not make device libraries in $devlibs" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rocm7_compile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
for f in "$@"; do
    if "$clang" -x hip --offload-arch=gfx942 -std=c++17 --hip-path="$rocm" -isystem "$rocm/include" \
        -DHIP_ENABLE_WARP_SYNC_BUILTINS --rocm-device-lib-path="$devlibs" -c "$f" -o "$tmp/out.o" \
        >"$tmp/log" 2>&1; then
        echo "ok     $f"
    else
        echo "FAILED $f"
        sed 's/^/    /' "$tmp/log"
        failed=1
    fi
done
exit $failed
