#!/bin/sh
# run_device_test.sh WORK: compiles every function of cu2hip_compat.h for
# gfx942 (tests/compat/compat_device.hip). Skipped (77) without clang++-19
# and the HIP headers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$1
clang=${HIP_CLANG:-clang++-19}
command -v "$clang" >/dev/null 2>&1 || { echo "run_device_test.sh: no $clang; skipped"; exit 77; }
[ -f "${ROCM_PATH:-/usr}/include/hip/hip_runtime.h" ] || { echo "run_device_test.sh: no HIP headers; skipped"; exit 77; }
mkdir -p "$work"
sh "$here/../compile/hip_compile.sh" --device-libs "$work/device-libs" "$here/compat_device.hip"
