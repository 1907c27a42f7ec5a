#!/usr/bin/env bash
# Project-mode behaviour of the cu2hip command: worker threads, copying of
# other files, --exclude/--include, an output tree inside the input.
#   usage: project_test.sh CU2HIP EXAMPLES_DIR
set -u
cu2hip=$1 examples=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

src=$tmp/src
mkdir -p "$src/sub" "$src/third_party" "$src/docs"
cp "$examples"/*.cu "$src/"
cp "$examples/vector_add.cu" "$src/sub/"
cp "$examples/matmul_tiled.cu" "$src/third_party/"
printf 'notes\n' > "$src/docs/README.txt"
printf 'int main() { return 0; }\n' > "$src/plain.cpp"
chmod 755 "$src/plain.cpp"

# -j1 and -j2: the same files, bytes and report; progress lines for every file.
"$cu2hip" -j1 -o "$tmp/out1" "$src" > /dev/null 2> "$tmp/diag1"; rc1=$?
"$cu2hip" -j2 -o "$tmp/out2" "$src" > /dev/null 2> "$tmp/diag2"; rc2=$?
# Progress lines come in completion order; the report itself must not differ.
grep -v '^cu2hip: \[' "$tmp/diag1" > "$tmp/report1"
grep -v '^cu2hip: \[' "$tmp/diag2" > "$tmp/report2"
if [ "$rc1" = "$rc2" ] && diff -r -x .cu2hip-cache.json "$tmp/out1" "$tmp/out2" > /dev/null && cmp -s "$tmp/report1" "$tmp/report2"; then
  ok jobs-deterministic
else
  bad jobs-deterministic "outputs, diagnostics or exit codes differ between -j1 and -j2"
fi

# Progress counts the CUDA sources translated (the examples and two more
# copies): neither the copied README.txt nor plain.cpp, which the walk finds
# not to be CUDA.
lines=$(grep '^cu2hip: \[' "$tmp/diag2")
n_cu=$(($(ls "$examples"/*.cu | wc -l) + 2))
if [ "$(grep -cE '^cu2hip: \[[0-9]+/[0-9]+\] .*\.cu$' <<< "$lines")" = $n_cu ] && [ "$(grep -c . <<< "$lines")" = $n_cu ] &&
   [ "$(sed -E 's/^cu2hip: \[([0-9]+)\/.*/\1/' <<< "$lines" | sort -n | tr '\n' ' ')" = "$(seq -s ' ' 1 $n_cu) " ]; then
  ok progress-lines
else
  bad progress-lines "expected one line per source translated, copies not counted: $lines"
fi

# Files that are not CUDA are copied as they are, permissions kept.
if cmp -s "$src/docs/README.txt" "$tmp/out1/docs/README.txt" && cmp -s "$src/plain.cpp" "$tmp/out1/plain.cpp" &&
   [ "$(stat -c %a "$tmp/out1/plain.cpp")" = 755 ] && grep -q '2 copied (not CUDA)' "$tmp/diag1"; then
  ok copies-other-files
else
  bad copies-other-files "README.txt/plain.cpp not copied byte for byte, or mode lost, or not counted"
fi

# --no-copy and --exclude.
"$cu2hip" -q --no-copy --exclude third_party -o "$tmp/out3" "$src" > /dev/null 2>&1
if [ ! -e "$tmp/out3/docs/README.txt" ] && [ ! -e "$tmp/out3/third_party" ] && [ -f "$tmp/out3/sub/vector_add.cu" ]; then
  ok no-copy-and-exclude
else
  bad no-copy-and-exclude "$(cd "$tmp/out3" && find . -type f ! -name .cu2hip-cache.json | sort | tr '\n' ' ')"
fi

# --include wins over --exclude.
"$cu2hip" -q --exclude '*.cu' --include 'vector_add.cu' --no-copy -o "$tmp/out4" "$src" > /dev/null 2>&1
got=$(cd "$tmp/out4" && find . -type f ! -name .cu2hip-cache.json | sort | tr '\n' ' ')
if [ "$got" = "./sub/vector_add.cu ./vector_add.cu " ]; then ok include-overrides-exclude; else bad include-overrides-exclude "$got"; fi

