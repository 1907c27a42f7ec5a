#!/bin/sh
# Derives the ATen/hip and c10/hip headers of a ROCm build of PyTorch from
# Debian's CUDA-side headers, the way PyTorch's own ROCm build makes them:
# PyTorch's hipify (torch.utils.hipify of Debian's python3-torch 1.13) runs
# over libtorch-dev's ATen/cuda and c10/cuda headers laid out as in the
# PyTorch source tree (aten/src/ATen/cuda, c10/cuda), so that it picks the
# table it uses for PyTorch itself (aten/: the PyTorch mapping; c10/cuda: the
# blanket CUDA -> HIP one) and writes the out-of-place hip/ copies.
#
# Result: $CU2HIP_FIXTURES/pytorch-rocm/include/{ATen/hip,c10/hip}/...
# (CU2HIP_FIXTURES defaults to /var/cache/cu2hip-fixtures), plus the two
# files a ROCm build's CMake generates (ATen/hip/HIPConfig.h,
# c10/hip/impl/hip_cmake_macros.h) with the values of a ROCm build without
# MIOpen-specific options. Put it before /usr/include (libtorch-dev, which
# holds the rest of ATen/c10/torch and ATen/hip/impl's Masquerading headers)
# on the include path. See docs/pytorch.md.
#
# Usage: tools/make_rocm_torch_headers.sh [--force]
# Exits 77 when libtorch-dev or python3-torch is absent.
set -eu
fixtures=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}
out=$fixtures/pytorch-rocm
inc=${TORCH_INCLUDE:-/usr/include}
py=${PYTHON:-/usr/bin/python3}

if [ ! -d "$inc/ATen/cuda" ] || [ ! -d "$inc/c10/cuda" ]; then
  echo "make_rocm_torch_headers: no $inc/ATen/cuda or $inc/c10/cuda (apt-get install libtorch-dev)" >&2
  exit 77
fi
if ! "$py" -c 'import torch.utils.hipify.hipify_python' 2>/dev/null; then
  echo "make_rocm_torch_headers: $py cannot import torch.utils.hipify (apt-get install python3-torch)" >&2
  exit 77
fi
if [ -f "$out/include/ATen/hip/HIPContext.h" ] && [ "${1:-}" != "--force" ]; then
  echo "make_rocm_torch_headers: $out exists (--force to make it again)"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/aten/src/ATen" "$tmp/src/c10"
cp -r "$inc/ATen/cuda" "$tmp/src/aten/src/ATen/cuda"
cp -r "$inc/c10/cuda" "$tmp/src/c10/cuda"

"$py" - "$tmp/src" "$tmp/out" <<'EOF'
import sys
from torch.utils.hipify import hipify_python
src, dst = sys.argv[1], sys.argv[2]
hipify_python.hipify(project_directory=src, output_directory=dst,
                     includes=[src + "/aten/src/ATen/cuda/*", src + "/c10/cuda/*"],
                     show_progress=False, is_pytorch_extension=False)
EOF

rm -rf "$out.new"
mkdir -p "$out.new/include/ATen" "$out.new/include/c10/hip/impl"
cp -r "$tmp/out/aten/src/ATen/hip" "$out.new/include/ATen/hip"
cp -r "$tmp/out/c10/hip/." "$out.new/include/c10/hip/"
# What a ROCm build's CMake writes into these two (ATen/cuda/CUDAConfig.h.in,
# c10/cuda/impl/cuda_cmake_macros.h.in in the PyTorch source).
cat > "$out.new/include/ATen/hip/HIPConfig.h" <<'EOF'
#pragma once
// Written by tools/make_rocm_torch_headers.sh: the values of a ROCm build.
#define AT_CUDNN_ENABLED() 0
#define AT_CUSPARSELT_ENABLED() 0
#define AT_ROCM_ENABLED() 1
#define AT_MAGMA_ENABLED() 0
#define NVCC_FLAGS_EXTRA ""
EOF
cat > "$out.new/include/c10/hip/impl/hip_cmake_macros.h" <<'EOF'
#pragma once
// Written by tools/make_rocm_torch_headers.sh: the values of a ROCm build.
#define C10_HIP_BUILD_SHARED_LIBS
EOF
# c10/util/complex.h includes <thrust/complex.h> when compiling HIP (rocThrust
# on a ROCm install; Debian 12 has none): a declarations-only stand-in.
mkdir -p "$out.new/include/thrust"
cp "$(dirname "$0")/thrust_complex_standin.h" "$out.new/include/thrust/complex.h"
# ATen/hip names rocBLAS (PyTorch maps cuBLAS to rocBLAS); without a rocBLAS
# install, a declarations-only stand-in.
rocm=${ROCM_PATH:-/usr}
if [ ! -f "$rocm/include/rocblas.h" ] && [ ! -f "$rocm/include/rocblas/rocblas.h" ]; then
  cp "$(dirname "$0")/rocblas_standin.h" "$out.new/include/rocblas.h"
fi
cat > "$out.new/README" <<EOF
Derived by cu2hip's tools/make_rocm_torch_headers.sh from $inc/ATen/cuda and
$inc/c10/cuda ($(dpkg-query -W -f '${Package} ${Version}' libtorch-dev 2>/dev/null || echo libtorch-dev)) with
torch.utils.hipify ($(dpkg-query -W -f '${Package} ${Version}' python3-torch 2>/dev/null || echo python3-torch)).
EOF
rm -rf "$out"
mv "$out.new" "$out"
echo "make_rocm_torch_headers: wrote $out ($(find "$out/include" -type f | wc -l) files)"
