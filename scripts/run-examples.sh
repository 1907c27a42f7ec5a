#!/usr/bin/env bash
# Sets everything up, builds cu2hip, translates examples/ into a HIP tree and
# compiles every translated file for gfx942.
#   usage: scripts/run-examples.sh [OUTDIR]   (default: out/examples-hip)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/out/examples-hip}
bash "$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j "$(nproc)" >/dev/null
rm -rf "$out"
set +e
"$root/build/cu2hip" -o "$out" "$root/examples"
rc=$?
set -e
# Exit code 1 only means diagnostics were reported (the examples have some on purpose).
[ "$rc" -le 1 ] || exit "$rc"
echo
echo "== compiling the translated examples for gfx942"
sh "$root/tests/compile/hip_compile.sh" --device-libs "$root/build/device-libs" "$out"/*.cu
echo
echo "HIP sources are in $out (compare: diff -ru examples $out)"
