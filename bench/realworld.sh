#!/usr/bin/env bash
# How real code bases fare: translate each CORPUS_DIR with cu2hip in project
# mode, compile every translated source for gfx942 with clang++-19, and count
# the failures cu2hip diagnosed, those it did not (silent), and those due to a
# library with no headers on this machine.
#
# usage: bench/realworld.sh [options] [CORPUS_DIR...]
#
#   CORPUS_DIR     code bases to measure [default: $CU2HIP_FIXTURES/corpus/*, i.e.
#                  cuda-samples, gpu-rodinia, llm.c, SGEMM_CUDA]
#   --cu2hip PATH  the cu2hip binary                    [default: build/cu2hip]
#   --rocm 5.2|6.3 5.2: Debian's HIP 5.2 headers, cu2hip's --rocm-version
#                  auto (the 5.2 found here); 6.3: --rocm-version 6.3 and the
#                  HIP 6.3 + hipBLAS headers of $CU2HIP_FIXTURES/rocm-6.3 [default: 5.2]
#   -j N           parallel compiles (and cu2hip threads) [default: nproc]
#   --out DIR      where translations, logs and details go [default: a new
#                  temporary folder, printed at the end]
#   --top N        silent-failure groups printed          [default: 60]
#   --timeout S    give up on one compile after S seconds [default: 900]
#   --reclassify   translate and compile nothing: classify again the logs of
#                  an earlier run in --out (after a change to this bench)
#
# Environment: CU2HIP_FIXTURES (the test fixtures, docs/fixtures.md; default
# /var/cache/cu2hip-fixtures), CLANGXX (default clang++-19), ROCM_PATH (default /usr),
# DEVICE_LIBS (default: $TMPDIR/cu2hip-device-libs-UID, made if missing).
#
# A measurement, not a test: it exits 0 whatever the numbers are (2 only for
# bad arguments or a missing tool). bench/README.md explains the columns.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
fixtures=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}

cu2hip="$root/build/cu2hip"
rocm=5.2
jobs=$(nproc 2>/dev/null || echo 2)
out=
top=60
timeout=900
reclassify=
corpus=()
need() { [ $# -ge 2 ] || { echo "realworld.sh: $1 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
  case "$1" in
    --cu2hip) need "$@"; cu2hip=$2; shift 2 ;;
    --cu2hip=*) cu2hip=${1#*=}; shift ;;
    --rocm) need "$@"; rocm=$2; shift 2 ;;
    --rocm=*) rocm=${1#*=}; shift ;;
    -j|--jobs) need "$@"; jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --out) need "$@"; out=$2; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    --top) need "$@"; top=$2; shift 2 ;;
    --top=*) top=${1#*=}; shift ;;
    --timeout) need "$@"; timeout=$2; shift 2 ;;
    --timeout=*) timeout=${1#*=}; shift ;;
    --reclassify) reclassify=--reclassify; shift ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    -*) echo "realworld.sh: unknown option $1" >&2; exit 2 ;;
    *) corpus+=("$1"); shift ;;
  esac
done
case "$rocm" in 5.2|6.3) ;; *) echo "realworld.sh: --rocm wants 5.2 or 6.3" >&2; exit 2 ;; esac
for v in "$jobs" "$top" "$timeout"; do
  case "$v" in ''|*[!0-9]*) echo "realworld.sh: -j, --top and --timeout want numbers" >&2; exit 2 ;; esac
done
[ "$jobs" -ge 1 ] || jobs=1

if [ ${#corpus[@]} -eq 0 ]; then
  if [ ! -d "$fixtures/corpus" ]; then
    echo "realworld.sh: no CORPUS_DIR given and $fixtures/corpus is absent (test fixtures: docs/fixtures.md); nothing to measure"
    exit 0
  fi
  # Smallest first, so the first figures come early.
  for d in SGEMM_CUDA llm.c gpu-rodinia cuda-samples; do
    [ -d "$fixtures/corpus/$d" ] && corpus+=("$fixtures/corpus/$d")
  done
  for d in "$fixtures"/corpus/*/; do
    d=${d%/}
    case " ${corpus[*]} " in *" $d "*) ;; *) corpus+=("$d") ;; esac
  done
  [ ${#corpus[@]} -gt 0 ] || { echo "realworld.sh: $fixtures/corpus holds no code base; nothing to measure"; exit 0; }
fi

case "$cu2hip" in */*) ;; *) cu2hip=$(command -v "$cu2hip" || echo "$cu2hip") ;; esac
[ -x "$cu2hip" ] || { echo "realworld.sh: $cu2hip is not an executable (build it first)" >&2; exit 2; }
cu2hip=$(cd "$(dirname "$cu2hip")" && pwd)/$(basename "$cu2hip")
clangxx=${CLANGXX:-clang++-19}
command -v "$clangxx" >/dev/null || { echo "realworld.sh: $clangxx not found (set CLANGXX)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "realworld.sh: python3 not found" >&2; exit 2; }
rocm_path=${ROCM_PATH:-/usr}
[ -f "$rocm_path/include/hip/hip_runtime.h" ] ||
  { echo "realworld.sh: $rocm_path/include/hip/hip_runtime.h not found (Debian package libamdhip64-dev, or set ROCM_PATH)" >&2; exit 2; }
rocm63=$fixtures/rocm-6.3
if [ "$rocm" = 6.3 ] && [ ! -f "$rocm63/include/hip/hip_runtime.h" ]; then
  echo "realworld.sh: --rocm 6.3 needs $rocm63 (HIP 6.3 headers)" >&2; exit 2
fi
extra=$fixtures/rocm-5.3-extra/include
[ -d "$extra" ] || echo "realworld.sh: $extra is absent: hipCUB/rocThrust users will fail" >&2

devlibs=${DEVICE_LIBS:-${TMPDIR:-/tmp}/cu2hip-device-libs-$(id -u)}
"$root/tests/compile/make_device_libs.sh" "$devlibs" ||
  { echo "realworld.sh: could not make the device libraries in $devlibs" >&2; exit 2; }

if [ -n "$reclassify" ] && [ -z "$out" ]; then
  echo "realworld.sh: --reclassify needs --out DIR of an earlier run" >&2; exit 2
fi
if [ -z "$out" ]; then
  out=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-realworld.XXXXXX") ||
    { echo "realworld.sh: mktemp failed" >&2; exit 2; }
fi
mkdir -p "$out" || { echo "realworld.sh: cannot create $out" >&2; exit 2; }

python3 "$here/realworld.py" --cu2hip "$cu2hip" --clang "$clangxx" \
  --rocm "$rocm" --rocm-path "$rocm_path" --rocm63 "$rocm63" \
  --extra-include "$extra" --device-libs "$devlibs" -j "$jobs" \
  --out "$out" --top "$top" --timeout "$timeout" $reclassify "${corpus[@]}"
rc=$?
echo "output folder: $out"
[ "$rc" = 0 ] || exit 2
exit 0