# An output tree inside the input: a second run does not translate its own output.
"$cu2hip" -q -o "$src/ported" "$src" > /dev/null 2>&1
first=$(cd "$src/ported" && find . -type f ! -name .cu2hip-cache.json | sort | md5sum)
"$cu2hip" -q -o "$src/ported" "$src" > /dev/null 2>&1
second=$(cd "$src/ported" && find . -type f ! -name .cu2hip-cache.json | sort | md5sum)
if [ "$first" = "$second" ] && [ ! -e "$src/ported/ported" ]; then ok out-inside-src; else bad out-inside-src "the output tree was walked"; fi

# Build scripts in the tree are translated too.
mkdir -p "$tmp/b"
cp "$examples/vector_add.cu" "$tmp/b/"
printf 'cmake_minimum_required(VERSION 3.21)\nproject(p LANGUAGES CXX CUDA)\nadd_executable(p vector_add.cu)\n' > "$tmp/b/CMakeLists.txt"
printf 'app: vector_add.cu\n\tnvcc -arch=sm_80 -o $@ $< -lcudart\n' > "$tmp/b/Makefile"
"$cu2hip" -q -o "$tmp/bo" "$tmp/b" > /dev/null 2>&1
if grep -q 'LANGUAGES CXX HIP' "$tmp/bo/CMakeLists.txt" && grep -q 'hipcc --offload-arch=gfx942 -o \$@ \$< -lamdhip64' "$tmp/bo/Makefile"; then
  ok build-scripts
else
  bad build-scripts "CMakeLists.txt or Makefile not translated: $(cat "$tmp/bo/Makefile" 2>/dev/null)"
fi

# Headers in context: a header that uses its includer's macros is parsed
# in the includer's unit (no parse errors, its kernel checked with them); a
# header no source includes folds its parse errors into one note.
mkdir -p "$tmp/h/inc"
printf '#include <cstdio>\n#define TILE 64\n#define SCALE(x) ((x) * 2)\n#include "inc/k.cuh"\nint main() { float *d; cudaMalloc(&d, 256); k<<<1, TILE>>>(d); return 0; }\n' > "$tmp/h/main.cu"
printf '#pragma once\n__global__ void k(float *x) {\n  __shared__ float s[TILE];\n  s[threadIdx.x] = SCALE(x[threadIdx.x]);\n  unsigned m = __ballot_sync(0xffffffff, s[threadIdx.x] > 0);\n  x[threadIdx.x] = m;\n}\n' > "$tmp/h/inc/k.cuh"
printf '#pragma once\n__global__ void lone(float *x) { x[0] = MISSING_A + MISSING_B; }\n' > "$tmp/h/inc/lone.cuh"
"$cu2hip" check "$tmp/h" > /dev/null 2> "$tmp/h.diags"
if ! grep -q 'k.cuh:.*\[parse-error\]' "$tmp/h.diags" && grep -q 'k.cuh:5:3: warning: .*__ballot_sync.*\[warp-mask-32bit\]' "$tmp/h.diags"; then
  ok header-in-context
else
  bad header-in-context "$(cat "$tmp/h.diags")"
fi
if [ "$(grep -c 'lone.cuh:.*\[parse-error\]' "$tmp/h.diags")" = 1 ] &&
   grep -q "lone.cuh:2:41: note: read on its own, this header does not parse (use of undeclared identifier 'MISSING_A'; 1 more parse error)" "$tmp/h.diags"; then
  ok lone-header-note
else
  bad lone-header-note "$(grep lone.cuh "$tmp/h.diags")"
fi

