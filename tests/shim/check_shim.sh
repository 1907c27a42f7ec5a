#!/bin/sh
# check_shim.sh SHIM_DIR FILE...
#
# Parses each FILE the way cu2hip does (host-side CUDA, no toolkit, the
# parse-only shim force-included, stub CUDA headers on the include path) and
# fails if clang prints any error or warning.  SHIM_DIR is the directory that
# holds cu2hip_cuda_shim.h.  CLANGXX overrides the compiler (default
# clang++-19).
set -u

if [ "$#" -lt 2 ]; then
  echo "usage: $0 SHIM_DIR FILE..." >&2
  exit 2
fi
shim_src=$1
shift
if [ ! -f "$shim_src/cu2hip_cuda_shim.h" ]; then
  echo "$0: no cu2hip_cuda_shim.h in $shim_src" >&2
  exit 2
fi
cxx=${CLANGXX:-clang++-19}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/c2h-shim.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$shim_src/cu2hip_cuda_shim.h" "$tmp/"

# One stub per CUDA header name, each only including the shim.
for h in \
  builtin_types.h channel_descriptor.h common_functions.h cooperative_groups.h \
  cooperative_groups/reduce.h cooperative_groups/scan.h \
  cooperative_groups/memcpy_async.h cuComplex.h cuda.h cudaProfiler.h \
  cuda_awbarrier.h cuda_bf16.h cuda_bf16.hpp cuda_device_runtime_api.h \
  cuda_fp16.h cuda_fp16.hpp cuda_occupancy.h cuda_pipeline.h \
  cuda_profiler_api.h cuda_runtime.h cuda_runtime_api.h cuda_texture_types.h \
  cuda_surface_types.h cudaTypedefs.h curand.h curand_kernel.h \
  device_atomic_functions.h device_double_functions.h device_functions.h \
  device_launch_parameters.h device_types.h driver_functions.h driver_types.h \
  host_config.h host_defines.h library_types.h math_constants.h \
  math_functions.h mma.h nvrtc.h sm_20_atomic_functions.h \
  sm_20_intrinsics.h sm_30_intrinsics.h sm_32_atomic_functions.h \
  sm_32_intrinsics.h sm_35_atomic_functions.h sm_35_intrinsics.h \
  sm_60_atomic_functions.h sm_61_intrinsics.h surface_functions.h \
  surface_indirect_functions.h surface_types.h texture_fetch_functions.h \
  texture_indirect_functions.h texture_types.h vector_functions.h \
  vector_types.h crt/host_defines.h; do
  mkdir -p "$tmp/$(dirname "$h")"
  printf '#include "cu2hip_cuda_shim.h"\n' >"$tmp/$h"
done
# Stubs in subdirectories must reach the shim at the top of the stub dir.
for h in "$tmp"/*/*.h; do
  printf '#include "../cu2hip_cuda_shim.h"\n' >"$h"
done

# What cu2hip puts before the shim: the macros nvcc's implicit
# cuda_runtime.h defines, as the rule table lists them (`defined_by:
# cuda_runtime.h`, with `version:` values), the same text the translator
# builds (src/translate/translate.c).
rules=$(cd "$shim_src/../../.." && pwd)/rules
{
  sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\): {\(.*\)defined_by: cuda_runtime\.h.*/\1 \2/p' "$rules"/*.yaml |
    while read -r name rest; do
      value=$(printf '%s' "$rest" | sed -n 's/.*version: \([0-9][0-9]*\).*/\1/p')
      printf '#ifndef %s\n#define %s %s\n#endif\n' "$name" "$name" "$value"
    done
  printf '#include "cu2hip_cuda_shim.h"\n'
} >"$tmp/implicit.h"

status=0
for f in "$@"; do
  out=$("$cxx" -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib \
    --cuda-gpu-arch=sm_70 -std=c++17 -Wno-unknown-cuda-version \
    -include implicit.h -I "$tmp" "$f" 2>&1)
  rc=$?
  if [ "$rc" -ne 0 ] || printf '%s\n' "$out" | grep -Eq '(error|warning):'; then
    echo "FAIL $f"
    printf '%s\n' "$out"
    status=1
  else
    echo "ok   $f"
  fi
done
exit $status
