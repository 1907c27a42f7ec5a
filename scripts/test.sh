#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (unit, golden, CLI, shim,
# gfx942 compile, rule-table checks) on a warning-free ASan+UBSan build.
#   usage: scripts/test.sh [ctest options...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-test
bash "$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCU2HIP_WERROR=ON -DCU2HIP_SANITIZE=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
# use_sigaltstack=0: libclang's crash recovery installs its own alternate
# signal stack on each parsing thread, and ASan would otherwise fail to unmap
# its own one when a worker thread exits ("unable to unmap").
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest --output-on-failure -j "$(nproc)" "$@"