# Without a compile database, the include folders a build script names
# are parser flags of the files below that script, and of no others.
mkdir -p "$tmp/sc/app" "$tmp/sc/common" "$tmp/sc/other"
printf '#pragma once\n#define CHECK(x) (x)\n' > "$tmp/sc/common/helper.h"
printf 'cmake_minimum_required(VERSION 3.21)\nproject(a LANGUAGES CXX CUDA)\ninclude_directories(../common)\nadd_executable(a a.cu)\n' > "$tmp/sc/app/CMakeLists.txt"
printf '#include <helper.h>\n__global__ void k() {}\nint main() { CHECK(cudaDeviceSynchronize()); k<<<1, 1>>>(); }\n' > "$tmp/sc/app/a.cu"
cp "$tmp/sc/app/a.cu" "$tmp/sc/other/b.cu"
"$cu2hip" check "$tmp/sc" > /dev/null 2> "$tmp/sc.diags"
if ! grep -q 'app/a.cu:.*parse-' "$tmp/sc.diags" && grep -q "other/b.cu:1:10: warning: 'helper.h' file not found" "$tmp/sc.diags"; then
  ok script-include-dirs
else
  bad script-include-dirs "$(cat "$tmp/sc.diags")"
fi

# A setup.py's include_dirs= and define_macros= are parser flags of the
# files below it (not the macros of a branch that tests for ROCm), and its
# sources follow --rename.
mkdir -p "$tmp/sp/csrc/include"
cat > "$tmp/sp/setup.py" <<'PY'
import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

this_dir = os.path.dirname(os.path.abspath(__file__))
macros = [("WITH_CUDA", None)]
macros += [("TILE", "16")]
if torch.version.hip:
    macros.append(("USE_ROCM", None))

setup(name="p", ext_modules=[CUDAExtension("p._C", ["csrc/k.cu"],
      include_dirs=[os.path.join(this_dir, "csrc", "include")],
      define_macros=macros,
      extra_compile_args={"nvcc": ["-lineinfo"]})],
      cmdclass={"build_ext": BuildExtension})
PY
printf '#pragma once\n#define TILE_SIZE TILE\n' > "$tmp/sp/csrc/include/tile.h"
printf '#include <cuda_runtime.h>\n#include <tile.h>\n#ifndef WITH_CUDA\n#error "no WITH_CUDA"\n#endif\n#ifdef USE_ROCM\n#error "USE_ROCM"\n#endif\nstatic_assert(TILE_SIZE == 16, "TILE");\n__global__ void k(float *x) { x[threadIdx.x] = 0; }\nvoid run(float *x) { k<<<1, TILE_SIZE>>>(x); cudaDeviceSynchronize(); }\n' > "$tmp/sp/csrc/k.cu"
"$cu2hip" -o "$tmp/sp-out" --rename "$tmp/sp" > /dev/null 2> "$tmp/sp.diags"
if ! grep -q 'parse-\|file not found' "$tmp/sp.diags" && grep -q '"csrc/k.hip"' "$tmp/sp-out/setup.py" &&
   grep -q '"-gline-tables-only"' "$tmp/sp-out/setup.py" && [ -f "$tmp/sp-out/csrc/k.hip" ]; then
  ok setup-py-include-dirs-defines
else
  bad setup-py-include-dirs-defines "$(cat "$tmp/sp.diags")"
fi

# A Python script that JIT-builds with torch.utils.cpp_extension.load is a
# build script too: its extra_include_paths reach the parse, its
# extra_cuda_cflags are mapped and its sources follow --rename; other Python
# files are copied byte for byte, even when they name CUDA functions.
mkdir -p "$tmp/jit/csrc/include"
cat > "$tmp/jit/build_ops.py" <<'PY'
import os
from torch.utils.cpp_extension import load
here = os.path.dirname(os.path.abspath(__file__))
ops = load(name="ops", sources=[os.path.join(here, "csrc", "ops.cu")],
           extra_include_paths=[os.path.join(here, "csrc", "include")],
           extra_cuda_cflags=["-O3", "--use_fast_math"])
