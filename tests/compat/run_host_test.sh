#!/bin/sh
# run_host_test.sh WORK: builds tests/compat/compat_host_test.cpp, which
# checks the integer and rounding functions of cu2hip_compat.h against plain
# references on the host, and compat_collectives_test.cpp, which runs its
# cooperative-groups collectives on emulated groups (a thread per lane), and
# compat_atomic_test.cpp, which checks cu2hip_atomic_ref and cu2hip_atomic
# on one thread, compat_sparse_status_test.cpp, which checks the hipSPARSE status names
# against the installed hipsparse.h (when there is one), and runs them.
# Skipped (77) without a C++ compiler.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$1
cxx=
for c in ${CXX:-} clang++-19 clang++ c++ g++; do
  if command -v "$c" >/dev/null 2>&1; then cxx=$c; break; fi
done
[ -n "$cxx" ] || { echo "run_host_test.sh: no C++ compiler; skipped"; exit 77; }
mkdir -p "$work"
# -frounding-math: the references change the rounding mode at run time.
"$cxx" -std=c++17 -O1 -frounding-math -Wall -Wextra -Werror -I "$here/../../src/compat" \
  "$here/compat_host_test.cpp" -o "$work/compat_host_test"
"$work/compat_host_test"
"$cxx" -std=c++17 -O1 -pthread -Wall -Wextra -Werror -I "$here/../../src/compat" \
  "$here/compat_collectives_test.cpp" -o "$work/compat_collectives_test"
"$cxx" -std=c++17 -O1 -Wall -Wextra -Werror -I "$here/../../src/compat" \
  "$here/compat_atomic_test.cpp" -o "$work/compat_atomic_test"
"$work/compat_atomic_test"
"$work/compat_collectives_test"
sparse_h=${ROCM_PATH:-/usr}/include/hipsparse/hipsparse.h
if [ -f "$sparse_h" ]; then
  sed -n 's/^ *\(HIPSPARSE_STATUS_[A-Z_]*\) *= *\([0-9][0-9]*\).*/{\2, "\1"},/p' "$sparse_h" | sort -u \
    >"$work/sparse_status.inc"
  [ -s "$work/sparse_status.inc" ] || { echo "run_host_test.sh: no hipsparseStatus_t values in $sparse_h"; exit 1; }
  "$cxx" -std=c++17 -O1 -Wall -Wextra -Werror -I "$here/../../src/compat" -I "$work" \
    "$here/compat_sparse_status_test.cpp" -o "$work/compat_sparse_status_test"
  "$work/compat_sparse_status_test"
else
  echo "run_host_test.sh: no $sparse_h; the hipSPARSE status names are not checked"
fi
