#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (unit, golden, CLI, shim,
# gfx942 compile, rule-table checks, hostile inputs, valgrind, fuzzing) on a
# warning-free ASan+UBSan build, then prints how long it took.
#   usage: scripts/test.sh [--long] [ctest options...]
# --long: the long form of the loops (25 SIGKILL rounds instead of 4,
# valgrind over every example in every mode, 300 s per fuzz target
# instead of 15); the default form fits in 20 minutes on two cores.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-test
long=OFF
if [ "${1:-}" = --long ]; then
  long=ON
  shift
fi
started=$(date +%s)
bash "$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCU2HIP_WERROR=ON -DCU2HIP_SANITIZE=ON \
  -DCU2HIP_TEST_LONG=$long >/dev/null
cmake --build "$build" -j "$(nproc)"
# use_sigaltstack=0: libclang's crash recovery installs its own alternate
# signal stack on each parsing thread, and ASan would otherwise fail to unmap
# its own one when a worker thread exits ("unable to unmap").
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
status=0
# The longest tests start first (their COST in tests/CMakeLists.txt), so
# that both cores stay busy to the end.
ctest --output-on-failure -j "$(nproc)" "$@" || status=$?
elapsed=$(($(date +%s) - started))
echo "test suite ($([ $long = ON ] && echo long || echo short) form): $((elapsed / 60)) min $((elapsed % 60)) s"
exit $status