PY
printf '# cudaMalloc(&p, n) is how the CUDA side allocates\nprint("cudaMalloc")\n' > "$tmp/jit/notes.py"
printf '#pragma once\n#define LANES 32\n' > "$tmp/jit/csrc/include/lanes.h"
printf '#include <cuda_runtime.h>\n#include "lanes.h"\n__global__ void k(float *x) { x[threadIdx.x] = LANES; }\nvoid run(float *x) { k<<<1, LANES>>>(x); cudaDeviceSynchronize(); }\n' > "$tmp/jit/csrc/ops.cu"
"$cu2hip" -o "$tmp/jit-out" --rename "$tmp/jit" > /dev/null 2> "$tmp/jit.diags"
if ! grep -q 'parse-\|file not found' "$tmp/jit.diags" && grep -q '"ops.hip"' "$tmp/jit-out/build_ops.py" &&
   grep -q '"-ffast-math"' "$tmp/jit-out/build_ops.py" && cmp -s "$tmp/jit/notes.py" "$tmp/jit-out/notes.py" &&
   [ -f "$tmp/jit-out/csrc/ops.hip" ]; then
  ok python-jit-build-script
else
  bad python-jit-build-script "$(cat "$tmp/jit.diags"; cat "$tmp/jit-out/build_ops.py")"
fi

# --rename: an include of a renamed header is found through the folders a
# Makefile names (-I) and renamed; without them it stays and is reported.
mkdir -p "$tmp/rn/src" "$tmp/rn/lib"
printf '#pragma once\n__device__ inline float twice(float x) { return 2 * x; }\n' > "$tmp/rn/lib/kern.cuh"
printf '#include "kern.cuh"\n__global__ void k(float *p) { p[0] = twice(p[0]); }\n' > "$tmp/rn/src/a.cu"
printf 'CFLAGS = -I../lib\nall:\n\tnvcc $(CFLAGS) -c a.cu\n' > "$tmp/rn/src/Makefile"
"$cu2hip" -o "$tmp/rn-out" --rename "$tmp/rn" > /dev/null 2> "$tmp/rn.diags"
if grep -q '^#include "kern.hpp"$' "$tmp/rn-out/src/a.hip" && ! grep -q 'rename-include\|parse-' "$tmp/rn.diags"; then
  ok rename-include-through-makefile
else
  bad rename-include-through-makefile "$(cat "$tmp/rn.diags")"
fi
rm -f "$tmp/rn/src/Makefile"
"$cu2hip" -o "$tmp/rn-out2" --rename "$tmp/rn" > /dev/null 2> "$tmp/rn2.diags"
if grep -q '^#include "kern.cuh"$' "$tmp/rn-out2/src/a.hip" &&
   grep -q 'a.cu:1:10: warning: #include "kern.cuh" was not found, and --rename renamed a file of that name (now kern.hpp).*\[rename-include\]' "$tmp/rn2.diags"; then
  ok rename-include-unresolved
else
  bad rename-include-unresolved "$(cat "$tmp/rn2.diags")"
fi

# A header parsed in its includer's unit: cuBLAS's legacy cublas.h, which
# the includer includes, makes cublasSscal(n, a, x, 1) the legacy call.
mkdir -p "$tmp/v1"
printf '#pragma once\ninline void half_of(float *x, int n) { cublasSscal(n, 0.5f, x, 1); }\n' > "$tmp/v1/ops.h"
printf '#include <cublas.h>\n#include "ops.h"\nint main() { cublasInit(); return 0; }\n' > "$tmp/v1/main.cu"
"$cu2hip" -o "$tmp/v1-out" "$tmp/v1" > /dev/null 2> "$tmp/v1.diags"
if grep -q 'cublasSscal(n, 0.5f' "$tmp/v1-out/ops.h" &&
   grep -q 'ops.h:2:40: error: cublasSscal is declared by <cublas.h> here.*\[api-unsupported\]' "$tmp/v1.diags"; then
  ok legacy-cublas-in-context
else
  bad legacy-cublas-in-context "$(cat "$tmp/v1.diags")"
fi

# A C++ header with no CUDA in it is still translated when it uses the
# `register` storage class, which clang rejects under C++17; a comment that
# says "register " does not make a file CUDA.
mkdir -p "$tmp/rg"
printf '#pragma once\ninline int twice(int v) {\n  register int r = v + v;\n  return r;\n}\n' > "$tmp/rg/old.h"
printf '// register the handlers here\nint handlers();\n' > "$tmp/rg/note.h"
printf '#include "old.h"\n__global__ void k(int *p) { *p = twice(*p); }\n' > "$tmp/rg/a.cu"
"$cu2hip" -o "$tmp/rg.out" "$tmp/rg" > /dev/null 2> "$tmp/rg.diags"
if grep -q '^  int r = v + v;$' "$tmp/rg.out/old.h" && grep -q 'old.h:3:3: note: .register. removed' "$tmp/rg.diags" &&
   cmp -s "$tmp/rg/note.h" "$tmp/rg.out/note.h" && ! grep -q 'note.h' "$tmp/rg.diags"; then
  ok register-in-plain-header
else
  bad register-in-plain-header "$(cat "$tmp/rg.diags"; cat "$tmp/rg.out/old.h")"
fi

# Headers with the less common suffixes (.hxx, .hh) are translated like
# .h ones, not copied with their CUDA names left in.
mkdir -p "$tmp/hx"
printf 'inline void zero(float *p, int n) { cudaMemset(p, 0, n); }\n' > "$tmp/hx/a.hxx"
printf 'inline void sync_all() { cudaDeviceSynchronize(); }\n' > "$tmp/hx/b.hh"
printf '#include "a.hxx"\n#include "b.hh"\nint main() { float *p; cudaMalloc(&p, 4); zero(p, 4); sync_all(); }\n' > "$tmp/hx/m.cu"
"$cu2hip" -q -o "$tmp/hx.out" "$tmp/hx" > /dev/null 2>&1
if grep -q 'hipMemset(p, 0, n)' "$tmp/hx.out/a.hxx" && grep -q 'hipDeviceSynchronize()' "$tmp/hx.out/b.hh"; then
  ok other-header-suffixes
else
  bad other-header-suffixes "$(cat "$tmp/hx.out/a.hxx" "$tmp/hx.out/b.hh")"
fi

# A lane mask computed from a kernel template's block size is exact when
# every launch in the file runs blocks it covers; but a file another one
# #includes may be launched from there too (here with 64 threads), and
# keeps its warning in a run over both.
mkdir -p "$tmp/frag"
printf '#include <cuda_runtime.h>\ntemplate <unsigned N> __global__ void k(float *x) {\n  const unsigned long long m = 0xffffffffull >> (32 - N);\n  x[threadIdx.x] = __shfl_down_sync(m, x[threadIdx.x], 1);\n}\nvoid run(float *x) { k<16><<<1, 16>>>(x); }\n' > "$tmp/frag/k.cu"
printf '#include "k.cu"\nint main() { float *x = 0; run(x); k<16><<<1, 64>>>(x); return 0; }\n' > "$tmp/frag/main.cu"
"$cu2hip" check --rocm-version 6.2 "$tmp/frag/k.cu" > /dev/null 2> "$tmp/frag1.diags"
"$cu2hip" check --rocm-version 6.2 "$tmp/frag" > /dev/null 2> "$tmp/frag2.diags"
if ! grep -q 'warp-mask-32bit' "$tmp/frag1.diags" && grep -q 'k.cu:4:.*lane mask .m. .*\[warp-mask-32bit\]' "$tmp/frag2.diags"; then
  ok included-kernel-launches
else
  bad included-kernel-launches "$(cat "$tmp/frag1.diags" "$tmp/frag2.diags")"
fi

# A bad --jobs value is a usage error.
"$cu2hip" -j x -o "$tmp/o5" "$src" > /dev/null 2>&1
if [ $? = 2 ]; then ok jobs-usage; else bad jobs-usage "exit code not 2"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
